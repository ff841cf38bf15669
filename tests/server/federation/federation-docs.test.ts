// docs/api/federation.md must work as written (issue 13 point 9: "a client written only from that page must work"):
// its curl quick start, its JavaScript sync client and its Python snippet are taken from the page and run, as they
// are, against a listening server with a real key; their output is checked. Both databases.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/modules/federation/webhook-delivery';
import { createClub } from '../../support/factories';
import { gql } from '../../support/http';
import { affiliate, keyOf, organisationOf } from '../../support/organisation-factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const run = promisify(execFile);
const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api/federation.md'), 'utf8');

/** The first fenced block of `language` after `after` in the page. */
function block(language: string, after = ''): string {
  const start = page.indexOf(after);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(page.slice(start));
  if (start < 0 || !match) throw new Error(`no ${language} block after ${after}`);
  return match[1];
}

let t: TestApp;
let env: NodeJS.ProcessEnv;
let dir: string;
let clubId: string;
let toDelete: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  const [admin, club] = [await createClub(t.deps), await createClub(t.deps)];
  clubId = club.clubId;
  const organisation = await organisationOf(t.deps, admin);
  await affiliate(t.deps, organisation.id, club.clubId, ['club.profile', 'people.registry', 'people.certificates']);
  const { secret } = await keyOf(t.deps, admin, organisation.id, ['club.profile', 'people.registry', 'people.certificates']);
  const ctx = await clubContext(t.deps, club);
  for (const lastname of ['Bianchi', 'Verdi']) await createPerson(ctx, 'athlete', { profile: { lastname } });
  toDelete = (await createPerson(ctx, 'coach', { profile: { lastname: 'Neri' } })).personId;
  env = { ...process.env, CAMPOBASE_URL: `http://127.0.0.1:${port}`, CAMPOBASE_KEY: secret };
  dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-docs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe('docs/api/federation.md, run as written', () => {
  it('the curl quick start answers the affiliated club with its cost', async () => {
    const { stdout } = await run('bash', ['-c', block('sh', '4. Call')], { env });
    const answer = JSON.parse(stdout);
    expect(answer.data.organisationClubs.nodes).toEqual([expect.objectContaining({ id: clubId, status: 'active', scopes: ['CLUB_PROFILE', 'PEOPLE_REGISTRY', 'PEOPLE_CERTIFICATES'] })]);
    expect(answer.extensions.cost.requested).toBeGreaterThan(0);
  });

  it('the JavaScript sync client syncs every record, then from its cursor learns of a deletion', async () => {
    const file = path.join(dir, 'sync.mjs');
    await writeFile(file, block('js', '<!-- federation-sync-example'));
    // On PostgreSQL the feed shows a change once every older transaction of the server has ended (the suite's
    // other files keep some running): wait until it shows them, as a nightly client would simply find them later.
    await feedShows(3);
    const first = JSON.parse((await run(process.execPath, [file], { env })).stdout);
    expect(first).toMatchObject({ records: 3, names: ['Bianchi', 'Neri', 'Verdi'] });
    const unchanged = JSON.parse((await run(process.execPath, [file, first.cursor], { env })).stdout);
    expect(unchanged).toEqual({ cursor: first.cursor, records: 0, names: [] });
    await t.deps.systemDb.person.delete({ where: { id: toDelete } });
    await feedShows(1, first.cursor);
    const next = JSON.parse((await run(process.execPath, [file, first.cursor], { env })).stdout);
    expect(next.cursor).not.toBe(first.cursor);
    expect(next.records).toBe(0); // the one change was a deletion
  });

  it("the webhook verification accepts the server's signature and refuses a forged or old one", async () => {
    const file = path.join(dir, 'verify.mjs');
    await writeFile(file, block('js', '<!-- webhook-verify-example'));
    const { verifyCampoBaseSignature } = await import(file);
    const body = JSON.stringify({ id: 'x', records: [] });
    const now = Date.now();
    const header = signWebhook('whsec_prova', Math.floor(now / 1000), body);
    expect(verifyCampoBaseSignature('whsec_prova', header, body, now)).toBe(true);
    expect(verifyCampoBaseSignature('whsec_altro', header, body, now)).toBe(false);
    expect(verifyCampoBaseSignature('whsec_prova', header, `${body} `, now)).toBe(false);
    expect(verifyCampoBaseSignature('whsec_prova', header, body, now + 301_000)).toBe(false);
  });

  it.runIf(hasPythonRequests())('the Python snippet prints the statistics', async () => {
    const { stdout } = await run('python3', ['-c', block('python')], { env });
    expect(stdout).toContain(clubId);
    expect(stdout).toContain("'label': 'athlete'");
  });
});

/** Waits until the sync feed answers `count` records after `after`. */
async function feedShows(count: number, after: string | null = null) {
  const end = Date.now() + 20_000;
  for (;;) {
    const answer = await gql(t.app, `query($a: String) { organisationPeopleChanges(first: 100, after: $a) { nodes { id } } }`, { a: after }, { token: env.CAMPOBASE_KEY });
    if ((answer.body.data?.organisationPeopleChanges.nodes.length ?? 0) >= count) return;
    if (Date.now() > end) throw new Error(`the feed did not show ${count} records`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function hasPythonRequests(): boolean {
  try {
    execFileSync('python3', ['-c', 'import requests'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
