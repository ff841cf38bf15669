// A graceful stop (SIGTERM, SIGINT; docs/operations.md), in this order:
//   1. /readyz answers 503 ("draining"); for SHUTDOWN_DELAY_SECONDS requests are still served, so a load
//      balancer sees it and stops sending new ones;
//   2. the port closes: new connections are refused, requests already on a kept-alive connection get 503, and
//      the requests in flight finish; after SHUTDOWN_TIMEOUT_SECONDS their connections are cut;
//   3. the app's onClose hooks (app.ts): the job queue stops taking jobs and gives running ones
//      SHUTDOWN_TIMEOUT_SECONDS, the background work requests started is awaited, then the database is closed.
// A stop that has not ended after all of that plus a margin exits anyway (status 1), saying so.
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './health';

export interface ShutdownOptions {
  delayMs: number;
  timeoutMs: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export async function drainAndClose(app: FastifyInstance, lifecycle: Lifecycle, { delayMs, timeoutMs, log }: ShutdownOptions): Promise<void> {
  lifecycle.draining = true;
  if (delayMs > 0) {
    log.info({ delayMs }, 'shutdown: not ready any more, still serving while the load balancer notices');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const server = app.server;
  const cut = setTimeout(() => {
    log.warn({ timeoutMs }, 'shutdown: requests still running after the timeout, closing their connections');
    server.closeAllConnections();
  }, timeoutMs);
  // Node's server emits 'close' once every connection has ended: from then on only the onClose hooks run.
  server.once('close', () => clearTimeout(cut));
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/** The whole stop's bound: the delay, the requests' timeout, the jobs' timeout, and a margin for the rest. */
export const shutdownDeadlineMs = ({ delayMs, timeoutMs }: Pick<ShutdownOptions, 'delayMs' | 'timeoutMs'>) => delayMs + 2 * timeoutMs + 10_000;
