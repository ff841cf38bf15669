// Liveness and readiness (docs/operations.md), beside the older /healthz:
//   GET /livez  the process answers: 200, the database is not asked (a restart would not fix a database outage);
//   GET /readyz this instance should get traffic: the database answers, the migrations are applied, the job queue
//               has started (when it runs here), and no stop has begun; otherwise 503 with the reason, so a load
//               balancer sends requests elsewhere while the instance starts and while it drains.
import type { FastifyInstance } from 'fastify';

/** What /readyz reports; app.ts moves it along as the instance starts and stops. */
export interface Lifecycle {
  migrations: 'pending' | 'applied' | 'failed';
  /** 'off': JOBS=0, no queue in this process. */
  jobs: 'off' | 'starting' | 'started' | 'failed';
  /** Set as a stop begins (operations/shutdown.ts, or any close of the app): /readyz answers 503 from then on. */
  draining: boolean;
}

export function createLifecycle(jobsEnabled: boolean): Lifecycle {
  return { migrations: 'pending', jobs: jobsEnabled ? 'starting' : 'off', draining: false };
}

/** A database that does not answer within this long is reported unreachable (PGlite may be busy with a long write). */
const DATABASE_CHECK_MS = 3000;

export interface HealthSources {
  lifecycle: Lifecycle;
  database: 'pglite' | 'postgres';
  /** `SELECT 1` on the app's connections. */
  ping: () => Promise<unknown>;
  log: { warn(obj: object, msg?: string): void };
}

export function registerHealthRoutes(app: FastifyInstance, { lifecycle, database, ping, log }: HealthSources): void {
  app.get('/livez', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = { migrations: lifecycle.migrations, jobs: lifecycle.jobs, database: 'unchecked' };
    const refuse = (status: string) => reply.status(503).send({ status, database, checks });
    if (lifecycle.draining) return refuse('draining');
    if (lifecycle.migrations === 'failed' || lifecycle.jobs === 'failed') return refuse('error');
    if (lifecycle.migrations === 'pending' || lifecycle.jobs === 'starting') return refuse('starting');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS))),
      ]);
      checks.database = 'ok';
    } catch (err) {
      log.warn({ err }, 'readiness: the database does not answer');
      checks.database = 'unreachable';
      return refuse('error');
    } finally {
      clearTimeout(timer);
    }
    // A stop that began while the database was asked.
    if (lifecycle.draining) return refuse('draining');
    return { status: 'ready', database, checks };
  });
}
