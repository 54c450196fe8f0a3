import { Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import './popover.css';

/** Props of {@link Popover}: react-aria's Popover props with a plain className. */
export interface PopoverProps extends Omit<AriaPopoverProps, 'className'> {
  className?: string;
}

/**
 * A floating panel anchored to its trigger (react-aria's Popover): placed to stay on screen,
 * closed by Escape or a click outside, focus returned to the trigger on close.
 */
export function Popover({ className, offset = 8, ...props }: PopoverProps) {
  return (
    <AriaPopover
      {...props}
      offset={offset}
      className={({ isEntering, isExiting }) =>
        cx('popover', isEntering && 'is-entering', isExiting && 'is-exiting', className)
      }
    />
  );
}
