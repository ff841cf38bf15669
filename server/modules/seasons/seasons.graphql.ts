// GraphQL face of seasons, the membership register (libro soci) and cards (issue 35 points 1-2). Thin adapters:
// the rules live in the services.
import { MEMBER_EXIT_CAUSES, SEASON_STATUSES } from '../../../schema/validation/seasons';
import { PAGE_SIZE } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { MAX_PAGE_SIZE } from '../../graphql/enums';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { clubRowWhere } from '../../lib/club-rows';
import { dayOf as day } from '../../lib/date-columns';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { listSeasons, saveSeason, seasonOfToday } from './seasons.service';
import { admitMember, memberRegisterWhere, recordMemberExit, renewMembership } from './register.service';
import { deleteCard, saveCard } from './cards.service';

const SeasonStatusEnum = builder.enumType('SeasonStatus', {
  description: 'preparing: the next season being set up; open: the running one; closed: past, read-only.',
  values: SEASON_STATUSES,
});

const MemberExitCauseEnum = builder.enumType('MemberExitCause', {
  description: "Why a socio left: recesso (they withdrew), decadenza (lapsed, e.g. the quota unpaid), esclusione (expelled by the board), decesso (death).",
  values: MEMBER_EXIT_CAUSES,
});

builder.prismaObject('ClubSeason', {
  name: 'Season',
  description: "A club's season: 1 September to 31 August unless the club keeps its own dates.",
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label', { description: '"2025/26", or "2026" for a season within one calendar year.' }),
    startsOn: t.string({ description: 'YYYY-MM-DD, the first day.', resolve: (s) => day(s.startsOn)! }),
    endsOn: t.string({ description: 'YYYY-MM-DD, the last day.', resolve: (s) => day(s.endsOn)! }),
    status: t.expose('status', { type: SeasonStatusEnum }),
  }),
});

builder.prismaObject('RegisterMember', {
  description: 'An entry of the membership register (libro soci): a socio from admission to exit, with one number for life.',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.exposeInt('number', { description: "The club's register number: sequential, never reused, never renumbered." }),
    admittedOn: t.string({ description: 'YYYY-MM-DD', resolve: (m) => day(m.admittedOn)! }),
    boardDecision: t.exposeString('boardDecision', { nullable: true, description: 'The board decision that admitted them (e.g. "Verbale n. 3").' }),
    boardDecisionOn: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (m) => day(m.boardDecisionOn) }),
    exitOn: t.string({ nullable: true, description: 'YYYY-MM-DD; null while a socio.', resolve: (m) => day(m.exitOn) }),
    exitCause: t.expose('exitCause', { type: MemberExitCauseEnum, nullable: true }),
    person: t.relation('person'),
    renewals: t.relation('seasons', { description: 'The seasons renewed, the latest first.', query: { orderBy: { renewedOn: 'desc' } } }),
  }),
});

builder.prismaObject('RegisterMemberSeason', {
  name: 'MembershipRenewal',
  description: "A socio's renewal for one season.",
  fields: (t) => ({
    id: t.exposeID('id'),
    renewedOn: t.string({ description: 'YYYY-MM-DD', resolve: (r) => day(r.renewedOn)! }),
    quotaCents: t.exposeInt('quotaCents', { nullable: true, description: 'The quota paid, in euro cents.' }),
    season: t.relation('season'),
  }),
});

builder.prismaObject('Card', {
  description: "A federation's or promotion body's (EPS) card (tessera) for a season.",
  fields: (t) => ({
    id: t.exposeID('id'),
    body: t.exposeString('body', { description: 'The federation or EPS (FIGC, UISP, CSI, ...).' }),
    number: t.exposeString('number'),
    startsOn: t.string({ description: 'YYYY-MM-DD', resolve: (c) => day(c.startsOn)! }),
    expiresOn: t.string({ description: 'YYYY-MM-DD, the last valid day.', resolve: (c) => day(c.expiresOn)! }),
    season: t.relation('season'),
  }),
});

// A variant of the person reachable only through personSeasons (members.read): the people lists do not expose it.
const PersonSeasonsRef = builder.prismaObject('Person', {
  variant: 'PersonSeasons',
  description: "A person's history of seasons: register entries (with their renewals) and cards.",
  fields: (t) => ({
    personId: t.exposeID('id'),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    memberships: t.relation('registerMemberships', { description: 'Register entries, the latest admission first.', query: { orderBy: { admittedOn: 'desc' } } }),
    cards: t.relation('cards', { description: 'Cards, the latest start first.', query: { orderBy: [{ startsOn: 'desc' }, { body: 'asc' }] } }),
  }),
});

const SaveSeasonInput = builder.inputType('SaveSeasonInput', {
  description: 'No id: prepares the next season (by default the latest one\'s dates a year on). With id: edits a season that is not closed.',
  fields: (t) => ({
    id: t.id(),
    label: t.string({ description: 'Default from the dates: "2026/27".' }),
    startsOn: t.string({ description: 'YYYY-MM-DD; with endsOn.' }),
    endsOn: t.string({ description: 'YYYY-MM-DD, the last day; at most a year after startsOn.' }),
    status: t.field({ type: SeasonStatusEnum }),
  }),
});

const AdmitMemberInput = builder.inputType('AdmitMemberInput', {
  fields: (t) => ({
    personId: t.id({ required: true }),
    admittedOn: t.string({ description: 'YYYY-MM-DD' }),
    boardDecision: t.string(),
    boardDecisionOn: t.string({ description: 'YYYY-MM-DD, not after admittedOn.' }),
  }),
});

const RecordMemberExitInput = builder.inputType('RecordMemberExitInput', {
  fields: (t) => ({
    memberId: t.id({ required: true }),
    exitOn: t.string({ description: 'YYYY-MM-DD' }),
    cause: t.field({ type: MemberExitCauseEnum }),
  }),
});

const RenewMembershipInput = builder.inputType('RenewMembershipInput', {
  fields: (t) => ({
    memberId: t.id({ required: true }),
    seasonId: t.id({ required: true }),
    renewedOn: t.string({ description: 'YYYY-MM-DD' }),
    quotaCents: t.int({ description: 'The quota paid, in euro cents.' }),
  }),
});

const SaveCardInput = builder.inputType('SaveCardInput', {
  fields: (t) => ({
    id: t.id({ description: 'Set to update.' }),
    personId: t.id({ required: true }),
    seasonId: t.id({ required: true }),
    body: t.string(),
    number: t.string(),
    startsOn: t.string({ description: 'YYYY-MM-DD' }),
    expiresOn: t.string({ description: 'YYYY-MM-DD' }),
  }),
});

type Models = 'ClubSeason' | 'RegisterMember' | 'RegisterMemberSeason' | 'Card';
type Find = (db: PrismaClient, args: { where: { id: string } } & object) => Promise<unknown>;

/** A payload of a message and one record, read back through the request's club client with the caller's selection. */
function payload(name: string, model: Models, field: string, find: Find) {
  return builder.objectRef<{ message: string; id: string }>(name).implement({
    fields: (t) => ({
      message: t.exposeString('message', { description: 'Italian success message.' }),
      // `never`: one resolver for four models; `find` returns the row of `model` with the selection asked.
      [field]: t.prismaField({ type: model, resolve: (query: object, p: { id: string }, _args: unknown, ctx) => find(clubDb(ctx), { ...query, where: { id: p.id } }) as never }),
    }),
  });
}

const SaveSeasonPayload = payload('SaveSeasonPayload', 'ClubSeason', 'season', (db, args) => db.clubSeason.findUniqueOrThrow(args));
const RegisterMemberPayload = payload('RegisterMemberPayload', 'RegisterMember', 'member', (db, args) => db.registerMember.findUniqueOrThrow(args));
const RenewMembershipPayload = payload('RenewMembershipPayload', 'RegisterMemberSeason', 'renewal', (db, args) => db.registerMemberSeason.findUniqueOrThrow(args));
const SaveCardPayload = payload('SaveCardPayload', 'Card', 'card', (db, args) => db.card.findUniqueOrThrow(args));

const DeleteCardPayload = builder.objectRef<{ message: string; id: string }>('DeleteCardPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), cardId: t.exposeID('id') }),
});

builder.queryFields((t) => ({
  currentSeason: t.prismaField({
    type: 'ClubSeason',
    description: "The season holding the club's today (a new club has one from sign-up; on the day the seasons turn the next opens, continuing the club's dates).",
    resolve: async (query, _root, _args, ctx) => clubDb(ctx).clubSeason.findUniqueOrThrow({ ...query, where: { id: (await seasonOfToday(ctx)).id } }),
  }),
  seasons: t.prismaField({
    type: ['ClubSeason'],
    description: 'Every season of the club, the latest first.',
    resolve: async (query, _root, _args, ctx) => {
      await listSeasons(ctx);
      return clubDb(ctx).clubSeason.findMany({ ...query, orderBy: { startsOn: 'desc' } });
    },
  }),
  memberRegister: t.prismaConnection(
    {
      type: 'RegisterMember',
      cursor: 'id',
      defaultSize: PAGE_SIZE,
      maxSize: MAX_PAGE_SIZE,
      description: 'The membership register (libro soci) by number: all time, or with seasonId those who were soci during that season.',
      args: { seasonId: t.arg.id() },
      resolve: async (query, _root, { seasonId }, ctx) =>
        clubDb(ctx).registerMember.findMany({ ...query, where: await memberRegisterWhere(ctx, seasonId), orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
      totalCount: async (_connection, { seasonId }, ctx) => clubDb(ctx).registerMember.count({ where: await memberRegisterWhere(ctx, seasonId) }),
    },
    { name: 'RegisterMemberConnection' },
    { name: 'RegisterMemberEdge' },
  ),
  personSeasons: t.prismaField({
    type: PersonSeasonsRef,
    nullable: true,
    description: "A person's history of seasons (register entries, renewals, cards) in one statement; null when unknown or of another club.",
    args: { personId: t.arg.id({ required: true }) },
    resolve: (query, _root, { personId }, ctx) =>
      clubDb(ctx).person.findFirst({ ...query, where: clubRowWhere(clubMember(ctx).clubId, personId), relationLoadStrategy: 'join' }),
  }),
}));

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  saveSeason: t.field({
    type: SaveSeasonPayload,
    description: 'Prepares the next season (no id) or edits one that is not closed; dates never overlap another season.',
    args: { input: t.arg({ type: SaveSeasonInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { season, message } = await saveSeason(ctx, input);
      return { message, id: season.id };
    },
  }),
  admitMember: t.field({
    type: RegisterMemberPayload,
    description: "Admits a person to the register with the club's next number.",
    args: { input: t.arg({ type: AdmitMemberInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { member, message } = await admitMember(ctx, input);
      return { message, id: member.id };
    },
  }),
  recordMemberExit: t.field({
    type: RegisterMemberPayload,
    description: 'Records the exit date and cause; the socio stays in the register with their number.',
    args: { input: t.arg({ type: RecordMemberExitInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { member, message } = await recordMemberExit(ctx, input);
      return { message, id: member.id };
    },
  }),
  renewMembership: t.field({
    type: RenewMembershipPayload,
    description: "Records a socio's renewal for a season that is not closed, with the quota.",
    args: { input: t.arg({ type: RenewMembershipInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { renewal, message } = await renewMembership(ctx, input);
      return { message, id: renewal.id };
    },
  }),
  saveCard: t.field({
    type: SaveCardPayload,
    description: "Creates (no id) or replaces a person's card; a closed season's cards are read-only.",
    args: { input: t.arg({ type: SaveCardInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { card, message } = await saveCard(ctx, input);
      return { message, id: card.id };
    },
  }),
  deleteCard: t.field({
    type: DeleteCardPayload,
    description: "Deletes a card of a season that is not closed.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: async (_root, { id }, ctx) => {
      const { card, message } = await deleteCard(ctx, id);
      return { message, id: card.id };
    },
  }),
}));
