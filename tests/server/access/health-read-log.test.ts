// The health-read log's one rule (server/access/health-data.ts), by every face: a request logs one `health_read`
// line for each record whose health data it handed out (and each kind of read), and a list is its rows. So the same
// list read through GraphQL and through the legacy REST writes the same lines, for every role (a coach: only the
// athletes of their groups; a role without health.read: none), with or without the certificate filter; a record
// read through either face logs the same lines; an answer served again by the answer cache logs, for its request,
// exactly the lines its first execution logged. And no module but the gate writes health reads to the log.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccessLogEntry } from '../../../server/generated/prisma/client.js';
import { addMedicalCertificate } from '../../../server/modules/certificates/certificates.service';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let owner: TestClub;
let coach: TestClub;
let reader: TestClub;
const viewers = () => ({ owner, allenatore: coach, lettura: reader });
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });
let athletes: Array<{ roleId: string; personId: string }>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Registro Sanitario' });
  const ctx = await clubContext(t.deps, owner);
  athletes = [];
  // Expired, valid, none: the certificate filter picks one of them.
  for (const [lastname, expiry] of [['Scaduto', '2020-01-31'], ['Valido', '2099-01-31'], ['Senza', null]] as const) {
    athletes.push(await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname }, details: { allergies: `allergie-${lastname}`, medicalExaminationExpirationDate: expiry } }));
  }
  await addMedicalCertificate(ctx, athletes[1].personId, { type: 'agonistico', issuedOn: '2026-01-10', expiresOn: '2027-01-09' });
  // A coach of the first two only.
  const group = await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 12', [athletes[0].roleId, athletes[1].roleId]);
  coach = await addCollaborator(t.deps, owner, 'allenatore');
  await t.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });
  reader = await addCollaborator(t.deps, owner, 'lettura');
});
afterAll(() => t.close());

async function lastId(): Promise<bigint> {
  await t.deps.accessLog.flush();
  return (await t.deps.systemDb.accessLogEntry.aggregate({ _max: { id: true } }))._max.id ?? 0n;
}

/** What a line says (the time and origin apart), sorted: the lines one request wrote. */
const brief = (e: AccessLogEntry) => ({ action: e.action, actor: e.actorAccountId, entityType: e.entityType, entityId: e.entityId, personId: e.personId, label: e.entityLabel, detail: e.detail });
async function linesOf(run: () => Promise<unknown>) {
  const since = await lastId();
  await run();
  await t.deps.accessLog.flush();
  const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: owner.clubId, id: { gt: since } }, orderBy: { id: 'asc' } });
  return lines.map(brief).sort((a, b) => `${a.label}${a.detail}`.localeCompare(`${b.label}${b.detail}`));
}

async function graphql(who: TestClub, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}`, 'x-club': who.clubToken, ...headers },
    payload: JSON.stringify({ query, variables }),
  });
  const body = res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return { body, cache: /cache;desc=(\w+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] };
}
async function legacy(who: TestClub, path: string, body: Record<string, unknown>) {
  const res = await rest(t.app, path, body, as(who));
  expect(res.body.status, JSON.stringify(res.body)).toBe(true);
  return res.body;
}

// The same list on both faces: the athletes with their certificate state (the legacy rows always carry it).
const LIST = `query($certificate: CertificateStatus) { people(kind: athlete, first: 50, certificate: $certificate) { edges { node { id certificateStatus } } } }`;

describe('a list read', () => {
  it('writes the same lines through GraphQL and REST, one per listed person whose health data it holds, for every role', async () => {
    const expected = { owner: 3, allenatore: 2, lettura: 0 };
    for (const [role, who] of Object.entries(viewers())) {
      const viaGraphql = await linesOf(() => graphql(who, LIST));
      const viaRest = await linesOf(() => legacy(who, '/athlete/load', {}));
      expect(viaRest, role).toEqual(viaGraphql);
      expect(viaGraphql.length, role).toBe(expected[role as keyof typeof expected]);
      for (const line of viaGraphql) expect(line, role).toMatchObject({ action: 'health_read', actor: who.accountId, entityType: 'person', detail: null });
    }
    // The coach's lines name their two athletes, never the third.
    const coachLines = await linesOf(() => graphql(coach, LIST));
    expect(coachLines.map((l) => l.personId).sort()).toEqual([athletes[0].personId, athletes[1].personId].sort());
  });

  it('filtered by certificate expiry: each listed row is read, whatever was selected, on both faces alike', async () => {
    const ids = `query($certificate: CertificateStatus) { people(kind: athlete, certificate: $certificate) { edges { node { id } } } }`;
    const viaGraphql = await linesOf(() => graphql(owner, ids, { certificate: 'expired' }));
    const viaRest = await linesOf(() => legacy(owner, '/athlete/load', { certificate: 'expired' }));
    expect(viaRest).toEqual(viaGraphql);
    expect(viaGraphql).toEqual([expect.objectContaining({ personId: athletes[0].personId, label: 'Ada Scaduto', detail: null })]);
  });

  it('a record read through either face logs the same lines: its health fields, and its certificate history', async () => {
    const RECORD = `query($id: ID!) { personRole(id: $id) { athlete { allergies medicalExaminationExpirationDate } person { medicalCertificates { expiresOn } } } }`;
    const viaGraphql = await linesOf(() => graphql(owner, RECORD, { id: athletes[1].roleId }));
    const viaRest = await linesOf(() => legacy(owner, '/athlete/single', { id: athletes[1].roleId }));
    expect(viaRest).toEqual(viaGraphql);
    expect(viaGraphql.map((l) => [l.label, l.detail])).toEqual([
      ['Ada Valido', null],
      ['Ada Valido', 'Storico certificati medici'],
    ]);
  });
});

describe('the answer cache', () => {
  it('an answer served again logs, for its own request, the lines its first execution logged', async () => {
    await vi.waitFor(() => expect(t.deps.sessionCache.serving).toBe(true));
    // The admin list page's shape (cacheable fields only), asked by a session of its own so nothing is kept yet.
    const PAGE = `query { people(kind: athlete, first: 8) { edges { node { id certificateStatus person { id lastname } } } } }`;
    let first: Awaited<ReturnType<typeof graphql>> | undefined;
    const executed = await linesOf(async () => (first = await graphql(coach, PAGE, {}, { 'cache-control': 'no-cache' })));
    expect(first?.cache).toBe('miss');
    let again: Awaited<ReturnType<typeof graphql>> | undefined;
    const served = await linesOf(async () => (again = await graphql(coach, PAGE)));
    expect(again?.cache).toBe('hit');
    expect(again?.body).toEqual(first?.body);
    expect(executed).toHaveLength(2);
    expect(served).toEqual(executed);
  });
});

describe('one place', () => {
  it('no module but access/health-data.ts writes health reads to the access log', () => {
    const server = path.resolve(import.meta.dirname, '../../../server');
    const writers = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('generated'))
      .filter((file) => /\blogHealthReads\b|action: 'health_read'/.test(readFileSync(path.join(server, file), 'utf8')))
      .sort();
    // access-log.ts defines the buffered line; health-data.ts is the only caller.
    expect(writers).toEqual(['access/access-log.ts', 'access/health-data.ts']);
  });
});
