// For the operator commands: the database the server is configured with (DATABASE_URL, or the embedded one in
// DATA_DIR). PGlite cannot be opened by two processes at once, so a command stops when a CampoBase server with the
// embedded database answers on the configured port, rather than risk its data directory.
import { loadConfig, type ServerConfig } from '../server/config';
import { openAppDatabase, type AppDatabase } from '../server/db/database';

/** The address of a CampoBase server on the embedded database answering on the configured port, if any. */
async function embeddedServerRunning(config: ServerConfig): Promise<string | undefined> {
  if (config.databaseUrl) return undefined;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${config.port}`;
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { database?: string };
    return body.database === 'pglite' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The configured database, or null after saying (through `err`) why it cannot be opened: the command exits 1. */
export async function openOperatorDatabase(err: (message: string) => void): Promise<AppDatabase | null> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return null;
  }
  const running = await embeddedServerRunning(config);
  if (running) {
    err(
      `CampoBase è in esecuzione su ${running} con il database integrato, che un solo processo alla volta può aprire.\n` +
        'Ferma il server, esegui di nuovo il comando e riavvialo (con DATABASE_URL il server può restare acceso).',
    );
    return null;
  }
  return openAppDatabase(config);
}
