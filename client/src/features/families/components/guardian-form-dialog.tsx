// "Aggiungi genitore o tutore" / "Modifica" on the person page (issue 36 point 1). Adding: a person already in the
// registry found with "Cerca nell'anagrafica" (a parent of a sibling, a guardian known only by name), or a new one by
// name and contacts (the tax code only if known); then the relationship and the three choices, all on by default.
// Editing: the relationship and the choices only. The shared rules check the form first; the server's messages go
// under their fields (`guardianId` under the search, `guardian.taxIdCode` under the tax code), its success in a toast.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Fieldset, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { GUARDIAN_RELATIONSHIP_LABELS, GUARDIAN_RELATIONSHIPS, saveGuardianshipInput, type GuardianRelationship } from '../../../../../schema/validation/families';
import { CheckboxField, ConnectedField, formSchema, PanelFormFooter, SchemaForm, SelectField, TextField, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SearchResults } from '../../../components/ui/search-results';
import type { GuardianFormDialog_CandidatesQuery, SaveGuardianshipInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { GuardianCandidatesQuery, SaveGuardianshipMutation } from '../families-documents';

/** A guardianship being edited: what the form starts from. */
export interface EditedGuardianship {
  id: string;
  relationship: GuardianRelationship;
  canPickUp: boolean;
  receivesCommunications: boolean;
  pays: boolean;
  guardian: { firstname: string; lastname: string };
}

type Candidate = GuardianFormDialog_CandidatesQuery['guardianCandidates'][number];

interface GuardianFormValues {
  /** A person of the registry chosen with the search ('' : a new one, from `guardian`). */
  guardianId: string;
  guardian: { firstname: string; lastname: string; taxIdCode: string; emailPrimary: string; phonePrimary: string };
  relationship: GuardianRelationship;
  canPickUp: boolean;
  receivesCommunications: boolean;
  pays: boolean;
}

const RELATIONSHIP_OPTIONS = GUARDIAN_RELATIONSHIPS.map((value) => ({ value, label: GUARDIAN_RELATIONSHIP_LABELS[value] }));
const MIN_SEARCH = 2;
/** Neither a person chosen nor a name given: about the whole choice, shown once above the fields. */
const GENERAL_MESSAGES = [MSG.guardianMissing] as const;
const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/** The shared rules on the values with the minor (and the guardianship, on an edit); the output is the mutation's input. */
const guardianFormSchema = (minorId: string, id: string | undefined) => {
  const toInput = (v: GuardianFormValues): SaveGuardianshipInput => {
    const choices = { relationship: v.relationship, canPickUp: v.canPickUp, receivesCommunications: v.receivesCommunications, pays: v.pays };
    if (id) return { id, minorId, ...choices };
    return v.guardianId ? { minorId, guardianId: v.guardianId, ...choices } : { minorId, guardian: v.guardian, ...choices };
  };
  return formSchema(saveGuardianshipInput, toInput, toInput);
};

/** The person chosen from the registry, or the search that finds them. `guardianId` holds the choice (and the server's messages on it). */
function RegistrySearch({ minorId }: { minorId: string }) {
  const { control, setValue, getFieldState } = useFormContext<GuardianFormValues>();
  const guardianId = useWatch({ control, name: 'guardianId' });
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'change' | 'search' | null>(null);
  const resultsId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // The button that was pressed goes away: the focus moves to what replaced it.
  useEffect(() => {
    if (focusNext.current === 'change') changeRef.current?.focus();
    if (focusNext.current === 'search') inputRef.current?.focus();
    focusNext.current = null;
  });

  const active = search.length >= MIN_SEARCH && !guardianId;
  const { data, loading, error } = useQuery(GuardianCandidatesQuery, { variables: { search, excludePersonId: minorId }, skip: !active, fetchPolicy: 'network-only' });
  const results = active ? (data?.guardianCandidates ?? []) : [];

  const choose = (candidate: Candidate | null) => {
    setChosen(candidate);
    setValue('guardianId', candidate?.personId ?? '', { shouldDirty: true, shouldValidate: getFieldState('guardianId').invalid });
    focusNext.current = candidate ? 'change' : 'search';
    if (!candidate) {
      setText('');
      setSearch('');
    }
  };

  return (
    <ConnectedField name="guardianId" label="Cerca nell'anagrafica" helper={guardianId ? undefined : 'Nome, codice fiscale o email di una persona già presente, ad esempio il genitore di un fratello.'}>
      {guardianId && chosen ? (
        <HStack justify="space-between" gap="2" wrap="wrap" borderWidth="1px" borderRadius="md" px="3" py="2" w="100%" aria-live="polite">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" overflowWrap="anywhere">
              Scelto: {fullName(chosen)}
            </Text>
            <CandidateDetails candidate={chosen} />
          </Stack>
          <Button ref={changeRef} size="xs" variant="outline" onClick={() => choose(null)} aria-label={`Cambia persona (scelta: ${fullName(chosen)})`}>
            Cambia
          </Button>
        </HStack>
      ) : (
        <Stack gap="2" w="100%">
          <Input ref={inputRef} type="search" value={text} maxLength={SEARCH_MAX_LENGTH} autoComplete="off" aria-controls={resultsId} onChange={(e) => setText(e.target.value)} />
          <SearchResults id={resultsId} active={active} loading={loading} failed={!!error} answered={!!data} count={results.length} empty="Nessuna persona trovata: indica i dati qui sotto.">
            {results.map((c) => (
              <Box as="li" key={c.personId}>
                <Button variant="outline" size="sm" w="100%" h="auto" py="2" justifyContent="flex-start" textAlign="start" whiteSpace="normal" onClick={() => choose(c)}>
                  <Stack gap="0" minW="0" align="flex-start">
                    <Text fontWeight="medium" overflowWrap="anywhere">
                      {fullName(c)}
                    </Text>
                    <CandidateDetails candidate={c} />
                  </Stack>
                </Button>
              </Box>
            ))}
          </SearchResults>
        </Stack>
      )}
    </ConnectedField>
  );
}

function CandidateDetails({ candidate }: { candidate: Candidate }) {
  const details = [candidate.taxIdCode?.toUpperCase(), candidate.emailPrimary, candidate.phonePrimary].filter(Boolean).join(' · ');
  return details ? (
    <Text fontSize="xs" color="fg.muted" fontWeight="normal" overflowWrap="anywhere">
      {details}
    </Text>
  ) : null;
}

function NewGuardianFields() {
  const guardianId = useWatch<GuardianFormValues, 'guardianId'>({ name: 'guardianId' });
  if (guardianId) return null;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Oppure una persona nuova</Fieldset.Legend>
      <Stack gap="3" mt="2">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField name="guardian.firstname" label="Nome" autoComplete="off" />
          <TextField name="guardian.lastname" label="Cognome" autoComplete="off" />
          <TextField name="guardian.taxIdCode" label="Codice fiscale (facoltativo)" uppercase />
          <TextField name="guardian.emailPrimary" label="Email" type="email" inputMode="email" />
          <TextField name="guardian.phonePrimary" label="Cellulare" type="tel" inputMode="tel" />
        </SimpleGrid>
      </Stack>
    </Fieldset.Root>
  );
}

interface FormProps {
  minorId: string;
  edited: EditedGuardianship | null;
  formId: string;
  save: (input: SaveGuardianshipInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}

function GuardianForm({ minorId, edited, formId, save, onDirtyChange }: FormProps) {
  const schema = useMemo(() => guardianFormSchema(minorId, edited?.id), [minorId, edited?.id]);
  const form = useSchemaForm(schema, {
    guardianId: '',
    guardian: { firstname: '', lastname: '', taxIdCode: '', emailPrimary: '', phonePrimary: '' },
    relationship: edited?.relationship ?? 'genitore',
    canPickUp: edited?.canPickUp ?? true,
    receivesCommunications: edited?.receivesCommunications ?? true,
    pays: edited?.pays ?? true,
  } satisfies GuardianFormValues);
  return (
    <SchemaForm id={formId} form={form} onDirtyChange={onDirtyChange} onSubmit={save} repeatFieldMessage={false} generalMessages={GENERAL_MESSAGES}>
      {!edited && (
        <>
          <RegistrySearch minorId={minorId} />
          <NewGuardianFields />
        </>
      )}
      <SelectField name="relationship" label="Legame" required options={RELATIONSHIP_OPTIONS} />
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Scelte del genitore o tutore</Fieldset.Legend>
        <Stack gap="3" mt="2">
          <CheckboxField name="canPickUp" label="Può ritirare l'atleta" />
          <CheckboxField name="receivesCommunications" label="Riceve le comunicazioni" />
          <CheckboxField name="pays" label="Paga le quote" />
        </Stack>
      </Fieldset.Root>
    </SchemaForm>
  );
}

export interface GuardianFormDialogProps {
  /** A new guardian (null) or the guardianship to edit; the dialog is open while this is not undefined. */
  edited: EditedGuardianship | null | undefined;
  minorId: string;
  minorName: string;
  onClose: () => void;
}

export function GuardianFormDialog({ edited, minorId, minorName, onClose }: GuardianFormDialogProps) {
  const open = edited !== undefined;
  const formId = useId();
  const [saveGuardianship, { loading: sending }] = useMutation(SaveGuardianshipMutation, { refetchQueries: ['PersonFamily_Family', 'PersonChanges_List'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);

  const save = async (input: SaveGuardianshipInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await saveGuardianship({ variables: { input } })).data?.saveGuardianship);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      title={edited ? `Modifica ${fullName(edited.guardian)}` : 'Aggiungi genitore o tutore'}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end">
          <PanelFormFooter formId={formId} sending={sending} />
        </HStack>
      }
    >
      {edited !== undefined && (
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {edited ? `Genitore o tutore di ${minorName}: legame e scelte.` : `Di ${minorName}: scegli una persona già presente o indica quella nuova.`}
          </Text>
          <GuardianForm minorId={minorId} edited={edited} formId={formId} save={save} onDirtyChange={setDirty} />
        </Stack>
      )}
    </FormDialog>
  );
}
