import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, type DialogProps as AriaDialogProps } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import './dialog.css';

/** Props of {@link Dialog}. */
export interface DialogProps extends Omit<AriaDialogProps, 'children' | 'className'> {
  /** The dialog's heading, which is also its accessible name. */
  title: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A dialog with a heading (react-aria's Dialog): focus moves into it on open and is kept there while
 * it is modal. Put it inside a Popover or a Modal.
 */
export function Dialog({ title, children, className, ...props }: DialogProps) {
  return (
    <AriaDialog {...props} className={cx('dialog', className)}>
      <Heading slot="title" className="dialog__title">
        {title}
      </Heading>
      {children}
    </AriaDialog>
  );
}
