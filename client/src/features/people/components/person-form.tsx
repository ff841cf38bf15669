// The person form (spec §3, §5), one for the six kinds: the shared profile, the kind's own fields, private notes.
// Checked on submit with the server's own rules; sending / success / error states as spec §4. A new tax code that
// already has a profile in the club offers to reuse it (one person, several roles, nothing typed twice); a valid
// code fills the empty birth fields and warns about typed ones that disagree (tax-code-birth-note.tsx).
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Box, Button, Checkbox, Heading, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useDirtyReport, useIsDirty } from '../../../lib/use-is-dirty';
import { GENDERS, PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { TAX_CODE_PATTERN } from '../../../../../schema/validation/people';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import { isHealthField } from '../../../../../schema/health-data';
import type { HealthAccess } from '../../../lib/access';
import { graphql } from '../../../gql';
import type { PersonForm_PersonFragment, PersonForm_PersonRoleFragment } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { selectOptions } from '../person-options';
import {
  ADDRESS_KEYS,
  DETAIL_FIELDS,
  emptyFiles,
  emptyValues,
  fieldErrorsFromSave,
  FILE_ERROR_KEYS,
  profileFromPerson,
  tidyPhone,
  toSaveInput,
  TRAINING_FLAGS,
  validatePerson,
  valuesFromRole,
  type PersonFormFiles,
  type PersonFormValues,
  type ProfileValues,
} from '../person-form-values';
import { DocumentInput } from './document-input';
import { TaxCodeBirthNote, useTaxCodeBirth } from './tax-code-birth-note';

/** "di" with the article before a kind's singular (all masculine): dell'atleta, dell'allenatore, del socio. */
const ofThe = (noun: string) => (/^[aeiou]/i.test(noun) ? `dell'${noun}` : `del ${noun}`);

export const PersonFormPersonFragment = graphql(`
  fragment PersonForm_Person on Person {
    id
    firstname
    secondname
    lastname
    nickname
    taxIdCode
    typeGenderId
    birthday
    birthplace
    birthNation
    nationality
    legalRepresentative
    emailPrimary
    emailSecondary
    phonePrimary
    phoneSecondary
    address {
      id
      address
      streetNumber
      postalCode
      city
      province
      country
    }
    hasBlsd
    blsdExpiresOn
    blsdFile {
      ...DocumentInput_StoredFile
    }
    hasFirstAid
    firstAidExpiresOn
    firstAidFile {
      ...DocumentInput_StoredFile
    }
    hasFirePrevention
    firePreventionExpiresOn
    firePreventionFile {
      ...DocumentInput_StoredFile
    }
    isGuarded
    roles {
      id
      kind
      archivedAt
    }
  }
`);

export const PersonFormRoleFragment = graphql(`
  fragment PersonForm_PersonRole on PersonRole {
    id
    kind
    isActive
    archivedAt
    notePrivate
    person {
      ...PersonForm_Person
    }
    athlete {
      medicalExaminationExpirationDate
      typeMedicalExaminationId
      medicalExaminationDocument {
        ...DocumentInput_StoredFile
      }
      medicalExaminationScheduledDate
      typeMedicalExaminationAccountableId
      healthCard
      allergies
      intolerances
      athleteCondition
      athleteAttorneyName
    }
    coach {
      coachRole
      coachValidityStartDate
      coachValidityEndDate
      healthCard
      allergies
      intolerances
    }
    member {
      typeMembershipId
      membershipNumber
      membershipStartDate
      membershipExpiredDate
    }
    manager {
      managerRole
    }
    documents {
      ...DocumentInput_StoredFile
    }
  }
`);

const PersonByTaxCodeQuery = graphql(`
  query PersonForm_PersonByTaxCode($taxIdCode: String!) {
    personByTaxCode(taxIdCode: $taxIdCode) {
      ...PersonForm_Person
    }
  }
`);

const SavePersonMutation = graphql(`
  mutation PersonForm_SavePerson($input: SavePersonInput!) {
    savePerson(input: $input) {
      __typename
      ... on MutationSavePersonSuccess {
        data {
          message
          role {
            ...PersonForm_PersonRole
          }
        }
      }
      ...MutationError
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`);

export interface PersonFormProps {
  kind: PersonKindKey;
  /** The record being edited; null for a new one. */
  role: PersonForm_PersonRoleFragment | null;
  /** id of the <form>, for a submit button outside it (the side panel's footer). */
  formId: string;
  onSendingChange: (sending: boolean) => void;
  /** Saved: the success toast is already shown. */
  onSaved: () => void;
  /** Whether the values differ from the ones the form opened with (the panel asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shown, not changeable: a role that may only read this kind. */
  readOnly?: boolean;
  /** The health fields (schema/health-data.ts): left out, read-only or editable, by the role's permissions. */
  health?: HealthAccess;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb="3" pb="1" borderBottomWidth="1px" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontSize="xs">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </Box>
  );
}

function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="info" borderRadius="md" role="note">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

const Wide = ({ children }: { children: ReactNode }) => <Box gridColumn={{ sm: 'span 2' }}>{children}</Box>;

function Flag({ label, checked, onChange, readOnly }: { label: string; checked: boolean; onChange: (checked: boolean) => void; readOnly?: boolean }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} colorPalette="brand" readOnly={readOnly}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A role of another kind, or one of this kind (active: a conflict; only archived: saving registers again), held by a reusable profile. */
function rolesNote(person: PersonForm_PersonFragment, kind: PersonKindKey): { tone: 'info' | 'warning'; text: string } {
  const name = `${person.firstname} ${person.lastname}`;
  const same = person.roles.filter((r) => r.kind === kind);
  const singular = PERSON_KIND_INFO[kind].singular;
  if (same.some((r) => !r.archivedAt)) return { tone: 'warning', text: MSG.roleExists(singular) };
  if (same.length) return { tone: 'info', text: MSG.roleArchivedWillReregister(singular) };
  const held = [...new Set(person.roles.filter((r) => !r.archivedAt).map((r) => PERSON_KIND_INFO[r.kind].singular.toLowerCase()))];
  return {
    tone: 'info',
    text: `${name} è già nell'anagrafica della società${held.length ? ` (${held.join(', ')})` : ''}: puoi usare il suo profilo senza riscriverlo.`,
  };
}

export function PersonForm({ kind, role, formId, onSendingChange, onSaved, onDirtyChange, readOnly = false, health = 'write' }: PersonFormProps) {
  const client = useApolloClient();
  const [save] = useMutation(SavePersonMutation);
  const [opened] = useState<{ values: PersonFormValues; files: PersonFormFiles }>(() => ({
    values: role ? valuesFromRole(kind, role) : emptyValues(kind),
    files: emptyFiles(),
  }));
  const [values, setValues] = useState<PersonFormValues>(opened.values);
  const [files, setFiles] = useState<PersonFormFiles>(opened.files);
  const dirty = useIsDirty(opened, { values, files }) && !readOnly;
  useDirtyReport(dirty, onDirtyChange);
  const [fileErrors, setFileErrors] = useState<FieldErrors>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [found, setFound] = useState<PersonForm_PersonFragment | null>(null);
  const [reused, setReused] = useState<PersonForm_PersonFragment | null>(null);
  const [errorTick, setErrorTick] = useState(0);
  const birthCheck = useTaxCodeBirth(values, setValues);
  const formRef = useRef<HTMLFormElement>(null);
  const lookedUp = useRef<string | null>(role?.person.taxIdCode ?? null);

  const info = PERSON_KIND_INFO[kind];
  const storedPerson = role?.person ?? reused;

  // After a failed submit: the message is read out (role alert) and the first wrong field gets the focus.
  useEffect(() => {
    if (!errorTick) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] select, [data-invalid] textarea');
    first?.focus();
  }, [errorTick]);

  const setProfile = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    setValues((v) => ({ ...v, profile: { ...v.profile, [key]: value } }));
  const setAddress = (key: (typeof ADDRESS_KEYS)[number], value: string) =>
    setValues((v) => ({ ...v, profile: { ...v.profile, address: { ...v.profile.address, [key]: value } } }));
  const setDetail = (key: string, value: string) => setValues((v) => ({ ...v, details: { ...v.details, [key]: value } }));

  const err = (path: string) => errors[path] ?? fileErrors[path];

  const text = (key: keyof ProfileValues, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' | 'text'; onBlur?: () => void } = {}) => (
    <FormField label={label} required={opts.required} error={err(`profile.${key}`)} readOnly={readOnly}>
      <Input
        name={key}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete ?? 'off'}
        inputMode={opts.inputMode}
        value={values.profile[key] as string}
        onChange={(e) => setProfile(key, e.target.value as never)}
        onBlur={opts.onBlur}
      />
    </FormField>
  );

  async function lookupTaxCode() {
    const code = values.profile.taxIdCode.trim().toUpperCase().replace(/\s+/g, '');
    if (code !== values.profile.taxIdCode) setProfile('taxIdCode', code);
    if (role || !TAX_CODE_PATTERN.test(code) || lookedUp.current === code) return;
    lookedUp.current = code;
    setFound(null);
    try {
      const { data } = await client.query({ query: PersonByTaxCodeQuery, variables: { taxIdCode: code }, fetchPolicy: 'network-only' });
      const person = data?.personByTaxCode ?? null;
      if (person && person.id !== reused?.id) setFound(person);
    } catch {
      // The lookup only saves typing: without it the save still reuses the profile on the server.
    }
  }

  function reuseProfile(person: PersonForm_PersonFragment) {
    setValues((v) => ({ ...v, profile: profileFromPerson(person) }));
    setReused(person);
    setFound(null);
    birthCheck.reset();
    setErrors({});
    setSummary(undefined);
  }

  const setFile = (key: keyof PersonFormFiles, chosen: File[], error: string | undefined) => {
    setFiles((f) => ({ ...f, [key]: key === 'documents' ? chosen : (chosen[0] ?? null) }));
    setFileErrors((e) => {
      const next = { ...e };
      if (error) next[FILE_ERROR_KEYS[key]] = error;
      else delete next[FILE_ERROR_KEYS[key]];
      return next;
    });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || readOnly) return;
    const id = role?.id ?? null;
    const problems = validatePerson(kind, values, id);
    if (Object.keys(problems).length || Object.keys(fileErrors).length) {
      setErrors(problems);
      setSummary(MSG.invalidFields);
      setErrorTick((t) => t + 1);
      return;
    }
    setErrors({});
    setSummary(undefined);
    setSending(true);
    onSendingChange(true);
    try {
      const result = await save({ variables: { input: toSaveInput(kind, values, files, id, { healthWritable: health === 'write' }) } });
      const outcome = readMutationResult(result.data?.savePerson);
      if (outcome.ok) {
        notify(MESSAGE_LEVEL.success, outcome.data.message);
        setValues(emptyValues(kind));
        setFiles(emptyFiles());
        setReused(null);
        setFound(null);
        birthCheck.reset();
        lookedUp.current = null;
        onSaved();
        return;
      }
      setErrors(fieldErrorsFromSave(kind, outcome.fieldErrors));
      setSummary(outcome.message);
      setErrorTick((t) => t + 1);
    } catch (e) {
      setSummary(messageOfError(e));
      setErrorTick((t) => t + 1);
    } finally {
      setSending(false);
      onSendingChange(false);
    }
  }

  const note = found ? rolesNote(found, kind) : null;
  // Health fields the role may not read are not shown at all; those it may only read are read-only.
  const detailFields = DETAIL_FIELDS[kind].filter((field) => health !== 'hidden' || !isHealthField(kind, field.key));
  const detailReadOnly = (key: string) => readOnly || (health !== 'write' && isHealthField(kind, key));
  const athleteCertificate = role?.athlete?.medicalExaminationDocument;

  return (
    <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} aria-busy={sending}>
      <Stack gap="7">
        <FormAlert message={summary} />
        {readOnly ? (
          <ReadOnlyNote>Puoi consultare questa scheda, ma il tuo ruolo non consente di modificarla.</ReadOnlyNote>
        ) : (
          health === 'read' &&
          detailFields.some((field) => isHealthField(kind, field.key)) && (
            <ReadOnlyNote>I dati sanitari sono in sola lettura: il tuo ruolo non consente di modificarli.</ReadOnlyNote>
          )
        )}

        <Section title="Anagrafica">
          {text('firstname', 'Nome', { required: true, autoComplete: 'given-name' })}
          {text('secondname', 'Secondo nome', { autoComplete: 'additional-name' })}
          {text('lastname', 'Cognome', { required: true, autoComplete: 'family-name' })}
          {text('nickname', 'Soprannome')}
          <Wide>
            <Stack gap="2">
              <FormField label="Codice fiscale" required error={err('profile.taxIdCode')} readOnly={readOnly}>
                <Input
                  name="taxIdCode"
                  value={values.profile.taxIdCode}
                  onChange={(e) => setProfile('taxIdCode', e.target.value.toUpperCase())}
                  onBlur={() => {
                    void lookupTaxCode();
                    if (!readOnly && !reused) void birthCheck.check(values.profile.taxIdCode);
                  }}
                  textTransform="uppercase"
                  fontFamily="mono"
                  maxLength={16}
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              </FormField>
              {found && note && (
                <Alert.Root status={note.tone} borderRadius="md" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Description>{note.text}</Alert.Description>
                    {note.tone === 'info' && (
                      <Box mt="2">
                        <Button size="xs" onClick={() => reuseProfile(found)}>
                          Usa il profilo esistente
                        </Button>
                      </Box>
                    )}
                  </Alert.Content>
                </Alert.Root>
              )}
              <TaxCodeBirthNote note={birthCheck.note} />
              {reused && (
                <Alert.Root status="success" borderRadius="md" role="status">
                  <Alert.Indicator />
                  <Alert.Description>
                    Profilo di {reused.firstname} {reused.lastname} ripreso dall'anagrafica: le modifiche valgono per tutti i suoi ruoli.
                  </Alert.Description>
                </Alert.Root>
              )}
            </Stack>
          </Wide>
          <FormField label="Genere" required={info.genderRequired} error={err('profile.typeGenderId')} readOnly={readOnly}>
            <SelectInput
              name="typeGenderId"
              value={values.profile.typeGenderId}
              onChange={(e) => setProfile('typeGenderId', e.target.value)}
              placeholder="Seleziona"
              options={GENDERS.map((g) => ({ value: String(g.id), label: g.label }))}
            />
          </FormField>
          {text('birthday', 'Data di nascita', { type: 'date', autoComplete: 'bday' })}
          {text('birthplace', 'Luogo di nascita')}
          {text('birthNation', 'Nazione di nascita')}
          {text('nationality', 'Nazionalità')}
          {text('legalRepresentative', 'Rappresentante legale')}
          <Wide>
            <Flag label="Tutelato" checked={values.profile.isGuarded} onChange={(c) => setProfile('isGuarded', c)} readOnly={readOnly} />
          </Wide>
        </Section>

        <Section title="Contatti">
          {text('emailPrimary', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('emailSecondary', 'Email secondaria', { type: 'email', inputMode: 'email' })}
          {text('phonePrimary', 'Telefono', {
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
            onBlur: () => setProfile('phonePrimary', tidyPhone(values.profile.phonePrimary)),
          })}
          {text('phoneSecondary', 'Telefono secondario', {
            type: 'tel',
            inputMode: 'tel',
            onBlur: () => setProfile('phoneSecondary', tidyPhone(values.profile.phoneSecondary)),
          })}
        </Section>

        <Section title="Indirizzo">
          {(
            [
              ['address', 'Indirizzo', 'address-line1'],
              ['streetNumber', 'Numero civico', 'off'],
              ['postalCode', 'CAP', 'postal-code'],
              ['city', 'Città', 'address-level2'],
              ['province', 'Provincia', 'address-level1'],
              ['country', 'Nazione', 'country-name'],
            ] as const
          ).map(([key, label, autoComplete]) => (
            <FormField key={key} label={label} error={err(`profile.address.${key}`)} readOnly={readOnly}>
              <Input name={`address.${key}`} autoComplete={autoComplete} value={values.profile.address[key]} onChange={(e) => setAddress(key, e.target.value)} />
            </FormField>
          ))}
        </Section>

        <Section title="Formazione">
          {TRAINING_FLAGS.map((t) => (
            <Wide key={t.flag}>
              <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
                <Flag label={t.label} checked={values.profile[t.flag]} onChange={(c) => setProfile(t.flag, c)} readOnly={readOnly} />
                {values.profile[t.flag] && (
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                    {text(t.expiry, t.expiryLabel, { type: 'date' })}
                    <DocumentInput
                      label={t.fileLabel}
                      stored={storedPerson?.[t.file] ? [storedPerson[t.file]!] : []}
                      chosen={files[t.file] ? [files[t.file]!] : []}
                      onChange={(chosen, error) => setFile(t.file, chosen, error)}
                      error={err(FILE_ERROR_KEYS[t.file])}
                      readOnly={readOnly}
                    />
                  </SimpleGrid>
                )}
              </Stack>
            </Wide>
          ))}
        </Section>

        {(detailFields.length > 0 || kind === 'manager') && (
          <Section title={`Dati ${ofThe(info.singular.toLowerCase())}`}>
            {detailFields.map((field) => {
              const path = `details.${field.key}`;
              const value = values.details[field.key] ?? '';
              const control =
                field.type === 'int' ? (
                  <SelectInput
                    name={field.key}
                    value={value}
                    onChange={(e) => setDetail(field.key, e.target.value)}
                    placeholder="Seleziona"
                    options={selectOptions(field.options ?? [], value)}
                  />
                ) : field.type === 'textarea' ? (
                  <Textarea name={field.key} value={value} onChange={(e) => setDetail(field.key, e.target.value)} rows={2} autoresize />
                ) : (
                  <Input name={field.key} type={field.type} value={value} onChange={(e) => setDetail(field.key, e.target.value)} />
                );
              const fieldNode = (
                <FormField key={field.key} label={field.label} error={err(path)} readOnly={detailReadOnly(field.key)}>
                  {control}
                </FormField>
              );
              return field.type === 'textarea' ? <Wide key={field.key}>{fieldNode}</Wide> : fieldNode;
            })}
            {kind === 'athlete' && health !== 'hidden' && (
              <Wide>
                <DocumentInput
                  label="Certificato medico"
                  stored={athleteCertificate ? [athleteCertificate] : []}
                  chosen={files.medicalExaminationDocument ? [files.medicalExaminationDocument] : []}
                  onChange={(chosen, error) => setFile('medicalExaminationDocument', chosen, error)}
                  error={err(FILE_ERROR_KEYS.medicalExaminationDocument)}
                  readOnly={detailReadOnly('medicalExaminationDocument')}
                />
              </Wide>
            )}
            {kind === 'manager' && (
              <Wide>
                <DocumentInput
                  label="Documenti"
                  multiple
                  stored={role?.documents ?? []}
                  chosen={files.documents}
                  onChange={(chosen, error) => setFile('documents', chosen, error)}
                  error={err(FILE_ERROR_KEYS.documents)}
                  readOnly={readOnly}
                />
              </Wide>
            )}
          </Section>
        )}

        <Box>
          <FormField label="Note private" error={err('notePrivate')} helper="Visibili solo agli amministratori della società." readOnly={readOnly}>
            <Textarea name="notePrivate" value={values.notePrivate} onChange={(e) => setValues((v) => ({ ...v, notePrivate: e.target.value }))} rows={3} autoresize />
          </FormField>
        </Box>
      </Stack>
    </form>
  );
}
