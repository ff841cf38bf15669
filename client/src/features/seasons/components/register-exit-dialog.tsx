// "Registra uscita" on the libro soci page (issue 35 point 2): the exit date (today by default) and its cause. The
// socio stays in the register with their number, which is never given to anyone else.
import { useMutation } from '@apollo/client/react';
import { SimpleGrid } from '@chakra-ui/react';
import { clubDate } from '../../../../../schema/club-time';
import { recordMemberExitInput } from '../../../../../schema/validation/seasons';
import { formSchema, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import type { MemberExitCause, RecordMemberExitInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { RegisterExitMutation } from '../register-documents';
import { RegisterDialogFrame, registerOutcome } from './register-dialog-frame';

export const EXIT_CAUSE_LABELS: Record<MemberExitCause, string> = { recesso: 'Recesso', decadenza: 'Decadenza', esclusione: 'Esclusione', decesso: 'Decesso' };
const CAUSE_OPTIONS = Object.entries(EXIT_CAUSE_LABELS).map(([value, label]) => ({ value, label }));

interface ExitValues {
  exitOn: string;
  cause: string;
}

/** The socio whose exit is recorded. */
export interface ExitingMember {
  id: string;
  number: number;
  name: string;
}

export function RegisterExitDialog({ member, onClose }: { member: ExitingMember | null; onClose: () => void }) {
  const [recordExit, { loading }] = useMutation(RegisterExitMutation, { refetchQueries: ['MemberRegister_List', 'PersonSeasons_History'], awaitRefetchQueries: true });
  const save = async (input: RecordMemberExitInput): Promise<SubmitOutcome> =>
    registerOutcome(readMutationResult((await recordExit({ variables: { input } })).data?.recordMemberExit), onClose);
  return (
    <RegisterDialogFrame open={member !== null} title={`Registra uscita: ${member?.name ?? ''} (n. ${member?.number ?? ''})`} submitLabel="Registra uscita" sending={loading} onClose={onClose}>
      {(formId, onDirtyChange) => member && <ExitForm memberId={member.id} formId={formId} save={save} onDirtyChange={onDirtyChange} />}
    </RegisterDialogFrame>
  );
}

function ExitForm({ memberId, formId, save, onDirtyChange }: { memberId: string; formId: string; save: (input: RecordMemberExitInput) => Promise<SubmitOutcome>; onDirtyChange: (dirty: boolean) => void }) {
  const schema = formSchema(recordMemberExitInput, (values: ExitValues): RecordMemberExitInput => ({ memberId, exitOn: values.exitOn, cause: values.cause as MemberExitCause }), (values) => ({ ...values, memberId }));
  const form = useSchemaForm(schema, { exitOn: clubDate(new Date()), cause: '' });
  return (
    <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="exitOn" label="Data di uscita" required type="date" />
        <SelectField name="cause" label="Causa" required options={CAUSE_OPTIONS} />
      </SimpleGrid>
    </SchemaForm>
  );
}
