// "Ammetti socio" on the libro soci page (issue 35 point 2): pick a person of the club (by role and name), the
// admission date (today by default), the board decision and its date. The server gives the club's next register
// number: the toast says it ("Socio ammesso con il numero 3 del libro soci.") and onDone receives it.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { PERSON_KIND_INFO, PERSON_KINDS, type PersonKindKey } from '../../../../../schema/constants';
import { clubDate } from '../../../../../schema/club-time';
import { admitMemberInput } from '../../../../../schema/validation/seasons';
import { formSchema, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormField } from '../../../components/ui/form-field';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectInput } from '../../../components/ui/select-field';
import type { AdmitMemberInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { RegisterAdmitMutation, RegisterCandidatesQuery } from '../register-documents';
import { RegisterDialogFrame, registerOutcome } from './register-dialog-frame';

interface AdmitValues {
  personId: string;
  admittedOn: string;
  boardDecision: string;
  boardDecisionOn: string;
}

const admitSchema = formSchema(admitMemberInput, (values: AdmitValues): AdmitMemberInput => values);
const KIND_OPTIONS = PERSON_KINDS.map((kind) => ({ value: kind, label: PERSON_KIND_INFO[kind].plural }));

export interface RegisterAdmitDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the admission, with the number the register gave. */
  onDone?: (member: { id: string; number: number }) => void;
}

export function RegisterAdmitDialog({ open, onClose, onDone }: RegisterAdmitDialogProps) {
  const [admit, { loading }] = useMutation(RegisterAdmitMutation, { refetchQueries: ['MemberRegister_List', 'PersonSeasons_History'], awaitRefetchQueries: true });
  const save = async (input: AdmitMemberInput): Promise<SubmitOutcome> =>
    registerOutcome(readMutationResult((await admit({ variables: { input } })).data?.admitMember), (data) => {
      onDone?.(data.member);
      onClose();
    });
  return (
    <RegisterDialogFrame open={open} title="Ammetti socio" submitLabel="Ammetti" sending={loading} onClose={onClose}>
      {(formId, onDirtyChange) => <AdmitForm formId={formId} save={save} onDirtyChange={onDirtyChange} />}
    </RegisterDialogFrame>
  );
}

function AdmitForm({ formId, save, onDirtyChange }: { formId: string; save: (input: AdmitMemberInput) => Promise<SubmitOutcome>; onDirtyChange: (dirty: boolean) => void }) {
  const form = useSchemaForm(admitSchema, { personId: '', admittedOn: clubDate(new Date()), boardDecision: '', boardDecisionOn: '' });
  const [kind, setKind] = useState<PersonKindKey>('member');
  const [search, setSearch] = useState('');
  const candidates = useQuery(RegisterCandidatesQuery, { variables: { kind, search: search || null }, fetchPolicy: 'cache-and-network' });
  const options = useMemo(
    () =>
      (candidates.data?.people.edges ?? []).map(({ node }) => ({
        value: node.person.id,
        label: `${node.person.lastname} ${node.person.firstname} (${node.person.taxIdCode})`,
      })),
    [candidates.data],
  );
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Cerca tra">
          <SelectInput name="candidateKind" value={kind} onChange={(e) => setKind(e.target.value as PersonKindKey)} options={KIND_OPTIONS} />
        </FormField>
        <Box alignSelf="end">
          <SearchBox value={search} onChange={setSearch} label="Cerca la persona" placeholder="Nome, cognome o codice fiscale" />
        </Box>
      </SimpleGrid>
      <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Box gridColumn={{ sm: 'span 2' }}>
            <SelectField
              name="personId"
              label="Persona"
              required
              options={options}
              placeholder={candidates.loading && !options.length ? 'Caricamento...' : options.length ? 'Scegli la persona' : 'Nessuna persona trovata'}
            />
          </Box>
          <TextField name="admittedOn" label="Data di ammissione" required type="date" />
          <TextField name="boardDecision" label="Delibera del consiglio" helper="Ad esempio: Verbale n. 3." />
          <TextField name="boardDecisionOn" label="Data della delibera" type="date" />
        </SimpleGrid>
      </SchemaForm>
    </Stack>
  );
}
