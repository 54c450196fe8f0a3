import { useRef, type ReactNode, type RefObject } from 'react';
import {
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Field, isFieldInvalid, type FieldProps } from './Field.tsx';
import './radio-group.css';
import { useEnterPresses, useOwnTabStop } from './two-switch.ts';

/** Props of {@link RadioGroup}. */
export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className'>, FieldProps {
  /** {@link Radio} options. */
  children: ReactNode;
  className?: string;
}

/**
 * A group of options where one is chosen (`role="radiogroup"`): arrow keys move between options and
 * choose, as everywhere; for switch users every option is also its own Tab stop and Enter chooses it
 * without submitting the form (issue 17, item 4; src/ui/two-switch.ts). Built on react-aria's
 * RadioGroup; the label, the help text (read before the options) and the error go through
 * {@link Field}.
 */
export function RadioGroup({
  label,
  description,
  errorMessage,
  isOptional,
  children,
  className,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      isInvalid={isFieldInvalid(errorMessage, props.isInvalid)}
      className={cx('radio-group', className)}
    >
      <Field
        label={label}
        description={description}
        errorMessage={errorMessage}
        isOptional={isOptional}
        descriptionPlacement="before"
      >
        <div className="radio-group__options">{children}</div>
      </Field>
    </AriaRadioGroup>
  );
}

/** Props of {@link Radio}. */
export interface RadioProps extends Omit<AriaRadioProps, 'children' | 'className'> {
  children: ReactNode;
  className?: string;
}

/** Renders nothing; keeps its radio a Tab stop of its own after each render of the radio. */
function OwnTabStop({ input, value }: { input: RefObject<HTMLInputElement | null>; value: string }) {
  useOwnTabStop(input, value);
  return null;
}

/** One option of a {@link RadioGroup}; the whole row is the 44 px target. */
export function Radio({ children, className, ...props }: RadioProps) {
  const input = useRef<HTMLInputElement>(null);
  useEnterPresses(input);
  return (
    <AriaRadio
      {...props}
      inputRef={input}
      className={({ isSelected, isFocusVisible, isPressed, isDisabled, isHovered }) =>
        cx(
          'radio',
          isSelected && 'is-selected',
          isFocusVisible && 'is-focus-visible',
          isPressed && 'is-pressed',
          isHovered && 'is-hovered',
          isDisabled && 'is-disabled',
          className,
        )
      }
    >
      {() => (
        <>
          <OwnTabStop input={input} value={props.value} />
          <span className="radio__circle" aria-hidden="true" />
          <span className="radio__label">{children}</span>
        </>
      )}
    </AriaRadio>
  );
}
