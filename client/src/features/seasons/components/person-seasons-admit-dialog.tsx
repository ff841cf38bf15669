// "Ammetti nel libro soci" from the person page (issue 35 point 2): the admission date (today by default), the board
// decision that admitted them and its date; the server gives the club's next register number and says it in the
// toast. A minimal form of its own until the register page's admission dialog can be shared.
import { useMutation } from '@apollo/client/react';
import { HStack, SimpleGrid } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { admitMemberInput } from '../../../../../schema/validation/seasons';
import { formSchema, PanelFormFooter, SchemaForm, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { AdmitMemberInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { clubDate } from '../../../../../schema/club-time';
import { AdmitMemberMutation } from '../person-seasons-documents';

interface AdmitValues {
  admittedOn: string;
  boardDecision: string;
  boardDecisionOn: string;
}

export interface PersonSeasonsAdmitDialogProps {
  open: boolean;
  personId: string;
  personName: string;
  onDone: () => void;
}

export function PersonSeasonsAdmitDialog({ open, personId, personName, onDone }: PersonSeasonsAdmitDialogProps) {
  const formId = useId();
  const [admit, { loading: sending }] = useMutation(AdmitMemberMutation, { refetchQueries: ['PersonSeasons_History', 'PersonChanges_List'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  const schema = useMemo(() => {
    const toInput = (values: AdmitValues): AdmitMemberInput => ({ ...values, personId });
    return formSchema(admitMemberInput, toInput, toInput);
  }, [personId]);

  const save = async (input: AdmitMemberInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await admit({ variables: { input } })).data?.admitMember);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onDone();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={`Ammetti ${personName} nel libro soci`}
      onClose={() => {
        if (!sending) onDone();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelFormFooter formId={formId} sending={sending} submitLabel="Ammetti" />
        </HStack>
      }
    >
      <AdmitForm formId={formId} schema={schema} save={save} onDirtyChange={setDirty} />
    </FormDialog>
  );
}

function AdmitForm({ formId, schema, save, onDirtyChange }: { formId: string; schema: ReturnType<typeof formSchema<AdmitValues, AdmitMemberInput>>; save: (input: AdmitMemberInput) => Promise<SubmitOutcome>; onDirtyChange: (dirty: boolean) => void }) {
  const today = clubDate(new Date());
  const form = useSchemaForm(schema, { admittedOn: today, boardDecision: '', boardDecisionOn: '' });
  return (
    <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="admittedOn" label="Data di ammissione" required type="date" />
        <TextField name="boardDecision" label="Delibera del consiglio" helper="Ad esempio: Verbale n. 3." />
        <TextField name="boardDecisionOn" label="Data della delibera" type="date" />
      </SimpleGrid>
    </SchemaForm>
  );
}
