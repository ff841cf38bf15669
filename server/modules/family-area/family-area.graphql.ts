// GraphQL face of the personal area (issue 36 points 4 and 5): what members and guardians read and do about their
// family, and the staff's queue of their requests. Thin adapters: the services decide (familyDoor for the family's
// side, the operation table for who may call each field). Plain object types, not Prisma ones: the family reads no
// relation through the club's client, only what the services hand out.
import { FAMILY_RELATIONS } from '../../access/permissions';
import { builder } from '../../graphql/builder';
import { CertificateStatusEnum, ConsentGiverEnum, ConsentPurposeEnum, ConsentStatusEnum, GuardianRelationshipEnum } from '../../graphql/enums';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { readGraphQLUpload } from '../files/files.service';
import { familyArea, familyPerson, type FamilyAreaPerson, type FamilyPersonPage, type VisibilityRow } from './family-area.service';
import { acceptPrivacyNotice, pendingPrivacyNotices, type PendingNotice } from './privacy-acceptance.service';
import { submitFamilyCertificate, updateFamilyPerson, withdrawFamilyConsent } from './family-requests.service';
import { certificateSubmissions, decideCertificateSubmission, decidePersonChangeRequest, personChangeRequests } from './family-review.service';

const FamilyRelationEnum = builder.enumType('FamilyRelation', {
  description: 'How the signed-in account relates to a person: titolare (the person, of age), minore (the person, under 18), genitore (a guardian of the minor).',
  values: FAMILY_RELATIONS,
});

const FamilyRequestStatusEnum = builder.enumType('FamilyRequestStatus', { values: ['in_attesa', 'approvata', 'rifiutata'] as const });

const FamilyAreaPersonRef = builder.objectRef<FamilyAreaPerson>('FamilyAreaPerson').implement({
  description: 'A person of the family on the first screen of the personal area.',
  fields: (t) => ({
    personId: t.exposeID('personId'),
    clubId: t.exposeID('clubId'),
    clubName: t.exposeString('clubName'),
    relation: t.field({ type: FamilyRelationEnum, resolve: (p) => p.relation }),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    birthday: t.exposeString('birthday', { nullable: true, description: 'YYYY-MM-DD' }),
    certificateState: t.field({ type: CertificateStatusEnum, nullable: true, description: 'For an athlete (health data, logged); null otherwise.', resolve: (p) => p.certificateState }),
    certificateExpiresOn: t.exposeString('certificateExpiresOn', { nullable: true }),
  }),
});

type Page = FamilyPersonPage;
const simple = <T extends object>(name: string, description: string, fields: Record<string, 'string' | 'int' | 'nullableString' | 'stringList'>) =>
  builder.objectRef<T>(name).implement({
    description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(fields).map(([key, kind]) => [
          key,
          kind === 'int'
            ? t.int({ resolve: (o) => (o as Record<string, number>)[key] })
            : kind === 'stringList'
              ? t.stringList({ resolve: (o) => (o as Record<string, string[]>)[key] })
              : t.string({ nullable: kind === 'nullableString', resolve: (o) => (o as Record<string, string>)[key] }),
        ]),
      ),
  });

const FamilyAddress = simple<NonNullable<Page['address']>>('FamilyAddress', 'The address as the club has it.', {
  address: 'nullableString', streetNumber: 'nullableString', postalCode: 'nullableString', city: 'nullableString', province: 'nullableString', country: 'nullableString',
});
const FamilyMembership = simple<Page['memberships'][number]>('FamilyMembership', 'An entry of the libro soci.', { number: 'int', admittedOn: 'string', exitOn: 'nullableString', seasons: 'stringList' });
const FamilyCard = simple<Page['cards'][number]>('FamilyCard', 'A federation or EPS card.', { body: 'string', number: 'string', season: 'string', startsOn: 'string', expiresOn: 'string' });
const FamilyCertificate = simple<Page['certificates'][number]>('FamilyCertificate', 'A medical certificate of the history (health data: each read is logged).', {
  id: 'string', type: 'nullableString', issuedOn: 'nullableString', expiresOn: 'string', issuer: 'nullableString',
});
const FamilyChange = simple<{ field: string; from: string | null; to: string | null }>('FamilyFieldChange', 'One field of a change request.', { field: 'string', from: 'nullableString', to: 'nullableString' });
const FamilyGuardian = builder.objectRef<Page['guardians'][number]>('FamilyGuardian').implement({
  fields: (t) => ({ name: t.exposeString('name'), relationship: t.field({ type: GuardianRelationshipEnum, resolve: (g) => g.relationship }) }),
});
const FamilyDocument = builder.objectRef<Page['documents'][number]>('FamilyDocument').implement({
  description: 'A document the club shares: a signed registration the club approved (GET /api/area/persone/{personId}/iscrizioni/{id}/firmata.pdf).',
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title'), signedAt: t.expose('signedAt', { type: 'DateTime', nullable: true }) }),
});
const FamilyVisibility = builder.objectRef<VisibilityRow>('FamilyVisibility').implement({
  description: 'A role of the club that may see the person, whether it sees health data, and who holds it.',
  fields: (t) => ({ role: t.exposeString('role'), roleLabel: t.exposeString('roleLabel'), health: t.exposeBoolean('health'), names: t.exposeStringList('names') }),
});
const FamilyConsent = builder.objectRef<Page['consents'][number]>('FamilyConsent').implement({
  fields: (t) => ({
    purpose: t.field({ type: ConsentPurposeEnum, resolve: (c) => c.purpose }),
    status: t.field({ type: ConsentStatusEnum, resolve: (c) => c.status }),
    giver: t.field({ type: ConsentGiverEnum, description: 'Who answers for it today.', resolve: (c) => c.giver }),
    canWithdraw: t.exposeBoolean('canWithdraw', { description: 'Given, and this account answers for it.' }),
    givenOn: t.exposeString('givenOn', { nullable: true }),
    withdrawnOn: t.exposeString('withdrawnOn', { nullable: true, description: 'YYYY-MM-DD, when withdrawn.' }),
    noticeVersion: t.exposeInt('noticeVersion', { nullable: true }),
  }),
});
const FamilyCertificateSent = builder.objectRef<Page['certificateSubmissions'][number]>('FamilyCertificateSent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    issuedOn: t.exposeString('issuedOn'),
    expiresOn: t.exposeString('expiresOn'),
    status: t.field({ type: FamilyRequestStatusEnum, resolve: (s) => s.status }),
    reason: t.exposeString('reason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
const FamilyChangeRequest = builder.objectRef<Page['changeRequests'][number]>('FamilyChangeRequest').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    changes: t.field({ type: [FamilyChange], resolve: (r) => r.changes }),
    status: t.field({ type: FamilyRequestStatusEnum, resolve: (r) => r.status }),
    reason: t.exposeString('reason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const FamilyChargeRef = builder.objectRef<Page['fees']['charges'][number]>('FamilyCharge').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    description: t.exposeString('description'),
    dueOn: t.string({ resolve: (c) => c.dueOn.toISOString().slice(0, 10) }),
    amountCents: t.int({ description: 'Owed, discount applied.', resolve: (c) => c.amountCents - c.discountCents }),
    discountReason: t.exposeString('discountReason', { nullable: true }),
    paidCents: t.exposeInt('paidCents'),
    openCents: t.exposeInt('openCents'),
    cancelled: t.boolean({ resolve: (c) => c.cancelledAt !== null }),
  }),
});
const FamilyFeesRef = builder.objectRef<Page['fees']>('FamilyFees').implement({
  description: "The person's charges and what is paid and open (euro cents).",
  fields: (t) => ({
    dueCents: t.int({ resolve: (f) => f.dueCents ?? 0 }),
    paidCents: t.int({ resolve: (f) => f.paidCents ?? 0 }),
    openCents: t.int({ resolve: (f) => f.openCents ?? 0 }),
    overdueCents: t.int({ resolve: (f) => f.overdueCents ?? 0 }),
    charges: t.field({ type: [FamilyChargeRef], resolve: (f) => f.charges }),
  }),
});
const FamilyReceiptRef = builder.objectRef<Page['receipts'][number]>('FamilyReceipt').implement({
  description: 'A receipt of the person (GET /api/area/persone/{personId}/ricevute/{id}.pdf).',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.exposeString('number'),
    issuedOn: t.exposeString('issuedOn'),
    amountCents: t.exposeInt('amountCents'),
    cancelled: t.exposeBoolean('cancelled'),
    deductible: t.exposeBoolean('deductible', { description: 'Valid for the 19 % deduction (traceable payment, athlete aged 5-18).' }),
  }),
});

const FamilyPersonPageRef = builder.objectRef<Page>('FamilyPersonPage').implement({
  description: 'One person of the family: data, memberships, cards, certificates, requests, shared documents, consents and who at the club sees them.',
  fields: (t) => ({
    personId: t.exposeID('personId'),
    clubName: t.exposeString('clubName'),
    relation: t.field({ type: FamilyRelationEnum, resolve: (p) => p.relation }),
    may: t.field({
      type: builder.objectRef<Page['may']>('FamilyPermissions').implement({
        description: "What this account may do for the person: its relation's permissions (docs/permissions.md).",
        fields: (f) => ({
          contacts: f.exposeBoolean('contacts', { description: 'family.contacts.write' }),
          changes: f.exposeBoolean('changes', { description: 'family.changes.request' }),
          certificates: f.exposeBoolean('certificates', { description: 'family.certificates.submit' }),
          consents: f.exposeBoolean('consents', { description: 'family.consents.withdraw (each consent says canWithdraw)' }),
          export: f.exposeBoolean('export', { description: 'family.export' }),
        }),
      }),
      resolve: (p) => p.may,
    }),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    taxIdCode: t.exposeString('taxIdCode', { nullable: true }),
    birthday: t.exposeString('birthday', { nullable: true }),
    birthplace: t.exposeString('birthplace', { nullable: true }),
    emailPrimary: t.exposeString('emailPrimary', { nullable: true }),
    phonePrimary: t.exposeString('phonePrimary', { nullable: true }),
    address: t.field({ type: FamilyAddress, nullable: true, resolve: (p) => p.address }),
    kinds: t.exposeStringList('kinds', { description: 'The roles held, in Italian (Atleta, Socio...).' }),
    memberships: t.field({ type: [FamilyMembership], resolve: (p) => p.memberships }),
    cards: t.field({ type: [FamilyCard], resolve: (p) => p.cards }),
    certificateState: t.field({ type: CertificateStatusEnum, nullable: true, resolve: (p) => p.certificateState }),
    certificates: t.field({ type: [FamilyCertificate], resolve: (p) => p.certificates }),
    certificateSubmissions: t.field({ type: [FamilyCertificateSent], resolve: (p) => p.certificateSubmissions }),
    changeRequests: t.field({ type: [FamilyChangeRequest], resolve: (p) => p.changeRequests }),
    guardians: t.field({ type: [FamilyGuardian], resolve: (p) => p.guardians }),
    consents: t.field({ type: [FamilyConsent], resolve: (p) => p.consents }),
    documents: t.field({ type: [FamilyDocument], resolve: (p) => p.documents }),
    visibility: t.field({ type: [FamilyVisibility], resolve: (p) => p.visibility }),
    fees: t.field({ type: FamilyFeesRef, resolve: (p) => p.fees }),
    receipts: t.field({ type: [FamilyReceiptRef], resolve: (p) => p.receipts }),
  }),
});

// ---- the staff's queue ----

type ChangeRow = Awaited<ReturnType<typeof personChangeRequests>>[number];
type CertificateRow = Awaited<ReturnType<typeof certificateSubmissions>>[number];

const PersonChangeRequestRef = builder.objectRef<ChangeRow>('PersonChangeRequest').implement({
  description: 'A key-field change asked from the personal area.',
  fields: (t) => ({
    id: t.exposeID('id'),
    personId: t.exposeID('personId'),
    personName: t.exposeString('personName'),
    roleId: t.exposeID('roleId', { nullable: true, description: "One of the person's roles: the person page's address." }),
    changes: t.field({ type: [FamilyChange], resolve: (r) => r.fields }),
    requestedBy: t.exposeString('requestedBy'),
    status: t.field({ type: FamilyRequestStatusEnum, resolve: (r) => r.status }),
    reason: t.exposeString('reason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CertificateSubmissionRef = builder.objectRef<CertificateRow>('CertificateSubmission').implement({
  description: 'A medical certificate sent from the personal area (its file: GET /files/{fileId}).',
  fields: (t) => ({
    id: t.exposeID('id'),
    personId: t.exposeID('personId'),
    personName: t.exposeString('personName'),
    roleId: t.exposeID('roleId', { nullable: true }),
    type: t.exposeString('typeLabel'),
    sport: t.exposeString('sport', { nullable: true }),
    issuedOn: t.string({ resolve: (s) => s.issuedOn.toISOString().slice(0, 10) }),
    expiresOn: t.string({ resolve: (s) => s.expiresOn.toISOString().slice(0, 10) }),
    issuer: t.exposeString('issuer', { nullable: true }),
    fileId: t.exposeID('fileId'),
    submittedBy: t.exposeString('submittedBy'),
    status: t.field({ type: FamilyRequestStatusEnum, resolve: (s) => s.status }),
    reason: t.exposeString('reason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const PendingNoticeRef = builder.objectRef<PendingNotice>('PendingPrivacyNotice').implement({
  description: "A club's current privacy notice that the account has not accepted yet (shown at sign-in to the personal area).",
  fields: (t) => ({
    id: t.exposeID('id'),
    clubName: t.exposeString('clubName'),
    version: t.exposeInt('version'),
    title: t.exposeString('title'),
    text: t.exposeString('text'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    changed: t.exposeBoolean('changed', { description: 'The account accepted an earlier version: the notice changed since.' }),
  }),
});

builder.queryFields((t) => ({
  myPendingPrivacyNotices: t.field({
    type: [PendingNoticeRef],
    description: "The current privacy notice of each club of the family that this account has not accepted yet: a new version asks again.",
    resolve: (_root, _args, ctx) => pendingPrivacyNotices(ctx),
  }),
  myFamily: t.field({
    type: [FamilyAreaPersonRef],
    description: 'The people the signed-in account reaches in the personal area: itself and the minors it is guardian of, in every club.',
    resolve: (_root, _args, ctx) => familyArea(ctx),
  }),
  myFamilyPerson: t.field({
    type: FamilyPersonPageRef,
    nullable: true,
    description: "One person of the family; null for anyone outside it (another family's person, an unknown id).",
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_root, { personId }, ctx) =>
      familyPerson(ctx, personId).catch((e) => {
        if (e instanceof NotFoundError) return null;
        throw e;
      }),
  }),
  personChangeRequests: t.field({
    type: [PersonChangeRequestRef],
    description: 'Changes of key fields asked from the personal area, oldest first (at most 200).',
    args: { status: t.arg({ type: FamilyRequestStatusEnum }) },
    resolve: (_root, { status }, ctx) => personChangeRequests(ctx, status ?? undefined),
  }),
  certificateSubmissions: t.field({
    type: [CertificateSubmissionRef],
    description: 'Medical certificates sent from the personal area, oldest first (at most 200).',
    args: { status: t.arg({ type: FamilyRequestStatusEnum }) },
    resolve: (_root, { status }, ctx) => certificateSubmissions(ctx, status ?? undefined),
  }),
}));

const FamilyAddressInput = builder.inputType('FamilyAddressInput', {
  fields: (t) => ({ address: t.string(), streetNumber: t.string(), postalCode: t.string(), city: t.string(), province: t.string(), country: t.string() }),
});

const UpdateMyFamilyPersonInput = builder.inputType('UpdateMyFamilyPersonInput', {
  description: 'contacts: written at once (family.contacts.write). keyFields: the ones that differ become a request for the club (family.changes.request).',
  fields: (t) => ({
    personId: t.id({ required: true }),
    contacts: t.field({
      type: builder.inputType('FamilyContactsInput', {
        fields: (f) => ({ emailPrimary: f.string(), phonePrimary: f.string(), address: f.field({ type: FamilyAddressInput }) }),
      }),
    }),
    keyFields: t.field({
      type: builder.inputType('FamilyKeyFieldsInput', {
        fields: (f) => ({ firstname: f.string(), lastname: f.string(), taxIdCode: f.string(), birthday: f.string({ description: 'YYYY-MM-DD' }), birthplace: f.string() }),
      }),
    }),
  }),
});

const SubmitMyCertificateInput = builder.inputType('SubmitMyCertificateInput', {
  description: 'As AddMedicalCertificateInput; the file is required.',
  fields: (t) => ({
    personId: t.id({ required: true }),
    type: t.string({ description: 'agonistico, non_agonistico or ludico_motorio.' }),
    sport: t.string(),
    issuedOn: t.string({ description: 'YYYY-MM-DD, not in the future.' }),
    expiresOn: t.string({ description: "YYYY-MM-DD, after issuedOn and within the type's longest validity." }),
    issuer: t.string(),
    file: t.field({ type: 'Upload', description: 'PDF, PNG, JPEG or WebP, at most 5 MB.' }),
  }),
});

const DecideFamilyRequestInput = builder.inputType('DecideFamilyRequestInput', {
  fields: (t) => ({ id: t.id({ required: true }), approve: t.boolean({ required: true }), reason: t.string({ description: 'Required to reject: the family receives it by mail.' }) }),
});

const FamilyUpdatePayload = builder.objectRef<{ message: string; applied: string[]; requested: string[] }>('FamilyUpdatePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    contactsSaved: t.boolean({ resolve: (p) => p.applied.length > 0 }),
    requestedFields: t.exposeStringList('requested', { description: 'The key fields sent to the club for approval.' }),
  }),
});
const MessagePayload = builder.objectRef<{ message: string; id?: string }>('FamilyMessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), id: t.id({ nullable: true, resolve: (p) => p.id ?? null }) }),
});

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  acceptPrivacyNotice: t.field({
    type: MessagePayload,
    description: "Records that the account read a club's current privacy notice (who, when, IP): never edited. Another club's, an older version or an unknown id: NotFoundError.",
    args: { noticeId: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { noticeId }, ctx) => acceptPrivacyNotice(ctx, noticeId),
  }),
  updateMyFamilyPerson: t.field({
    type: FamilyUpdatePayload,
    description: 'Saves the personal area form of one person: contacts at once, key fields as a request to the club.',
    args: { input: t.arg({ type: UpdateMyFamilyPersonInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, { input }, ctx) => updateFamilyPerson(ctx, input),
  }),
  submitMyCertificate: t.field({
    type: MessagePayload,
    description: 'Sends a new medical certificate of an athlete of the family; it joins the history when the club approves.',
    args: { input: t.arg({ type: SubmitMyCertificateInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, { input }, ctx) => {
      const { personId, file, ...fields } = input;
      return submitFamilyCertificate(ctx, personId, fields, async () => (file ? readGraphQLUpload(file, 'file') : undefined));
    },
  }),
  withdrawMyConsent: t.field({
    type: MessagePayload,
    description: 'Withdraws the consent for a purpose of a person of the family, when this account answers for it.',
    args: { personId: t.arg.id({ required: true }), purpose: t.arg({ type: ConsentPurposeEnum, required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: (_root, { personId, purpose }, ctx) => withdrawFamilyConsent(ctx, personId, purpose),
  }),
  decidePersonChangeRequest: t.field({
    type: MessagePayload,
    description: 'Approves (the fields written) or rejects (reason required, mailed) a change request from the personal area.',
    args: { input: t.arg({ type: DecideFamilyRequestInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, { input }, ctx) => decidePersonChangeRequest(ctx, input),
  }),
  decideCertificateSubmission: t.field({
    type: MessagePayload,
    description: 'Approves (added to the history) or rejects (reason required, mailed) a certificate from the personal area.',
    args: { input: t.arg({ type: DecideFamilyRequestInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, { input }, ctx) => decideCertificateSubmission(ctx, input),
  }),
}));

