// "Chiedi modifiche" and "Rifiuta" on a submission: the reason (required, mailed to whoever registered), then the
// decision, in the shared reason dialog (components/ui/reason-dialog.tsx).
import { useMutation } from '@apollo/client/react';
import { decisionReasonInput } from '../../../../../schema/validation/registrations';
import type { SubmitOutcome } from '../../../components/form';
import { ReasonDialog, type ReasonDialogText } from '../../../components/ui/reason-dialog';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { RejectRegistrationMutation, RequestRegistrationChangesMutation } from '../registrations-documents';

export type Decision = 'changes' | 'reject';

const TEXT: Record<Decision, ReasonDialogText> = {
  changes: {
    title: 'Chiedi modifiche',
    explain: "L'iscrizione torna alla famiglia, che la corregge e la firma di nuovo. Scrivi cosa correggere: lo riceverà per email.",
    label: 'Cosa correggere',
    submit: 'Invia richiesta',
  },
  reject: {
    title: 'Rifiuta iscrizione',
    explain: "L'iscrizione è rifiutata e non si potrà più approvare. Scrivi il motivo: lo riceverà per email chi l'ha fatta.",
    label: 'Motivo del rifiuto',
    submit: 'Rifiuta',
  },
};

export interface DecisionDialogProps {
  decision: { kind: Decision; id: string; who: string } | null;
  onClose: () => void;
  /** The decision was taken (the submission left the queue). */
  onDone: () => void;
}

export function DecisionDialog({ decision, onClose, onDone }: DecisionDialogProps) {
  const options = { refetchQueries: ['RegistrationQueue_Submissions', 'RegistrationForms_List'], awaitRefetchQueries: true };
  const [requestChanges, changes] = useMutation(RequestRegistrationChangesMutation, options);
  const [reject, rejection] = useMutation(RejectRegistrationMutation, options);
  const text = decision ? TEXT[decision.kind] : TEXT.changes;

  const save = async (reason: string): Promise<SubmitOutcome> => {
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
    <ReasonDialog
      open={decision !== null}
      title={decision ? `${text.title}: ${decision.who}` : ''}
      text={text}
      rule={decisionReasonInput}
      formKey={decision ? `${decision.kind}-${decision.id}` : ''}
      sending={changes.loading || rejection.loading}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
