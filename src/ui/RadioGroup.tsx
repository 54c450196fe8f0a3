import type { ReactNode } from 'react';
import {
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Field, isFieldInvalid, type FieldProps } from './Field.tsx';
import './radio-group.css';

/** Props of {@link RadioGroup}. */
export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className'>, FieldProps {
  /** {@link Radio} options. */
  children: ReactNode;
  className?: string;
}

/**
 * A group of options where one is chosen (`role="radiogroup"`): arrow keys move between options,
 * Tab leaves the group. Built on react-aria's RadioGroup; the label, the help text (read before
 * the options) and the error go through {@link Field}.
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

/** One option of a {@link RadioGroup}; the whole row is the 44 px target. */
export function Radio({ children, className, ...props }: RadioProps) {
  return (
    <AriaRadio
      {...props}
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
      <span className="radio__circle" aria-hidden="true" />
      <span className="radio__label">{children}</span>
    </AriaRadio>
  );
}
