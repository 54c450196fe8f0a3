import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Icon, type IconName } from './Icon.tsx';
import './button.css';

/** Visual weight of a button: `primary` for the one main action, `secondary` beside it, `quiet` in toolbars. */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

/** Props of {@link Button}: react-aria's Button props plus a variant; className is a plain string. */
export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
  className?: string;
  /** The button element, e.g. to anchor a popover to it. */
  ref?: Ref<HTMLButtonElement>;
  /**
   * A picture before the label (issue 10: every main action carries one, for children who cannot
   * read yet). Decorative: the label stays the accessible name.
   */
  icon?: IconName;
}

/**
 * The project's button: react-aria's Button (press handling across mouse, touch, keyboard and
 * switch access; `isDisabled` keeps it focusable-safe) with styles keyed on its render props.
 * At least 44 × 44 px (src/ui/button.css).
 */
export function Button({ variant = 'primary', className, icon, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      children={
        icon && typeof children !== 'function' ? (
          <>
            <Icon name={icon} size={20} className="button__icon" />
            {children}
          </>
        ) : (
          children
        )
      }
      className={({ isFocusVisible, isPressed, isDisabled, isHovered }) =>
        buttonClassName(variant, { isFocusVisible, isPressed, isDisabled, isHovered }, className)
      }
    />
  );
}

/** Interaction states shared by buttons and button-styled links. */
export interface InteractionState {
  isFocusVisible: boolean;
  isPressed: boolean;
  isHovered: boolean;
  isDisabled?: boolean;
}

/**
 * The class list for something that looks like a button in a given state. Used by {@link Button}
 * and by Link when it is drawn as a button.
 */
export function buttonClassName(variant: ButtonVariant, state: InteractionState, extra?: string): string {
  return cx(
    'button',
    `button--${variant}`,
    state.isFocusVisible && 'is-focus-visible',
    state.isPressed && 'is-pressed',
    state.isHovered && 'is-hovered',
    state.isDisabled && 'is-disabled',
    extra,
  );
}
