// A benchmark's club: a fresh throwaway database (PGlite or PostgreSQL), the real app without its job queue, and a
// club signed up through the product's own service, with the owner's headers for app.inject. close() ends both.
import path from 'node:path';
import { createApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { signUp } from '../../server/modules/accounts/sign-up.service';
import { log, throwawayDatabase } from '../throwaway-database';

/** `overrides`: the bench's own settings (an SMTP server, the job queue on, its limits). */
export async function openBenchClub(database: 'pglite' | 'postgres', bench: string, fullName: string, overrides: Partial<ServerConfig> = {}) {
  const target = await throwawayDatabase(database, bench);
  if (!target) return null;
  const { dataDir, databaseUrl, cleanup } = target;
  const config = loadConfig({}, { dataDir, databaseUrl, logLevel: 'error', clientDir: path.join(dataDir, 'no-client'), rateLimitFactor: 1000, jobsEnabled: false, statementTimeoutMs: 30 * 60_000, ...overrides });
  log(`\n[${database}] fresh database, applying migrations...`);
  const { app, deps } = await createApp({ config });
  const close = async () => {
    await app.close();
    await cleanup();
  };
  try {
    const ctx = { deps, meta: { ip: '127.0.0.1', userAgent: 'bench' }, viewer: null };
    const password = 'password-bench-1';
    const { token, accountId } = await signUp(ctx, {
      taxIdCode: 'RSSMRA80A01H501U', firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: 1,
      fullName, foundation: 1990, vatNumber: '12345678901', typeSport: 'calcio',
      email: `bench-${bench}@example.it`, password, passwordConfirmation: password,
    });
    const membership = await deps.systemDb.membership.findFirstOrThrow({ where: { accountId } });
    const headers = { authorization: `Bearer ${token}`, 'x-club': membership.token };
    /** One GraphQL call as the owner: the root field's value and the server's own time in ms (Server-Timing). */
    const staff = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query, variables }) });
      const body = res.json<{ data?: Record<string, any>; errors?: unknown[] }>();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      const ms = Number(/app;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN);
      return { value: Object.values(body.data!)[0], ms };
    };
    return { app, deps, db: deps.systemDb, clubId: membership.clubId, headers, staff, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
