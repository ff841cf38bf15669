// For the operator commands: PGlite cannot be opened by two processes at once, so a command stops when a CampoBase
// server with the embedded database answers on the configured port, rather than risk its data directory.
import type { ServerConfig } from '../server/config';

/** The address of a CampoBase server on the embedded database answering on the configured port, if any. */
export async function embeddedServerRunning(config: ServerConfig): Promise<string | undefined> {
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

/** What a command says when it stops for that reason. */
export const EMBEDDED_SERVER_RUNNING = (url: string) =>
  `CampoBase è in esecuzione su ${url} con il database integrato, che un solo processo alla volta può aprire.\n` +
  'Ferma il server, esegui di nuovo il comando e riavvialo (con DATABASE_URL il server può restare acceso).';
