// Reading the access log: the GraphQL query with its filters and cursor pages, the CSV export, a person's
// "Modifiche"; owners and admins only, and never another club's lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { clubDate } from '../../../schema/club-time';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroupWith, createPerson, nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const LOG = `query($filter: AccessLogFilter, $first: Int, $after: String) {
  accessLog(filter: $filter, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id at action actorName actorEmail actorAccountId entityType entityLabel personId detail ip userAgent } }
  }
}`;
const CHANGES = `query($personId: ID!) { personChanges(personId: $personId) { action actorName entityLabel detail ip } }`;
const SAVE_PERSON = `mutation($input: SavePersonInput!) { savePerson(input: $input) { ... on MutationSavePersonSuccess { data { role { id person { id } } } } } }`;

let t: TestApp;
let owner: TestClub;
let admin: TestClub;
let other: TestClub;
let mario: { roleId: string; personId: string };
const as = (who: { token: string; clubToken: string }) => ({ token: who.token, club: who.clubToken });

interface Line {
  action: string;
  actorName: string | null;
  actorAccountId: string | null;
  entityLabel: string | null;
  personId: string | null;
  detail: string | null;
  ip: string | null;
}
async function log(who: TestClub, filter: Record<string, unknown> = {}, first = 100, after?: string) {
  await t.deps.accessLog.flush();
  const res = await gql(t.app, LOG, { filter, first, after }, as(who));
  return res;
}
const lines = async (who: TestClub, filter: Record<string, unknown> = {}) =>
  ((await log(who, filter)).body.data!.accessLog.edges as Array<{ node: Line }>).map((e) => e.node);

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Lettori', firstname: 'Olga', lastname: 'Titolare' });
  admin = await addCollaborator(t.deps, owner, 'admin');
  other = await createClub(t.deps, { fullName: 'ASD Altrove', firstname: 'Ugo', lastname: 'Altrove' });
  // Mario is saved by the owner and then changed by the admin; Giulia only by the owner.
  const input = { kind: 'athlete', profile: { firstname: 'Mario', lastname: 'Rossi', taxIdCode: nextTaxCode('RD'), typeGenderId: 1 } };
  const saved = (await gql(t.app, SAVE_PERSON, { input }, as(owner))).body.data.savePerson.data.role;
  mario = { roleId: saved.id, personId: saved.person.id };
  await gql(t.app, SAVE_PERSON, { input: { ...input, id: mario.roleId, profile: { ...input.profile, nickname: 'Super' } } }, as(admin));
  await gql(t.app, SAVE_PERSON, { input: { kind: 'coach', profile: { firstname: 'Giulia', lastname: 'Verdi', taxIdCode: nextTaxCode('RD'), typeGenderId: 2 } } }, as(owner));
  // The other club writes too: none of it may show in the first club's log.
  await gql(t.app, SAVE_PERSON, { input: { kind: 'athlete', profile: { firstname: 'Mario', lastname: 'Rossi', taxIdCode: nextTaxCode('RD'), typeGenderId: 1 } } }, as(other));
});
afterAll(() => t.close());

describe('the accessLog query', () => {
  it('lists the club’s lines newest first, with who, what and from where', async () => {
    const all = await lines(owner);
    expect(all.slice(0, 3).map((l) => [l.action, l.entityLabel, l.actorName])).toEqual([
      ['create', 'Giulia Verdi', 'Olga Titolare'],
      ['update', 'Mario Rossi', expect.any(String)],
      ['create', 'Mario Rossi', 'Olga Titolare'],
    ]);
    expect(all[0].ip).toBeTruthy();
    expect(all.every((l) => l.entityLabel !== 'ASD Altrove')).toBe(true);
  });

  it('filters by action, by who, by person, by words and by period', async () => {
    expect((await lines(owner, { actions: ['update'] })).map((l) => l.entityLabel)).toEqual(['Mario Rossi']);
    expect((await lines(owner, { actorAccountId: admin.accountId })).map((l) => [l.action, l.entityLabel])).toEqual([['update', 'Mario Rossi']]);
    expect((await lines(owner, { personId: mario.personId })).map((l) => l.action)).toEqual(['update', 'create']);
    expect((await lines(owner, { search: 'giulia VERDI' })).map((l) => l.entityLabel)).toEqual(['Giulia Verdi']);
    const today = clubDate(new Date());
    expect((await lines(owner, { from: today, to: today, actions: ['create', 'update'] })).length).toBe(3);
    expect(await lines(owner, { from: '2020-01-01', to: '2020-12-31' })).toEqual([]);
  });

  it('refuses bad filters with an Italian message', async () => {
    const reversed = await log(owner, { from: '2026-05-02', to: '2026-05-01' });
    expect(reversed.body.errors?.[0]).toMatchObject({ message: expect.any(String), extensions: { code: 'VALIDATION' } });
    const badDay = await log(owner, { from: '2026-02-30' });
    expect(badDay.body.errors?.[0].extensions?.code).toBe('VALIDATION');
    const badId = await log(owner, { personId: 'non-un-id' });
    expect(badId.body.errors?.[0].extensions?.code).toBe('VALIDATION');
  });

  it('pages with first/after: every line once, in order', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = (await log(owner, {}, 2, after)).body.data!.accessLog;
      seen.push(...res.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!res.pageInfo.hasNextPage) break;
      after = res.pageInfo.endCursor;
    }
    const all = (await lines(owner)).length;
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
    expect((await log(owner, {}, 2)).body.data!.accessLog.totalCount).toBe(all);
  });

  it('another club’s member sees only their own club’s lines, even naming this club’s people and accounts', async () => {
    const theirs = await lines(other);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((l) => l.actorName !== 'Olga Titolare')).toBe(true);
    expect(await lines(other, { personId: mario.personId })).toEqual([]);
    expect(await lines(other, { actorAccountId: owner.accountId })).toEqual([]);
  });

  it('roles without accessLog.read are refused (segreteria, allenatore, lettura), and so is anyone without a club', async () => {
    for (const role of ['segreteria', 'allenatore', 'lettura'] as const) {
      const member = await addCollaborator(t.deps, owner, role);
      const res = await log(member);
      expect(res.body.errors?.[0]).toMatchObject({ message: MSG.permissionDenied, extensions: { code: 'FORBIDDEN' } });
      const actors = await gql(t.app, `{ accessLogActors { accountId } }`, {}, as(member));
      expect(actors.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await gql(t.app, LOG, {}, { token: owner.token })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await gql(t.app, LOG, {})).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('accessLogActors: the club’s collaborators by name, for the who filter', async () => {
    const res = await gql(t.app, `{ accessLogActors { accountId name email } }`, {}, as(owner));
    const names = res.body.data.accessLogActors.map((a: { name: string }) => a.name);
    expect(names).toContain('Olga Titolare');
    expect(names).not.toContain('Ugo Altrove');
  });
});

describe('the CSV export', () => {
  const exportCsv = (who: { token?: string; clubToken?: string }, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/access-log/export.csv${query}`,
      headers: { ...(who.token ? { authorization: `Bearer ${who.token}` } : {}), ...(who.clubToken ? { 'x-club': who.clubToken } : {}) },
    });

  it('answers the filtered log as a spreadsheet-ready CSV', async () => {
    await t.deps.accessLog.flush();
    const res = await exportCsv(owner, `?personId=${mario.personId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="registro-accessi-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('Data;Azione;Chi;Email;Tipo;Cosa;Dettaglio;Identificativo;Indirizzo IP;Dispositivo');
    expect(rows.slice(1).map((r) => r.split(';').slice(1, 3))).toEqual([
      ['Modifica', expect.any(String)],
      ['Creazione', 'Olga Titolare'],
    ]);
    expect(rows[1]).toContain('Mario Rossi');
  });

  it('refuses other roles (403), no session (401) and bad filters (400); another club exports only its own lines', async () => {
    const reader = await addCollaborator(t.deps, owner, 'lettura');
    expect((await exportCsv(reader)).statusCode).toBe(403);
    expect((await exportCsv({})).statusCode).toBe(401);
    const bad = await exportCsv(owner, '?from=ieri');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false });
    const theirs = await exportCsv(other, `?personId=${mario.personId}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });
});

describe('a person’s changes', () => {
  it('who created and changed a person, for anyone who may see them; where from only for the log’s readers', async () => {
    const reader = await addCollaborator(t.deps, owner, 'lettura');
    const ownerView = (await gql(t.app, CHANGES, { personId: mario.personId }, as(owner))).body.data.personChanges;
    expect(ownerView.map((c: Line) => c.action)).toEqual(['update', 'create']);
    expect(ownerView[1]).toMatchObject({ actorName: 'Olga Titolare', entityLabel: 'Mario Rossi', detail: 'Atleta' });
    expect(ownerView[1].ip).toBeTruthy();
    const readerView = (await gql(t.app, CHANGES, { personId: mario.personId }, as(reader))).body.data.personChanges;
    expect(readerView.map((c: Line) => [c.action, c.actorName, c.ip])).toEqual([
      ['update', expect.any(String), null],
      ['create', 'Olga Titolare', null],
    ]);
  });

  it('health reads are not changes; another club’s person, or an athlete outside a coach’s groups, is not found', async () => {
    await gql(t.app, `query($id: ID!) { personRole(id: $id) { athlete { allergies } } }`, { id: mario.roleId }, as(owner));
    await t.deps.accessLog.flush();
    expect((await gql(t.app, CHANGES, { personId: mario.personId }, as(owner))).body.data.personChanges).toHaveLength(2);
    const foreign = await gql(t.app, CHANGES, { personId: mario.personId }, as(other));
    expect(foreign.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const ctx = await clubContext(t.deps, owner);
    const theirs = await createPerson(ctx, 'athlete', { profile: { firstname: 'Nel', lastname: 'Gruppo' } });
    const group = await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 10', [theirs.roleId]);
    const coach = await addCollaborator(t.deps, owner, 'allenatore');
    await t.deps.systemDb.membership.updateMany({ where: { accountId: coach.accountId, clubId: owner.clubId }, data: { groupIds: [group.id] } });
    expect((await gql(t.app, CHANGES, { personId: theirs.personId }, as(coach))).body.data.personChanges).toHaveLength(1);
    const outside = await gql(t.app, CHANGES, { personId: mario.personId }, as(coach));
    expect(outside.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
