// The deliberate cross-club reads and writes of a request, named one by one (issue 34 point 1). A member's services
// use the club-scoped client (clubDb); what belongs to no single club, or to clubs the request is not a member of,
// is reached here, each accessor refusing a scope whose actor is not the one it serves:
//   accountDb     a signed-in account's own rows in every club (its notifications) and an invitation found by its
//                 token (the token names the club; the account is no member yet). Every statement names the account
//                 or the token.
//   invitationDb  the invitation door before any session (modules/invitations: the link's preview, the account-only
//                 sign-up): every statement names the token's invitation, or the account it creates.
//   apiKeyDb      an organisation's API key: a client fenced per statement (organisation-scope.ts) to the
//                 organisation's own rows and, read-only, the clubs that consent (modules/federation/federation-access.ts
//                 decides which); apiRequestLogDb its one write, the request log.
//   statisticsDb  statements on the database itself (ANALYZE, cleaning an index's pending list, the snapshot's
//                 xmin): they read and write no row.
// The unguarded client underneath is named only here, in access/scope.ts and in the files of eslint.config.js's
// SYSTEM_DB_ALLOWLIST.
import { MSG } from '../../schema/messages';
import type { Scope } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { UnauthenticatedError } from '../lib/errors';
import { extend } from './club-scope';
import { OrganisationScopeError, organisationScopedClient } from './organisation-scope';

/** The signed-in account's own rows across clubs, and invitations by token: refuses a request without a session. */
export function accountDb(scope: Scope): { accountId: string; db: PrismaClient } {
  if (!scope.viewer) throw new UnauthenticatedError();
  return { accountId: scope.viewer.accountId, db: scope.deps.systemDb };
}

/** The invitation door's reads and writes, found by the link's token: no session needed (the preview, the sign-up). */
export function invitationDb(scope: Pick<Scope, 'deps'>): PrismaClient {
  return scope.deps.systemDb;
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
      throw new OrganisationScopeError(`${model ?? ''}${model ? '.' : ''}${operation} (the request log takes its organisation and key)`);
    }
    return query(args);
  });
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
