// The public form's values (what its fields hold) and their two readings: the shared rules' input
// (schema/validation/registrations.ts, checked on the client with the server's own messages) and the GraphQL input.
// Field paths are the same in all three (people.0.taxIdCode, people.1.answers.taglia, consents.dati_salute), so a
// message of either side lands under its field.
import { CONSENT_PURPOSES, type ConsentPurpose } from '../../../../../schema/validation/consents';
import { type AskLevel, type RegistrationField, type RegistrationFormSettings, type RegistrationDocumentKind } from '../../../../../schema/validation/registrations';
import type { MyRegistrationQuery, PublicRegistrationFormQuery, RegistrationSubmissionInput } from '../../../gql/graphql';

export type PublicForm = NonNullable<PublicRegistrationFormQuery['publicRegistrationForm']>;
export type OwnRegistration = NonNullable<MyRegistrationQuery['myRegistration']>;

export interface AddressValues {
  address: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  province: string;
}

export interface CertificateValues {
  type: string;
  issuedOn: string;
  expiresOn: string;
  issuer: string;
}

export interface PersonValues {
  firstname: string;
  lastname: string;
  taxIdCode: string;
  emailPrimary: string;
  phonePrimary: string;
  birthplace: string;
  nationality: string;
  address: AddressValues;
  /** By question id: the text, the option chosen, or 'si' / 'no'. */
  answers: Record<string, string>;
  /** An optional certificate: whether its file will be uploaded (its data are then asked). */
  withCertificate: boolean;
  certificate: CertificateValues;
}

export interface SubmissionValues {
  who: 'figli' | 'io';
  registrant: { firstname: string; lastname: string; taxIdCode: string; email: string; phonePrimary: string; relationship: 'genitore' | 'tutore' };
  people: PersonValues[];
  /** By purpose: 'si', 'no' or '' (not answered). */
  consents: Record<string, string>;
  acceptNotice: boolean;
  /** The honeypot: never filled by a person. */
  website: string;
}

/** The form's settings as the shared rules read them. */
export function settingsOf(form: PublicForm): RegistrationFormSettings {
  const s = form.settings;
  return {
    fields: Object.fromEntries(s.fields.map((f) => [f.field, f.level])) as Record<RegistrationField, AskLevel>,
    questions: s.questions.map((q) => ({ ...q, options: [...q.options] })),
    documents: Object.fromEntries(s.documents.map((d) => [d.kind, d.level])) as Record<RegistrationDocumentKind, AskLevel>,
    consents: [...s.consents] as ConsentPurpose[],
  };
}

const blankAddress = (): AddressValues => ({ address: '', streetNumber: '', postalCode: '', city: '', province: '' });

export const blankPerson = (): PersonValues => ({
  firstname: '',
  lastname: '',
  taxIdCode: '',
  emailPrimary: '',
  phonePrimary: '',
  birthplace: '',
  nationality: '',
  address: blankAddress(),
  answers: {},
  withCertificate: false,
  certificate: { type: '', issuedOn: '', expiresOn: '', issuer: '' },
});

export const blankValues = (settings: RegistrationFormSettings): SubmissionValues => ({
  who: 'figli',
  registrant: { firstname: '', lastname: '', taxIdCode: '', email: '', phonePrimary: '', relationship: 'genitore' },
  people: [blankPerson()],
  consents: Object.fromEntries(settings.consents.map((p) => [p, ''])),
  acceptNotice: false,
  website: '',
});

/** Whether the certificate's data are sent for this person: always when required, when chosen when optional. */
export const sendsCertificate = (settings: RegistrationFormSettings, person: PersonValues) =>
  settings.documents.certificato_medico === 'richiesto' || (settings.documents.certificato_medico === 'facoltativo' && person.withCertificate);

const yesNo = (value: string | undefined): boolean | undefined => (value === 'si' ? true : value === 'no' ? false : undefined);

/** The people the submission registers, as the values hold them (an adult for themselves: the first one only). */
export const registeredPeople = (values: SubmissionValues) => (values.who === 'io' ? values.people.slice(0, 1) : values.people);

function personInput(values: SubmissionValues, person: PersonValues, settings: RegistrationFormSettings) {
  const self = values.who === 'io';
  const asked = (field: RegistrationField) => settings.fields[field] !== 'no';
  const answers: Record<string, string | boolean> = {};
  for (const q of settings.questions) {
    const value = person.answers[q.id] ?? '';
    if (q.kind === 'si_no') {
      const yes = yesNo(value);
      if (yes !== undefined) answers[q.id] = yes;
    } else if (value.trim()) answers[q.id] = value;
  }
  const { address, streetNumber, postalCode, city, province } = person.address;
  const hasAddress = [address, streetNumber, postalCode, city, province].some((v) => v.trim() !== '');
  return {
    firstname: self ? values.registrant.firstname : person.firstname,
    lastname: self ? values.registrant.lastname : person.lastname,
    taxIdCode: self ? values.registrant.taxIdCode : person.taxIdCode,
    ...(asked('emailPrimary') ? { emailPrimary: person.emailPrimary } : {}),
    ...(asked('phonePrimary') ? { phonePrimary: person.phonePrimary } : {}),
    ...(asked('birthplace') ? { birthplace: person.birthplace } : {}),
    ...(asked('nationality') ? { nationality: person.nationality } : {}),
    ...(asked('address') && hasAddress ? { address: { ...person.address } } : {}),
    answers,
    ...(sendsCertificate(settings, person)
      ? { certificate: { type: person.certificate.type, issuedOn: person.certificate.issuedOn, expiresOn: person.certificate.expiresOn, ...(person.certificate.issuer.trim() ? { issuer: person.certificate.issuer } : {}) } }
      : {}),
  };
}

/** What the shared rules check (answers and consents keyed by id and purpose). */
export function rulesInput(values: SubmissionValues, settings: RegistrationFormSettings) {
  const consents: Record<string, boolean> = {};
  for (const purpose of settings.consents) {
    const granted = yesNo(values.consents[purpose]);
    if (granted !== undefined) consents[purpose] = granted;
  }
  return {
    self: values.who === 'io',
    registrant: { ...values.registrant, ...(values.who === 'io' ? { relationship: 'genitore' as const } : {}) },
    people: registeredPeople(values).map((p) => personInput(values, p, settings)),
    consents,
    acceptNotice: values.acceptNotice,
    website: values.website,
  };
}

/** The GraphQL input (answers and consents as lists). */
export function submissionInput(values: SubmissionValues, settings: RegistrationFormSettings): RegistrationSubmissionInput {
  const rules = rulesInput(values, settings);
  return {
    ...rules,
    people: rules.people.map(({ answers, ...person }) => ({
      ...person,
      answers: Object.entries(answers).map(([questionId, value]) => (typeof value === 'boolean' ? { questionId, yes: value } : { questionId, text: value })),
    })),
    consents: Object.entries(rules.consents).map(([purpose, granted]) => ({ purpose: purpose as ConsentPurpose, granted })),
  };
}

/**
 * A message's path as the fields are named: for an adult registering themselves the rules read name and tax code as
 * people.0's, which the form asks as the registrant's.
 */
export function fieldPath(path: string, self: boolean): string {
  if (!self) return path;
  const m = /^people\.0\.(firstname|lastname|taxIdCode)$/.exec(path);
  return m ? `registrant.${m[1]}` : path;
}

/** The step a message's path belongs to: 1 who, 2 the people, 3 privacy. */
export function stepOfPath(path: string): 1 | 2 | 3 {
  if (path.startsWith('registrant') || path.startsWith('self')) return 1;
  if (path.startsWith('people')) return 2;
  return 3;
}

/** The values of a submission sent back for changes, to correct it. */
export function valuesFromContent(content: OwnRegistration['content'], settings: RegistrationFormSettings): SubmissionValues {
  const base = blankValues(settings);
  const r = content.registrant;
  return {
    ...base,
    who: content.self ? 'io' : 'figli',
    registrant: {
      firstname: r.firstname,
      lastname: r.lastname,
      taxIdCode: r.taxIdCode,
      email: r.email,
      phonePrimary: r.phonePrimary ?? '',
      relationship: r.relationship === 'tutore' ? 'tutore' : 'genitore',
    },
    people: content.people.map((p) => ({
      ...blankPerson(),
      firstname: p.firstname,
      lastname: p.lastname,
      taxIdCode: p.taxIdCode,
      emailPrimary: p.emailPrimary ?? '',
      phonePrimary: p.phonePrimary ?? '',
      birthplace: p.birthplace ?? '',
      nationality: p.nationality ?? '',
      address: {
        address: p.address?.address ?? '',
        streetNumber: p.address?.streetNumber ?? '',
        postalCode: p.address?.postalCode ?? '',
        city: p.address?.city ?? '',
        province: p.address?.province ?? '',
      },
      answers: Object.fromEntries(p.answers.map((a) => [a.questionId, a.yes === true ? 'si' : a.yes === false ? 'no' : (a.text ?? '')])),
      withCertificate: Boolean(p.certificate),
      certificate: { type: p.certificate?.type ?? '', issuedOn: p.certificate?.issuedOn ?? '', expiresOn: p.certificate?.expiresOn ?? '', issuer: p.certificate?.issuer ?? '' },
    })),
    consents: { ...base.consents, ...Object.fromEntries(content.consents.filter((c) => (CONSENT_PURPOSES as readonly string[]).includes(c.purpose)).map((c) => [c.purpose, c.granted ? 'si' : 'no'])) },
    acceptNotice: false,
  };
}

