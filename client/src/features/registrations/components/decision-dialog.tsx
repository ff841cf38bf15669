// "Chiedi modifiche" and "Rifiuta" on a submission: the reason (required, mailed to whoever registered), then the
// decision. The dialog is the confirmation: its button says what happens, "Annulla" keeps the submission waiting.
import { useMutation } from '@apollo/client/react';
import { HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { z } from 'zod';
import { decisionReasonInput } from '../../../../../schema/validation/registrations';
import { PanelFormFooter, SchemaForm, TextareaField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { RejectRegistrationMutation, RequestRegistrationChangesMutation } from '../registrations-documents';

export type Decision = 'changes' | 'reject';

const reasonForm = z.object({ reason: decisionReasonInput });

const TEXT: Record<Decision, { title: string; explain: string; label: string; submit: string; sending: string }> = {
  changes: {
    title: 'Chiedi modifiche',
    explain: "L'iscrizione torna alla famiglia, che la corregge e la firma di nuovo. Scrivi cosa correggere: lo riceverà per email.",
    label: 'Cosa correggere',
    submit: 'Invia richiesta',
    sending: 'Invio in corso...',
  },
  reject: {
    title: 'Rifiuta iscrizione',
    explain: "L'iscrizione è rifiutata e non si potrà più approvare. Scrivi il motivo: lo riceverà per email chi l'ha fatta.",
    label: 'Motivo del rifiuto',
    submit: 'Rifiuta',
    sending: 'Invio in corso...',
  },
};

function ReasonForm({ formId, save, title, label, explain }: { formId: string; save: (input: { reason: string }) => Promise<SubmitOutcome>; title: string; label: string; explain: string }) {
  const form = useSchemaForm(reasonForm, { reason: '' });
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} aria-label={title} invalidMessage="">
      <Text color="fg.muted" fontSize="sm">
        {explain}
      </Text>
      <TextareaField name="reason" label={label} required rows={4} maxLength={2000} />
    </SchemaForm>
  );
}

export interface DecisionDialogProps {
  decision: { kind: Decision; id: string; who: string } | null;
  onClose: () => void;
  /** The decision was taken (the submission left the queue). */
  onDone: () => void;
}

export function DecisionDialog({ decision, onClose, onDone }: DecisionDialogProps) {
  const formId = useId();
  const options = { refetchQueries: ['RegistrationQueue_Submissions', 'RegistrationForms_List'], awaitRefetchQueries: true };
  const [requestChanges, changes] = useMutation(RequestRegistrationChangesMutation, options);
  const [reject, rejection] = useMutation(RejectRegistrationMutation, options);
  const sending = changes.loading || rejection.loading;
  const text = decision ? TEXT[decision.kind] : TEXT.changes;

  const save = async ({ reason }: { reason: string }): Promise<SubmitOutcome> => {
    if (!decision) return;
    const variables = { id: decision.id, reason };
    const outcome =
      decision.kind === 'changes'
        ? readMutationResult((await requestChanges({ variables })).data?.requestRegistrationChanges)
        : readMutationResult((await reject({ variables })).data?.rejectRegistration);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onDone();
  };

  return (
    <FormDialog
      open={decision !== null}
      title={decision ? `${text.title}: ${decision.who}` : ''}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} submitLabel={text.submit} sendingLabel={text.sending} />
        </HStack>
      }
    >
      {decision && <ReasonForm key={`${decision.kind}-${decision.id}`} formId={formId} save={save} title={text.title} label={text.label} explain={text.explain} />}
    </FormDialog>
  );
}
