// The Scope's actor and the database access that follows it (issue 34 point 1). Every service and job receives one
// Scope (context.ts): resolved once per request (http/request-context.ts), per job (jobs/*) or per script (scripts/*
// via systemScope). What it may reach depends only on who acts:
//   member   the request's club, through the club-scoped client: clubDb(scope) (request-db.ts, club-scope.ts);
//   apiKey   the key's organisation's own rows and, read-only, the clubs that consent to it: apiKeyDb(scope)
//            (cross-club.ts), fenced per statement (organisation-scope.ts) to federation-access.ts's reach;
//   staff    an account as staff of the organisation an operation names, admitted by the operation table's staff rule
//            (staff-scope.ts admitStaff) and handed to the service (staffAccessOf), fenced to that organisation and,
//            read-only, the clubs affiliated to it in force;
//   account  a signed-in account's own rows across clubs: cross-club.ts;
//   system   jobs, scripts and migrations: systemDbOf(scope), the unguarded client, refused to any other scope.
// Raw SQL on club data goes through clubSql (club-sql.ts), which binds the club itself.
import type { AppDeps, Scope } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { memberActor, systemActor, type Actor } from './actor';

export type { Scope } from '../context';
export { clubDb } from './request-db';

/** Who acts in this scope: the system (a job or script), an API key, a member in their club, or null (anonymous, or an account without a club). */
export function actorOf(scope: Scope): Actor | null {
  if (scope.system) return systemActor(scope.system.reason, scope.system.clubId);
  if (scope.apiKey) return scope.apiKey;
  return memberActor(scope);
}

/** A job's or script's scope: it acts for the product itself, `reason` saying why (logged with its changes). */
export function systemScope(deps: AppDeps, reason: string, clubId?: string): Scope {
  return { deps, meta: {}, viewer: null, system: { reason, clubId } };
}

/** A scope's unguarded access is a job's or a script's only. */
export class NotSystemScopeError extends Error {
  constructor(reason: string) {
    super(`${reason}: the unguarded database access is for a system scope only (jobs, scripts, migrations)`);
    this.name = 'NotSystemScopeError';
  }
}

/** The unguarded client of a system scope (jobs, scripts, migrations); any other scope is refused. */
export function systemDbOf(scope: Scope, why = 'systemDbOf'): PrismaClient {
  if (!scope.system) throw new NotSystemScopeError(why);
  return scope.deps.systemDb;
}
