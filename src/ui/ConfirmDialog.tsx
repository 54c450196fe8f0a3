import { useId, type ReactNode } from 'react';
import { Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import './confirm-dialog.css';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The question, e.g. "Delete this reading?": the dialog's accessible name. */
  title: string;
  /** What will happen, in plain words: read out with the title. */
  description: ReactNode;
  /** The confirming button's label, naming the act ("Delete the reading"). */
  confirmLabel: string;
  /** Called when the confirming button is pressed (as a form submit, so Enter in a field confirms). */
  onConfirm: () => void;
  /** While the act runs: the confirming button shows it is busy. */
  isPending?: boolean;
  /** Extra content between the description and the buttons, e.g. a password field. */
  children?: ReactNode;
}

/**
 * A confirmation before something that cannot be undone (react-aria Modal + Dialog with
 * role="alertdialog"): focus moves to "Cancel", the safe choice, so Enter or a switch press on opening
 * never destroys anything; Escape cancels; focus returns to the button that opened it. The description
 * is tied to the dialog with aria-describedby, so a screen reader says what will happen.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending = false,
  children,
}: ConfirmDialogProps) {
  const descriptionId = useId();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="confirm-overlay">
      <Modal className="confirm-modal">
        <Dialog role="alertdialog" title={title} aria-describedby={descriptionId}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!isPending) onConfirm();
            }}
          >
            <div id={descriptionId} className="confirm-dialog__description">
              {description}
            </div>
            {children}
            <div className="confirm-dialog__actions">
              <Button variant="secondary" autoFocus onPress={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" className="button--danger" isPending={isPending}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
