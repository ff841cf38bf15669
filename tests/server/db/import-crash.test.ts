// The real server on a file-backed PGlite (its own process) killed with SIGKILL while an import is being committed
// slice by slice (server/modules/imports/import-commit.ts): after the restart nothing of the interrupted run is
// left (import-recovery.service.ts puts it back and records it as failed), and an import acknowledged before the
// kill is whole. PGlite only: PostgreSQL writes a run in one transaction, which a kill simply rolls back.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, healthy, kill9, signUpClub, startServer, type Server } from '../../support/crash-harness';
import { giveUpAfterAll } from '../../support/give-up';
import { validTaxCode } from '../imports/import-fixtures';

const run = process.env.CAMPOBASE_TEST_DB === 'postgres' ? describe.skip : describe;

function athletesCsv(count: number, from: number): string {
  const lines = ['Nome;Cognome;Codice fiscale;Sesso'];
  for (let i = 0; i < count; i++) lines.push(`Nome${i};Interrotti;${validTaxCode(from + i, 'Interrotti')};${(from + i) % 2 ? 'M' : 'F'}`);
  return lines.join('\r\n');
}

async function postImport(server: Server, headers: Record<string, string>, csv: string) {
  const form = new FormData();
  form.append('type', 'athlete');
  form.append('dry_run', '0');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'atleti.csv');
  const res = await fetch(`${server.url}/api/import`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as { status: boolean; message: string } };
}

async function gql<T>(server: Server, headers: Record<string, string>, query: string): Promise<T> {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const athletes = async (server: Server, headers: Record<string, string>) =>
  (await gql<{ people: { totalCount: number } }>(server, headers, '{ people(kind: athlete) { totalCount } }')).people.totalCount;
const runs = async (server: Server, headers: Record<string, string>) =>
  (await gql<{ importRuns: { edges: Array<{ node: { status: string } }> } }>(server, headers, '{ importRuns { edges { node { status } } } }')).importRuns.edges.map((e) => e.node);

run('kill -9 while an import is being written (PGlite)', () => {
  const giveUp = giveUpAfterAll();

  it('after the restart the interrupted run is put back and failed; the run acknowledged before is whole', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-import-crash-'));
    const port = await freePort();
    // Slices of 250 people: the kill lands while most of the 4,000 are still to be written.
    const env = { IMPORT_SLICE_ROWS: '250' };
    let server = await startServer(dataDir, port, 0, env, giveUp);
    try {
      await healthy(server);
      const headers = await signUpClub(server);
      const first = await postImport(server, headers, athletesCsv(300, 4_000));
      expect(first.body).toMatchObject({ status: true });
      expect(await athletes(server, headers)).toBe(300);

      // 4,000 more: killed once other requests see some of its rows (slices committed) but not all of them.
      const big = 4_000;
      const interrupted = postImport(server, headers, athletesCsv(big, 12_000)).catch(() => 'killed');
      let seen = 300;
      while (seen === 300) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await athletes(server, headers);
      }
      await kill9(server);
      expect(await interrupted).toBe('killed');
      expect(seen).toBeGreaterThan(300);
      expect(seen).toBeLessThan(300 + big);

      server = await startServer(dataDir, port, 0, env, giveUp);
      await healthy(server);
      // The recovery runs in the background once the database is open: wait for the run to be failed.
      const deadline = Date.now() + 120_000;
      let states = await runs(server, headers);
      while (states.some((r) => r.status === 'writing') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        states = await runs(server, headers);
      }
      expect(states.map((r) => r.status)).toEqual(['failed', 'completed']);
      expect(await athletes(server, headers)).toBe(300);
    } finally {
      await kill9(server).catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
