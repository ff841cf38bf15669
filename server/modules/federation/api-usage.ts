// What one request of an organisation's API key reads and costs (issue 13 points 6 and 7): filled while the
// request runs (the cost before execution, rows and scopes by the resolvers), then answered in the response's
// `extensions` and rate-limit headers, charged to the key's points budget, and written to the API access log.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { OrganisationScope } from '../../../schema/organisation-scopes';
import type { Actor } from '../../access/actor';
import { memoryRateLimitStore, type RateLimitStore } from '../../lib/rate-limit-store';

type ApiKeyActor = Extract<Actor, { kind: 'apiKey' }>;

export interface ApiBudgetState {
  /** Points per window, what is left after this request, and when the window starts again. */
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface ApiUsage {
  key: ApiKeyActor;
  operation: string | null;
  /** The request's estimated cost (the same number the cost limit checks). */
  cost: number;
  rows: number;
  scopes: Set<OrganisationScope>;
  clubs: Map<string, { rows: number; scopes: Set<OrganisationScope> }>;
  /** Fields answered with a scope refusal. */
  refusedFields: number;
  /** The budget after this request; unset when the request never got to be charged (refused before). */
  budget?: ApiBudgetState;
  /** The whole request was refused (a limit, the budget, a mutation). */
  refused: boolean;
}

export const newApiUsage = (key: ApiKeyActor): ApiUsage => ({
  key,
  operation: null,
  cost: 0,
  rows: 0,
  scopes: new Set(),
  clubs: new Map(),
  refusedFields: 0,
  refused: false,
});

/** Counts `rows` answered of `clubId`. */
export function countRows(usage: ApiUsage | undefined, clubId: string, rows = 1): void {
  if (!usage) return;
  usage.rows += rows;
  const club = usage.clubs.get(clubId) ?? { rows: 0, scopes: new Set<OrganisationScope>() };
  club.rows += rows;
  usage.clubs.set(clubId, club);
}

/** Records that a field of `scope` was answered for `clubId`. */
export function countScope(usage: ApiUsage | undefined, clubId: string, scope: OrganisationScope): void {
  if (!usage) return;
  usage.scopes.add(scope);
  const club = usage.clubs.get(clubId) ?? { rows: 0, scopes: new Set<OrganisationScope>() };
  club.scopes.add(scope);
  usage.clubs.set(clubId, club);
}

export const API_BUDGET_WINDOW_SECONDS = 3600;

export interface ApiBudget {
  readonly limit: number;
  /** Charges `points` to the key: the state after it, or `refused` with the seconds until it may try again. */
  charge(keyId: string, points: number): Promise<{ ok: true; state: ApiBudgetState } | { ok: false; state: ApiBudgetState; retryAfterSeconds: number }>;
}

/**
 * Each key's points per hour (API_KEY_POINTS_HOURLY), counted where the rate limits count (lib/rate-limit-store.ts):
 * on PostgreSQL in the database, so every instance behind a load balancer spends the same budget; in memory on the
 * embedded database (one process).
 */
export function createApiBudget(pointsPerHour: number, store: RateLimitStore = memoryRateLimitStore): ApiBudget {
  const limiter = store.limiter({ keyPrefix: 'api-key', points: pointsPerHour, duration: API_BUDGET_WINDOW_SECONDS });
  const state = (res: RateLimiterRes): ApiBudgetState => ({
    limit: pointsPerHour,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  return {
    limit: pointsPerHour,
    async charge(keyId, points) {
      try {
        return { ok: true, state: state(await limiter.consume(keyId, Math.max(1, points))) };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // A refused request costs nothing: give back what the failed consume counted.
        await limiter.reward(keyId, Math.max(1, points)).catch(() => {});
        const res = await limiter.get(keyId);
        const after = res ? state(res) : { limit: pointsPerHour, remaining: pointsPerHour, resetSeconds: 1 };
        return { ok: false, state: after, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
    },
  };
}
