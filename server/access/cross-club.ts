// The deliberate cross-club reads and writes of a request, named one by one (issue 34 point 1). A member's services
// use the club-scoped client (clubDb); what belongs to no single club, or to clubs the request is not a member of,
// is reached here, each accessor refusing a scope whose actor is not the one it serves:
//   accountDb     a signed-in account's own rows in every club (its notifications) and an invitation found by its
//                 token (the token names the club; the account is no member yet). Every statement names the account
//                 or the token.
//   invitationDb  the invitation door before any session (modules/invitations: the link's preview, the account-only
//                 sign-up): every statement names the token's invitation, or the account it creates.
//   apiKeyDb      an organisation's API key: the clubs that consent (modules/federation/federation-access.ts decides
//                 which), every statement naming the organisation or the clubs of the key's reach.
//   staffDb       an organisation's staff on its own portal: every statement names an organisation whose staff the
//                 account is (checked by the service before the first read of its rows).
//   statisticsDb  statements on the database itself (ANALYZE, cleaning an index's pending list, the snapshot's
//                 xmin): they read and write no row.
// The unguarded client underneath is named only here, in access/scope.ts and in the files of eslint.config.js's
// SYSTEM_DB_ALLOWLIST.
import { MSG } from '../../schema/messages';
import type { Scope } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { UnauthenticatedError } from '../lib/errors';

/** The signed-in account's own rows across clubs, and invitations by token: refuses a request without a session. */
export function accountDb(scope: Scope): { accountId: string; db: PrismaClient } {
  if (!scope.viewer) throw new UnauthenticatedError();
  return { accountId: scope.viewer.accountId, db: scope.deps.systemDb };
}

/** The invitation door's reads and writes, found by the link's token: no session needed (the preview, the sign-up). */
export function invitationDb(scope: Pick<Scope, 'deps'>): PrismaClient {
  return scope.deps.systemDb;
}

/** What an organisation's API key reads across the clubs that consent: refuses any other caller. */
export function apiKeyDb(scope: Scope): PrismaClient {
  if (!scope.apiKey) throw new UnauthenticatedError(MSG.apiKeyRequired);
  return scope.deps.systemDb;
}

/** An organisation's staff on its portal (the staff role is checked by the service): refuses a request without a session. */
export function staffDb(scope: Scope): { accountId: string; db: PrismaClient } {
  if (!scope.viewer) throw new UnauthenticatedError();
  return { accountId: scope.viewer.accountId, db: scope.deps.systemDb };
}

/** Statements on the database's statistics and indexes, which read or write no row: any scope. */
export function statisticsDb(scope: Pick<Scope, 'deps'>): PrismaClient {
  return scope.deps.systemDb;
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
