import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Radio, RadioGroup } from './RadioGroup.tsx';
import { Select } from './Select.tsx';
import { Switch } from './Switch.tsx';

/*
 * Two-switch access (issue 17, items 4–6): a scanning switch user has Tab (next) and Enter (choose).
 * Every control must work with those two keys alone.
 */

function RoleForm({ onSubmit }: { onSubmit: () => void }) {
  const [role, setRole] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <RadioGroup label="I am a…" value={role} onChange={setRole}>
        <Radio value="student">Student</Radio>
        <Radio value="teacher">Teacher</Radio>
        <Radio value="guardian">Parent/Guardian</Radio>
        <Radio value="other">Other</Radio>
      </RadioGroup>
      <button type="submit">Create Account</button>
    </form>
  );
}

describe('two-switch access: Tab and Enter only', () => {
  it('reaches every radio with Tab; Enter chooses it and does not submit the form', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<RoleForm onSubmit={submitted} />);
    for (const name of ['Student', 'Teacher', 'Parent/Guardian', 'Other']) {
      await user.tab();
      expect(screen.getByRole('radio', { name })).toHaveFocus();
    }
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Teacher' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Teacher' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Student' })).not.toBeChecked();
    expect(submitted).not.toHaveBeenCalled();
    // After a choice, the other options are still Tab stops.
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Parent/Guardian' })).toHaveFocus();
    // Arrow keys work as before.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Other' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('Enter flips a switch, as Space does', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Switch onChange={changed}>Just right for me</Switch>);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('switch', { name: 'Just right for me' })).toBeChecked();
    await user.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Just right for me' })).not.toBeChecked();
    expect(changed.mock.calls).toEqual([[true], [false]]);
  });

  it('in an open list, Tab moves to the next option and Enter picks it', async () => {
    const user = userEvent.setup();
    function Level() {
      const [value, setValue] = useState('all');
      return (
        <Select
          label="Level"
          value={value}
          onChange={setValue}
          options={[
            { id: 'all', label: 'All levels' },
            { id: 'K', label: 'Kindergarten' },
            { id: '1', label: 'Grade 1' },
            { id: '2', label: 'Grade 2' },
          ]}
        />
      );
    }
    render(<Level />);
    await user.tab();
    await user.keyboard('{Enter}');
    const current = await screen.findByRole('option', { name: 'All levels' });
    await waitFor(() => expect(current).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('option', { name: 'Kindergarten' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('option', { name: 'Grade 1' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab();
    await user.tab();
    expect(screen.getByRole('option', { name: 'Grade 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('button', { name: /Level/ })).toHaveTextContent('Grade 2');
  });
});
