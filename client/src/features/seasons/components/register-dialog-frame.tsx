// The frame the libro soci's three dialogs share (admit, exit, renew): a FormDialog whose footer submits the form
// inside, asking before a filled form is dropped; the mutation's answer read once for all of them (the success
// message in a toast, the server's messages under their fields).
import { HStack } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { PanelFormFooter, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { MutationOutcome } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';

export interface RegisterDialogFrameProps {
  open: boolean;
  title: string;
  submitLabel: string;
  sending: boolean;
  onClose: () => void;
  /** The form, given its id (the footer's button submits it) and the dirty flag's setter. */
  children: (formId: string, onDirtyChange: (dirty: boolean) => void) => ReactNode;
}

export function RegisterDialogFrame({ open, title, submitLabel, sending, onClose, children }: RegisterDialogFrameProps) {
  const formId = useId();
  const [dirty, setDirty] = useState(false);
  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={title}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={submitLabel} />
        </HStack>
      }
    >
      {open && children(formId, setDirty)}
    </FormDialog>
  );
}

/** A mutation's answer (readMutationResult): the success message toasted and `onDone` called, or the refusal handed back to the form. */
export function registerOutcome<D extends { message: string }>(outcome: MutationOutcome<D>, onDone: (data: D) => void): SubmitOutcome {
  if (!outcome.ok) return outcome;
  notify(MESSAGE_LEVEL.success, outcome.data.message);
  onDone(outcome.data);
}
