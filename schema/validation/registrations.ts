// Online registration by link (issue 36 point 3): what a form asks (its settings), the form's and the submission's
// inputs, the rules and the Italian messages, shared by the server, the staff's form builder and the public form.
import { z } from 'zod';
import { MSG } from '../messages';
import { CONSENT_PURPOSES, type ConsentPurpose } from './consents';
import { isMinorOn } from './families';
import { blankToUndefined, isStorableText, optionalText, phone, requiredText } from './fields';
import { medicalCertificateInput } from './medical-certificate';
import { taxCodeBirthData, taxCodeField } from './tax-code';

export const REGISTRATION_FORM_STATUSES = ['bozza', 'aperto', 'chiuso'] as const;
export type RegistrationFormStatus = (typeof REGISTRATION_FORM_STATUSES)[number];
export const REGISTRATION_FORM_STATUS_LABELS: Record<RegistrationFormStatus, string> = { bozza: 'Bozza', aperto: 'Aperto', chiuso: 'Chiuso' };

export const SUBMISSION_STATUSES = ['da_firmare', 'in_attesa', 'modifiche_richieste', 'approvata', 'rifiutata', 'sostituita'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  da_firmare: 'Da firmare',
  in_attesa: 'Da approvare',
  modifiche_richieste: 'Modifiche richieste',
  approvata: 'Approvata',
  rifiutata: 'Rifiutata',
  sostituita: 'Sostituita',
};

/** The registry fields a form may ask of each person registered, beyond name and tax code (always asked). */
export const REGISTRATION_FIELDS = ['emailPrimary', 'phonePrimary', 'birthplace', 'nationality', 'address'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export const REGISTRATION_FIELD_LABELS: Record<RegistrationField, string> = {
  emailPrimary: 'Email',
  phonePrimary: 'Cellulare',
  birthplace: 'Luogo di nascita',
  nationality: 'Cittadinanza',
  address: 'Indirizzo di residenza',
};

export const REGISTRATION_DOCUMENTS = ['certificato_medico', 'documento_identita'] as const;
export type RegistrationDocumentKind = (typeof REGISTRATION_DOCUMENTS)[number];
export const REGISTRATION_DOCUMENT_LABELS: Record<RegistrationDocumentKind, string> = {
  certificato_medico: 'Certificato medico',
  documento_identita: "Documento d'identità",
};

export const ASK_LEVELS = ['richiesto', 'facoltativo', 'no'] as const;
export type AskLevel = (typeof ASK_LEVELS)[number];

export const QUESTION_KINDS = ['testo', 'si_no', 'scelta'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** At most this many people in one submission (a parent's children, or an adult alone). */
export const REGISTRATION_MAX_PEOPLE = 6;
/** At most this many questions of the club's own per form. */
export const REGISTRATION_MAX_QUESTIONS = 20;
/** An answer's longest text. */
export const REGISTRATION_ANSWER_MAX = 1000;
/** The one-time code's digits, its life and the attempts allowed. */
export const SIGNATURE_CODE_DIGITS = 6;
export const SIGNATURE_CODE_MINUTES = 15;
export const SIGNATURE_CODE_ATTEMPTS = 5;

const askLevel = z.enum(ASK_LEVELS, { error: MSG.registrationAskInvalid });
const questionId = z.string({ error: MSG.registrationQuestionInvalid }).regex(/^[a-z0-9_-]{1,40}$/, { error: MSG.registrationQuestionInvalid });

export const registrationQuestion = z
  .object({
    id: questionId,
    label: requiredText(MSG.registrationQuestionLabelRequired).pipe(z.string().max(200, { error: MSG.textTooLong })),
    kind: z.enum(QUESTION_KINDS, { error: MSG.registrationQuestionInvalid }),
    options: z.array(requiredText(MSG.registrationOptionRequired).pipe(z.string().max(100, { error: MSG.textTooLong }))).max(20, { error: MSG.registrationTooManyOptions }).default([]),
    required: z.boolean({ error: MSG.registrationQuestionInvalid }).default(false),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'scelta' && q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: MSG.registrationOptionsRequired });
  });
export type RegistrationQuestion = z.output<typeof registrationQuestion>;

/** What a form asks: stored as the form's settings (JSON), read back through this same schema. */
export const registrationFormSettings = z
  .object({
    fields: z.object(Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, askLevel.default('facoltativo')])) as Record<RegistrationField, z.ZodDefault<typeof askLevel>>).default(
      Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, 'facoltativo'])) as Record<RegistrationField, AskLevel>,
    ),
    questions: z.array(registrationQuestion).max(REGISTRATION_MAX_QUESTIONS, { error: MSG.registrationTooManyQuestions }).default([]),
    documents: z.object(Object.fromEntries(REGISTRATION_DOCUMENTS.map((d) => [d, askLevel.default('no')])) as Record<RegistrationDocumentKind, z.ZodDefault<typeof askLevel>>).default({
      certificato_medico: 'no',
      documento_identita: 'no',
    }),
    /** The purposes asked; the processing of personal data is always asked. */
    consents: z.array(z.enum(CONSENT_PURPOSES, { error: MSG.consentPurposeInvalid })).max(CONSENT_PURPOSES.length).default(['trattamento_dati']),
  })
  .transform((s) => ({ ...s, consents: CONSENT_PURPOSES.filter((p): p is ConsentPurpose => p === 'trattamento_dati' || s.consents.includes(p)) }))
  .superRefine((s, ctx) => {
    const ids = s.questions.map((q) => q.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['questions'], message: MSG.registrationQuestionInvalid });
  });
export type RegistrationFormSettings = z.output<typeof registrationFormSettings>;

const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional());

export const saveRegistrationFormInput = z.object({
  id: optionalId,
  seasonId: z.preprocess(blankToUndefined, z.uuid({ error: MSG.registrationSeasonRequired })),
  title: requiredText(MSG.registrationTitleRequired).pipe(z.string().max(200, { error: MSG.textTooLong })),
  intro: optionalText.pipe(z.string().max(5000, { error: MSG.textTooLong }).optional()),
  status: z.enum(REGISTRATION_FORM_STATUSES, { error: MSG.registrationStatusInvalid }).default('bozza'),
  groupId: optionalId,
  settings: registrationFormSettings,
});
export type SaveRegistrationFormInput = z.output<typeof saveRegistrationFormInput>;

const name = (message: string) => requiredText(message).pipe(z.string().max(100, { error: MSG.textTooLong }));
const requiredEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.string({ error: MSG.registrationEmailRequired }).min(1, { error: MSG.registrationEmailRequired }).pipe(z.email({ error: MSG.emailInvalid }).max(254, { error: MSG.textTooLong })),
);
const shortAnswer = optionalText.pipe(z.string().max(200, { error: MSG.textTooLong }).optional());

/** A person registered by the submission: always name and tax code; the rest as the form asks. */
const registeredPerson = z.object({
  firstname: name(MSG.firstnameRequired),
  lastname: name(MSG.lastnameRequired),
  taxIdCode: taxCodeField(MSG.taxCodeRequired),
  emailPrimary: z.preprocess(blankToUndefined, z.string().optional()),
  phonePrimary: z.preprocess(blankToUndefined, z.string().optional()),
  birthplace: shortAnswer,
  nationality: shortAnswer,
  address: z.preprocess(
    blankToUndefined,
    z.object({ address: shortAnswer, streetNumber: shortAnswer, postalCode: shortAnswer, city: shortAnswer, province: shortAnswer }).optional(),
  ),
  answers: z.record(z.string().max(40), z.union([z.string().max(REGISTRATION_ANSWER_MAX, { error: MSG.textTooLong }), z.boolean()])).default({}),
  /** The medical certificate's data, when one is uploaded: its type and dates, as the staff's form asks them. */
  certificate: z.preprocess(blankToUndefined, z.unknown().optional()),
});

/**
 * The submission as the public form sends it, checked against the form's settings and the club's day (`today`):
 * a parent (registrant) registers one or more minors, or an adult registers themselves (`self`). `website` is the
 * honeypot: a person never fills it.
 */
export const registrationSubmissionInput = (settings: RegistrationFormSettings, today: string) =>
  z
    .object({
      self: z.boolean({ error: MSG.registrationWhoInvalid }).default(false),
      registrant: z.object({
        firstname: name(MSG.firstnameRequired),
        lastname: name(MSG.lastnameRequired),
        taxIdCode: taxCodeField(MSG.taxCodeRequired),
        email: requiredEmail,
        phonePrimary: phone(MSG.phonePrimaryDigits),
        relationship: z.enum(['genitore', 'tutore'], { error: MSG.guardianRelationshipInvalid }).default('genitore'),
      }),
      people: z.array(registeredPerson).max(REGISTRATION_MAX_PEOPLE, { error: MSG.registrationTooManyPeople(REGISTRATION_MAX_PEOPLE) }).default([]),
      consents: z.record(z.string(), z.boolean()).default({}),
      acceptNotice: z.literal(true, { error: MSG.registrationNoticeRequired }),
      website: z.string().max(200).optional(),
    })
    .transform((v) => (v.self ? { ...v, people: [{ ...(v.people[0] ?? { answers: {} }), firstname: v.registrant.firstname, lastname: v.registrant.lastname, taxIdCode: v.registrant.taxIdCode, emailPrimary: v.people[0]?.emailPrimary ?? v.registrant.email, phonePrimary: v.people[0]?.phonePrimary ?? v.registrant.phonePrimary }] } : v))
    .superRefine((v, ctx) => {
      if (!v.people.length) ctx.addIssue({ code: 'custom', path: ['people'], message: MSG.registrationPeopleRequired });
      const seen = new Set<string>();
      v.people.forEach((p, i) => {
        const at = (field: string) => ['people', i, field];
        const birth = taxCodeBirthData(p.taxIdCode, new Date(`${today}T12:00:00Z`));
        if (!birth) ctx.addIssue({ code: 'custom', path: at('taxIdCode'), message: MSG.registrationProvisionalTaxCode });
        else if (!v.self && !isMinorOn(birth.birthday, today)) ctx.addIssue({ code: 'custom', path: at('taxIdCode'), message: MSG.registrationAdultChild });
        else if (v.self && isMinorOn(birth.birthday, today)) ctx.addIssue({ code: 'custom', path: ['registrant', 'taxIdCode'], message: MSG.registrationMinorSelf });
        if (seen.has(p.taxIdCode) || (!v.self && p.taxIdCode === v.registrant.taxIdCode)) ctx.addIssue({ code: 'custom', path: at('taxIdCode'), message: MSG.registrationSamePerson });
        seen.add(p.taxIdCode);
        for (const field of REGISTRATION_FIELDS) {
          const level = settings.fields[field];
          const value = p[field];
          if (level === 'no') continue;
          if (level === 'richiesto' && (field === 'address' ? !(value as { address?: string } | undefined)?.address || !(value as { city?: string }).city : !value)) {
            ctx.addIssue({ code: 'custom', path: at(field), message: MSG.registrationFieldRequired });
          }
        }
        if (p.emailPrimary && !z.email().safeParse(p.emailPrimary).success) ctx.addIssue({ code: 'custom', path: at('emailPrimary'), message: MSG.emailInvalid });
        if (p.phonePrimary && !phone(MSG.phonePrimaryDigits).safeParse(p.phonePrimary).success) ctx.addIssue({ code: 'custom', path: at('phonePrimary'), message: MSG.phonePrimaryDigits });
        for (const q of settings.questions) {
          const answer = p.answers[q.id];
          const blank = answer === undefined || (typeof answer === 'string' && !answer.trim());
          if (blank) {
            if (q.required) ctx.addIssue({ code: 'custom', path: ['people', i, 'answers', q.id], message: MSG.registrationAnswerRequired });
          } else if ((q.kind === 'si_no') !== (typeof answer === 'boolean') || (q.kind === 'scelta' && !q.options.includes(answer as string)) || (typeof answer === 'string' && !isStorableText(answer))) {
            ctx.addIssue({ code: 'custom', path: ['people', i, 'answers', q.id], message: MSG.registrationAnswerInvalid });
          }
        }
        if (Object.keys(p.answers).some((k) => !settings.questions.some((q) => q.id === k))) ctx.addIssue({ code: 'custom', path: ['people', i, 'answers'], message: MSG.registrationAnswerInvalid });
        if (p.certificate !== undefined) {
          const certificate = medicalCertificateInput(today).safeParse(p.certificate);
          if (!certificate.success) for (const issue of certificate.error.issues) ctx.addIssue({ code: 'custom', path: ['people', i, 'certificate', ...issue.path.map(String)], message: issue.message });
        }
      });
      for (const purpose of settings.consents) {
        if (typeof v.consents[purpose] !== 'boolean') ctx.addIssue({ code: 'custom', path: ['consents', purpose], message: MSG.consentAnswerRequired });
      }
      if (v.consents.trattamento_dati === false) ctx.addIssue({ code: 'custom', path: ['consents', 'trattamento_dati'], message: MSG.registrationDataConsentRequired });
      if (Object.keys(v.consents).some((k) => !settings.consents.includes(k as ConsentPurpose))) ctx.addIssue({ code: 'custom', path: ['consents'], message: MSG.consentPurposeInvalid });
    });
export type RegistrationSubmissionInput = z.output<ReturnType<typeof registrationSubmissionInput>>;

export const signRegistrationInput = z.object({
  signerName: requiredText(MSG.registrationSignerRequired).pipe(z.string().max(200, { error: MSG.textTooLong })),
  code: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v), z.string({ error: MSG.registrationCodeInvalid }).regex(/^\d{6}$/, { error: MSG.registrationCodeInvalid })),
});

export const decisionReasonInput = requiredText(MSG.registrationReasonRequired).pipe(z.string().max(2000, { error: MSG.textTooLong }));

/** Folded for comparing the typed signature with the registrant's name: case, accents and spaces do not count. */
export const foldName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ')
    .sort()
    .join(' ');
