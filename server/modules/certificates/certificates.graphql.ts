// GraphQL face of medical certificates and eligibility (issue 14): the history and the state on Person and
// PersonRole, the staff qualifications' state, adding and removing a certificate, a team's eligibility. Thin
// adapters: the rules are schema/medical-certificates.ts's and the services'.
import { clubDate } from '../../../schema/club-time';
import {
  expiryState,
  MEDICAL_CERTIFICATE_TYPES,
  CERTIFICATE_TYPE_RULES,
  QUALIFICATIONS,
  QUALIFICATION_LABELS,
  qualificationState,
  type Qualification,
} from '../../../schema/medical-certificates';
import { revealHealth } from '../../access/health-data';
import type { RequestContext } from '../../context';
import { clubDb } from '../../access/request-db';
import { builder } from '../../graphql/builder';
import { CertificateStatusEnum } from '../../graphql/enums';
import { GroupRef, PersonRoleRef } from '../../graphql/model-refs';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { readGraphQLUpload } from '../files/files.service';
import { addMedicalCertificate, athleteCertificateState, deleteMedicalCertificate, LATEST_FIRST, shownCertificates } from './certificates.service';
import { groupEligibility, type EligibilityRow, type GroupEligibility } from './eligibility.service';
import { CURRENT_ROLE_FIRST } from '../people/people.policy';
import { dayOf as day } from '../../lib/date-columns';

/** The club's day on the app's clock (AppDeps.now). */
const today = (ctx: RequestContext) => clubDate(ctx.deps.now());

export const MedicalCertificateTypeEnum = builder.enumType('MedicalCertificateType', {
  description: 'agonistico (DM 18/02/1982, at most 24 months), non_agonistico (DM 24/04/2013, 12 months), ludico_motorio (no longer compulsory: DL 69/2013).',
  values: Object.fromEntries(MEDICAL_CERTIFICATE_TYPES.map((type) => [type, { value: type, description: CERTIFICATE_TYPE_RULES[type].label }])),
});

const MedicalCertificateRef = builder.prismaObject('MedicalCertificate', {
  description: "A medical certificate of a person's history (health data: health.read).",
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.expose('type', { type: MedicalCertificateTypeEnum, nullable: true, description: 'Null for one recorded through the legacy fields without a type.' }),
    sport: t.exposeString('sport', { nullable: true, description: 'The sport or discipline.' }),
    issuedOn: t.string({ nullable: true, description: 'YYYY-MM-DD; null for one recorded through the legacy fields.', resolve: (c) => day(c.issuedOn) }),
    expiresOn: t.string({ description: 'YYYY-MM-DD, the last valid day.', resolve: (c) => day(c.expiresOn)! }),
    issuer: t.exposeString('issuer', { nullable: true, description: 'The doctor or the sports medicine centre.' }),
    file: t.relation('file', { nullable: true }),
    state: t.field({
      type: CertificateStatusEnum,
      description: 'This certificate on the club\'s day, whatever the age (valid, expiring, expired).',
      resolve: (c, _args, ctx) => expiryState(day(c.expiresOn), today(ctx)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const QualificationEnum = builder.enumType('StaffQualificationKind', {
  values: Object.fromEntries(QUALIFICATIONS.map((q) => [q, { value: q, description: QUALIFICATION_LABELS[q] }])),
});

interface QualificationStatus {
  qualification: Qualification;
  held: boolean;
  expiresOn: string | null;
}

const QualificationStatusRef = builder.objectRef<QualificationStatus>('QualificationStatus').implement({
  description: 'A staff qualification (BLSD, first aid, fire prevention) with the same expiry states as certificates.',
  fields: (t) => ({
    qualification: t.field({ type: QualificationEnum, resolve: (q) => q.qualification }),
    held: t.exposeBoolean('held'),
    expiresOn: t.exposeString('expiresOn', { nullable: true }),
    state: t.field({
      type: CertificateStatusEnum,
      description: 'missing when not held; held without a date counts as valid.',
      resolve: (q, _args, ctx) => qualificationState(q.held, q.expiresOn, today(ctx)),
    }),
  }),
});

builder.prismaObjectFields('Person', (t) => ({
  medicalCertificates: t.field({
    type: [MedicalCertificateRef],
    nullable: true,
    description: 'The certificate history, latest expiry first; null without health.read (each read is logged).',
    // Planned into the person's own query: a page of people costs the same statements with it.
    select: (_args, _ctx, nestedSelection) => ({ medicalCertificates: nestedSelection({ orderBy: [...LATEST_FIRST] }) }),
    resolve: (person, _args, ctx) => shownCertificates(ctx, person.id, person.medicalCertificates),
  }),
  certificateStatus: t.field({
    type: CertificateStatusEnum,
    nullable: true,
    description: "The person's certificate state today as an athlete (null when not an athlete, or without health.read).",
    select: {
      birthday: true,
      // The current athlete role (archived ones registered again come after it).
      roles: { where: { kind: 'athlete' }, orderBy: [...CURRENT_ROLE_FIRST], take: 1, select: { id: true, athlete: { select: { medicalExaminationExpirationDate: true } } } },
    },
    resolve: (person, _args, ctx) => {
      const role = person.roles[0];
      if (!role || !revealHealth(ctx, { roleIds: [role.id] })) return null;
      return athleteCertificateState(role.athlete?.medicalExaminationExpirationDate, person.birthday, ctx.deps.now());
    },
  }),
  qualifications: t.field({
    type: [QualificationStatusRef],
    description: 'BLSD, first aid and fire prevention, each with its state today.',
    select: {
      hasBlsd: true,
      blsdExpiresOn: true,
      hasFirstAid: true,
      firstAidExpiresOn: true,
      hasFirePrevention: true,
      firePreventionExpiresOn: true,
    },
    resolve: (p): QualificationStatus[] => [
      { qualification: 'blsd', held: p.hasBlsd, expiresOn: day(p.blsdExpiresOn) },
      { qualification: 'firstAid', held: p.hasFirstAid, expiresOn: day(p.firstAidExpiresOn) },
      { qualification: 'firePrevention', held: p.hasFirePrevention, expiresOn: day(p.firePreventionExpiresOn) },
    ],
  }),
}));

builder.prismaObjectField('PersonRole', 'certificateStatus', (t) =>
  t.field({
    type: CertificateStatusEnum,
    nullable: true,
    description: "Athlete roles: the certificate state today (the lists' column and filter); null for other kinds and without health.read.",
    select: { kind: true, athlete: { select: { medicalExaminationExpirationDate: true } }, person: { select: { birthday: true } } },
    resolve: (role, _args, ctx) => {
      if (role.kind !== 'athlete' || !revealHealth(ctx, { roleIds: [role.id] })) return null;
      return athleteCertificateState(role.athlete?.medicalExaminationExpirationDate, role.person.birthday, ctx.deps.now());
    },
  }),
);

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

const AddMedicalCertificateInput = builder.inputType('AddMedicalCertificateInput', {
  description: 'Fields are not required by the schema so that missing ones come back as ValidationError with Italian messages.',
  fields: (t) => ({
    personId: t.id({ required: true, description: 'The person (who must be an athlete of the club).' }),
    type: t.string({ description: 'agonistico, non_agonistico or ludico_motorio.' }),
    sport: t.string(),
    issuedOn: t.string({ description: 'YYYY-MM-DD, not in the future.' }),
    expiresOn: t.string({ description: 'YYYY-MM-DD, after issuedOn and within the type\'s longest validity.' }),
    issuer: t.string({ description: 'The doctor or the centre.' }),
    file: t.field({ type: 'Upload', description: 'PDF, PNG, JPEG or WebP, at most 5 MB.' }),
  }),
});

const CertificatePayload = builder.objectRef<{ message: string; personId: string; certificateId?: string }>('MedicalCertificatePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    certificate: t.prismaField({
      type: 'MedicalCertificate',
      nullable: true,
      resolve: (query, p, _args, ctx) => (p.certificateId ? clubDb(ctx).medicalCertificate.findUnique({ ...query, where: { id: p.certificateId } }) : null),
    }),
    person: t.prismaField({
      type: 'Person',
      description: 'The person, with the new latest certificate and state.',
      resolve: (query, p, _args, ctx) => clubDb(ctx).person.findUniqueOrThrow({ ...query, where: { id: p.personId } }),
    }),
  }),
});

builder.mutationFields((t) => ({
  addMedicalCertificate: t.field({
    type: CertificatePayload,
    description: "Adds a certificate to an athlete's history (health.write and people.athlete.write); the latest becomes the legacy fields' value.",
    args: { input: t.arg({ type: AddMedicalCertificateInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { personId, file, ...fields } = input;
      const saved = await addMedicalCertificate(ctx, personId, fields, async () => (file ? readGraphQLUpload(file, 'file') : undefined));
      return { message: saved.message, personId: saved.certificate.personId, certificateId: saved.certificate.id };
    },
  }),
  deleteMedicalCertificate: t.field({
    type: CertificatePayload,
    description: 'Removes a certificate entered by mistake (and its file); the previous one becomes the latest again.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: (_root, { id }, ctx) => deleteMedicalCertificate(ctx, id),
  }),
}));

const EligibilityRowRef = builder.objectRef<EligibilityRow>('EligibilityRow').implement({
  fields: (t) => ({
    // Loaded with its person and details; anything else asked for is loaded by Pothos, batched.
    role: t.field({ type: PersonRoleRef, resolve: (r) => r.role }),
    state: t.field({ type: CertificateStatusEnum, resolve: (r) => r.state }),
    mayPlay: t.exposeBoolean('mayPlay', { description: 'valid, expiring (still valid today) or notRequired.' }),
    expiresOn: t.exposeString('expiresOn', { nullable: true }),
  }),
});

const EligibilityRef = builder.objectRef<GroupEligibility>('GroupEligibility').implement({
  fields: (t) => ({
    group: t.field({ type: GroupRef, resolve: (e) => e.group }),
    today: t.exposeString('today', { description: "The club's day it is measured on." }),
    athletes: t.field({ type: [EligibilityRowRef], resolve: (e) => e.rows }),
    mayPlay: t.int({ resolve: (e) => e.rows.filter((r) => r.mayPlay).length }),
    mayNotPlay: t.int({ resolve: (e) => e.rows.filter((r) => !r.mayPlay).length }),
  }),
});

builder.queryField('groupEligibility', (t) =>
  t.field({
    type: EligibilityRef,
    nullable: true,
    description:
      "A group's or category's athletes (not archived) with their certificate state today and whether they may play; null for an unknown group or another club's. Needs health.read.",
    args: { groupId: t.arg.id({ required: true }) },
    resolve: (_root, { groupId }, ctx) => groupEligibility(ctx, groupId),
  }),
);

