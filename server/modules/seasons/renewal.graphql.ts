// GraphQL face of the guided season renewal (issue 35 point 3). Thin adapter: the rules live in the services.
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import type { SeasonRenewalRun } from '../../generated/prisma/client.js';
import { renewalProposal, type RenewalAthleteRow, type RenewalMemberRow, type RenewalProposal } from './renewal-proposal.service';
import { runSeasonRenewal, undoSeasonRenewal } from './renewal-run.service';
import { seasonRoster, type SeasonRosterGroup } from './renewal-roster.service';
import { clubDb } from '../../access/request-db';
import { CategoryBand, SeasonSummary } from './categories.graphql';

const RenewalRun = builder.objectRef<SeasonRenewalRun>('SeasonRenewalRun').implement({
  description: 'A guided renewal run: what it did; the last one can be undone.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    undoneAt: t.expose('undoneAt', { type: 'DateTime', nullable: true }),
    renewedMembers: t.exposeInt('renewedMembers', { description: 'Soci renewed.' }),
    carriedAthletes: t.exposeInt('carriedAthletes', { description: 'Athletes carried over.' }),
    movedAthletes: t.exposeInt('movedAthletes', { description: 'Athletes moved to another category.' }),
    leftAthletes: t.exposeInt('leftAthletes', { description: 'Athletes not renewed, taken out of their groups.' }),
    fromSeason: t.field({ type: SeasonSummary, resolve: (r, _a, ctx) => clubDb(ctx).clubSeason.findUniqueOrThrow({ where: { id: r.fromSeasonId } }) }),
    toSeason: t.field({ type: SeasonSummary, resolve: (r, _a, ctx) => clubDb(ctx).clubSeason.findUniqueOrThrow({ where: { id: r.toSeasonId } }) }),
  }),
});

const RenewalMember = builder.objectRef<RenewalMemberRow>('RenewalMember').implement({
  fields: (t) => ({
    memberId: t.exposeID('memberId'),
    personId: t.exposeID('personId'),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    number: t.exposeInt('number', { description: 'Register number.' }),
    quotaCents: t.exposeInt('quotaCents', { nullable: true, description: "Last season's quota: this one's default." }),
    renewed: t.exposeBoolean('renewed', { description: 'Already renewed for the next season: the run leaves them as they are.' }),
    groupIds: t.exposeIDList('groupIds'),
  }),
});

const RenewalAthlete = builder.objectRef<RenewalAthleteRow>('RenewalAthlete').implement({
  fields: (t) => ({
    roleId: t.exposeID('roleId'),
    personId: t.exposeID('personId'),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    birthday: t.exposeString('birthday', { nullable: true }),
    groupIds: t.exposeIDList('groupIds'),
    categoryIds: t.exposeIDList('categoryIds', { description: 'The categories they are in now.' }),
    nextCategoryId: t.exposeID('nextCategoryId', { nullable: true, description: 'The category their birth date fits next season.' }),
  }),
});

const PlannedSeason = builder.objectRef<RenewalProposal['planned']>('PlannedSeason').implement({
  fields: (t) => ({ label: t.exposeString('label'), startsOn: t.exposeString('startsOn'), endsOn: t.exposeString('endsOn') }),
});

const RenewalGroup = builder.objectRef<RenewalProposal['groups'][number]>('RenewalGroup').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name'), type: t.exposeString('type') }),
});

const RenewalProposalRef = builder.objectRef<RenewalProposal>('SeasonRenewalProposal').implement({
  description: 'Who may renew from a season to the next, and what the run would do.',
  fields: (t) => ({
    fromSeason: t.field({ type: SeasonSummary, resolve: (p) => p.from }),
    toSeason: t.field({ type: SeasonSummary, nullable: true, description: 'null: the run prepares it (see planned).', resolve: (p) => p.to }),
    planned: t.field({ type: PlannedSeason, resolve: (p) => p.planned }),
    categoriesNow: t.field({ type: [CategoryBand], resolve: (p) => p.categoriesNow }),
    categoriesNext: t.field({ type: [CategoryBand], description: "The bands in the next season: an athlete's nextCategoryId is one of them.", resolve: (p) => p.categoriesNext }),
    members: t.field({ type: [RenewalMember], resolve: (p) => p.members }),
    athletes: t.field({ type: [RenewalAthlete], resolve: (p) => p.athletes }),
    groups: t.field({ type: [RenewalGroup], description: 'Groups not archived, categories first (youngest first).', resolve: (p) => p.groups }),
    lastRun: t.field({ type: RenewalRun, nullable: true, description: 'The last run not undone: the one undoSeasonRenewal can undo.', resolve: (p) => p.lastRun }),
  }),
});

const RosterPerson = builder.objectRef<SeasonRosterGroup['people'][number]>('SeasonRosterPerson').implement({
  fields: (t) => ({ roleId: t.exposeID('roleId'), personId: t.exposeID('personId'), firstname: t.exposeString('firstname'), lastname: t.exposeString('lastname') }),
});
const RosterGroup = builder.objectRef<SeasonRosterGroup>('SeasonRosterGroup').implement({
  fields: (t) => ({
    groupId: t.exposeID('groupId'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    people: t.field({ type: [RosterPerson], resolve: (g) => g.people }),
  }),
});
const SeasonRosterRef = builder.objectRef<{ snapshot: boolean; groups: SeasonRosterGroup[] }>('SeasonRoster').implement({
  fields: (t) => ({
    snapshot: t.exposeBoolean('snapshot', { description: 'true: kept by the renewal that closed the season; false: the live groups.' }),
    groups: t.field({ type: [RosterGroup], resolve: (r) => r.groups }),
  }),
});

const RenewalQuotaInput = builder.inputType('RenewalQuotaInput', {
  fields: (t) => ({ memberId: t.id({ required: true }), quotaCents: t.int({ required: true }) }),
});

const RunSeasonRenewalInput = builder.inputType('RunSeasonRenewalInput', {
  fields: (t) => ({
    fromSeasonId: t.id({ description: 'Default: the current season.' }),
    memberIds: t.idList({ description: 'The soci (register entries) who renew.' }),
    athleteRoleIds: t.idList({ description: 'The athletes (roles) carried over; the active athletes left out leave their groups.' }),
    quotaCents: t.int({ description: "The quota of a socio without last season's quota or an own one." }),
    quotas: t.field({ type: [RenewalQuotaInput], description: 'Own quotas of some soci.' }),
  }),
});

const RenewalPayload = builder.objectRef<{ message: string; run: SeasonRenewalRun }>('SeasonRenewalPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), run: t.field({ type: RenewalRun, resolve: (p) => p.run }) }),
});

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.queryFields((t) => ({
  seasonRenewalProposal: t.field({
    type: RenewalProposalRef,
    description: 'Who may renew from a season (default the current) to the next: soci of the register not left, active athletes with their next category.',
    args: { fromSeasonId: t.arg.id() },
    resolve: (_root, args, ctx) => renewalProposal(ctx, args),
  }),
  seasonRoster: t.field({
    type: SeasonRosterRef,
    nullable: true,
    description: "A season's groups and their people: a renewed season's as they were, another's as they are; null for an unknown season.",
    args: { seasonId: t.arg.id({ required: true }) },
    resolve: (_root, { seasonId }, ctx) => seasonRoster(ctx, seasonId),
  }),
}));

builder.mutationFields((t) => ({
  runSeasonRenewal: t.field({
    type: RenewalPayload,
    description: 'Renews the chosen soci and athletes into the next season (prepared when missing), in one transaction.',
    args: { input: t.arg({ type: RunSeasonRenewalInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, { input }, ctx) => runSeasonRenewal(ctx, input),
  }),
  undoSeasonRenewal: t.field({
    type: RenewalPayload,
    description: "Undoes the club's last renewal run, unless later changes depend on it.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: (_root, { id }, ctx) => undoSeasonRenewal(ctx, id),
  }),
}));
