import { useRef, type ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import './switch.css';
import { useEnterPresses } from './two-switch.ts';

/** Props of {@link Switch}: react-aria's Switch props with a visible label. */
export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className'> {
  /** The visible label, which is also the accessible name. */
  children: ReactNode;
  className?: string;
}

/**
 * An on/off switch (`role="switch"`, `aria-checked`) with its label. The track shows "On"/"Off" as
 * text too, so the state is never told by colour or position alone. Space and Enter both flip it
 * (Enter for switch users, issue 17 item 6).
 */
export function Switch({ children, className, ...props }: SwitchProps) {
  const input = useRef<HTMLInputElement>(null);
  useEnterPresses(input);
  return (
    <AriaSwitch
      {...props}
      inputRef={input}
      className={({ isSelected, isFocusVisible, isPressed, isDisabled }) =>
        cx(
          'switch',
          isSelected && 'is-selected',
          isFocusVisible && 'is-focus-visible',
          isPressed && 'is-pressed',
          isDisabled && 'is-disabled',
          className,
        )
      }
    >
      {({ isSelected }) => (
        <>
          <span className="switch__label">{children}</span>
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
            <span className="switch__state">{isSelected ? 'On' : 'Off'}</span>
          </span>
        </>
      )}
    </AriaSwitch>
  );
}
