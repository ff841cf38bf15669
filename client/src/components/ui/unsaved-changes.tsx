// Closing a form with unsaved changes asks first (issue 15): SidePanel and FormDialog take `dirty`; while it is
// true, Escape, a click on the backdrop, the × button, a footer's <PanelCancelButton> and a route change open
// "Modifiche non salvate" instead of closing. The focus starts on "Continua a modificare"; Escape on the question
// closes only the question. A page form (not in a panel) uses useUnsavedChangesGuard and renders its dialog.
import { Button, type ButtonProps } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { ConfirmDialog } from './confirm-dialog';

export const UNSAVED_CHANGES = {
  title: 'Modifiche non salvate',
  message: 'Le modifiche che hai fatto andranno perse.',
  stay: 'Continua a modificare',
  leave: 'Esci senza salvare',
} as const;

interface UnsavedChangesDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={UNSAVED_CHANGES.title}
      message={UNSAVED_CHANGES.message}
      cancelLabel={UNSAVED_CHANGES.stay}
      confirmLabel={UNSAVED_CHANGES.leave}
      onCancel={onStay}
      onConfirm={onLeave}
    />
  );
}

/**
 * While `dirty`, route changes (links, back/forward, reload) ask first. `requestLeave(then)` asks too when dirty,
 * else runs `then` at once. Render `dialog` somewhere in the page.
 */
export function useUnsavedChangesGuard(dirty: boolean, beforeRouteLeave?: () => void) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const requestLeave = useCallback(
    (then: () => void) => {
      if (dirty) setPending(() => then);
      else then();
    },
    [dirty],
  );
  useLeaveGuard(dirty, (proceed) =>
    setPending(() => () => {
      beforeRouteLeave?.();
      proceed();
    }),
  );
  const dialog = (
    <UnsavedChangesDialog
      open={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const then = pending;
        setPending(null);
        then?.();
      }}
    />
  );
  return { requestLeave, dialog };
}

/**
 * The guarded close of a SidePanel or FormDialog: `requestClose` closes at once when the form is clean, else asks.
 * A route change while the panel is open and dirty asks too, and leaving closes the panel before navigating.
 */
export function useGuardedClose({ open, dirty, onClose }: { open: boolean; dirty: boolean; onClose: () => void }) {
  const { requestLeave, dialog } = useUnsavedChangesGuard(open && dirty, onClose);
  const requestClose = useCallback(() => {
    if (open) requestLeave(onClose);
  }, [open, requestLeave, onClose]);
  return { requestClose, dialog };
}

const PanelCloseContext = createContext<(() => void) | null>(null);

export function PanelCloseProvider({ value, children }: { value: () => void; children: ReactNode }) {
  return <PanelCloseContext.Provider value={value}>{children}</PanelCloseContext.Provider>;
}

/** A footer's "Annulla" (or "Chiudi"): closes its SidePanel/FormDialog the same way as ×, asking when dirty. */
export function PanelCancelButton({ children = 'Annulla', ...props }: ButtonProps) {
  const requestClose = useContext(PanelCloseContext);
  return (
    <Button variant="outline" {...props} onClick={() => requestClose?.()}>
      {children}
    </Button>
  );
}
