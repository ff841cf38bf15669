// Starts CampoBase: `npm start`. Settings come from the environment (see README "Settings").
import { loadConfig } from './config';
import { createApp } from './app';

const config = loadConfig();
const { app, databaseReady } = await createApp({ config, waitForDatabase: false });
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
