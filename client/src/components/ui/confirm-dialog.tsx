// A question the user must answer before something that cannot be undone (e.g. archiving): role alertdialog,
// the focus starts on the cancel button ("Annulla" unless `cancelLabel` says otherwise) and goes back to what opened
// the question when it closes (the page's heading when that went away, e.g. the archived row's menu).
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { useReturnFocus } from '../../lib/focus';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are (default "Annulla"); it has the focus when the dialog opens. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: the confirm button shows a spinner and nothing else can be pressed. */
  loading?: boolean;
  tone?: 'danger' | 'neutral';
}

export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Annulla', onConfirm, onCancel, loading = false, tone = 'danger' }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !loading) onCancel();
      }}
      initialFocusEl={() => cancelRef.current}
      placement="center"
      size={{ base: 'xs', md: 'sm' }}
      lazyMount
      unmountOnExit
      {...returnFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {typeof message === 'string' ? <Text color="fg.muted">{message}</Text> : message}
            </Dialog.Body>
            {/* Wraps when long labels do not fit side by side (a phone's 375 px). */}
            <Dialog.Footer flexWrap="wrap">
              <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={loading}>
                {cancelLabel}
              </Button>
              <Button colorPalette={tone === 'danger' ? 'red' : 'brand'} onClick={onConfirm} loading={loading}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
