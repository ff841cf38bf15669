// GraphQL face of the organisation portal (issue 13 point 8, the organisation's side), for its staff's own
// sessions: the organisations the account works for, one organisation's clubs and requests, its keys and usage;
// admins ask clubs to affiliate, accept applications, create and revoke keys. Thin adapters over the services.
import type { OrganisationScope } from '../../../schema/organisation-scopes';
import { builder } from '../../graphql/builder';
import { CertificateCountsRef, LabelCountRef } from '../../graphql/counts';
import { OrganisationScopeEnum } from '../../graphql/enums';
import { acceptApplication, endAffiliationByOrganisation, requestAffiliation } from './affiliations.service';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { AffiliationStatusEnum } from '../../graphql/enums';
import { AffiliationRef, OrganisationKindEnum } from './affiliations.graphql';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyView } from './api-keys.service';
import { myOrganisations, organisationOverview, organisationUsage } from './organisation-portal.service';
import {
  changeOrganisationStaff,
  inviteOrganisationStaff,
  organisationStaffList,
  revokeOrganisationStaffInvitation,
  STAFF_MSG,
} from './organisation-staff.service';
import { acceptInvitation } from '../invitations/invitations.service';
import { staffAccessOf, staffAccessOfRecord } from '../../access/staff-scope';

const StaffRoleEnum = builder.enumType('OrganisationStaffRole', {
  description: 'admin: manages requests, keys and webhooks; reader: sees them.',
  values: ['admin', 'reader'] as const,
});

type MyOrganisation = Awaited<ReturnType<typeof myOrganisations>>[number];
const MyOrganisationRef = builder.objectRef<MyOrganisation>('MyOrganisation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    code: t.exposeString('code'),
    kind: t.field({ type: OrganisationKindEnum, resolve: (o) => o.kind }),
    role: t.field({ type: StaffRoleEnum, resolve: (o) => o.role }),
  }),
});

type Overview = Awaited<ReturnType<typeof organisationOverview>>;
const ClubAffiliationRef = builder.objectRef<Overview['affiliations'][number]>('OrganisationAffiliation').implement({
  description: "A club's affiliation as the organisation sees it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    clubId: t.exposeID('clubId'),
    clubName: t.exposeString('clubName'),
    clubNumber: t.exposeString('clubNumber', { nullable: true, description: 'VAT number or fiscal code.' }),
    status: t.field({ type: AffiliationStatusEnum, resolve: (a) => a.status }),
    requestedBy: t.exposeString('requestedBy'),
    scopes: t.field({ type: [OrganisationScopeEnum], resolve: (a) => a.scopes as OrganisationScope[] }),
    minorsContacts: t.exposeBoolean('minorsContacts'),
    peopleCount: t.exposeInt('peopleCount', { nullable: true, description: 'Current people, while the club shares CLUB_PROFILE.' }),
    peopleByKind: t.field({ type: [LabelCountRef], nullable: true, description: 'Current people of each kind, while the club shares CLUB_PROFILE.', resolve: (a) => a.peopleByKind }),
    certificates: t.field({ type: CertificateCountsRef, nullable: true, description: "Athletes' certificates, while the club shares PEOPLE_CERTIFICATES.", resolve: (a) => a.certificates }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});
const OrganisationLinkRef = builder.objectRef<{ name: string; code: string }>('OrganisationLink').implement({
  fields: (t) => ({ name: t.exposeString('name'), code: t.exposeString('code') }),
});
const OverviewRef = builder.objectRef<Overview>('OrganisationOverview').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    code: t.exposeString('code', { description: 'The code clubs apply with.' }),
    kind: t.field({ type: OrganisationKindEnum, resolve: (o) => o.kind }),
    role: t.field({ type: StaffRoleEnum, description: "The signed-in account's role.", resolve: (o) => o.role }),
    parent: t.field({ type: OrganisationLinkRef, nullable: true, resolve: (o) => o.parent }),
    children: t.field({ type: [OrganisationLinkRef], resolve: (o) => o.children }),
    affiliations: t.field({ type: [ClubAffiliationRef], resolve: (o) => o.affiliations }),
  }),
});

const ApiKeyRef = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: "An organisation's API key (never its secret, shown once at creation).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'The first characters of the secret, to recognise it.' }),
    scopes: t.field({ type: [OrganisationScopeEnum], resolve: (k) => k.scopes }),
    clubIds: t.exposeIDList('clubIds', { description: 'The clubs it may read (empty: every consenting club).' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});
const CreatedApiKeyRef = builder.objectRef<{ key: ApiKeyView; secret: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    key: t.field({ type: ApiKeyRef, resolve: (c) => c.key }),
    secret: t.exposeString('secret', { description: 'Shown only now: store it safely.' }),
  }),
});

type Usage = Awaited<ReturnType<typeof organisationUsage>>;
const KeyUsageRef = builder.objectRef<Usage['perKey'][number]>('ApiKeyUsage').implement({
  fields: (t) => ({
    keyPrefix: t.exposeString('keyPrefix'),
    keyName: t.exposeString('keyName', { nullable: true }),
    requests: t.exposeInt('requests'),
    cost: t.exposeInt('cost'),
    rows: t.exposeInt('rows'),
    lastAt: t.expose('lastAt', { type: 'DateTime', nullable: true }),
  }),
});
const ApiRequestRef = builder.objectRef<Usage['latest'][number]>('ApiRequestEntry').implement({
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime' }),
    keyPrefix: t.exposeString('keyPrefix'),
    keyName: t.exposeString('keyName', { nullable: true }),
    operation: t.exposeString('operation'),
    cost: t.exposeInt('cost'),
    rows: t.exposeInt('rows'),
    clubs: t.exposeInt('clubs', { description: 'Clubs whose data it read.' }),
    outcome: t.exposeString('outcome', { description: 'ok, partial (some fields refused) or refused.' }),
  }),
});
const UsageRef = builder.objectRef<Usage>('OrganisationUsage').implement({
  fields: (t) => ({
    days: t.exposeInt('days'),
    requests: t.exposeInt('requests'),
    refused: t.exposeInt('refused'),
    cost: t.exposeInt('cost'),
    rows: t.exposeInt('rows'),
    perKey: t.field({ type: [KeyUsageRef], resolve: (u) => u.perKey }),
    latest: t.field({ type: [ApiRequestRef], description: 'The last 20 requests.', resolve: (u) => u.latest }),
  }),
});

const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  fields: (t) => ({
    organisationId: t.id({ required: true }),
    name: t.string({ required: true }),
    scopes: t.field({ type: [OrganisationScopeEnum], required: true }),
    expiresInDays: t.int({ description: '1-730; 730 when not given.' }),
    clubIds: t.idList({ description: 'Only these clubs (default: every consenting club).' }),
  }),
});

type StaffList = Awaited<ReturnType<typeof organisationStaffList>>;
const StaffMemberRef = builder.objectRef<StaffList['staff'][number]>('OrganisationStaffMember').implement({
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    email: t.exposeString('email'),
    name: t.exposeString('name', { nullable: true }),
    role: t.field({ type: StaffRoleEnum, resolve: (m) => m.role }),
    since: t.expose('since', { type: 'DateTime' }),
  }),
});
const StaffInvitationRef = builder.objectRef<StaffList['invitations'][number]>('OrganisationStaffInvitation').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.field({ type: StaffRoleEnum, resolve: (i) => i.role }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});
const StaffListRef = builder.objectRef<StaffList>('OrganisationStaffList').implement({
  fields: (t) => ({
    staff: t.field({ type: [StaffMemberRef], resolve: (l) => l.staff }),
    invitations: t.field({ type: [StaffInvitationRef], description: 'Pending invitations.', resolve: (l) => l.invitations }),
  }),
});
const StaffInvitationSentRef = builder.objectRef<{ message: string; invitationId: string }>('OrganisationStaffInvitationSent').implement({
  fields: (t) => ({ message: t.exposeString('message'), invitationId: t.exposeID('invitationId') }),
});
const StaffJoinedRef = builder.objectRef<{ message: string; organisationId: string; organisationName: string }>('OrganisationStaffJoined').implement({
  fields: (t) => ({ message: t.exposeString('message'), organisationId: t.exposeID('organisationId'), organisationName: t.exposeString('organisationName') }),
});
const StaffChangeRef = builder.objectRef<{ accountId: string; role: 'admin' | 'reader' | null }>('OrganisationStaffChange').implement({
  fields: (t) => ({ accountId: t.exposeID('accountId'), role: t.field({ type: StaffRoleEnum, nullable: true, description: 'null: removed.', resolve: (c) => c.role }) }),
});

const refusals = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];

builder.queryFields((t) => ({
  myOrganisations: t.field({
    type: [MyOrganisationRef],
    description: 'The organisations the signed-in account is staff of.',
    resolve: (_root, _args, ctx) => myOrganisations(ctx),
  }),
  organisationOverview: t.field({
    type: OverviewRef,
    description: "An organisation's clubs and requests, for its staff.",
    args: { organisationId: t.arg.id({ required: true }) },
    resolve: (_root, { organisationId }, ctx) => organisationOverview(ctx, String(organisationId)),
  }),
  organisationApiKeys: t.field({
    type: [ApiKeyRef],
    description: "The organisation's keys, newest first: its admins only.",
    args: { organisationId: t.arg.id({ required: true }) },
    resolve: (_root, { organisationId }, ctx) => listApiKeys(staffAccessOf(ctx, String(organisationId))),
  }),
  organisationStaff: t.field({
    type: StaffListRef,
    description: "The organisation's staff and pending invitations, for its staff.",
    args: { organisationId: t.arg.id({ required: true }) },
    resolve: (_root, { organisationId }, ctx) => organisationStaffList(ctx, String(organisationId)),
  }),
  organisationUsage: t.field({
    type: UsageRef,
    description: "The organisation's API usage over the last 30 days, for its staff.",
    args: { organisationId: t.arg.id({ required: true }) },
    resolve: (_root, { organisationId }, ctx) => organisationUsage(ctx, String(organisationId)),
  }),
}));

builder.mutationFields((t) => ({
  requestAffiliation: t.field({
    type: AffiliationRef,
    description: "An organisation's admin asks the club with this VAT number or fiscal code to affiliate: pending until the club approves.",
    args: { organisationId: t.arg.id({ required: true }), clubNumber: t.arg.string({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { organisationId, clubNumber }, ctx) => requestAffiliation(staffAccessOf(ctx, String(organisationId)), clubNumber),
  }),
  acceptAffiliationApplication: t.field({
    type: AffiliationRef,
    description: "An organisation's admin accepts a club's application: in force with the scopes the club chose.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => acceptApplication(staffAccessOfRecord(ctx, 'affiliation', id), String(id)),
  }),
  endAffiliation: t.field({
    type: AffiliationRef,
    description: "The organisation refuses a club's application, withdraws its own request, or ends an affiliation in force. Organisation admins only.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => endAffiliationByOrganisation(staffAccessOfRecord(ctx, 'affiliation', id), String(id)),
  }),
  createApiKey: t.field({
    type: CreatedApiKeyRef,
    description: 'A new key with these scopes (the secret is answered once). Organisation admins only.',
    args: { input: t.arg({ type: CreateApiKeyInput, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { input }, ctx) => createApiKey(staffAccessOf(ctx, String(input.organisationId)), { ...input, clubIds: input.clubIds?.map(String) }),
  }),
  inviteOrganisationStaff: t.field({
    type: StaffInvitationSentRef,
    description: 'Mails a single-use link (7 days) to join the staff as admin or reader. Organisation admins only.',
    args: { organisationId: t.arg.id({ required: true }), email: t.arg.string({ required: true }), role: t.arg({ type: StaffRoleEnum, required: true }) },
    errors: { types: [...refusals, RateLimitError] },
    resolve: (_root, { organisationId, email, role }, ctx) => inviteOrganisationStaff(ctx, { organisationId: String(organisationId), email, role }),
  }),
  revokeOrganisationStaffInvitation: t.field({
    type: StaffInvitationSentRef,
    description: 'Cancels a pending invitation. Organisation admins only.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => revokeOrganisationStaffInvitation(ctx, String(id)),
  }),
  acceptOrganisationStaffInvitation: t.field({
    type: StaffJoinedRef,
    description: "The signed-in account joins the organisation's staff with the token of its invitation mail.",
    args: { token: t.arg.string({ required: true }) },
    errors: { types: [...refusals, RateLimitError] },
    // Through the invitation door (modules/invitations), keeping this mutation's one message for every bad link.
    resolve: async (_root, { token }, ctx) => {
      const joined = await acceptInvitation(ctx, token, { kind: 'organisationStaff', invalidMessage: STAFF_MSG.invalid });
      return { message: joined.message, organisationId: joined.targetId, organisationName: joined.targetName };
    },
  }),
  changeOrganisationStaffRole: t.field({
    type: StaffChangeRef,
    description: "Changes a staff member's role (the last admin stays admin). Organisation admins only.",
    args: { organisationId: t.arg.id({ required: true }), accountId: t.arg.id({ required: true }), role: t.arg({ type: StaffRoleEnum, required: true }) },
    errors: { types: refusals },
    resolve: (_root, { organisationId, accountId, role }, ctx) => changeOrganisationStaff(ctx, String(organisationId), String(accountId), role),
  }),
  removeOrganisationStaff: t.field({
    type: StaffChangeRef,
    description: 'Removes a staff member (never the last admin; an admin may remove themself). Organisation admins only.',
    args: { organisationId: t.arg.id({ required: true }), accountId: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { organisationId, accountId }, ctx) => changeOrganisationStaff(ctx, String(organisationId), String(accountId), null),
  }),
  revokeApiKey: t.field({
    type: ApiKeyRef,
    description: 'Revokes a key at once. Organisation admins only.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: (_root, { id }, ctx) => revokeApiKey(staffAccessOfRecord(ctx, 'organisationApiKey', id), String(id)),
  }),
}));
