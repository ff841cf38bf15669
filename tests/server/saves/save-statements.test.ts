// What a save costs (issue 33 point 2): the statements GraphQL saveGroup and REST athlete/save really send (counted
// at the driver adapter, transaction control aside), so the counts cannot silently grow back; and the group-name lock
// keyed by the name claimed, so saves of different groups of a club no longer wait for each other while two saves
// claiming one name still cannot both pass.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson, nextTaxCode } from '../../support/people-factories';
import { recordStatements } from '../../support/statement-spy';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

const SAVE_GROUP = /* GraphQL */ `
  mutation($input: SaveGroupInput!) {
    saveGroup(input: $input) {
      __typename
      ... on MutationSaveGroupSuccess { data { group { id name memberCount } } }
      ... on BaseError { message }
    }
  }`;

let t: TestApp;
let club: TestClub;
let statements: string[] = [];
let athleteId: string;
let groupId: string;
const taxIdCode = nextTaxCode();
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  athleteId = (await createPerson(ctx, 'athlete', { profile: { firstname: 'Paola', lastname: 'Rossi', taxIdCode } })).roleId;
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 14', [athleteId])).id;
  await recordStatements(t.databaseKind, (sql) => statements.push(sql));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const creds = () => ({ token: club.token, club: club.clubToken });

/** The statements `request` sends, BEGIN and COMMIT aside (PGlite's adapter does not send them as statements). */
async function counted<T>(request: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  statements = [];
  const result = await request();
  return { result, sql: statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql)) };
}
const accessLogInserts = (sql: string[]) => sql.filter((s) => /INSERT INTO access_log/i.test(s)).length;

describe('statements per save', () => {
  it('saveGroup (an update): the group read, the name lock, the names of its siblings, the UPDATE, the log line; the answer', async () => {
    // The session and membership are read once, then kept by the session cache: count the requests after that.
    await gql(t.app, `{ me { id } }`, {}, creds());
    const { result, sql } = await counted(() => gql(t.app, SAVE_GROUP, { input: { id: groupId, name: 'Under 14', type: 'athlete', isHidden: false } }, creds()));
    expect(result.body.data.saveGroup).toMatchObject({ __typename: 'MutationSaveGroupSuccess', data: { group: { id: groupId, name: 'Under 14', memberCount: 1 } } });
    // The group the answer selects is read after the commit, in that selection (one statement, its count joined).
    expect(sql).toHaveLength(6);
    expect(sql.filter((s) => /^\s*UPDATE/i.test(s))).toHaveLength(1);
    expect(accessLogInserts(sql)).toBe(1);
  });

  it('saveGroup (a new group): the name lock, the siblings, the INSERT, the log line; the answer', async () => {
    const { result, sql } = await counted(() => gql(t.app, SAVE_GROUP, { input: { name: 'Nuovo gruppo', type: 'staff' } }, creds()));
    expect(result.body.data.saveGroup).toMatchObject({ __typename: 'MutationSaveGroupSuccess', data: { group: { name: 'Nuovo gruppo', memberCount: 0 } } });
    expect(sql).toHaveLength(5);
    expect(accessLogInserts(sql)).toBe(1);
  });

  it('REST athlete/save of the profile: the stored role, its re-read in the transaction, the UPDATE, the log line, the answer', async () => {
    const profile = { firstname: 'Paola', lastname: 'Rossi', tax_id_code: taxIdCode, type_gender_id: 2 };
    const { result, sql } = await counted(() => rest(t.app, '/athlete/save', { id: athleteId, profile }, creds()));
    expect(result.statusCode).toBe(200);
    expect(result.body.context).toMatchObject({ id: athleteId, profile: { firstname: 'Paola', tax_id_code: taxIdCode }, groups: [{ id: groupId, name: 'Under 14' }] });
    // The legacy answer (details, files, address, certificates, groups) is one joined statement, not one per relation.
    expect(sql).toHaveLength(5);
    expect(accessLogInserts(sql)).toBe(1);
  });

  it('REST athlete/save with details: one more statement, the details upsert', async () => {
    const body = { id: athleteId, profile: { firstname: 'Paola', lastname: 'Rossi', tax_id_code: taxIdCode }, medical_examination_scheduled_date: '2031-03-01' };
    const { result, sql } = await counted(() => rest(t.app, '/athlete/save', body, creds()));
    expect(result.statusCode).toBe(200);
    expect(result.body.context.medical_examination_scheduled_date).toBe('2031-03-01');
    expect(sql).toHaveLength(6);
    expect(accessLogInserts(sql)).toBe(1);
  });
});

describe('the group-name lock', () => {
  it('two saves claiming one name at once: one is created, the other refused', async () => {
    const results = await Promise.all(['Pulcini', 'pulcinì', 'PULCINI '].map((name) => gql(t.app, SAVE_GROUP, { input: { name, type: 'athlete' } }, creds())));
    const kinds = results.map((r) => r.body.data.saveGroup.__typename as string).sort();
    expect(kinds.filter((k) => k === 'MutationSaveGroupSuccess')).toHaveLength(1);
    expect(results.map((r) => r.body.data.saveGroup.message).filter(Boolean)).toEqual([MSG.groupNameTaken, MSG.groupNameTaken]);
  });

  // PGlite has one session: every transaction waits for the one before, whatever it locks.
  it.skipIf(!usingPostgres())('a save of another group does not wait for one holding a name (PostgreSQL)', async () => {
    let claimedSettled = false;
    const pending: { claimed?: ReturnType<typeof gql<{ saveGroup: { __typename: string } }>> } = {};
    await t.deps.systemDb.$transaction(async (tx) => {
      // What a save of a new "Esordienti" holds while it checks and writes.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`groups:${club.clubId}:athlete:esordienti`}, 0))`;
      const other = await gql(t.app, SAVE_GROUP, { input: { id: groupId, name: 'Under 14', type: 'athlete' } }, creds());
      expect(other.body.data.saveGroup.__typename).toBe('MutationSaveGroupSuccess');
      pending.claimed = gql(t.app, SAVE_GROUP, { input: { name: 'Esordienti', type: 'athlete' } }, creds()).finally(() => (claimedSettled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(claimedSettled).toBe(false); // waits for the name
    });
    expect((await pending.claimed!).body.data!.saveGroup.__typename).toBe('MutationSaveGroupSuccess');
  });
});
