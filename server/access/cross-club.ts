// The deliberate cross-club reads and writes of a request, named one by one (issue 34 point 1). A member's services
// use the club-scoped client (clubDb); what belongs to no single club, or to clubs the request is not a member of,
// is reached here, each accessor refusing a scope whose actor is not the one it serves:
//   accountDb     a signed-in account's own rows in every club (its notifications) and an invitation found by its
//                 token (the token names the club; the account is no member yet).
//   invitationDb  the invitation door before any session (modules/invitations: the link's preview, the account-only
//                 sign-up).
//                 Both are fenced per statement (linkFence): each names the account, a link's token, or what a row
//                 read by its token named (its invitation, club, person, inviter, address) or a row created from it.
//   apiKeyDb      an organisation's API key: a client fenced per statement (organisation-scope.ts) to the
//                 organisation's own rows and, read-only, the clubs that consent (modules/federation/federation-access.ts
//                 decides which); apiRequestLogDb its one write, the request log.
//   registrationDoor  the online registration door before any session (modules/registrations): the form a public
//                 link's token names, or the submission a browser's secret names, and a client scoped to that row's
//                 club (club-scope.ts), as a member's would be.
//   calendarFeedDoor  a private calendar feed (modules/calendar) fetched by a calendar app with no session: the feed
//                 its token names (not revoked) and a client scoped to its club, read-only in practice.
//   familyFeedMembers  the people of a family feed (kind family: its target is the account): the account's
//                 family in the feed's club, as the personal area reaches it today.
//   callUpDoor    a call-up answered from its mail's link with no session (modules/calendar): the call-up its token
//                 names and a client scoped to its club.
//   takePushEndpoint  a browser's push endpoint taken by the account that subscribes it (modules/notices).
//   noticeDoor    a notice read and confirmed from its mail's link with no session (modules/notices): the recipient
//                 row its token names and a client scoped to its club.
//   noticeMailStates  the delivery state of a club's notice mails in the mail outbox (no club column there): read
//                 only for the mail ids its own recipient rows name.
//   familyDoor    the personal area of members and guardians (modules/family-area): the people linked to the
//                 signed-in account and the minors they are guardians of (familyReach), each reached through a
//                 client scoped to that person's club, its writes logged as the account's.
//   statisticsDb  statements on the database itself (ANALYZE, VACUUM (ANALYZE) of the dead rows an undo leaves,
//                 cleaning an index's pending list, the snapshot's xmin): they read and write no live row; any other
//                 statement is refused.
// The unguarded client underneath is named only here, in access/scope.ts and in the files of eslint.config.js's
// SYSTEM_DB_ALLOWLIST.
import { MSG } from '../../schema/messages';
import { FAMILY_MSG } from '../../schema/messages-family';
import type { Scope } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { clubDate } from '../../schema/club-time';
import { isMinorOn } from '../../schema/validation/families';
import { isUuid } from '../lib/club-rows';
import { dayOf } from '../lib/date-columns';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../lib/errors';
import { loggedClubClient } from './change-log';
import { clubScopedClient, extend } from './club-scope';
import { familyRelationAllows, type FamilyPermission, type FamilyRelation } from './permissions';
import { OrganisationScopeError, organisationScopedClient } from './organisation-scope';

/** The signed-in account's own rows across clubs, and invitations by token: refuses a request without a session. */
export function accountDb(scope: Scope): { accountId: string; db: PrismaClient } {
  if (!scope.viewer) throw new UnauthenticatedError();
  return { accountId: scope.viewer.accountId, db: linkFence(scope.deps.systemDb, scope.viewer.accountId) };
}

/**
 * A browser's push endpoint subscribed by the signed-in account: the endpoint (a secret URL the browser's push service
 * gave that browser) is the proof of the device, so a subscription of it left by another account that signed in on
 * the same browser is dropped.
 */
export async function takePushEndpoint(scope: Scope, endpoint: string): Promise<void> {
  if (!scope.viewer) throw new UnauthenticatedError();
  await scope.deps.systemDb.pushSubscription.deleteMany({ where: { endpoint, accountId: { not: scope.viewer.accountId } } });
}

/** The invitation door's reads and writes, found by the link's token: no session needed (the preview, the sign-up). */
export function invitationDb(scope: Pick<Scope, 'deps'>): PrismaClient {
  return linkFence(scope.deps.systemDb);
}

/**
 * The registration door: the row a public link names (a form by its token, a submission by the SHA-256 of its
 * browser's secret, a signed submission by its content's hash) and a client scoped to its club; null when none.
 */
export async function registrationDoor<K extends 'form' | 'submission' | 'signed'>(
  scope: Pick<Scope, 'deps'>,
  by: K,
  key: string,
): Promise<{ clubId: string; id: string; db: PrismaClient } | null> {
  const system = scope.deps.systemDb;
  const row =
    by === 'form'
      ? await system.registrationForm.findUnique({ where: { token: key }, select: { id: true, clubId: true } })
      : await system.registrationSubmission.findUnique({ where: by === 'submission' ? { accessHash: key } : { contentHash: key }, select: { id: true, clubId: true } });
  return row && { clubId: row.clubId, id: row.id, db: clubScopedClient(system, row.clubId) };
}

/** The calendar feed a token names (by its SHA-256), not revoked, and a client scoped to its club; null when none. */
export async function calendarFeedDoor(scope: Pick<Scope, 'deps'>, tokenHash: string): Promise<{ feed: { id: string; clubId: string; kind: string; targetId: string }; db: PrismaClient } | null> {
  const system = scope.deps.systemDb;
  const feed = await system.calendarFeed.findUnique({ where: { tokenHash }, select: { id: true, clubId: true, kind: true, targetId: true, revokedAt: true } });
  return feed && !feed.revokedAt ? { feed, db: clubScopedClient(system, feed.clubId) } : null;
}

/** The people a family feed covers today: the reach of the feed's account in the feed's club (at 18 a minor leaves it). */
export async function familyFeedMembers(scope: Pick<Scope, 'deps'>, feed: { kind: string; clubId: string; targetId: string }): Promise<FamilyMember[]> {
  if (feed.kind !== 'family') throw new CrossClubFenceError('familyFeedMembers');
  return (await readFamilyReach(scope.deps, feed.targetId)).filter((m) => m.clubId === feed.clubId);
}

/** The call-up a mail's token names (by its SHA-256) and a client scoped to its club; null when none. */
export async function callUpDoor(scope: Pick<Scope, 'deps'>, tokenHash: string): Promise<{ callUp: { id: string; clubId: string }; db: PrismaClient } | null> {
  const system = scope.deps.systemDb;
  const callUp = await system.callUp.findUnique({ where: { tokenHash }, select: { id: true, clubId: true } });
  return callUp && { callUp, db: clubScopedClient(system, callUp.clubId) };
}

/** The notice recipient a mail's token names (by its SHA-256) and a client scoped to its club; null when none. */
export async function noticeDoor(scope: Pick<Scope, 'deps'>, tokenHash: string): Promise<{ recipient: { id: string; clubId: string }; db: PrismaClient } | null> {
  const system = scope.deps.systemDb;
  // The first mail's link, or the reminder's.
  const recipient =
    (await system.noticeRecipient.findUnique({ where: { tokenHash }, select: { id: true, clubId: true } })) ??
    (await system.noticeRecipient.findUnique({ where: { reminderTokenHash: tokenHash }, select: { id: true, clubId: true } }));
  return recipient && { recipient, db: clubScopedClient(system, recipient.clubId) };
}

/**
 * Where the outbox is with mails `mailIds` of a club's notice (status, last error, when sent), by mail id: only the
 * ids the notice's own recipient rows name, and only those not yet sent (a sent mail, or one gone from the outbox, is
 * sent), so a history reads its failures and its queue, not thousands of settled rows.
 */
export async function noticeMailStates(scope: Pick<Scope, 'deps'>, clubId: string, noticeId: string, mailIds: string[]): Promise<Map<string, { status: string; lastError: string | null; sentAt: Date | null }>> {
  if (!mailIds.length) return new Map();
  const rows = await scope.deps.systemDb.$queryRaw<Array<{ id: string; status: string; last_error: string | null; sent_at: Date | null }>>`
    SELECT m.id::text, m.status, m.last_error, m.sent_at FROM mail_outbox m
    WHERE m.id = ANY(${mailIds}::uuid[]) AND m.status <> 'sent'
      AND EXISTS (SELECT 1 FROM notice_recipients r WHERE r.club_id = ${clubId}::uuid AND r.notice_id = ${noticeId}::uuid AND r.mail_id = m.id)`;
  return new Map(rows.map((r) => [r.id, { status: r.status, lastError: r.last_error, sentAt: r.sent_at }]));
}

/** How many of a club's notice's mails the outbox holds unsent: given up (failed) and still to go (pending, sending). */
export async function noticeMailCounts(scope: Pick<Scope, 'deps'>, clubId: string, noticeId: string): Promise<{ failed: number; pending: number }> {
  const [row] = await scope.deps.systemDb.$queryRaw<Array<{ failed: number; pending: number }>>`
    SELECT count(*) FILTER (WHERE m.status = 'failed')::int AS failed, count(*) FILTER (WHERE m.status IN ('pending', 'sending'))::int AS pending
    FROM mail_outbox m
    WHERE m.status IN ('failed', 'pending', 'sending')
      AND m.id IN (SELECT r.mail_id FROM notice_recipients r WHERE r.club_id = ${clubId}::uuid AND r.notice_id = ${noticeId}::uuid AND r.mail_id IS NOT NULL)`;
  return row;
}

/** A person the signed-in account reaches in the personal area, and how. */
export interface FamilyMember {
  personId: string;
  clubId: string;
  relation: FamilyRelation;
  /** The account's own person in that club: the person themselves, or the guardian acting for them. */
  actingPersonId: string;
}

const familyReaches = new WeakMap<object, Promise<FamilyMember[]>>();

/**
 * The people the signed-in account reaches (once per request): each person linked to it (titolare, or minore under
 * 18), and the minors those people are guardians of today (genitore; at 18 the reach ends), in clubs not archived.
 */
export function familyReach(scope: Scope): Promise<FamilyMember[]> {
  if (!scope.viewer) throw new UnauthenticatedError();
  let reach = familyReaches.get(scope);
  if (!reach) {
    reach = readFamilyReach(scope.deps, scope.viewer.accountId);
    familyReaches.set(scope, reach);
  }
  return reach;
}

async function readFamilyReach(deps: Scope['deps'], accountId: string): Promise<FamilyMember[]> {
  const today = clubDate(deps.now());
  const linked = await deps.systemDb.person.findMany({
    where: { accountId, club: { archivedAt: null } },
    select: { id: true, clubId: true, birthday: true, guardianOf: { select: { minor: { select: { id: true, clubId: true, birthday: true } } } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const reach = new Map<string, FamilyMember>();
  for (const p of linked) {
    for (const { minor } of p.guardianOf) {
      if (isMinorOn(dayOf(minor.birthday), today)) reach.set(minor.id, { personId: minor.id, clubId: minor.clubId, relation: 'genitore', actingPersonId: p.id });
    }
  }
  for (const p of linked) {
    if (!reach.has(p.id)) reach.set(p.id, { personId: p.id, clubId: p.clubId, relation: isMinorOn(dayOf(p.birthday), today) ? 'minore' : 'titolare', actingPersonId: p.id });
  }
  return [...reach.values()];
}

/**
 * One person of the account's family, for `permission`: a client scoped to the person's club (writes logged as the
 * account's) and the relation. A person outside the family (another family's, another club's, unknown, not an id)
 * is NotFoundError, all alike; a relation without the permission is ForbiddenError.
 */
export async function familyDoor(scope: Scope, personId: unknown, permission: FamilyPermission): Promise<FamilyMember & { db: PrismaClient }> {
  const member = isUuid(personId) ? (await familyReach(scope)).find((m) => m.personId === personId) : undefined;
  if (!member) throw new NotFoundError();
  if (!familyRelationAllows(member.relation, permission)) throw new ForbiddenError(FAMILY_MSG.familyGuardianOnly);
  return { ...member, db: loggedClubClient(clubScopedClient(scope.deps.systemDb, member.clubId), scope, member.clubId) };
}

/**
 * The account's family by club, each with a client scoped to that club (writes logged as the account's): what is
 * the account's own in each club rather than one person's (the first screen, the privacy notice it accepts).
 */
export async function familyClubs(scope: Scope): Promise<Array<{ clubId: string; members: FamilyMember[]; db: PrismaClient }>> {
  const byClub = new Map<string, FamilyMember[]>();
  for (const m of await familyReach(scope)) byClub.set(m.clubId, [...(byClub.get(m.clubId) ?? []), m]);
  return [...byClub].map(([clubId, members]) => ({ clubId, members, db: loggedClubClient(clubScopedClient(scope.deps.systemDb, clubId), scope, clubId) }));
}

/** A statement a cross-club fence of this file refuses: a programming error, answered as a failure. */
export class CrossClubFenceError extends Error {
  constructor(what: string) {
    super(`${what}: outside the cross-club access it was given (access/cross-club.ts)`);
    this.name = 'CrossClubFenceError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The values a fence grants and looks for: ids and addresses, never a name or a role any row could share. */
const isKey = (v: unknown): v is string => typeof v === 'string' && (UUID.test(v) || v.includes('@'));

/** A refused statement as the errors name it: `model.operation`, or the raw operation alone. */
const statementName = (model: string | undefined, operation: string) => (model ? `${model}.${operation}` : operation);

/** Whether `value` (a where or data argument, any depth) holds one of `granted`. */
function names(value: unknown, granted: ReadonlySet<string>, depth = 0): boolean {
  if (isKey(value)) return granted.has(value.toLowerCase());
  if (!value || typeof value !== 'object' || depth > 8) return false;
  return (Array.isArray(value) ? value : Object.values(value as Record<string, unknown>)).some((v) => names(v, granted, depth + 1));
}

/** Adds the ids and addresses of a row (and the rows it includes) to `granted`. */
function grant(row: unknown, granted: Set<string>, depth = 0): void {
  if (isKey(row)) granted.add(row.toLowerCase());
  else if (row && typeof row === 'object' && depth <= 4 && !(row instanceof Date)) {
    for (const v of Array.isArray(row) ? row : Object.values(row as Record<string, unknown>)) grant(v, granted, depth + 1);
  }
}

/**
 * A client whose every statement must name `accountId` (when given), a link's token, or a value a row read by its
 * token named, or a row created from those (the sign-up's account, its session): the door reaches the invitation,
 * its club and inviter, the account it joins, and nothing else. Raw statements must carry one as a parameter.
 * The grants live as long as the client (one per call of accountDb or invitationDb, its transactions included).
 */
function linkFence(system: PrismaClient, accountId?: string): PrismaClient {
  const granted = new Set<string>(accountId ? [accountId.toLowerCase()] : []);
  return extend(system, async ({ model, operation, args, query }) => {
    const a = (args ?? {}) as { where?: unknown; data?: unknown; values?: unknown };
    const byToken = model !== undefined && !!a.where && typeof a.where === 'object' && typeof (a.where as { tokenHash?: unknown }).tokenHash === 'string';
    const named = model !== undefined
      ? byToken || names(a.where, granted) || names(a.data, granted)
      : Array.isArray(a.values) && a.values.some((v) => isKey(v) && granted.has(v.toLowerCase()));
    if (!named) throw new CrossClubFenceError(`${statementName(model, operation)} (names neither the account nor the link's rows)`);
    const result = await query(args);
    if (byToken || (model !== undefined && operation.startsWith('create'))) grant(result, granted);
    return result;
  });
}

/** The request's fenced client per API-key request: the first call's consenting clubs hold for the whole request. */
const apiKeyClients = new WeakMap<Scope, PrismaClient>();
const noClubs = async (): Promise<readonly string[]> => [];

/**
 * What an organisation's API key reads, refusing any other caller: the organisation's own rows and, read-only, the
 * clubs `consentingClubs` answers (resolved once, when a statement first needs them), every statement fenced
 * (organisation-scope.ts). Every write is refused. Without `consentingClubs` on the request's first call no club
 * is reached: modules/federation/federation-access.ts (apiKeyClient) is the caller that names them.
 */
export function apiKeyDb(scope: Scope, consentingClubs: () => Promise<readonly string[]> = noClubs): PrismaClient {
  if (!scope.apiKey) throw new UnauthenticatedError(MSG.apiKeyRequired);
  let db = apiKeyClients.get(scope);
  if (!db) {
    db = organisationScopedClient(scope.deps.db, { organisationId: scope.apiKey.organisationId, writes: false, consentingClubs });
    apiKeyClients.set(scope, db);
  }
  return db;
}

/**
 * The one write of an API key's request: its rows in the request log (modules/federation/api-request-log.ts), by
 * raw statements that take the key's organisation and the key itself as parameters; any other statement refused.
 */
export function apiRequestLogDb(scope: Scope): PrismaClient {
  if (!scope.apiKey) throw new UnauthenticatedError(MSG.apiKeyRequired);
  const { organisationId, keyId } = scope.apiKey;
  return extend(scope.deps.systemDb, async ({ model, operation, args, query }) => {
    const values = args && typeof args === 'object' && 'values' in args && Array.isArray(args.values) ? args.values : [];
    if (model || operation !== '$executeRaw' || !values.includes(organisationId) || !values.includes(keyId)) {
      throw new OrganisationScopeError(`${statementName(model, operation)} (the request log takes its organisation and key)`);
    }
    return query(args);
  });
}

/** The statements statisticsDb lets through: on tables' statistics, dead rows and indexes, and the snapshot's xmin. */
const STATISTICS_SQL = /^\s*((VACUUM \(ANALYZE\)|ANALYZE)\s+[a-z_]+\s*$|SELECT gin_clean_pending_list\(|SELECT pg_snapshot_xmin\(pg_current_snapshot\(\)\))/i;

/** Statements on the database's statistics and indexes, which read or write no live row: any scope; nothing else passes. */
export function statisticsDb(scope: Pick<Scope, 'deps'>): PrismaClient {
  return extend(scope.deps.systemDb, async ({ model, operation, args, query }) => {
    const text = sqlText(args);
    if (model || (operation !== '$executeRaw' && operation !== '$queryRaw') || !STATISTICS_SQL.test(text)) {
      throw new CrossClubFenceError(`${statementName(model, operation)} (statisticsDb takes ANALYZE, VACUUM (ANALYZE), gin_clean_pending_list and the snapshot's xmin only)`);
    }
    return query(args);
  });
}

/** The SQL of a raw statement's arguments (a Prisma.Sql: its strings joined where the parameters go). */
function sqlText(args: unknown): string {
  const sql = args as { strings?: unknown; sql?: unknown } | undefined;
  if (sql && Array.isArray(sql.strings)) return sql.strings.join('$');
  return typeof sql?.sql === 'string' ? sql.sql : '';
}

/** Cleans a GIN index's pending list (after a bulk import deferred it): no row is read. */
export async function cleanPendingList(scope: Pick<Scope, 'deps'>, index: string): Promise<void> {
  await statisticsDb(scope).$queryRaw`SELECT gin_clean_pending_list(${index}::regclass)`;
}

/** The oldest transaction still running: every transaction below it has ended (the change feed's safe end). */
export async function snapshotXmin(scope: Pick<Scope, 'deps'>): Promise<bigint> {
  const [{ xmin }] = await statisticsDb(scope).$queryRaw<Array<{ xmin: bigint }>>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin`;
  return xmin;
}
