// "Nuovo modulo" / "Modifica modulo" on /iscrizioni (issue 36 point 3): title, introduction, season, status, the
// athlete group the approved people join, what each person is asked (registry fields and documents: richiesto,
// facoltativo or no), the consents asked (the processing of personal data always) and the club's own questions
// (a question's id comes from its label, unique in the form; an edited question keeps its id, since answers point
// to it). The shared rules check the form first; the server's messages go under their fields (settings.questions.0
// .options...), its success message in a toast.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Center, Checkbox, Fieldset, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CONSENT_PURPOSE_LABELS, CONSENT_PURPOSES, type ConsentPurpose } from '../../../../../schema/validation/consents';
import {
  ASK_LEVELS,
  QUESTION_KINDS,
  REGISTRATION_DOCUMENT_LABELS,
  REGISTRATION_DOCUMENTS,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_FIELDS,
  REGISTRATION_FORM_STATUS_LABELS,
  REGISTRATION_FORM_STATUSES,
  REGISTRATION_MAX_QUESTIONS,
  saveRegistrationFormInput,
  type AskLevel,
  type QuestionKind,
  type RegistrationDocumentKind,
  type RegistrationField,
  type RegistrationFormStatus,
} from '../../../../../schema/validation/registrations';
import { CheckboxField, formSchema, PanelFormFooter, SchemaForm, SelectField, TextareaField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { PlusIcon } from '../../../components/icons';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { RegistrationForms_ListQuery, SaveRegistrationFormInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { questionIds } from '../question-ids';
import { ASK_LEVEL_LABELS, QUESTION_KIND_LABELS } from '../registration-labels';
import { RegistrationFormChoicesQuery, SaveRegistrationFormMutation } from '../registrations-documents';

export type EditedForm = RegistrationForms_ListQuery['registrationForms'][number];

interface QuestionValues {
  /** '' for a question added now: its id is made from the label when saving. */
  id: string;
  label: string;
  kind: QuestionKind;
  /** The options of a scelta question, one per line. */
  options: string;
  required: boolean;
}

interface FormValues {
  title: string;
  intro: string;
  seasonId: string;
  status: RegistrationFormStatus;
  groupId: string;
  settings: {
    fields: Record<RegistrationField, AskLevel>;
    documents: Record<RegistrationDocumentKind, AskLevel>;
    consents: ConsentPurpose[];
    questions: QuestionValues[];
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The values in the shape of the shared rules (settings as the server stores them). */
function checked(values: FormValues, id: string | undefined) {
  const ids = questionIds(values.settings.questions);
  return {
    ...values,
    ...(id ? { id } : {}),
    settings: {
      ...values.settings,
      questions: values.settings.questions.map((q, i) => ({ id: ids[i], label: q.label, kind: q.kind, options: q.kind === 'scelta' ? lines(q.options) : [], required: q.required })),
    },
  };
}

function toInput(values: FormValues, id: string | undefined): SaveRegistrationFormInput {
  const { settings } = checked(values, id);
  return {
    ...(id ? { id } : {}),
    title: values.title.trim(),
    intro: values.intro.trim(),
    seasonId: values.seasonId,
    status: values.status,
    groupId: values.groupId || null,
    fields: REGISTRATION_FIELDS.map((field) => ({ field, level: settings.fields[field] })),
    documents: REGISTRATION_DOCUMENTS.map((kind) => ({ kind, level: settings.documents[kind] })),
    consents: settings.consents,
    questions: settings.questions.map((q) => ({ id: q.id ?? '', label: q.label.trim(), kind: q.kind, options: q.options, required: q.required })),
  };
}

function valuesOf(form: EditedForm | null, seasonId: string): FormValues {
  const fields = form?.settings.fields ?? [];
  const documents = form?.settings.documents ?? [];
  return {
    title: form?.title ?? '',
    intro: form?.intro ?? '',
    seasonId: form?.season.id ?? seasonId,
    status: form?.status ?? 'bozza',
    groupId: form?.group?.id ?? '',
    settings: {
      fields: Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, fields.find((a) => a.field === f)?.level ?? 'facoltativo'])) as Record<RegistrationField, AskLevel>,
      documents: Object.fromEntries(REGISTRATION_DOCUMENTS.map((k) => [k, documents.find((a) => a.kind === k)?.level ?? 'no'])) as Record<RegistrationDocumentKind, AskLevel>,
      consents: form?.settings.consents ?? ['trattamento_dati'],
      questions: (form?.settings.questions ?? []).map((q) => ({ id: q.id, label: q.label, kind: q.kind, options: q.options.join('\n'), required: q.required })),
    },
  };
}

const ASK_OPTIONS = ASK_LEVELS.map((value) => ({ value, label: ASK_LEVEL_LABELS[value] }));
const KIND_OPTIONS = QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_LABELS[value] }));
const STATUS_OPTIONS = REGISTRATION_FORM_STATUSES.map((value) => ({ value, label: REGISTRATION_FORM_STATUS_LABELS[value] }));

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Fieldset.Root borderTopWidth="1px" pt="4">
      <Fieldset.Legend asChild>
        <Heading as="h3" size="sm" fontWeight="semibold" color="fg">
          {title}
        </Heading>
      </Fieldset.Legend>
      {description && <Fieldset.HelperText>{description}</Fieldset.HelperText>}
      <Fieldset.Content mt="3">{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}

function ConsentsField() {
  const { control } = useFormContext<FormValues>();
  const error = useFieldError('settings.consents');
  return (
    <Controller
      name="settings.consents"
      control={control}
      render={({ field }) => (
        <Stack gap="2">
          {CONSENT_PURPOSES.map((purpose) => (
            <Checkbox.Root
              key={purpose}
              colorPalette="brand"
              checked={purpose === 'trattamento_dati' || field.value.includes(purpose)}
              disabled={purpose === 'trattamento_dati'}
              onCheckedChange={(d) => field.onChange(d.checked === true ? [...field.value, purpose] : field.value.filter((p) => p !== purpose))}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>
                {CONSENT_PURPOSE_LABELS[purpose]}
                {purpose === 'trattamento_dati' && ' (sempre richiesto)'}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
          {error && (
            <Text color="fg.error" fontSize="sm">
              {error}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}

function QuestionEditor({ index, onRemove }: { index: number; onRemove: () => void }) {
  const kind = useWatch<FormValues, `settings.questions.${number}.kind`>({ name: `settings.questions.${index}.kind` });
  const label = useWatch<FormValues, `settings.questions.${number}.label`>({ name: `settings.questions.${index}.label` });
  const headingId = useId();
  const path = `settings.questions.${index}` as const;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3" aria-labelledby={headingId}>
      <Stack gap="3">
        <HStack justify="space-between" gap="2">
          <Text id={headingId} fontWeight="semibold" fontSize="sm">
            {`Domanda ${index + 1}`}
          </Text>
          <Button size="xs" variant="outline" colorPalette="red" onClick={onRemove} aria-label={`Rimuovi la domanda ${index + 1}${label ? `: ${label}` : ''}`}>
            Rimuovi
          </Button>
        </HStack>
        <TextField name={`${path}.label`} label="Testo della domanda" required maxLength={200} />
        <SelectField name={`${path}.kind`} label="Tipo di risposta" required options={KIND_OPTIONS} />
        {kind === 'scelta' && <TextareaField name={`${path}.options`} label="Opzioni" required rows={3} helper="Una opzione per riga, almeno due." />}
        <CheckboxField name={`${path}.required`} label="Risposta obbligatoria" />
      </Stack>
    </Box>
  );
}

function QuestionsField() {
  const { control } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'settings.questions' });
  const error = useFieldError('settings.questions');
  const ownError = (useFormContext<FormValues>().formState.errors.settings?.questions as { message?: string } | undefined)?.message;
  return (
    <Stack gap="3">
      {fields.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Nessuna domanda della società: si chiedono solo i dati anagrafici.
        </Text>
      )}
      {fields.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Domande della società">
          {fields.map((f, i) => (
            <QuestionEditor key={f.id} index={i} onRemove={() => remove(i)} />
          ))}
        </Stack>
      )}
      {ownError && error && (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
      <Box>
        <Button size="sm" variant="outline" disabled={fields.length >= REGISTRATION_MAX_QUESTIONS} onClick={() => append({ id: '', label: '', kind: 'testo', options: '', required: false })}>
          <PlusIcon />
          Aggiungi domanda
        </Button>
      </Box>
    </Stack>
  );
}

interface FormProps {
  form: EditedForm | null;
  formId: string;
  seasons: { value: string; label: string }[];
  groups: { value: string; label: string }[];
  currentSeasonId: string;
  save: (input: SaveRegistrationFormInput) => Promise<SubmitOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}

function RegistrationFormFields({ form: edited, formId, seasons, groups, currentSeasonId, save, onDirtyChange }: FormProps) {
  const id = edited?.id;
  const schema = useMemo(
    () =>
      formSchema(
        saveRegistrationFormInput,
        (values: FormValues) => toInput(values, id),
        (values: FormValues) => checked(values, id),
      ),
    [id],
  );
  const form = useSchemaForm(schema, valuesOf(edited, currentSeasonId));
  return (
    <SchemaForm id={formId} form={form} onSubmit={save} onDirtyChange={onDirtyChange} aria-label={edited ? `Modifica modulo ${edited.title}` : 'Nuovo modulo di iscrizione'}>
      <TextField name="title" label="Titolo" required maxLength={200} helper="Ad esempio: Iscrizioni stagione 2026/27." />
      <TextareaField name="intro" label="Introduzione" rows={3} helper="Il testo che la famiglia legge in cima al modulo." />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField name="seasonId" label="Stagione" required options={seasons} />
        <SelectField name="status" label="Stato" required options={STATUS_OPTIONS} helper="Solo un modulo aperto accetta iscrizioni." />
        <SelectField name="groupId" label="Gruppo" options={groups} placeholder="Nessun gruppo" helper="Gli iscritti approvati entrano in questo gruppo." />
      </SimpleGrid>
      <Section title="Dati anagrafici" description="Nome, cognome e codice fiscale si chiedono sempre.">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {REGISTRATION_FIELDS.map((field) => (
            <SelectField key={field} name={`settings.fields.${field}`} label={REGISTRATION_FIELD_LABELS[field]} required options={ASK_OPTIONS} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Documenti" description="Caricati dalla famiglia per ogni persona iscritta.">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {REGISTRATION_DOCUMENTS.map((kind) => (
            <SelectField key={kind} name={`settings.documents.${kind}`} label={REGISTRATION_DOCUMENT_LABELS[kind]} required options={ASK_OPTIONS} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Consensi privacy" description="I consensi che il modulo chiede, secondo l'informativa della società.">
        <ConsentsField />
      </Section>
      <Section title="Domande della società">
        <QuestionsField />
      </Section>
    </SchemaForm>
  );
}

export interface RegistrationFormDialogProps {
  /** A new form (null) or the one to edit; the dialog is open while this is not undefined. */
  form: EditedForm | null | undefined;
  onClose: () => void;
}

export function RegistrationFormDialog({ form, onClose }: RegistrationFormDialogProps) {
  const open = form !== undefined;
  const formId = useId();
  const { data } = useQuery(RegistrationFormChoicesQuery, { skip: !open, fetchPolicy: 'cache-and-network' });
  const [saveForm, { loading: sending }] = useMutation(SaveRegistrationFormMutation, { refetchQueries: ['RegistrationForms_List', 'RegistrationQueue_Forms'], awaitRefetchQueries: true });
  const [dirty, setDirty] = useState(false);
  // closed seasons are read-only: not offered, except as the edited form's own
  const seasons = (data?.seasons ?? []).filter((s) => s.status !== 'closed' || s.id === form?.season.id).map((s) => ({ value: s.id, label: `Stagione ${s.label}` }));
  const groups = (data?.groups.edges ?? []).map((e) => ({ value: e.node.id, label: e.node.name }));

  const save = async (input: SaveRegistrationFormInput): Promise<SubmitOutcome> => {
    const outcome = readMutationResult((await saveForm({ variables: { input } })).data?.saveRegistrationForm);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    setDirty(false);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      size="lg"
      title={form ? `Modifica modulo: ${form.title}` : 'Nuovo modulo di iscrizione'}
      onClose={() => {
        if (!sending) onClose();
      }}
      footer={
        <HStack gap="3" w="100%" justify="flex-end" wrap="wrap">
          <PanelFormFooter formId={formId} sending={sending} />
        </HStack>
      }
    >
      {data && form !== undefined ? (
        <RegistrationFormFields form={form} formId={formId} seasons={seasons} groups={groups} currentSeasonId={data.currentSeason.id} save={save} onDirtyChange={setDirty} />
      ) : (
        <Center py="8" role="status">
          <Spinner size="md" aria-label="Caricamento delle stagioni e dei gruppi..." />
        </Center>
      )}
    </FormDialog>
  );
}
