// GraphQL face of online registration (issue 36 point 3). Thin adapters: the staff's forms and approval queue
// (registration-forms.service.ts, registration-review.service.ts) and the public door without an account
// (registration-submit.service.ts), where a link's token or the browser's secret is the proof.
import { PAGE_SIZE } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import {
  ASK_LEVELS,
  QUESTION_KINDS,
  REGISTRATION_DOCUMENTS,
  REGISTRATION_FIELDS,
  REGISTRATION_FORM_STATUSES,
  SUBMISSION_STATUSES,
  type RegistrationFormSettings,
  type RegistrationQuestion,
  type RegistrationSubmissionInput,
} from '../../../schema/validation/registrations';
import type { ConsentPurpose } from '../../../schema/validation/consents';
import type { RegistrationSubmission } from '../../generated/prisma/client.js';
import { builder } from '../../graphql/builder';
import { ConsentPurposeEnum, MAX_PAGE_SIZE } from '../../graphql/enums';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { readGraphQLUpload } from '../files/files.service';
import { formSettings, readPublicRegistrationForm, registrationPath, saveRegistrationForm, type PublicRegistrationForm } from './registration-forms.service';
import { approveRegistrations, decideRegistration, registryMatches, submissionsWhere } from './registration-review.service';
import { maskEmail, readOwnSubmission, resendRegistrationCode, signedPdfPath, signRegistration, submitRegistration, uploadRegistrationDocument, verifyRegistrationSignature, type SignatureCheck, type SubmitResult } from './registration-submit.service';

const FormStatusEnum = builder.enumType('RegistrationFormStatus', { description: 'bozza (not reachable by its link), aperto (takes submissions), chiuso.', values: REGISTRATION_FORM_STATUSES });
const SubmissionStatusEnum = builder.enumType('RegistrationSubmissionStatus', {
  description: 'da_firmare (waiting for the mailed code), in_attesa (signed, to approve), modifiche_richieste, approvata, rifiutata, sostituita (a corrected one replaced it).',
  values: SUBMISSION_STATUSES,
});
const AskLevelEnum = builder.enumType('RegistrationAskLevel', { values: ASK_LEVELS });
const QuestionKindEnum = builder.enumType('RegistrationQuestionKind', { description: 'testo (free text), si_no (yes or no), scelta (one of the options).', values: QUESTION_KINDS });
const FieldEnum = builder.enumType('RegistrationField', { values: REGISTRATION_FIELDS });
const DocumentEnum = builder.enumType('RegistrationDocumentKind', { values: REGISTRATION_DOCUMENTS });

const QuestionRef = builder.objectRef<RegistrationQuestion>('RegistrationQuestion').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    label: t.exposeString('label'),
    kind: t.expose('kind', { type: QuestionKindEnum }),
    options: t.exposeStringList('options'),
    required: t.exposeBoolean('required'),
  }),
});

const FieldAskRef = builder.objectRef<{ field: (typeof REGISTRATION_FIELDS)[number]; level: (typeof ASK_LEVELS)[number] }>('RegistrationFieldAsk').implement({
  fields: (t) => ({ field: t.expose('field', { type: FieldEnum }), level: t.expose('level', { type: AskLevelEnum }) }),
});
const DocumentAskRef = builder.objectRef<{ kind: (typeof REGISTRATION_DOCUMENTS)[number]; level: (typeof ASK_LEVELS)[number] }>('RegistrationDocumentAsk').implement({
  fields: (t) => ({ kind: t.expose('kind', { type: DocumentEnum }), level: t.expose('level', { type: AskLevelEnum }) }),
});

const SettingsRef = builder.objectRef<RegistrationFormSettings>('RegistrationFormSettings').implement({
  description: 'What a form asks: the registry fields beyond name and tax code, the club\'s own questions, the documents, the consents.',
  fields: (t) => ({
    fields: t.field({ type: [FieldAskRef], resolve: (s) => REGISTRATION_FIELDS.map((field) => ({ field, level: s.fields[field] })) }),
    questions: t.field({ type: [QuestionRef], resolve: (s) => s.questions }),
    documents: t.field({ type: [DocumentAskRef], resolve: (s) => REGISTRATION_DOCUMENTS.map((kind) => ({ kind, level: s.documents[kind] })) }),
    consents: t.field({ type: [ConsentPurposeEnum], resolve: (s) => s.consents }),
  }),
});


// The submission's content, typed both ways (what the public form sends, what the queue shows).
type Content = RegistrationSubmissionInput;
type ContentPerson = Content['people'][number];

const AddressRef = builder.objectRef<NonNullable<ContentPerson['address']>>('RegistrationAddress').implement({
  fields: (t) => ({
    address: t.exposeString('address', { nullable: true }),
    streetNumber: t.exposeString('streetNumber', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    province: t.exposeString('province', { nullable: true }),
  }),
});
const AnswerRef = builder.objectRef<{ questionId: string; value: string | boolean }>('RegistrationAnswer').implement({
  fields: (t) => ({
    questionId: t.exposeString('questionId'),
    text: t.string({ nullable: true, resolve: (a) => (typeof a.value === 'string' ? a.value : null) }),
    yes: t.boolean({ nullable: true, resolve: (a) => (typeof a.value === 'boolean' ? a.value : null) }),
  }),
});
const CertificateDataRef = builder.objectRef<{ type: string; issuedOn: string; expiresOn: string; issuer?: string }>('RegistrationCertificateData').implement({
  fields: (t) => ({ type: t.exposeString('type'), issuedOn: t.exposeString('issuedOn'), expiresOn: t.exposeString('expiresOn'), issuer: t.exposeString('issuer', { nullable: true }) }),
});
const PersonRef = builder.objectRef<ContentPerson>('RegistrationPerson').implement({
  fields: (t) => ({
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    taxIdCode: t.exposeString('taxIdCode'),
    emailPrimary: t.exposeString('emailPrimary', { nullable: true }),
    phonePrimary: t.exposeString('phonePrimary', { nullable: true }),
    birthplace: t.exposeString('birthplace', { nullable: true }),
    nationality: t.exposeString('nationality', { nullable: true }),
    address: t.field({ type: AddressRef, nullable: true, resolve: (p) => p.address ?? null }),
    answers: t.field({ type: [AnswerRef], resolve: (p) => Object.entries(p.answers).map(([questionId, value]) => ({ questionId, value })) }),
    certificate: t.field({ type: CertificateDataRef, nullable: true, resolve: (p) => (p.certificate as { type: string; issuedOn: string; expiresOn: string } | undefined) ?? null }),
  }),
});
const RegistrantRef = builder.objectRef<Content['registrant']>('RegistrationRegistrant').implement({
  fields: (t) => ({
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    taxIdCode: t.exposeString('taxIdCode'),
    email: t.exposeString('email'),
    phonePrimary: t.exposeString('phonePrimary', { nullable: true }),
    relationship: t.exposeString('relationship', { description: 'genitore or tutore (meaningless when self).' }),
  }),
});
const ConsentAnswerRef = builder.objectRef<{ purpose: ConsentPurpose; granted: boolean }>('RegistrationConsentAnswer').implement({
  fields: (t) => ({ purpose: t.expose('purpose', { type: ConsentPurposeEnum }), granted: t.exposeBoolean('granted') }),
});
const ContentRef = builder.objectRef<Content>('RegistrationContent').implement({
  fields: (t) => ({
    self: t.exposeBoolean('self', { description: 'An adult registering themselves (people holds them alone); false: a parent or guardian registering minors.' }),
    registrant: t.field({ type: RegistrantRef, resolve: (c) => c.registrant }),
    people: t.field({ type: [PersonRef], resolve: (c) => c.people }),
    consents: t.field({ type: [ConsentAnswerRef], resolve: (c) => Object.entries(c.consents).map(([purpose, granted]) => ({ purpose: purpose as ConsentPurpose, granted })) }),
  }),
});

const RegistrantInput = builder.inputType('RegistrationRegistrantInput', {
  fields: (t) => ({
    firstname: t.string({ required: true }),
    lastname: t.string({ required: true }),
    taxIdCode: t.string({ required: true }),
    email: t.string({ required: true, description: 'The signing code and every answer from the club go here.' }),
    phonePrimary: t.string(),
    relationship: t.string({ description: 'genitore (default) or tutore.' }),
  }),
});
const AddressInput = builder.inputType('RegistrationAddressInput', {
  fields: (t) => ({ address: t.string(), streetNumber: t.string(), postalCode: t.string(), city: t.string(), province: t.string() }),
});
const AnswerInput = builder.inputType('RegistrationAnswerInput', {
  fields: (t) => ({ questionId: t.string({ required: true }), text: t.string({ description: 'For testo and scelta questions.' }), yes: t.boolean({ description: 'For si_no questions.' }) }),
});
const CertificateDataInput = builder.inputType('RegistrationCertificateDataInput', {
  fields: (t) => ({
    type: t.string({ required: true, description: 'agonistico, non_agonistico or ludico_motorio.' }),
    issuedOn: t.string({ required: true, description: 'YYYY-MM-DD' }),
    expiresOn: t.string({ required: true, description: 'YYYY-MM-DD' }),
    issuer: t.string(),
  }),
});
const PersonInput = builder.inputType('RegistrationPersonInput', {
  fields: (t) => ({
    firstname: t.string({ required: true }),
    lastname: t.string({ required: true }),
    taxIdCode: t.string({ required: true, description: 'The definitive 16-character code: birth date and sex are read from it.' }),
    emailPrimary: t.string(),
    phonePrimary: t.string(),
    birthplace: t.string(),
    nationality: t.string(),
    address: t.field({ type: AddressInput }),
    answers: t.field({ type: [AnswerInput] }),
    certificate: t.field({ type: CertificateDataInput, description: 'The medical certificate uploaded for this person.' }),
  }),
});
const ConsentAnswerInput = builder.inputType('RegistrationConsentAnswerInput', {
  fields: (t) => ({ purpose: t.field({ type: ConsentPurposeEnum, required: true }), granted: t.boolean({ required: true }) }),
});
const SubmissionInput = builder.inputType('RegistrationSubmissionInput', {
  fields: (t) => ({
    self: t.boolean({ description: "true: an adult registering themselves; people[0] is then the registrant (their name and tax code) with the form's extra fields, answers and certificate." }),
    registrant: t.field({ type: RegistrantInput, required: true }),
    people: t.field({ type: [PersonInput], description: 'The minors registered (1 to 6).' }),
    consents: t.field({ type: [ConsentAnswerInput], description: "One answer per purpose the form asks; trattamento_dati must be given." }),
    acceptNotice: t.boolean({ required: true, description: "true: the registrant read the club's privacy notice (the version the form shows)." }),
    website: t.string({ description: 'Leave empty (a field people never see).' }),
  }),
});

/** The typed input as the shared schema reads it (answers and consents keyed by id and purpose). */
function submissionOf(input: typeof SubmissionInput.$inferInput): unknown {
  return {
    ...input,
    people: (input.people ?? []).map((p) => ({
      ...p,
      answers: Object.fromEntries((p.answers ?? []).map((a) => [a.questionId, a.yes ?? a.text ?? undefined])),
    })),
    consents: Object.fromEntries((input.consents ?? []).map((c) => [c.purpose, c.granted])),
  };
}

builder.prismaObject('RegistrationForm', {
  description: 'An online registration form of a season, shared by its link.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    intro: t.exposeString('intro'),
    status: t.expose('status', { type: FormStatusEnum }),
    path: t.string({ description: 'The public link\'s path (/iscrizione/<token>); prefix the address the product is opened at.', resolve: (f) => registrationPath(f.token) }),
    settings: t.field({ type: SettingsRef, resolve: (f) => formSettings(f) }),
    season: t.relation('season'),
    group: t.relation('group', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    pendingCount: t.relationCount('submissions', { where: { status: 'in_attesa' }, description: 'Signed submissions waiting for approval.' }),
  }),
});

const MatchRef = builder.objectRef<{ taxIdCode: string; personId: string; firstname: string; lastname: string }>('RegistrationRegistryMatch').implement({
  description: 'A person already in the registry with the same tax code: the approval uses (and completes) that record.',
  fields: (t) => ({ taxIdCode: t.exposeString('taxIdCode'), personId: t.exposeID('personId'), firstname: t.exposeString('firstname'), lastname: t.exposeString('lastname') }),
});

builder.prismaObject('RegistrationDocument', {
  fields: (t) => ({
    id: t.exposeID('id'),
    personIndex: t.exposeInt('personIndex'),
    kind: t.exposeString('kind'),
    file: t.relation('file'),
  }),
});

builder.prismaObject('RegistrationSubmission', {
  description: 'What a family sent through a form, signed with the mailed code.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: SubmissionStatusEnum }),
    email: t.exposeString('email'),
    content: t.field({ type: ContentRef, description: 'As sent and signed.', resolve: (s) => s.content as unknown as Content }),
    signerName: t.exposeString('signerName', { nullable: true }),
    signedAt: t.expose('signedAt', { type: 'DateTime', nullable: true }),
    signedIp: t.exposeString('signedIp', { nullable: true }),
    contentHash: t.exposeString('contentHash', { nullable: true, description: 'SHA-256 of the signed text: the signature\'s fingerprint.' }),
    pdfPath: t.string({ nullable: true, description: 'GET it with the session and X-Club: the signed PDF.', resolve: (s) => (s.pdfFileId ? `/api/registrations/${s.id}/signed.pdf` : null) }),
    reason: t.exposeString('reason', { nullable: true }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    form: t.relation('form'),
    documents: t.relation('documents'),
    personIds: t.exposeIDList('personIds', { description: 'The people created or matched at approval, in the order of content.people.' }),
    registryMatches: t.field({
      type: [MatchRef],
      nullable: { list: false, items: true },
      description: 'Per person (the registrant first, then content.people), the registry\'s person with the same tax code, or null.',
      select: { content: true },
      resolve: (s, _args, ctx) => registryMatches(ctx, s),
    }),
  }),
});

const SubmissionPageRef = builder.objectRef<{ where: ReturnType<typeof submissionsWhere>; offset: number; first: number }>('RegistrationSubmissionPage').implement({
  fields: (t) => ({
    totalCount: t.int({ resolve: (p, _a, ctx) => clubDb(ctx).registrationSubmission.count({ where: p.where }) }),
    items: t.prismaField({
      type: ['RegistrationSubmission'],
      resolve: (query, p, _a, ctx) => clubDb(ctx).registrationSubmission.findMany({ ...query, where: p.where, orderBy: [{ signedAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], skip: p.offset, take: p.first }),
    }),
  }),
});

const PublicFormRef = builder.objectRef<PublicRegistrationForm>('PublicRegistrationForm').implement({
  description: 'A registration form as its public link shows it.',
  fields: (t) => ({
    title: t.string({ resolve: (p) => p.form.title }),
    intro: t.string({ resolve: (p) => p.form.intro }),
    open: t.boolean({ resolve: (p) => p.form.status === 'aperto' }),
    clubName: t.exposeString('clubName'),
    seasonLabel: t.exposeString('seasonLabel'),
    groupName: t.exposeString('groupName', { nullable: true }),
    settings: t.field({ type: SettingsRef, resolve: (p) => p.settings }),
    noticeVersion: t.int({ nullable: true, resolve: (p) => p.notice?.version ?? null }),
    noticeTitle: t.string({ nullable: true, resolve: (p) => p.notice?.title ?? null }),
    noticeText: t.string({ nullable: true, resolve: (p) => p.notice?.text ?? null }),
  }),
});

const OwnSubmissionRef = builder.objectRef<RegistrationSubmission>('OwnRegistration').implement({
  description: 'A submission as its registrant sees it.',
  fields: (t) => ({
    status: t.expose('status', { type: SubmissionStatusEnum }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why the club sent it back or rejected it.' }),
    signedAt: t.expose('signedAt', { type: 'DateTime', nullable: true }),
    contentHash: t.exposeString('contentHash', { nullable: true }),
    maskedEmail: t.string({ resolve: (s) => maskEmail(s.email) }),
    content: t.field({ type: ContentRef, resolve: (s) => s.content as unknown as Content }),
  }),
});

const SignatureCheckRef = builder.objectRef<SignatureCheck>('RegistrationSignatureCheck').implement({
  fields: (t) => ({
    hash: t.exposeString('hash'),
    clubName: t.exposeString('clubName'),
    formTitle: t.exposeString('formTitle'),
    seasonLabel: t.exposeString('seasonLabel'),
    signerName: t.exposeString('signerName'),
    signedAt: t.expose('signedAt', { type: 'DateTime' }),
    status: t.expose('status', { type: SubmissionStatusEnum }),
  }),
});

const QuestionInput = builder.inputType('RegistrationQuestionInput', {
  fields: (t) => ({
    id: t.string({ required: true, description: 'a-z, 0-9, _ and -, up to 40 characters; unique in the form.' }),
    label: t.string({ required: true }),
    kind: t.field({ type: QuestionKindEnum, required: true }),
    options: t.stringList({ description: 'The choices of a scelta question (2 to 20).' }),
    required: t.boolean(),
  }),
});
const FieldAskInput = builder.inputType('RegistrationFieldAskInput', { fields: (t) => ({ field: t.field({ type: FieldEnum, required: true }), level: t.field({ type: AskLevelEnum, required: true }) }) });
const DocumentAskInput = builder.inputType('RegistrationDocumentAskInput', { fields: (t) => ({ kind: t.field({ type: DocumentEnum, required: true }), level: t.field({ type: AskLevelEnum, required: true }) }) });

const SaveFormInput = builder.inputType('SaveRegistrationFormInput', {
  fields: (t) => ({
    id: t.id({ description: 'Absent: a new form (its link is made).' }),
    seasonId: t.id({ required: true }),
    title: t.string({ required: true }),
    intro: t.string(),
    status: t.field({ type: FormStatusEnum }),
    groupId: t.id({ description: 'An active group of athletes the approved people join.' }),
    fields: t.field({ type: [FieldAskInput], description: 'Fields left out: facoltativo.' }),
    questions: t.field({ type: [QuestionInput] }),
    documents: t.field({ type: [DocumentAskInput], description: 'Documents left out: no.' }),
    consents: t.field({ type: [ConsentPurposeEnum], description: 'trattamento_dati is always asked.' }),
  }),
});

const FormPayload = builder.objectRef<{ message: string; id: string }>('SaveRegistrationFormPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    form: t.prismaField({ type: 'RegistrationForm', resolve: (query, p, _a, ctx) => clubDb(ctx).registrationForm.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const SubmitPayload = builder.objectRef<SubmitResult>('SubmitRegistrationPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    accessToken: t.exposeString('accessToken', { description: "The browser's secret for this submission: upload documents, sign, download the signed PDF." }),
    maskedEmail: t.exposeString('maskedEmail'),
  }),
});

const SignPayload = builder.objectRef<{ hash: string; message: string; verifyPath: string; pdfPath: string }>('SignRegistrationPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    hash: t.exposeString('hash', { description: 'SHA-256 of the signed text.' }),
    verifyPath: t.exposeString('verifyPath'),
    pdfPath: t.exposeString('pdfPath', { description: 'The signed PDF, for this browser (its secret is in the address).' }),
  }),
});

const UploadPayload = builder.objectRef<{ message: string; filename: string }>('RegistrationDocumentPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), filename: t.exposeString('filename') }),
});

const ApprovePayload = builder.objectRef<{ approved: string[]; refused: Array<{ id: string; message: string }>; message: string }>('ApproveRegistrationsPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    approved: t.exposeIDList('approved'),
    refused: t.field({
      type: [builder.objectRef<{ id: string; message: string }>('RegistrationRefusal').implement({ fields: (r) => ({ id: r.exposeID('id'), message: r.exposeString('message') }) })],
      resolve: (p) => p.refused,
    }),
  }),
});

const DecisionPayload = builder.objectRef<{ message: string; id: string }>('RegistrationDecisionPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    submission: t.prismaField({ type: 'RegistrationSubmission', resolve: (query, p, _a, ctx) => clubDb(ctx).registrationSubmission.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

builder.queryFields((t) => ({
  registrationForms: t.prismaField({
    type: ['RegistrationForm'],
    description: "The club's registration forms, the latest first.",
    resolve: (query, _root, _args, ctx) => clubDb(ctx).registrationForm.findMany({ ...query, where: { clubId: clubMember(ctx).clubId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  }),
  registrationSubmissions: t.field({
    type: SubmissionPageRef,
    description: 'The approval queue and its history: by default every signed submission, the oldest signature first.',
    args: { formId: t.arg.id(), status: t.arg({ type: SubmissionStatusEnum }), offset: t.arg.int({ defaultValue: 0 }), first: t.arg.int({ defaultValue: PAGE_SIZE }) },
    resolve: (_root, args, ctx) => ({
      where: submissionsWhere(ctx, { formId: args.formId ? String(args.formId) : null, status: args.status ?? null }),
      offset: Math.max(0, args.offset ?? 0),
      first: Math.min(Math.max(1, args.first ?? PAGE_SIZE), MAX_PAGE_SIZE),
    }),
  }),
  publicRegistrationForm: t.field({
    type: PublicFormRef,
    nullable: true,
    description: 'The form a public link names (open or closed); null for an unknown token or a draft.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => readPublicRegistrationForm(ctx, token),
  }),
  myRegistration: t.field({
    type: OwnSubmissionRef,
    nullable: true,
    description: "A registrant's own submission by its browser's secret (no account): its state, the club's reason, what was sent (to correct it); null when unknown.",
    args: { accessToken: t.arg.string({ required: true }) },
    resolve: (_root, { accessToken }, ctx) => readOwnSubmission(ctx, accessToken),
  }),
  registrationSignature: t.field({
    type: SignatureCheckRef,
    nullable: true,
    description: 'Checks a signature by its SHA-256: null when no signed registration has it.',
    args: { hash: t.arg.string({ required: true }) },
    resolve: (_root, { hash }, ctx) => verifyRegistrationSignature(ctx, hash),
  }),
}));

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  saveRegistrationForm: t.field({
    type: FormPayload,
    description: 'Creates (no id) or edits a registration form.',
    args: { input: t.arg({ type: SaveFormInput, required: true }) },
    errors: { types: [ValidationError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { fields, documents, questions, consents, ...rest } = input;
      const settings = {
        fields: Object.fromEntries((fields ?? []).map((f) => [f.field, f.level])),
        documents: Object.fromEntries((documents ?? []).map((d) => [d.kind, d.level])),
        questions: (questions ?? []).map((q) => ({ ...q, options: q.options ?? [], required: q.required ?? false })),
        consents: consents ?? undefined,
      };
      const { form, message } = await saveRegistrationForm(ctx, { ...rest, settings });
      return { message, id: form.id };
    },
  }),
  approveRegistrations: t.field({
    type: ApprovePayload,
    description: 'Approves signed submissions (at most 500): people, guardians, register entries, group, certificates and consents; each registrant is mailed.',
    args: { ids: t.arg.idList({ required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, { ids }, ctx) => approveRegistrations(ctx, ids),
  }),
  requestRegistrationChanges: t.field({
    type: DecisionPayload,
    description: 'Sends a signed submission back to the registrant with what to correct (mailed).',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { id, reason }, ctx) => {
      const { submission, message } = await decideRegistration(ctx, id, 'changes', reason);
      return { message, id: submission.id };
    },
  }),
  rejectRegistration: t.field({
    type: DecisionPayload,
    description: 'Rejects a signed submission with a reason (mailed).',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { id, reason }, ctx) => {
      const { submission, message } = await decideRegistration(ctx, id, 'reject', reason);
      return { message, id: submission.id };
    },
  }),
  submitRegistration: t.field({
    type: SubmitPayload,
    description: 'Sends a registration through a form\'s link (no account); the signing code is mailed to registrant.email. `replaces`: the secret of a submission sent back for changes.',
    args: { token: t.arg.string({ required: true }), input: t.arg({ type: SubmissionInput, required: true }), replaces: t.arg.string() },
    errors: { types: [ValidationError, ConflictError, RateLimitError, NotFoundError] },
    resolve: (_root, { token, input, replaces }, ctx) => submitRegistration(ctx, token, submissionOf(input), replaces),
  }),
  uploadRegistrationDocument: t.field({
    type: UploadPayload,
    description: 'Uploads (or replaces) a document of one person of a submission not yet signed: PDF, PNG, JPEG or WebP, at most 5 MB. The only upload open without an account.',
    args: { accessToken: t.arg.string({ required: true }), personIndex: t.arg.int({ required: true }), kind: t.arg({ type: DocumentEnum, required: true }), file: t.arg({ type: 'Upload', description: 'Required: without it the answer is a ValidationError on file.' }) },
    errors: { types: [ValidationError, ConflictError, RateLimitError] },
    resolve: (_root, { accessToken, personIndex, kind, file }, ctx) =>
      uploadRegistrationDocument(ctx, accessToken, personIndex, kind, () => (file ? readGraphQLUpload(file, 'file') : Promise.reject(new ValidationError({ file: MSG.fileMissing }, MSG.fileMissing)))),
  }),
  resendRegistrationCode: t.field({
    type: SubmitPayload,
    description: 'Mails a new signing code (the previous one stops working).',
    args: { accessToken: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, RateLimitError] },
    resolve: (_root, { accessToken }, ctx) => resendRegistrationCode(ctx, accessToken),
  }),
  signRegistration: t.field({
    type: SignPayload,
    description: 'Signs a submission with the name typed and the mailed code: the signed PDF and its hash are frozen, the submission goes to the approval queue.',
    args: { accessToken: t.arg.string({ required: true }), signerName: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, RateLimitError] },
    resolve: async (_root, { accessToken, signerName, code }, ctx) => ({ ...(await signRegistration(ctx, accessToken, { signerName, code })), pdfPath: signedPdfPath(accessToken) }),
  }),
}));
