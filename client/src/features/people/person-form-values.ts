// The person form's values and how they travel: empty, filled from a stored record or a reused profile, checked
// with the shared rules (schema/validation/people.ts, the server's own), and sent as SavePersonInput.
// Pure functions (unit-tested in tests/client/person-form-values.test.ts).
import type { PersonKindKey } from '../../../../schema/constants';
import { isHealthField } from '../../../../schema/health-data';
import { normalizePhone } from '../../../../schema/text';
import { savePersonInput } from '../../../../schema/validation/people';
import type { PersonForm_PersonFragment, PersonForm_PersonRoleFragment, SavePersonInput } from '../../gql/graphql';
import { formSchema } from '../../components/form/use-schema-form';
import { validate, type FieldErrors } from '../../lib/form-errors';
import { MEDICAL_EXAMINATION_PAYERS, MEDICAL_EXAMINATION_TYPES, MEMBERSHIP_TYPES, type CodedOption } from './person-options';

export const ADDRESS_KEYS = ['address', 'streetNumber', 'postalCode', 'city', 'province', 'country'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];

const PROFILE_TEXT_KEYS = [
  'firstname',
  'secondname',
  'lastname',
  'nickname',
  'taxIdCode',
  'typeGenderId',
  'birthday',
  'birthplace',
  'birthNation',
  'nationality',
  'legalRepresentative',
  'emailPrimary',
  'emailSecondary',
  'phonePrimary',
  'phoneSecondary',
  'blsdExpiresOn',
  'firstAidExpiresOn',
  'firePreventionExpiresOn',
] as const;
type ProfileTextKey = (typeof PROFILE_TEXT_KEYS)[number];

export const TRAINING_FLAGS = [
  { flag: 'hasBlsd', expiry: 'blsdExpiresOn', file: 'blsdFile', label: 'BLSD', expiryLabel: 'Scadenza BLSD', fileLabel: 'Attestato BLSD' },
  { flag: 'hasFirstAid', expiry: 'firstAidExpiresOn', file: 'firstAidFile', label: 'Primo soccorso', expiryLabel: 'Scadenza primo soccorso', fileLabel: 'Attestato primo soccorso' },
  { flag: 'hasFirePrevention', expiry: 'firePreventionExpiresOn', file: 'firePreventionFile', label: 'Antincendio', expiryLabel: 'Scadenza antincendio', fileLabel: 'Attestato antincendio' },
] as const;
type FlagKey = (typeof TRAINING_FLAGS)[number]['flag'] | 'isGuarded';
export type ProfileFileKey = (typeof TRAINING_FLAGS)[number]['file'];

export type ProfileValues = Record<ProfileTextKey, string> & Record<FlagKey, boolean> & { address: Record<AddressKey, string> };

/** A field of a kind's own section. `int` fields are selects of coded options. */
export interface DetailField {
  key: string;
  label: string;
  type: 'text' | 'date' | 'textarea' | 'int';
  options?: readonly CodedOption[];
}

/** Each kind's own fields (spec §3), in the order the form shows them; the names are SavePersonInput's. */
export const DETAIL_FIELDS: Record<PersonKindKey, readonly DetailField[]> = {
  athlete: [
    { key: 'medicalExaminationExpirationDate', label: 'Scadenza visita medica', type: 'date' },
    { key: 'medicalExaminationScheduledDate', label: 'Data visita medica programmata', type: 'date' },
    { key: 'typeMedicalExaminationId', label: 'Tipo di visita medica', type: 'int', options: MEDICAL_EXAMINATION_TYPES },
    { key: 'typeMedicalExaminationAccountableId', label: 'Visita medica a carico di', type: 'int', options: MEDICAL_EXAMINATION_PAYERS },
    { key: 'healthCard', label: 'Tessera sanitaria', type: 'text' },
    { key: 'athleteAttorneyName', label: 'Procuratore', type: 'text' },
    { key: 'allergies', label: 'Allergie', type: 'textarea' },
    { key: 'intolerances', label: 'Intolleranze', type: 'textarea' },
    { key: 'athleteCondition', label: "Condizione dell'atleta", type: 'textarea' },
  ],
  coach: [
    { key: 'coachRole', label: 'Ruolo', type: 'text' },
    { key: 'healthCard', label: 'Tessera sanitaria', type: 'text' },
    { key: 'coachValidityStartDate', label: 'Inizio validità', type: 'date' },
    { key: 'coachValidityEndDate', label: 'Fine validità', type: 'date' },
    { key: 'allergies', label: 'Allergie', type: 'textarea' },
    { key: 'intolerances', label: 'Intolleranze', type: 'textarea' },
  ],
  member: [
    { key: 'typeMembershipId', label: 'Tipo di tesseramento', type: 'int', options: MEMBERSHIP_TYPES },
    { key: 'membershipNumber', label: 'Numero tessera', type: 'text' },
    { key: 'membershipStartDate', label: 'Data di accettazione', type: 'date' },
    { key: 'membershipExpiredDate', label: 'Scadenza tesseramento', type: 'date' },
  ],
  manager: [{ key: 'managerRole', label: 'Ruolo', type: 'text' }],
  staff: [],
  voluntary: [],
};

/** SavePersonInput's key for a kind's own fields (the shared validation calls them `details`). */
export const DETAILS_INPUT_KEY = { athlete: 'athlete', coach: 'coach', member: 'member', manager: 'manager', staff: null, voluntary: null } as const;

export interface PersonFormValues {
  profile: ProfileValues;
  details: Record<string, string>;
  notePrivate: string;
}

/** Files chosen in the form, sent with the save (each replaces the stored one; manager documents are added). */
export interface PersonFormFiles {
  blsdFile: File | null;
  firstAidFile: File | null;
  firePreventionFile: File | null;
  medicalExaminationDocument: File | null;
  documents: File[];
}

export const emptyFiles = (): PersonFormFiles => ({
  blsdFile: null,
  firstAidFile: null,
  firePreventionFile: null,
  medicalExaminationDocument: null,
  documents: [],
});

/** What the person form holds: the typed values and the files chosen (File values, sent with the save). */
export interface PersonFormFields extends PersonFormValues {
  files: PersonFormFiles;
}

/** The form's values on opening: the record's (an edit) or empty (a new one, and after a save); no file chosen. */
export function personFormFields(kind: PersonKindKey, role: PersonForm_PersonRoleFragment | null = null): PersonFormFields {
  return { ...(role ? valuesFromRole(kind, role) : emptyValues(kind)), files: emptyFiles() };
}

export function emptyProfile(): ProfileValues {
  const text = Object.fromEntries(PROFILE_TEXT_KEYS.map((k) => [k, ''])) as Record<ProfileTextKey, string>;
  return {
    ...text,
    hasBlsd: false,
    hasFirstAid: false,
    hasFirePrevention: false,
    isGuarded: false,
    address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, ''])) as Record<AddressKey, string>,
  };
}

export function emptyValues(kind: PersonKindKey): PersonFormValues {
  return { profile: emptyProfile(), details: Object.fromEntries(DETAIL_FIELDS[kind].map((f) => [f.key, ''])), notePrivate: '' };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The profile fields of a stored person (editing, or reusing the club's profile with the same tax code). */
export function profileFromPerson(person: PersonForm_PersonFragment): ProfileValues {
  const values = emptyProfile();
  for (const key of PROFILE_TEXT_KEYS) values[key] = text(person[key]);
  values.taxIdCode = values.taxIdCode.toUpperCase();
  values.hasBlsd = person.hasBlsd;
  values.hasFirstAid = person.hasFirstAid;
  values.hasFirePrevention = person.hasFirePrevention;
  values.isGuarded = person.isGuarded;
  for (const key of ADDRESS_KEYS) values.address[key] = text(person.address?.[key]);
  return values;
}

export function valuesFromRole(kind: PersonKindKey, role: PersonForm_PersonRoleFragment): PersonFormValues {
  const values = emptyValues(kind);
  values.profile = profileFromPerson(role.person);
  const detailsKey = DETAILS_INPUT_KEY[kind];
  const stored = (detailsKey ? role[detailsKey] : null) as Record<string, unknown> | null;
  for (const field of DETAIL_FIELDS[kind]) values.details[field.key] = text(stored?.[field.key] as string | number | null | undefined);
  values.notePrivate = text(role.notePrivate);
  return values;
}

/** The phone helper on blur (spec §5): only a number written with the usual separators is rewritten, so a wrong
 * character stays visible and gets its message instead of silently disappearing. */
export function tidyPhone(raw: string): string {
  return /^[\d\s+.\-/()]*$/.test(raw) ? normalizePhone(raw) : raw;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const intOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** What the shared zod schema checks: the same object the server validates (files apart). */
export function validationPayload(values: PersonFormValues, id: string | null) {
  return { id: id ?? undefined, profile: values.profile, details: values.details, notePrivate: values.notePrivate };
}

/** Checks the form with the server's own rules; errors keyed `profile.firstname`, `details.coachRole`... */
export function validatePerson(kind: PersonKindKey, values: PersonFormValues, id: string | null): FieldErrors {
  const result = validate(savePersonInput(kind), validationPayload(values, id));
  return result.ok ? {} : result.errors;
}

/**
 * The person form's schema for one kind: the shared rules (the server's own) check the typed values, with messages
 * at the form's paths (`profile.firstname`, `details.coachRole`); the output is the SavePersonInput to send.
 */
export function personFormSchema(kind: PersonKindKey, id: string | null, options: { healthWritable?: boolean } = {}) {
  return formSchema(
    savePersonInput(kind),
    (fields: PersonFormFields) => toSaveInput(kind, fields, fields.files, id, options),
    (fields) => validationPayload(fields, id),
  );
}

/**
 * The mutation's input. Empty fields go as null: on an edit that clears them, on a creation it means "not given"
 * (a reused profile keeps what it has). Files go as File values (multipart request); no file, no key.
 * Without `healthWritable` (a role that may not change health data) the health fields and the certificate file are
 * left out, so the server keeps them as stored.
 */
export function toSaveInput(
  kind: PersonKindKey,
  values: PersonFormValues,
  files: PersonFormFiles,
  id: string | null,
  { healthWritable = true }: { healthWritable?: boolean } = {},
): SavePersonInput {
  const p = values.profile;
  const profile: SavePersonInput['profile'] = {
    firstname: orNull(p.firstname),
    secondname: orNull(p.secondname),
    lastname: orNull(p.lastname),
    nickname: orNull(p.nickname),
    taxIdCode: orNull(p.taxIdCode.toUpperCase()),
    typeGenderId: intOrNull(p.typeGenderId),
    birthday: orNull(p.birthday),
    birthplace: orNull(p.birthplace),
    birthNation: orNull(p.birthNation),
    nationality: orNull(p.nationality),
    legalRepresentative: orNull(p.legalRepresentative),
    emailPrimary: orNull(p.emailPrimary),
    emailSecondary: orNull(p.emailSecondary),
    phonePrimary: orNull(tidyPhone(p.phonePrimary)),
    phoneSecondary: orNull(tidyPhone(p.phoneSecondary)),
    address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, orNull(p.address[k])])),
    hasBlsd: p.hasBlsd,
    blsdExpiresOn: orNull(p.blsdExpiresOn),
    hasFirstAid: p.hasFirstAid,
    firstAidExpiresOn: orNull(p.firstAidExpiresOn),
    hasFirePrevention: p.hasFirePrevention,
    firePreventionExpiresOn: orNull(p.firePreventionExpiresOn),
    isGuarded: p.isGuarded,
  };
  for (const { file } of TRAINING_FLAGS) if (files[file]) profile[file] = files[file];

  const input: SavePersonInput = { kind, profile, notePrivate: orNull(values.notePrivate) };
  if (id) input.id = id;
  const detailsKey = DETAILS_INPUT_KEY[kind];
  if (detailsKey) {
    const details: Record<string, unknown> = {};
    for (const field of DETAIL_FIELDS[kind]) {
      if (!healthWritable && isHealthField(kind, field.key)) continue;
      const v = values.details[field.key] ?? '';
      details[field.key] = field.type === 'int' ? intOrNull(v) : orNull(v);
    }
    if (kind === 'athlete' && healthWritable && files.medicalExaminationDocument) details.medicalExaminationDocument = files.medicalExaminationDocument;
    if (kind === 'manager' && files.documents.length) details.documents = files.documents;
    (input as Record<string, unknown>)[detailsKey] = details;
  }
  return input;
}

/** Errors of the chosen files, keyed like the server's (`profile.blsdFile`, `details.documents`...). */
export const FILE_ERROR_KEYS = {
  blsdFile: 'profile.blsdFile',
  firstAidFile: 'profile.firstAidFile',
  firePreventionFile: 'profile.firePreventionFile',
  medicalExaminationDocument: 'details.medicalExaminationDocument',
  documents: 'details.documents',
} as const satisfies Record<keyof PersonFormFiles, string>;

/**
 * Server field errors under the form's paths: SavePersonInput carries a kind's own fields as `athlete`, `coach`...
 * where the shared validation (and so this form) says `details`.
 */
export function fieldErrorsFromSave(kind: PersonKindKey, errors: FieldErrors): FieldErrors {
  const prefix = `${kind}.`;
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.startsWith(prefix) ? `details.${path.slice(prefix.length)}` : path, message]));
}
