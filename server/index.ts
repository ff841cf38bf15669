// Starts CampoBase: `npm start`. Settings come from the environment (see docs/configuration.md).
import { loadConfig } from './config';
import { createApp } from './app';
import { DataDirLockedError } from './db/pglite-guard';
import { installLastResortHandlers } from './lib/last-resort';
import { drainAndClose, shutdownDeadlineMs } from './operations/shutdown';

const config = loadConfig();
const { app, databaseReady, lifecycle } = await createApp({ config, waitForDatabase: false }).catch((error: unknown) => {
  // Another process holds the embedded database: say which, without a stack trace (see server/db/pglite-guard.ts).
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
// Errors nothing else caught: connection-level ones are logged and the server goes on; anything else is logged at
// fatal and the server closes and exits for its supervisor to restart it (why: server/lib/last-resort.ts).
installLastResortHandlers({ log: app.log, shutdown: () => app.close() });
databaseReady.catch(async () => {
  // Already logged by the app; a server without a usable database should not pretend to work.
  await app.close();
  process.exit(1);
});

// Graceful: not ready, then requests in flight, jobs and background work finish before the database closes
// (operations/shutdown.ts). A second signal while it drains ends the process at once (Node's default).
const shutdown = async (signal: string) => {
  const options = { delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs, log: app.log };
  app.log.info({ signal, delayMs: options.delayMs, timeoutMs: options.timeoutMs }, 'shutting down');
  setTimeout(() => {
    app.log.error({ signal }, 'shutdown did not finish in time: exiting anyway');
    process.exit(1);
  }, shutdownDeadlineMs(options)).unref();
  await drainAndClose(app, lifecycle, options);
  app.log.info({ signal }, 'shut down');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  // The port actually bound (PORT=0 picks a free one).
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${(app.server.address() as { port: number }).port}`;
  app.log.info({ database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})` }, `CampoBase in ascolto su ${url}`);
  // Until then pages answer "si sta avviando" (http/starting-page.ts); this line says when to open the browser.
  databaseReady.then(() => app.log.info({ url }, `CampoBase pronto: ${url}`), () => {});
} catch (err) {
  app.log.error({ err }, 'cannot listen');
  await app.close();
  process.exit(1);
}
