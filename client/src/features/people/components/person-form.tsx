// The person form (spec §3, §5), one for the six kinds: the shared profile, the kind's own fields, private notes.
// On the form layer (components/form): the kind's shared rules (the server's own) check it on submit, the save goes
// as SavePersonInput; sending / success / error states as spec §4. A new tax code that already has a profile in the
// club offers to reuse it (one person, several roles, nothing typed twice); a valid code fills the empty birth
// fields and warns about typed ones that disagree (tax-code-birth-note.tsx).
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Box, Button, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { GENDERS, PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { TAX_CODE_PATTERN } from '../../../../../schema/validation/people';
import {
  CheckboxField,
  SchemaForm,
  SelectField,
  setFieldValue,
  TextareaField,
  TextField,
  useSchemaForm,
  type SubmitOutcome,
} from '../../../components/form';
import { isHealthField } from '../../../../../schema/health-data';
import type { HealthAccess } from '../../../lib/access';
import { graphql } from '../../../gql';
import type { PersonForm_PersonFragment, PersonForm_PersonRoleFragment, SavePersonInput } from '../../../gql/graphql';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { selectOptions, type CodedOption } from '../person-options';
import {
  ADDRESS_KEYS,
  DETAIL_FIELDS,
  fieldErrorsFromSave,
  FILE_ERROR_KEYS,
  personFormFields,
  personFormSchema,
  profileFromPerson,
  tidyPhone,
  TRAINING_FLAGS,
  type PersonFormFields,
  type PersonFormFiles,
} from '../person-form-values';
import { DocumentField, type DocumentFieldProps, type StoredFile } from '../../../components/document-input';
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

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: String(g.id), label: g.label }));

const ADDRESS_FIELDS = [
  ['address', 'Indirizzo', 'address-line1'],
  ['streetNumber', 'Numero civico', 'off'],
  ['postalCode', 'CAP', 'postal-code'],
  ['city', 'Città', 'address-level2'],
  ['province', 'Provincia', 'address-level1'],
  ['country', 'Nazione', 'country-name'],
] as const satisfies readonly (readonly [(typeof ADDRESS_KEYS)[number], string, string])[];

/** A coded select, keeping a stored value the list does not know while it is the chosen one. */
function CodedSelectField({ name, label, options, readOnly }: { name: string; label: string; options: readonly CodedOption[]; readOnly: boolean }) {
  const value = useWatch({ name }) as string | undefined;
  return <SelectField name={name} label={label} readOnly={readOnly} options={selectOptions(options, value ?? '')} />;
}

/** A refused file (type, size) is not kept: its message stays under the control until another file is chosen. */
type FileProblems = Partial<Record<keyof PersonFormFiles, string>>;

interface FileFieldProps extends Omit<DocumentFieldProps, 'name' | 'messageName' | 'problem' | 'onProblem'> {
  name: keyof PersonFormFiles;
  problems: FileProblems;
  onProblem: (name: keyof PersonFormFiles, problem: string | undefined) => void;
}

/** The files chosen for `name`, held in the form's values (`files.*`); the server speaks of them as FILE_ERROR_KEYS. */
function FileField({ name, problems, onProblem, ...input }: FileFieldProps) {
  return <DocumentField name={`files.${name}`} messageName={FILE_ERROR_KEYS[name]} problem={problems[name]} onProblem={(problem) => onProblem(name, problem)} {...input} />;
}

/** A training (BLSD, first aid, fire prevention): its flag, and once ticked its expiry and certificate. */
function TrainingField({ training, stored, readOnly, ...files }: { training: (typeof TRAINING_FLAGS)[number]; stored: StoredFile | null | undefined } & Pick<FileFieldProps, 'readOnly' | 'problems' | 'onProblem'>) {
  const on = useWatch<PersonFormFields>({ name: `profile.${training.flag}` }) === true;
  return (
    <Wide>
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <CheckboxField name={`profile.${training.flag}`} label={training.label} readOnly={readOnly} />
        {on && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <TextField name={`profile.${training.expiry}`} label={training.expiryLabel} type="date" readOnly={readOnly} />
            <FileField name={training.file} label={training.fileLabel} stored={stored ? [stored] : []} readOnly={readOnly} {...files} />
          </SimpleGrid>
        )}
      </Stack>
    </Wide>
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
  const [save, { loading: sending }] = useMutation(SavePersonMutation);
  const id = role?.id ?? null;
  const healthWritable = health === 'write';
  const schema = useMemo(() => personFormSchema(kind, id, { healthWritable }), [kind, id, healthWritable]);
  const [opened] = useState(() => personFormFields(kind, role));
  const form = useSchemaForm(schema, opened);
  const [fileProblems, setFileProblems] = useState<FileProblems>({});
  const [found, setFound] = useState<PersonForm_PersonFragment | null>(null);
  const [reused, setReused] = useState<PersonForm_PersonFragment | null>(null);
  const birthCheck = useTaxCodeBirth(form);
  const lookedUp = useRef<string | null>(role?.person.taxIdCode ?? null);

  const info = PERSON_KIND_INFO[kind];
  const storedPerson = role?.person ?? reused;

  // The panel's footer says "Salvataggio in corso..." while the save is on its way.
  useEffect(() => {
    onSendingChange(sending);
  }, [sending, onSendingChange]);

  const setFileProblem = (name: keyof PersonFormFiles, problem: string | undefined) =>
    setFileProblems((problems) => ({ ...problems, [name]: problem }));

  async function lookupTaxCode(typed: string) {
    const code = typed.trim().toUpperCase().replace(/\s+/g, '');
    if (code !== typed) setFieldValue(form, 'profile.taxIdCode', code);
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

  function onTaxCodeBlur() {
    const typed = form.getValues('profile.taxIdCode');
    void lookupTaxCode(typed);
    if (!readOnly && !reused) void birthCheck.check(typed);
  }

  /** The phone helper on blur: a number written with the usual separators is rewritten as stored. */
  function tidy(name: 'profile.phonePrimary' | 'profile.phoneSecondary') {
    const typed = form.getValues(name);
    const tidied = tidyPhone(typed);
    if (tidied !== typed) setFieldValue(form, name, tidied);
  }

  function reuseProfile(person: PersonForm_PersonFragment) {
    form.setValue('profile', profileFromPerson(person), { shouldDirty: true });
    form.clearErrors();
    setReused(person);
    setFound(null);
    birthCheck.reset();
  }

  async function submit(input: SavePersonInput): Promise<SubmitOutcome> {
    if (Object.values(fileProblems).some(Boolean)) return { ok: false, message: MSG.invalidFields };
    const { data } = await save({ variables: { input } });
    const outcome = readMutationResult(data?.savePerson);
    if (!outcome.ok) return { ok: false, message: outcome.message, fieldErrors: fieldErrorsFromSave(kind, outcome.fieldErrors) };
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    form.reset(personFormFields(kind));
    setFileProblems({});
    setReused(null);
    setFound(null);
    birthCheck.reset();
    lookedUp.current = null;
    onSaved();
  }

  const note = found ? rolesNote(found, kind) : null;
  // Health fields the role may not read are not shown at all; those it may only read are read-only.
  const detailFields = DETAIL_FIELDS[kind].filter((field) => health !== 'hidden' || !isHealthField(kind, field.key));
  const detailReadOnly = (key: string) => readOnly || (health !== 'write' && isHealthField(kind, key));
  const athleteCertificate = role?.athlete?.medicalExaminationDocument;
  const files = { problems: fileProblems, onProblem: setFileProblem };

  return (
    <SchemaForm id={formId} form={form} onSubmit={submit} onDirtyChange={onDirtyChange} readOnly={readOnly} gap="7">
      {readOnly ? (
        <ReadOnlyNote>Puoi consultare questa scheda, ma il tuo ruolo non consente di modificarla.</ReadOnlyNote>
      ) : (
        health === 'read' &&
        detailFields.some((field) => isHealthField(kind, field.key)) && (
          <ReadOnlyNote>I dati sanitari sono in sola lettura: il tuo ruolo non consente di modificarli.</ReadOnlyNote>
        )
      )}

      <Section title="Anagrafica">
        <TextField name="profile.firstname" label="Nome" required readOnly={readOnly} autoComplete="given-name" />
        <TextField name="profile.secondname" label="Secondo nome" readOnly={readOnly} autoComplete="additional-name" />
        <TextField name="profile.lastname" label="Cognome" required readOnly={readOnly} autoComplete="family-name" />
        <TextField name="profile.nickname" label="Soprannome" readOnly={readOnly} />
        <Wide>
          <Stack gap="2">
            <TextField
              name="profile.taxIdCode"
              label="Codice fiscale"
              required
              readOnly={readOnly}
              uppercase
              onBlur={onTaxCodeBlur}
              textTransform="uppercase"
              fontFamily="mono"
              maxLength={16}
              autoCapitalize="characters"
              spellCheck={false}
            />
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
        <SelectField name="profile.typeGenderId" label="Genere" required={info.genderRequired} readOnly={readOnly} options={GENDER_OPTIONS} />
        <TextField name="profile.birthday" label="Data di nascita" type="date" readOnly={readOnly} autoComplete="bday" />
        <TextField name="profile.birthplace" label="Luogo di nascita" readOnly={readOnly} />
        <TextField name="profile.birthNation" label="Nazione di nascita" readOnly={readOnly} />
        <TextField name="profile.nationality" label="Nazionalità" readOnly={readOnly} />
        <TextField name="profile.legalRepresentative" label="Rappresentante legale" readOnly={readOnly} />
        <Wide>
          <CheckboxField name="profile.isGuarded" label="Tutelato" readOnly={readOnly} />
        </Wide>
      </Section>

      <Section title="Contatti">
        <TextField name="profile.emailPrimary" label="Email" type="email" inputMode="email" autoComplete="email" readOnly={readOnly} />
        <TextField name="profile.emailSecondary" label="Email secondaria" type="email" inputMode="email" readOnly={readOnly} />
        <TextField
          name="profile.phonePrimary"
          label="Telefono"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          readOnly={readOnly}
          onBlur={() => tidy('profile.phonePrimary')}
        />
        <TextField name="profile.phoneSecondary" label="Telefono secondario" type="tel" inputMode="tel" readOnly={readOnly} onBlur={() => tidy('profile.phoneSecondary')} />
      </Section>

      <Section title="Indirizzo">
        {ADDRESS_FIELDS.map(([key, label, autoComplete]) => (
          <TextField key={key} name={`profile.address.${key}`} label={label} autoComplete={autoComplete} readOnly={readOnly} />
        ))}
      </Section>

      <Section title="Formazione">
        {TRAINING_FLAGS.map((training) => (
          <TrainingField key={training.flag} training={training} stored={storedPerson?.[training.file]} readOnly={readOnly} {...files} />
        ))}
      </Section>

      {(detailFields.length > 0 || kind === 'manager') && (
        <Section title={`Dati ${ofThe(info.singular.toLowerCase())}`}>
          {detailFields.map((field) => {
            const frame = { name: `details.${field.key}`, label: field.label, readOnly: detailReadOnly(field.key) };
            if (field.type === 'int') return <CodedSelectField key={field.key} {...frame} options={field.options ?? []} />;
            if (field.type === 'textarea')
              return (
                <Wide key={field.key}>
                  <TextareaField {...frame} rows={2} />
                </Wide>
              );
            return <TextField key={field.key} {...frame} type={field.type} />;
          })}
          {kind === 'athlete' && health !== 'hidden' && (
            <Wide>
              <FileField
                name="medicalExaminationDocument"
                label="Certificato medico"
                stored={athleteCertificate ? [athleteCertificate] : []}
                readOnly={detailReadOnly('medicalExaminationDocument')}
                {...files}
              />
            </Wide>
          )}
          {kind === 'manager' && (
            <Wide>
              <FileField name="documents" label="Documenti" multiple stored={role?.documents ?? []} readOnly={readOnly} {...files} />
            </Wide>
          )}
        </Section>
      )}

      <Box>
        <TextareaField name="notePrivate" label="Note private" helper="Visibili solo agli amministratori della società." readOnly={readOnly} />
      </Box>
    </SchemaForm>
  );
}
