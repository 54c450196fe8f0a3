import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Radio, RadioGroup } from './RadioGroup.tsx';
import { Select } from './Select.tsx';
import { TextField } from './TextField.tsx';

/*
 * TextField, Select and RadioGroup take their label, description and error through one Field
 * component: each gets the same accessible name, description and invalid state.
 */
const OPTIONS = [
  { id: 'k', label: 'Kindergarten' },
  { id: '1', label: 'Grade 1' },
];

function renderAll(props: { description?: string; errorMessage?: string | null; isOptional?: boolean }) {
  render(
    <>
      <TextField label="Name" {...props} />
      <Select label="Grade" options={OPTIONS} value="" onChange={() => {}} {...props} />
      <RadioGroup label="I am a…" {...props}>
        <Radio value="student">Student</Radio>
        <Radio value="teacher">Teacher</Radio>
      </RadioGroup>
    </>,
  );
  return {
    text: screen.getByRole('textbox', { name: /^Name/ }),
    // react-aria names the select's button by its value and its label.
    select: screen.getByRole('button', { name: /Grade/ }),
    radios: screen.getByRole('radiogroup', { name: /^I am a…/ }),
  };
}

describe('Field (label, description and error of every form control)', () => {
  it('names each control by its visible label', () => {
    const { text, select, radios } = renderAll({});
    expect(text).toHaveAccessibleName('Name');
    expect(select).toHaveAccessibleName(expect.stringContaining('Grade'));
    expect(radios).toHaveAccessibleName('I am a…');
    for (const control of [text, select, radios]) expect(control).not.toHaveAttribute('aria-invalid');
  });

  it('marks optional fields in the label', () => {
    const { text, radios } = renderAll({ isOptional: true });
    expect(text).toHaveAccessibleName('Name (optional)');
    expect(radios).toHaveAccessibleName('I am a… (optional)');
    expect(screen.getAllByText('(optional)')).toHaveLength(3);
  });

  it('ties the description to each control', () => {
    const { text, select, radios } = renderAll({ description: 'Help for this field.' });
    for (const control of [text, select, radios]) {
      expect(control).toHaveAccessibleDescription('Help for this field.');
    }
  });

  it('shows the error, marks the control invalid and ties the error to it (RadioGroup too)', () => {
    const { text, select, radios } = renderAll({
      description: 'Help for this field.',
      errorMessage: 'Please choose one.',
    });
    expect(screen.getAllByText('Please choose one.')).toHaveLength(3);
    for (const control of [text, radios]) expect(control).toHaveAttribute('aria-invalid', 'true');
    for (const control of [text, select, radios]) {
      expect(control).toHaveAccessibleDescription(expect.stringContaining('Please choose one.'));
      expect(control).toHaveAccessibleDescription(expect.stringContaining('Help for this field.'));
    }
  });

  it('shows no error and stays valid when the message is null', () => {
    const { text, select, radios } = renderAll({ errorMessage: null });
    for (const control of [text, radios]) expect(control).not.toHaveAttribute('aria-invalid');
    for (const control of [text, select, radios]) expect(control).toHaveAccessibleDescription('');
  });
});
