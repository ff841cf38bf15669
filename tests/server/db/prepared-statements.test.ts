// Prepared statements on PostgreSQL (server/db/statement-names.ts): a recurring statement is prepared once per
// connection from its second run, a search (LIKE) never is, the names are bounded, and
// DATABASE_PREPARED_STATEMENTS=false turns them off (poolers in transaction mode).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { statementNames, STATEMENT_PARAMS_MAX } from '../../../server/db/statement-names';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext } from '../../support/people-factories';
import { createRole } from '../../support/registry-factories';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

const sqlQuery = (sql: string, args: unknown[] = []) => ({ sql, args, argTypes: [] }) as Parameters<ReturnType<typeof statementNames>['name']>[0];

describe('statement names', () => {
  it('names a text from its second run, always with the same name, and a different text with another', () => {
    const { name } = statementNames();
    const list = sqlQuery('SELECT "id" FROM "person_roles" WHERE "club_id" = $1', ['c']);
    expect(name(list)).toBe('');
    const first = name(list);
    expect(first).toMatch(/^campobase_\d+$/);
    expect(name(list)).toBe(first);
    const other = sqlQuery('SELECT "id" FROM "groups" WHERE "club_id" = $1', ['c']);
    name(other);
    expect(name(other)).not.toBe(first);
  });

  it('never names a search, a text with many parameters, or more texts than its bound', () => {
    const { name } = statementNames({ max: 2 });
    const search = sqlQuery('SELECT "id" FROM "person_roles" WHERE "search_text" LIKE $1', ['%ross%']);
    const insert = sqlQuery('INSERT INTO "people" VALUES (...)', Array.from({ length: STATEMENT_PARAMS_MAX + 1 }, () => 'x'));
    for (let i = 0; i < 3; i++) expect([name(search), name(insert)]).toEqual(['', '']);
    const texts = ['SELECT 1', 'SELECT 2', 'SELECT 3'].map((sql) => sqlQuery(sql));
    for (const text of texts) name(text);
    expect(texts.map((text) => name(text))).toEqual(['campobase_1', 'campobase_2', '']);
  });

  it('a statement refused as stale gets a new name; an unnamed one stays unnamed', () => {
    const names = statementNames();
    const list = sqlQuery('SELECT "id" FROM "groups" WHERE "club_id" = $1', ['c']);
    names.name(list);
    const before = names.name(list);
    names.replan(list.sql);
    const after = names.name(list);
    expect(after).toMatch(/^campobase_\d+$/);
    expect(after).not.toBe(before);
    expect(names.name(list)).toBe(after);
    const once = sqlQuery('SELECT 42');
    names.name(once);
    names.replan(once.sql);
    expect(names.name(once)).toMatch(/^campobase_/); // its second sight, as if nothing happened
  });

  it('DATABASE_PREPARED_STATEMENTS: on unless set to false; another value is refused, in Italian', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'forse' })).toThrow('DATABASE_PREPARED_STATEMENTS deve essere true o false');
  });
});

/** What one connection (an interactive transaction's) has prepared after a recurring statement and a search ran on it 3 times each. */
async function preparedOnOneConnection(t: TestApp, clubId: string): Promise<string[]> {
  return t.deps.systemDb.$transaction(async (tx) => {
    for (let i = 0; i < 3; i++) {
      await tx.group.findMany({ where: { clubId }, select: { id: true } });
      await tx.personRole.findMany({ where: { clubId, searchText: { contains: 'ross' } }, select: { id: true } });
    }
    const rows = await tx.$queryRaw<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'campobase\\_%'`;
    return rows.map((r) => r.statement);
  });
}

describe.runIf(usingPostgres())('prepared statements on PostgreSQL', () => {
  let t: TestApp;
  let club: TestClub;
  beforeAll(async () => {
    t = await startTestApp();
    club = await createClub(t.deps);
  });
  afterAll(() => t?.close());

  it('a recurring statement is prepared on its connection; a search is not', async () => {
    const prepared = await preparedOnOneConnection(t, club.clubId);
    expect(prepared.some((sql) => sql.includes('"groups"') && !sql.includes('LIKE'))).toBe(true);
    expect(prepared.some((sql) => sql.includes('LIKE'))).toBe(false);
  });

  it('the list page answers the same from its prepared statements, also after a change', async () => {
    const list = `{ people(kind: athlete) { totalCount edges { node { person { lastname } } } } }`;
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await gql(t.app, list, {}, { token: club.token, club: club.clubToken });
      answers.push(res.body.data.people.totalCount);
    }
    await createRole(await clubContext(t.deps, club), 'athlete', { firstname: 'Ada', lastname: 'Preparata' });
    const after = await gql(t.app, list, {}, { token: club.token, club: club.clubToken });
    expect(new Set(answers).size).toBe(1);
    expect(after.body.data.people.totalCount).toBe(answers[0] + 1);
    expect(after.body.data.people.edges.map((e: { node: { person: { lastname: string } } }) => e.node.person.lastname)).toContain('Preparata');
  });

  it('a migration that changes a column type under prepared statements: the next request is answered', async () => {
    // A table of this test's own database (each test app has a copy), changed the way a migration would.
    await t.deps.systemDb.$executeRawUnsafe('CREATE TABLE prepared_probe (id int PRIMARY KEY, v int)');
    await t.deps.systemDb.$executeRawUnsafe('INSERT INTO prepared_probe VALUES (1, 2)');
    const read = () => t.deps.systemDb.$queryRaw<{ v: unknown }[]>`SELECT v FROM prepared_probe WHERE id = ${1}`;
    // Several at once, so that more than one connection of the pool prepares the statement.
    for (let i = 0; i < 4; i++) expect(await Promise.all([read(), read(), read()])).toEqual([[{ v: 2 }], [{ v: 2 }], [{ v: 2 }]]);
    await t.deps.systemDb.$executeRawUnsafe('ALTER TABLE prepared_probe ALTER COLUMN v TYPE text');
    for (let i = 0; i < 4; i++) expect(await Promise.all([read(), read(), read()])).toEqual([[{ v: '2' }], [{ v: '2' }], [{ v: '2' }]]);
    // In a transaction the refused statement cannot run again, but the next transaction prepares the new name.
    await t.deps.systemDb.$executeRawUnsafe('ALTER TABLE prepared_probe ALTER COLUMN v TYPE int USING v::int');
    const inTransaction = () => t.deps.systemDb.$transaction((tx) => tx.$queryRaw<{ v: unknown }[]>`SELECT v FROM prepared_probe WHERE id = ${1}`);
    const first = await inTransaction().catch((error: unknown) => error);
    if (first instanceof Error) expect(first.message).toMatch(/cached plan must not change result type/);
    else expect(first).toEqual([{ v: 2 }]);
    for (let i = 0; i < 4; i++) expect(await inTransaction()).toEqual([{ v: 2 }]);
  });

  it('DATABASE_PREPARED_STATEMENTS=false prepares nothing', async () => {
    const off = await startTestApp({ databasePreparedStatements: false });
    try {
      const other = await createClub(off.deps);
      expect(await preparedOnOneConnection(off, other.clubId)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
