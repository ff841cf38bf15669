// GraphQL face of the privacy notice and consents (issue 36 point 2). Thin adapters over consents.service.ts.
import { PAGE_SIZE } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { ConsentGiverEnum, ConsentPurposeEnum, ConsentStatusEnum, MAX_PAGE_SIZE } from '../../graphql/enums';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { dayOf as day } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { consentGaps, personConsentStates, publishPrivacyNotice, recordConsent, withdrawConsent, type ConsentGap, type PurposeState } from './consents.service';

builder.prismaObject('PrivacyNotice', {
  description: "A version of the club's privacy notice (informativa privacy); versions are never edited.",
  fields: (t) => ({
    id: t.exposeID('id'),
    version: t.exposeInt('version'),
    title: t.exposeString('title'),
    text: t.exposeString('text'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
  }),
});

const ConsentGiverPersonRef = builder.prismaObject('Person', {
  variant: 'ConsentGiverPerson',
  description: 'The guardian who gave a consent for a minor.',
  fields: (t) => ({ personId: t.exposeID('id'), firstname: t.exposeString('firstname'), lastname: t.exposeString('lastname') }),
});

const ConsentRef = builder.prismaObject('Consent', {
  description: 'A consent for one purpose about a person, given or refused against a notice version; withdrawn ones stay as evidence.',
  fields: (t) => ({
    id: t.exposeID('id'),
    purpose: t.expose('purpose', { type: ConsentPurposeEnum }),
    granted: t.exposeBoolean('granted'),
    givenOn: t.string({ description: 'YYYY-MM-DD', resolve: (c) => day(c.givenOn)! }),
    recordedAt: t.expose('createdAt', { type: 'DateTime' }),
    withdrawnAt: t.expose('withdrawnAt', { type: 'DateTime', nullable: true }),
    noticeVersion: t.int({ select: { notice: { select: { version: true } } }, resolve: (c) => c.notice.version }),
    givenBy: t.relation('givenBy', { type: ConsentGiverPersonRef, nullable: true, description: 'The guardian who answered; null: the person themselves.' }),
  }),
});

const PurposeStateRef = builder.objectRef<PurposeState>('ConsentPurposeState').implement({
  description: "A purpose's status for a person, and who answers for it today.",
  fields: (t) => ({
    purpose: t.expose('purpose', { type: ConsentPurposeEnum }),
    status: t.expose('status', { type: ConsentStatusEnum }),
    giver: t.expose('giver', { type: ConsentGiverEnum }),
    // The row already read (its relations, when asked, are loaded by the Prisma plugin's fallback).
    latest: t.field({ type: ConsentRef, nullable: true, resolve: (s) => s.latest }),
  }),
});

const PersonConsentsRef = builder.objectRef<{ personId: string; states: PurposeState[] }>('PersonConsents').implement({
  fields: (t) => ({
    personId: t.exposeID('personId'),
    purposes: t.field({ type: [PurposeStateRef], resolve: (p) => p.states }),
    history: t.prismaField({
      type: ['Consent'],
      description: 'Every consent recorded about the person, the latest first.',
      resolve: (query, p, _args, ctx) => clubDb(ctx).consent.findMany({ ...query, where: { personId: p.personId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    }),
  }),
});

const ConsentGapRef = builder.objectRef<ConsentGap>('ConsentGap').implement({
  fields: (t) => ({
    personId: t.exposeID('personId'),
    roleId: t.exposeID('roleId', { description: 'One of the active roles: the person page is /persona/:roleId.' }),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    birthday: t.exposeString('birthday', { nullable: true }),
    status: t.expose('status', { type: ConsentStatusEnum }),
  }),
});

const ConsentGapPageRef = builder.objectRef<{ totalCount: number; items: ConsentGap[] }>('ConsentGapPage').implement({
  fields: (t) => ({ totalCount: t.exposeInt('totalCount'), items: t.field({ type: [ConsentGapRef], resolve: (p) => p.items }) }),
});

const PublishPrivacyNoticeInput = builder.inputType('PublishPrivacyNoticeInput', {
  fields: (t) => ({ title: t.string({ required: true }), text: t.string({ required: true, description: 'Plain text; up to 50,000 characters.' }) }),
});

const RecordConsentInput = builder.inputType('RecordConsentInput', {
  fields: (t) => ({
    personId: t.id({ required: true }),
    purpose: t.field({ type: ConsentPurposeEnum, required: true }),
    granted: t.boolean({ required: true }),
    givenById: t.id({ description: "The guardian answering for a minor (one of the person's guardians); absent: the person themselves." }),
    givenOn: t.string({ description: 'YYYY-MM-DD, not in the future; default today.' }),
  }),
});

const PrivacyNoticePayload = builder.objectRef<{ message: string; id: string }>('PublishPrivacyNoticePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    notice: t.prismaField({ type: 'PrivacyNotice', resolve: (query, p, _args, ctx) => clubDb(ctx).privacyNotice.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const ConsentPayload = builder.objectRef<{ message: string; id: string }>('ConsentPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    consent: t.prismaField({ type: 'Consent', resolve: (query, p, _args, ctx) => clubDb(ctx).consent.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

builder.queryFields((t) => ({
  privacyNotices: t.prismaField({
    type: ['PrivacyNotice'],
    description: "Every version of the club's privacy notice, the latest (the current one) first.",
    resolve: (query, _root, _args, ctx) => clubDb(ctx).privacyNotice.findMany({ ...query, where: { clubId: clubMember(ctx).clubId }, orderBy: { version: 'desc' } }),
  }),
  personConsents: t.field({
    type: PersonConsentsRef,
    nullable: true,
    description: "A person's consents: each purpose's status and who answers for it today, and the history; null when unknown or of another club.",
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_root, { personId }, ctx) => personConsentStates(ctx, personId),
  }),
  consentGaps: t.field({
    type: ConsentGapPageRef,
    description: 'The people with an active role whose consent for the purpose is not given against the current notice, by name.',
    args: { purpose: t.arg({ type: ConsentPurposeEnum, required: true }), offset: t.arg.int({ defaultValue: 0 }), first: t.arg.int({ defaultValue: PAGE_SIZE }) },
    resolve: (_root, { purpose, offset, first }, ctx) => consentGaps(ctx, purpose, Math.max(0, offset ?? 0), Math.min(Math.max(1, first ?? PAGE_SIZE), MAX_PAGE_SIZE)),
  }),
}));

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  publishPrivacyNotice: t.field({
    type: PrivacyNoticePayload,
    description: "Publishes the next version of the club's privacy notice; consents given against an older one become da_rinnovare.",
    args: { input: t.arg({ type: PublishPrivacyNoticeInput, required: true }) },
    errors: { types: [ValidationError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { notice, message } = await publishPrivacyNotice(ctx, input);
      return { message, id: notice.id };
    },
  }),
  recordConsent: t.field({
    type: ConsentPayload,
    description: 'Records a consent given or refused (on paper, at the desk) against the current notice.',
    args: { input: t.arg({ type: RecordConsentInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { consent, message } = await recordConsent(ctx, input);
      return { message, id: consent.id };
    },
  }),
  withdrawConsent: t.field({
    type: ConsentPayload,
    description: 'Withdraws a consent; it stays in the history with when it was withdrawn.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: async (_root, { id }, ctx) => {
      const { consent, message } = await withdrawConsent(ctx, id);
      return { message, id: consent.id };
    },
  }),
}));
