// GraphQL face of a club's affiliations to organisations (issue 13 point 2): the club's owner and admin list them
// with their history, apply with an organisation's code, approve a request choosing what is shared, change or
// revoke that consent, and see which organisation read what of the club's data through the API, and when
// (affiliationReads, issue 13 point 7). Thin adapters over affiliations.service.ts; the organisation's side has no
// face yet.
import type { OrganisationScope } from '../../../schema/organisation-scopes';
import { AffiliationStatusEnum, OrganisationScopeEnum } from '../../graphql/enums';
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import {
  applyToOrganisation,
  approveAffiliation,
  changeConsent,
  CLUB_API_READS_MAX,
  clubAffiliations,
  clubApiReads,
  revokeAffiliation,
  type AffiliationView,
  type ClubApiRead,
  type ClubApiReadsPage,
} from './affiliations.service';
import { ORGANISATION_KIND_LABELS, ORGANISATION_KINDS } from '../../../schema/organisation-kinds';

export const OrganisationKindEnum = builder.enumType('OrganisationKind', {
  values: Object.fromEntries(ORGANISATION_KINDS.map((k) => [k, { description: ORGANISATION_KIND_LABELS[k] }])),
});

type ListedAffiliation = Awaited<ReturnType<typeof clubAffiliations>>[number];
type AffiliationEventRow = ListedAffiliation['events'][number];

const AffiliationEventRef = builder.objectRef<AffiliationEventRow>('AffiliationEvent').implement({
  description: 'A step of an affiliation and the consent in force after it.',
  fields: (t) => ({
    action: t.exposeString('action', { description: 'requested, applied, approved, accepted, consent_changed, rejected, revoked; by the organisation: refused_by_organisation, withdrawn_by_organisation, ended_by_organisation.' }),
    scopes: t.field({ type: [OrganisationScopeEnum], resolve: (e) => e.scopes as OrganisationScope[] }),
    minorsContacts: t.exposeBoolean('minorsContacts'),
    at: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const OrganisationSummaryRef = builder.objectRef<ListedAffiliation['organisation']>('OrganisationSummary').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    code: t.exposeString('code', { description: 'The code a club gives to apply.' }),
    kind: t.field({ type: OrganisationKindEnum, resolve: (o) => o.kind }),
  }),
});

export const AffiliationRef = builder.objectRef<AffiliationView & Partial<Pick<ListedAffiliation, 'organisation' | 'events'>>>('Affiliation').implement({
  description: "The club's affiliation to an organisation: what the organisation may read while it is active.",
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: AffiliationStatusEnum, resolve: (a) => a.status }),
    requestedBy: t.exposeString('requestedBy', { description: 'organisation (it asked the club) or club (the club applied).' }),
    scopes: t.field({ type: [OrganisationScopeEnum], description: 'What the club shares (nothing unless active).', resolve: (a) => a.scopes }),
    minorsContacts: t.exposeBoolean('minorsContacts', { description: "Whether minors' contacts go with PEOPLE_CONTACTS." }),
    organisation: t.field({ type: OrganisationSummaryRef, nullable: true, resolve: (a) => a.organisation ?? null }),
    history: t.field({ type: [AffiliationEventRef], description: 'Newest first (in the list of affiliations).', resolve: (a) => a.events ?? [] }),
  }),
});

const AffiliationConsentInput = builder.inputType('AffiliationConsentInput', {
  fields: (t) => ({
    scopes: t.field({ type: [OrganisationScopeEnum], required: true, description: 'At least one.' }),
    minorsContacts: t.boolean({ description: "Share minors' contacts with PEOPLE_CONTACTS (default no)." }),
  }),
});

export const AffiliationReadRef = builder.objectRef<ClubApiRead>('AffiliationRead').implement({
  description: "An organisation's API request that read the club's data: when, by which organisation and key, what.",
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` for the reads before this one.' }),
    at: t.expose('at', { type: 'DateTime' }),
    organisation: t.field({ type: OrganisationSummaryRef, resolve: (r) => r.organisation }),
    keyPrefix: t.exposeString('keyPrefix', { description: "The first characters of the organisation's key that was used." }),
    operation: t.exposeString('operation', { description: "The request's operation name (its root fields when unnamed)." }),
    rows: t.exposeInt('rows', { description: "Rows of this club the request answered." }),
    scopes: t.field({ type: [OrganisationScopeEnum], description: 'The data scopes those rows used.', resolve: (r) => r.scopes }),
  }),
});

const AffiliationReadConnectionRef = builder.objectRef<ClubApiReadsPage>('AffiliationReadConnection').implement({
  fields: (t) => ({
    nodes: t.field({ type: [AffiliationReadRef], resolve: (p) => p.nodes }),
    pageInfo: t.field({
      type: builder.pageInfoRef(),
      resolve: (p) => ({ hasNextPage: p.hasNextPage, hasPreviousPage: false, startCursor: p.nodes[0]?.cursor ?? null, endCursor: p.endCursor }),
    }),
  }),
});

const refusals = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];

builder.queryField('affiliations', (t) =>
  t.field({
    type: [AffiliationRef],
    description: "The X-Club club's affiliations to organisations, oldest first, each with its history. Needs affiliations.manage (owner, admin).",
    resolve: (_root, _args, ctx) => clubAffiliations(ctx),
  }),
);

builder.queryField('affiliationReads', (t) =>
  t.field({
    type: AffiliationReadConnectionRef,
    description: `Which organisation read what of the X-Club club's data through the API, and when: newest first, keyset pages (first: 1-${CLUB_API_READS_MAX}). Needs affiliations.manage (owner, admin).`,
    args: { first: t.arg.int({ required: true }), after: t.arg.string() },
    resolve: (_root, { first, after }, ctx) => clubApiReads(ctx, { first, after }),
  }),
);

builder.mutationFields((t) => ({
  applyToOrganisation: t.field({
    type: AffiliationRef,
    description: "The club applies to the organisation with this code, consenting now to what it shares: pending until the organisation accepts.",
    args: { code: t.arg.string({ required: true }), consent: t.arg({ type: AffiliationConsentInput, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { code, consent }, ctx) => applyToOrganisation(ctx, code, consent),
  }),
  approveAffiliation: t.field({
    type: AffiliationRef,
    description: "Approves an organisation's request with the scopes the club shares: in force at once.",
    args: { id: t.arg.id({ required: true }), consent: t.arg({ type: AffiliationConsentInput, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id, consent }, ctx) => approveAffiliation(ctx, String(id), consent),
  }),
  changeAffiliationConsent: t.field({
    type: AffiliationRef,
    description: 'Narrows or widens what an affiliation in force (or the pending application) shares, with immediate effect.',
    args: { id: t.arg.id({ required: true }), consent: t.arg({ type: AffiliationConsentInput, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id, consent }, ctx) => changeConsent(ctx, String(id), consent),
  }),
  revokeAffiliation: t.field({
    type: AffiliationRef,
    description: "Refuses a request, withdraws an application or ends an affiliation: nothing is shared from now on.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => revokeAffiliation(ctx, String(id)),
  }),
}));
