// Which request (or job) a log line belongs to. A request runs in a scope holding its id (request-id.ts); a job
// the request enqueued carries the id in its data and runs in a scope of its own holding it again (jobs/queue.ts).
// The app's logger adds the scope's fields to every line written meanwhile, so the services' `deps.log` lines and
// the background work a request started carry the same `requestId` as fastify's own `req.log` lines.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The fields a scope adds to each log line. */
export interface LogScope {
  requestId?: string;
  /** A job's queue and id, while its handler runs. */
  job?: string;
  jobId?: string;
}

const scopes = new AsyncLocalStorage<LogScope>();

export function runInLogScope<T>(scope: LogScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** The scope of the request or job whose work is running now: one object for all of its work. */
export function currentLogScope(): LogScope | undefined {
  return scopes.getStore();
}

/** The id of the request whose work is running now (also inside a job that request enqueued). */
export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/**
 * Marks a logger that already carries the request id among its bindings (fastify's `req.log`), so the scope is
 * not written a second time on its lines.
 */
const BOUND = Symbol('log scope bound');

export function markBound<T extends object>(logger: T): T {
  (logger as Record<symbol, unknown>)[BOUND] = true;
  return logger;
}

/**
 * pino's `mixin`: the scope's fields on each line. pino merges into the object returned (so a new one each time);
 * a line outside any scope gets nothing.
 */
export function logScopeMixin(_line: object, _level: number, logger: object): object {
  const scope = scopes.getStore();
  if (!scope || (logger as Record<symbol, unknown>)[BOUND]) return {};
  return { ...scope };
}
