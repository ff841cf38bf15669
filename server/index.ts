// Starts CampoBase: `npm start`. Settings come from the environment (see README "Settings").
import { loadConfig } from './config';
import { createApp } from './app';
import { DataDirLockedError } from './db/pglite-guard';
import { installLastResortHandlers } from './lib/last-resort';

const config = loadConfig();
const { app, databaseReady } = await createApp({ config, waitForDatabase: false }).catch((error: unknown) => {
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

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})` },
    `CampoBase in ascolto su http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
} catch (err) {
  app.log.error({ err }, 'cannot listen');
  await app.close();
  process.exit(1);
}
