import type { ReactNode } from 'react';
import {
  Label,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import './radio-group.css';

/** Props of {@link RadioGroup}. */
export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className'> {
  /** The visible group label, which is also its accessible name. */
  label: ReactNode;
  /** Optional help text, linked with aria-describedby. */
  description?: ReactNode;
  /** {@link Radio} options. */
  children: ReactNode;
  className?: string;
}

/**
 * A group of options where one is chosen (`role="radiogroup"`): arrow keys move between options,
 * Tab leaves the group. Built on react-aria's RadioGroup.
 */
export function RadioGroup({ label, description, children, className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={cx('radio-group', className)}>
      <Label className="radio-group__label">{label}</Label>
      {description ? (
        <Text slot="description" className="radio-group__description">
          {description}
        </Text>
      ) : null}
      <div className="radio-group__options">{children}</div>
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
