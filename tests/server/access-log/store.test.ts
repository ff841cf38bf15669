// The access log table: append-only for every writer (UPDATE, TRUNCATE and a DELETE inside the retention are
// refused by the database), the retention pruning (the one deletion allowed), and what writing it costs: one INSERT
// per write transaction, and for reads one INSERT per buffer flush, never a statement per row read.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_LOG_RETENTION_MONTHS } from '../../../schema/access-log';
import { createAccessLogBuffer, pruneAccessLog } from '../../../server/access/access-log';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { recordStatements } from '../../support/statement-spy';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: TestClub;
let statements: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // Written only when a test says so: on a loaded machine a request can outlast the 1-second timer.
  t.deps.accessLog = createAccessLogBuffer(t.deps.systemDb, t.deps.log, 60 * 60 * 1000);
  club = await createClub(t.deps);
  await recordStatements(t.databaseKind, (sql) => statements.push(sql));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function counted(request: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await request();
  return [...statements];
}
const logInserts = (sqls: string[]) => sqls.filter((sql) => /INSERT INTO access_log/i.test(sql));

/** A line `monthsAgo` months old, written as the app would not (to test the retention). */
async function oldLine(monthsAgo: number, label: string): Promise<bigint> {
  const [row] = await t.deps.systemDb.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO access_log (club_id, at, actor_kind, action, entity_label)
    VALUES (${club.clubId}::uuid, now() - make_interval(months => ${monthsAgo}::int), 'system', 'update', ${label}) RETURNING id`;
  return row.id;
}

describe('append-only', () => {
  it('UPDATE, DELETE and TRUNCATE are refused by the database (SQLSTATE 42501), for any writer', async () => {
    const id = await oldLine(1, 'recente');
    const refused = async (run: () => Promise<unknown>) => {
      const error = await run().then(() => null, (e: unknown) => e);
      expect(error).not.toBeNull();
      expect(`${JSON.stringify((error as { meta?: unknown }).meta ?? {})} ${String(error)}`).toMatch(/42501|append-only/);
    };
    await refused(() => t.deps.systemDb.$executeRaw`UPDATE access_log SET action = 'create' WHERE id = ${id}`);
    await refused(() => t.deps.systemDb.accessLogEntry.update({ where: { id }, data: { detail: 'cambiato' } }));
    await refused(() => t.deps.systemDb.$executeRaw`DELETE FROM access_log WHERE id = ${id}`);
    await refused(() => t.deps.systemDb.$executeRaw`TRUNCATE access_log`);
    expect(await t.deps.systemDb.accessLogEntry.findUnique({ where: { id } })).toMatchObject({ action: 'update', detail: null });
  });

  it(`pruning deletes the lines older than ${ACCESS_LOG_RETENTION_MONTHS} months and only those`, async () => {
    const expired = await oldLine(ACCESS_LOG_RETENTION_MONTHS + 1, 'scaduta');
    const kept = await oldLine(ACCESS_LOG_RETENTION_MONTHS - 1, 'ancora valida');
    // The database itself refuses to delete a line inside the retention, even one month short of it.
    await expect(t.deps.systemDb.$executeRaw`DELETE FROM access_log WHERE id = ${kept}`).rejects.toThrow();
    expect(await pruneAccessLog(t.deps.systemDb)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.systemDb.accessLogEntry.findUnique({ where: { id: expired } })).toBeNull();
    expect(await t.deps.systemDb.accessLogEntry.findUnique({ where: { id: kept } })).not.toBeNull();
  });
});

describe('what writing the log costs', () => {
  const ATHLETES = `query { people(kind: athlete, first: 50) { edges { node { id athlete { allergies intolerances athleteCondition } } } } }`;

  it('health data of 3 or of 30 people: the same statements per request, and one INSERT when the buffer is written', async () => {
    const ctx = await clubContext(t.deps, club);
    for (let i = 0; i < 30; i++) await createPerson(ctx, 'athlete', { profile: { lastname: `Atleta${String(i).padStart(2, '0')}` }, details: { allergies: 'Nessuna' } });
    await t.deps.accessLog.flush();
    const creds = { token: club.token, club: club.clubToken };
    // The session and membership are read once, then kept by the session cache: compare requests after that.
    await gql(t.app, `{ me { id } }`, {}, creds);
    const few = await counted(() => gql(t.app, ATHLETES.replace('first: 50', 'first: 3'), {}, creds));
    await t.deps.accessLog.flush();
    const many = await counted(() => gql(t.app, ATHLETES, {}, creds));
    expect(few.length).toBeGreaterThan(0);
    expect(many.length).toBe(few.length);
    expect(logInserts(many)).toEqual([]);

    const flushed = await counted(() => t.deps.accessLog.flush());
    expect(flushed).toHaveLength(1);
    expect(logInserts(flushed)).toHaveLength(1);
    expect(await t.deps.systemDb.accessLogEntry.count({ where: { clubId: club.clubId, action: 'health_read' } })).toBe(33);
  });

  it('a write transaction costs one INSERT for its lines, inside the transaction; a read-only request none', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Costo', lastname: 'Scrittura' } });
    const save = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename } }`;
    const input = { id: athlete.roleId, kind: 'athlete', profile: { firstname: 'Costo', lastname: 'Scrittura', taxIdCode: athlete.taxIdCode, typeGenderId: 1, nickname: 'C' } };
    const sqls = await counted(() => gql(t.app, save, { input }, { token: club.token, club: club.clubToken }));
    expect(logInserts(sqls)).toHaveLength(1);
    // Before the COMMIT: the line commits (or rolls back) with the change.
    const insertAt = sqls.findIndex((sql) => /INSERT INTO access_log/i.test(sql));
    const commitAt = sqls.findIndex((sql, i) => i > insertAt && /^\s*COMMIT/i.test(sql));
    expect(commitAt === -1 || commitAt > insertAt).toBe(true);

    const read = await counted(() => gql(t.app, `query { people(kind: athlete, first: 8) { edges { node { id } } } }`, {}, { token: club.token, club: club.clubToken }));
    expect(logInserts(read)).toEqual([]);
  });
});
