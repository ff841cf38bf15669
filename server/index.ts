// Starts CampoBase: `npm start`. Settings come from the environment (see docs/configuration.md).
// `npm run demo` (--demo): the same server, with the demo club loaded first when it is missing (its addresses are
// reserved .invalid ones, which the mail outbox never delivers to: scripts/seed/demo-club.ts).
import { loadConfig } from './config';
import { createApp } from './app';
import { DataDirLockedError } from './db/pglite-guard';
import { installLastResortHandlers } from './lib/last-resort';
import { drainAndClose, shutdownDeadlineMs } from './operations/shutdown';

const config = loadConfig();
const demo = process.argv.includes('--demo');
const { app, deps, databaseReady, lifecycle } = await createApp({ config, waitForDatabase: false }).catch((error: unknown) => {
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

// Before listening: the first page already shows the demo club. The seed (and its faker) loads only here.
let demoClub: import('../scripts/seed/demo-club').DemoResult | undefined;
if (demo) {
  try {
    await databaseReady;
    const { loadDemoClub } = await import('../scripts/seed/demo-club');
    app.log.info({}, 'loading the demo club (when missing)');
    demoClub = await loadDemoClub(deps);
  } catch (err) {
    app.log.error({ err }, 'the demo club could not be loaded');
    await app.close();
    process.exit(1);
  }
}

try {
  await app.listen({ port: config.port, host: config.host });
  // The port actually bound (PORT=0 picks a free one).
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${(app.server.address() as { port: number }).port}`;
  app.log.info({ database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})` }, `CampoBase in ascolto su ${url}`);
  // Until then pages answer "si sta avviando" (http/starting-page.ts); this line says when to open the browser.
  databaseReady.then(() => app.log.info({ url }, `CampoBase pronto: ${url}`), () => {});
  if (demoClub) {
    const what = demoClub.status === 'exists' ? 'already here' : `loaded (${demoClub.people} people)`;
    console.log(`\nDemo club "${demoClub.clubName}" ${what}: open ${url}/login and sign in with\n  email:    ${demoClub.email}\n  password: ${demoClub.password}\n`);
  }
} catch (err) {
  app.log.error({ err }, 'cannot listen');
  await app.close();
  process.exit(1);
}
