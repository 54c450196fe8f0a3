import { Modal, ModalOverlay } from 'react-aria-components';
import { AUDIO_SHORTCUTS } from '#a11y/audio-shortcuts.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { OTHER_SHORTCUTS } from './shortcuts-help-text.ts';

/**
 * The spoken help dialog (spec §2.6, issue 10): the voice shortcuts and the navigation shortcuts of
 * docs/decisions/0005-keyboard-shortcuts.md. Opened by Ctrl+V or the caption strip's Help button;
 * Sparky says the page's guidance and then this list as it opens.
 */
export function ShortcutsHelp({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="shortcuts-help__overlay"
    >
      <Modal className="shortcuts-help">
        <Dialog title="Help: keys you can press">
          <>
            <table className="shortcuts-help__table">
              <thead>
                <tr>
                  <th scope="col">Keys</th>
                  <th scope="col">What they do</th>
                </tr>
              </thead>
              <tbody>
                {AUDIO_SHORTCUTS.map((s) => (
                  <tr key={s.action}>
                    <td>
                      <kbd>{s.keys}</kbd>
                    </td>
                    <td>{s.does}</td>
                  </tr>
                ))}
                {OTHER_SHORTCUTS.map((s) => (
                  <tr key={s.keys}>
                    <td>
                      <kbd>{s.keys}</kbd>
                    </td>
                    <td>{s.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Button onPress={() => onOpenChange(false)}>Close</Button>
          </>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
