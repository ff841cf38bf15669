// Health data (schema/health-data.ts: medical certificate fields, history and files, allergies, intolerances,
// athlete condition, health card) in one place for every face. Whatever hands some out (GraphQL fields, the legacy
// records and lists, certificates, certificate files, exports, eligibility, the reminder log, the answer cache's
// replays) asks `revealHealth` (or `shownHealth`), which decides and logs together, so no face can show without
// logging or log by a rule of its own:
//   - shown only to a club member whose role has `health.read`; to anyone else the same shape with nothing in it
//     (GraphQL null, the legacy keys null). Which rows a coach reaches at all (the athletes of their groups, at any
//     depth of a statement) is the club scope's narrowing (club-scope.ts), so what is asked about here has already
//     passed it;
//   - each read is one `health_read` line of the access log per request for each record and each kind of read: a
//     role's health fields and certificate state (no detail), a person's certificate history ("Storico certificati
//     medici"), a certificate file ("Certificato medico"), and the reports that name themselves (an export, a
//     team's eligibility, the reminder log). However many fields or paths reached a record, one line;
//   - a list is its rows: it logs one line per row whose health data the answer holds, exactly as reading those
//     records one by one in the request would, on GraphQL and REST alike (no line for a row whose health fields
//     were not asked for; a list filtered by certificate expiry tells every row's certificate state, so each row of
//     it counts as read, whatever was selected);
//   - an answer served again from the answer cache logs, for its new request, the lines its first execution logged.
// Changing health data needs `health.write` (canWriteHealth: the save service).
import { HEALTH_DETAIL_FIELDS } from '../../schema/health-data';
import type { PersonKindKey } from '../../schema/constants';
import type { RequestContext } from '../context';
import { logHealthReads, type HealthReadRecord } from './access-log';
import { memberActor } from './actor';
import { can } from './authorize';
import type { Permission } from './permissions';

const memberCan = (ctx: RequestContext, permission: Permission) => {
  const actor = memberActor(ctx);
  return actor !== null && can(actor, permission);
};

/**
 * Whether the viewer's role reads health data at all: for decisions taken before any row is at hand (a filter
 * refused, an export's columns, the dashboard's counts). Handing data out goes through revealHealth.
 */
export const canReadHealth = (ctx: RequestContext): boolean => memberCan(ctx, 'health.read');
export const canWriteHealth = (ctx: RequestContext): boolean => memberCan(ctx, 'health.write');

/** Whose health data is handed out: people, or the holders of roles (where only a role id is at hand, e.g. a details row). */
export type HealthHolders = { personIds: readonly string[] } | { roleIds: readonly string[] };

/**
 * The one gate of health data handed out: true when the viewer sees the health data of `holders` (then logged as
 * read, once per request for each record and `detail`), false when it must be left out. Ask it with the holders
 * whose data the answer will actually carry (none: the decision alone, nothing logged).
 */
export function revealHealth(ctx: RequestContext, holders: HealthHolders, detail?: string): boolean {
  if (!canReadHealth(ctx)) return false;
  const read: HealthReadRecord = 'personIds' in holders ? { by: 'personId', ids: holders.personIds, detail } : { by: 'roleId', ids: holders.roleIds, detail };
  logHealthReads(ctx, read);
  return true;
}

/** `value` when revealHealth shows it (and logs it), else null: a GraphQL health field's answer. */
export function shownHealth<T>(ctx: RequestContext, holders: HealthHolders, value: T, detail?: string): T | null {
  return revealHealth(ctx, holders, detail) ? value : null;
}

/** Logs again, for this request, the health reads of a cached answer served instead of executing (answer-cache.ts). */
export function replayHealthReads(ctx: RequestContext, reads: readonly HealthReadRecord[]): void {
  for (const read of reads) logHealthReads(ctx, read);
}

/** `fields` (a kind's details, camelCase) with its health fields set to null: what a role without health.read gets. */
export function withoutHealth<T extends Record<string, unknown>>(kind: PersonKindKey, fields: T): T {
  const redacted: Record<string, unknown> = { ...fields };
  for (const field of HEALTH_DETAIL_FIELDS[kind] ?? []) if (field in redacted) redacted[field] = null;
  return redacted as T;
}

/** A member or guardian read a person's health data in the personal area: logged in that person's club like a staff read. */
export function logFamilyHealthRead(ctx: RequestContext, clubId: string, personId: string, detail: string): void {
  logHealthReads(ctx, { by: 'personId', ids: [personId], detail }, clubId);
}
