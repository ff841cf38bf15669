// Affiliation with consent (issue 13 point 2). An organisation's admin asks a club (named by its VAT number or
// fiscal code) to affiliate, or a club's owner or admin applies with the organisation's code; the affiliation is in
// force once the other side agrees, and then only for the data scopes the club chose (schema/organisation-scopes.ts),
// which the club narrows, widens or revokes at any time with immediate effect. Every step is kept in the history.
// Club side: the request's club-scoped access and `affiliations.manage`; organisation side: its admins, across clubs.
// The club also sees which organisation read what of its data through the API, and when (issue 13 point 7).
import { z } from 'zod';
import { MSG } from '../../../schema/messages';
import { ORGANISATION_SCOPES, type OrganisationScope } from '../../../schema/organisation-scopes';
import { authorizeMember, clubMember } from '../../access/authorize';
import type { StaffAccess } from '../../access/staff-scope';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { OrganisationKind, PrismaClient } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { decodeCursor, encodeCursor, keysetPageSize } from '../../lib/keyset';
import { parseInput } from '../../lib/validate';
import { ORGANISATION_RECORD_NOT_FOUND, ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';

export const AFFILIATION_MSG = {
  notAdmin: ORGANISATION_REFUSAL.affiliations,
  notFound: ORGANISATION_RECORD_NOT_FOUND.affiliation,
  clubUnknown: 'Nessuna società con questa partita IVA o codice fiscale.',
  clubAmbiguous: "Più società hanno questa partita IVA o codice fiscale: chiedi alla società di candidarsi con il codice dell'organizzazione.",
  organisationUnknown: (code: string) => `Nessuna organizzazione con il codice ${code}.`,
  already: "Questa affiliazione è già in vigore o in attesa: la società la trova tra le sue affiliazioni.",
  notPending: 'Questa richiesta non è più in attesa.',
  notActive: "L'affiliazione non è in vigore.",
  scopesRequired: 'Scegli almeno un ambito di dati da condividere.',
  scopeInvalid: `Ambito non valido: scegli tra ${ORGANISATION_SCOPES.join(', ')}.`,
} as const;

const consentInput = z.object({
  scopes: z.array(z.enum(ORGANISATION_SCOPES, { error: AFFILIATION_MSG.scopeInvalid }), { error: AFFILIATION_MSG.scopesRequired }).min(1, AFFILIATION_MSG.scopesRequired),
  minorsContacts: z.boolean().nullish(),
});

export interface Consent {
  scopes: unknown;
  minorsContacts?: unknown;
}

export interface AffiliationView {
  id: string;
  organisationId: string;
  clubId: string;
  status: 'pending' | 'active' | 'rejected' | 'revoked';
  requestedBy: 'organisation' | 'club';
  scopes: OrganisationScope[];
  minorsContacts: boolean;
}

const VIEW = { id: true, organisationId: true, clubId: true, status: true, requestedBy: true, scopes: true, minorsContacts: true } as const;
const view = (row: { id: string; organisationId: string; clubId: string; status: string; requestedBy: string; scopes: string[]; minorsContacts: boolean }): AffiliationView =>
  ({ ...row, scopes: row.scopes as OrganisationScope[] }) as AffiliationView;

/** Statuses after which the organisation and the club may start again (a new request or application). */
const ENDED: readonly string[] = ['rejected', 'revoked'];

const uniqueScopes = (scopes: readonly OrganisationScope[]) => ORGANISATION_SCOPES.filter((s) => scopes.includes(s));

// ---- the organisation's side (its admins, as staff of the organisation: access/staff-scope.ts) ----
// `staff`: the organisation's admin as the operation table admitted them; each call acts through its fenced client.

/** An organisation's admin asks the club with this VAT number or fiscal code to affiliate: pending until the club approves. */
export async function requestAffiliation(staff: StaffAccess, clubNumber: string): Promise<AffiliationView> {
  const { organisationId, accountId } = staff.actor;
  const number = clubNumber.trim().toUpperCase();
  // The club is not affiliated yet: named by its public numbers, the one read outside the staff's fence.
  const clubs = number ? await staff.clubsByPublicNumber(number) : [];
  if (!clubs.length) throw new NotFoundError(AFFILIATION_MSG.clubUnknown);
  // The numbers are not unique in the product (typed at sign-up): never guess which club is meant.
  if (clubs.length > 1) throw new ValidationError({ club: AFFILIATION_MSG.clubAmbiguous }, AFFILIATION_MSG.clubAmbiguous);
  const [club] = clubs;
  return staff.db.$transaction(async (tx) => {
    const existing = await tx.affiliation.findUnique({ where: { organisationId_clubId: { organisationId, clubId: club.id } }, select: { id: true, status: true } });
    if (existing && !ENDED.includes(existing.status)) throw new ConflictError(AFFILIATION_MSG.already);
    // An ended affiliation (refused, withdrawn, revoked) starts again as a new request, its history kept; the step
    // is written in the affiliation's own statement (the fence writes an affiliation's events only so).
    const data = { status: 'pending' as const, requestedBy: 'organisation', scopes: [], minorsContacts: false };
    const events = { create: { clubId: club.id, accountId, action: 'requested' } };
    const created = existing
      ? await tx.affiliation.update({ where: { id: existing.id }, data: { ...data, events }, select: VIEW })
      : await tx.affiliation.create({ data: { organisationId, clubId: club.id, ...data, events }, select: VIEW });
    return view(created);
  });
}

/** The organisation's affiliation `id`; NotFound for an unknown id or another organisation's. */
async function affiliationOf(staff: StaffAccess, id: string) {
  const found = isUuid(id) ? await staff.db.affiliation.findUnique({ where: { id }, select: { clubId: true, status: true, requestedBy: true, scopes: true, minorsContacts: true } }) : null;
  if (!found) throw new NotFoundError(AFFILIATION_MSG.notFound);
  return found;
}

/** An organisation's admin accepts a club's application: in force with the scopes the club chose when applying. */
export async function acceptApplication(staff: StaffAccess, affiliationId: string): Promise<AffiliationView> {
  const found = await affiliationOf(staff, affiliationId);
  const { accountId } = staff.actor;
  if (found.status !== 'pending' || found.requestedBy !== 'club') throw new ValidationError({ id: AFFILIATION_MSG.notPending }, AFFILIATION_MSG.notPending);
  const events = { create: { clubId: found.clubId, accountId, action: 'accepted', scopes: found.scopes, minorsContacts: found.minorsContacts } };
  return view(await staff.db.affiliation.update({ where: { id: affiliationId }, data: { status: 'active', events }, select: VIEW }));
}

/**
 * The organisation ends its side: refuses a club's application, withdraws its own request, or ends an affiliation
 * in force (nothing is shared from then on). Its admins only; the club sees the step in its history.
 */
export async function endAffiliationByOrganisation(staff: StaffAccess, affiliationId: string): Promise<AffiliationView> {
  const found = await affiliationOf(staff, affiliationId);
  const { accountId } = staff.actor;
  const step =
    found.status === 'active'
      ? { status: 'revoked' as const, action: 'ended_by_organisation' }
      : found.status === 'pending'
        ? found.requestedBy === 'club'
          ? { status: 'rejected' as const, action: 'refused_by_organisation' }
          : { status: 'revoked' as const, action: 'withdrawn_by_organisation' }
        : null;
  if (!step) throw new ValidationError({ id: AFFILIATION_MSG.notActive }, AFFILIATION_MSG.notActive);
  const events = { create: { clubId: found.clubId, accountId, action: step.action } };
  return view(await staff.db.affiliation.update({ where: { id: affiliationId }, data: { status: step.status, scopes: [], minorsContacts: false, events }, select: VIEW }));
}

// ---- the club's side (owner and admin: affiliations.manage), through the club-scoped access ----

/** The club applies with an organisation's code, consenting now to `consent`: pending until the organisation accepts. */
export async function applyToOrganisation(ctx: RequestContext, code: string, consent: Consent): Promise<AffiliationView> {
  const actor = clubMember(ctx);
  const { scopes, minorsContacts } = parseInput(consentInput, consent, { summary: 'first' });
  const normalised = code.trim().toUpperCase();
  const organisation = normalised ? await ctx.deps.db.organisation.findUnique({ where: { code: normalised }, select: { id: true } }) : null;
  if (!organisation) throw new NotFoundError(AFFILIATION_MSG.organisationUnknown(normalised));
  return clubDb(ctx).$transaction(async (tx) => {
    const existing = await tx.affiliation.findFirst({ where: { organisationId: organisation.id }, select: { id: true, status: true } });
    if (existing && !ENDED.includes(existing.status)) throw new ConflictError(AFFILIATION_MSG.already);
    const data = { status: 'pending' as const, requestedBy: 'club', scopes: uniqueScopes(scopes), minorsContacts: !!minorsContacts };
    const created = existing
      ? await tx.affiliation.update({ where: { id: existing.id }, data, select: VIEW })
      : await tx.affiliation.create({ data: { organisationId: organisation.id, clubId: actor.clubId, ...data }, select: VIEW });
    await tx.affiliationEvent.create({ data: { affiliationId: created.id, clubId: actor.clubId, accountId: actor.accountId, action: 'applied', scopes: created.scopes, minorsContacts: created.minorsContacts } });
    return view(created);
  });
}

/** The club's own affiliation `id` (another club's id is not found), with the step `change` makes. */
async function changeAffiliation(
  ctx: RequestContext,
  id: string,
  change: (current: AffiliationView) => { status: AffiliationView['status']; scopes: OrganisationScope[]; minorsContacts: boolean; action: string },
): Promise<AffiliationView> {
  const actor = clubMember(ctx);
  if (!isUuid(id)) throw new NotFoundError(AFFILIATION_MSG.notFound);
  return clubDb(ctx).$transaction(async (tx) => {
    const current = await tx.affiliation.findFirst({ where: { id }, select: VIEW });
    if (!current) throw new NotFoundError(AFFILIATION_MSG.notFound);
    const next = change(view(current));
    const updated = await tx.affiliation.update({ where: { id }, data: { status: next.status, scopes: next.scopes, minorsContacts: next.minorsContacts }, select: VIEW });
    await tx.affiliationEvent.create({ data: { affiliationId: id, clubId: actor.clubId, accountId: actor.accountId, action: next.action, scopes: next.scopes, minorsContacts: next.minorsContacts } });
    return view(updated);
  });
}

/** The club approves an organisation's request, choosing what it shares: in force at once. */
export async function approveAffiliation(ctx: RequestContext, id: string, consent: Consent): Promise<AffiliationView> {
  // Kept beside the operation table: tests/server/organisations/affiliations.test.ts calls it directly as each role.
  authorizeMember(ctx, 'affiliations.manage');
  const { scopes, minorsContacts } = parseInput(consentInput, consent, { summary: 'first' });
  return changeAffiliation(ctx, id, (current) => {
    if (current.status !== 'pending' || current.requestedBy !== 'organisation') throw new ValidationError({ id: AFFILIATION_MSG.notPending }, AFFILIATION_MSG.notPending);
    return { status: 'active', scopes: uniqueScopes(scopes), minorsContacts: !!minorsContacts, action: 'approved' };
  });
}

/** The club changes what an affiliation in force (or its own pending application) shares, with immediate effect. */
export async function changeConsent(ctx: RequestContext, id: string, consent: Consent): Promise<AffiliationView> {
  const { scopes, minorsContacts } = parseInput(consentInput, consent, { summary: 'first' });
  return changeAffiliation(ctx, id, (current) => {
    const own = current.status === 'pending' && current.requestedBy === 'club';
    if (current.status !== 'active' && !own) throw new ValidationError({ id: AFFILIATION_MSG.notActive }, AFFILIATION_MSG.notActive);
    return { status: current.status, scopes: uniqueScopes(scopes), minorsContacts: !!minorsContacts, action: 'consent_changed' };
  });
}

/** The club refuses a request, or ends an affiliation (or withdraws its application): nothing is shared from now on. */
export async function revokeAffiliation(ctx: RequestContext, id: string): Promise<AffiliationView> {
  return changeAffiliation(ctx, id, (current) => {
    if (current.status === 'rejected' || current.status === 'revoked') throw new ValidationError({ id: AFFILIATION_MSG.notActive }, AFFILIATION_MSG.notActive);
    const refused = current.status === 'pending' && current.requestedBy === 'organisation';
    return { status: refused ? 'rejected' : 'revoked', scopes: [], minorsContacts: false, action: refused ? 'rejected' : 'revoked' };
  });
}

/** The club's affiliations with their history, newest step first (for the club's affiliations page). */
export async function clubAffiliations(ctx: RequestContext) {
  // Kept beside the operation table: tests/server/organisations/affiliations.test.ts calls it directly as each role.
  authorizeMember(ctx, 'affiliations.manage');
  const rows = await clubDb(ctx).affiliation.findMany({
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { ...VIEW, organisation: { select: { name: true, code: true, kind: true } }, events: { orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], select: { action: true, scopes: true, minorsContacts: true, accountId: true, createdAt: true } } },
  });
  return rows.map((r) => ({ ...view(r), organisation: r.organisation, events: r.events }));
}

// ---- what organisations read of the club (issue 13 point 7): the club's rows of the API request log ----

/** Reads per page of the club's list: `first` is required and at most this. */
export const CLUB_API_READS_MAX = 100;

export interface ClubApiRead {
  /** Where the row sits in the list (pass as `after` for the rows after it). */
  cursor: string;
  at: Date;
  organisation: { name: string; code: string; kind: OrganisationKind };
  /** The first characters of the key used (as the organisation sees them in its list of keys). */
  keyPrefix: string;
  /** The GraphQL operation's name, or its root fields when unnamed. */
  operation: string;
  /** Rows of this club the request answered. */
  rows: number;
  /** The scopes those rows used (of this club only). */
  scopes: OrganisationScope[];
}

export interface ClubApiReadsPage {
  nodes: ClubApiRead[];
  hasNextPage: boolean;
  endCursor: string | null;
}

const readCursor = (at: Date, requestId: bigint) => encodeCursor(`r${at.toISOString()}|${requestId}`);
const READ_CURSOR = /^r(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,19})$/;

function parseReadCursor(after: string | null | undefined): { at: Date; requestId: bigint } | null {
  const [at, requestId] = decodeCursor(after, READ_CURSOR) ?? [];
  if (!at) return null;
  if (Number.isNaN(new Date(at).getTime())) throw new ValidationError({ after: MSG.paginationInvalid }, MSG.paginationInvalid);
  return { at: new Date(at), requestId: BigInt(requestId) };
}

/**
 * The organisations' API reads of the request's club, newest first, in keyset pages: when, which organisation and
 * key, which operation, how many of the club's rows and with which scopes. Only the club's own api_request_clubs
 * rows: the club-scoped client adds the club to the statement, so another club's reads never show.
 */
export async function clubApiReads(ctx: RequestContext, args: { first: number; after?: string | null }): Promise<ClubApiReadsPage> {
  const first = keysetPageSize(args.first, CLUB_API_READS_MAX);
  const after = parseReadCursor(args.after);
  const rows = await clubDb(ctx).apiRequestClub.findMany({
    where: after ? { OR: [{ at: { lt: after.at } }, { at: after.at, requestId: { lt: after.requestId } }] } : {},
    orderBy: [{ at: 'desc' }, { requestId: 'desc' }],
    take: first + 1,
    select: {
      requestId: true,
      at: true,
      rows: true,
      scopes: true,
      request: { select: { keyPrefix: true, operation: true, organisation: { select: { name: true, code: true, kind: true } } } },
    },
  });
  const nodes = rows.slice(0, first).map(
    (r): ClubApiRead => ({
      cursor: readCursor(r.at, r.requestId),
      at: r.at,
      organisation: r.request.organisation,
      keyPrefix: r.request.keyPrefix,
      operation: r.request.operation,
      rows: r.rows,
      scopes: uniqueScopes(r.scopes as OrganisationScope[]),
    }),
  );
  return { nodes, hasNextPage: rows.length > first, endCursor: nodes.at(-1)?.cursor ?? args.after ?? null };
}

/** What `organisationId` may read of `clubId` now: the club's consent while the affiliation is in force, else nothing. */
export async function consentedScopes(db: PrismaClient, organisationId: string, clubId: string): Promise<OrganisationScope[]> {
  const found = await db.affiliation.findUnique({ where: { organisationId_clubId: { organisationId, clubId } }, select: { status: true, scopes: true } });
  return found?.status === 'active' ? (found.scopes as OrganisationScope[]) : [];
}
