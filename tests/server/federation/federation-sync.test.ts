// The nightly sync (issue 13 point 5): organisationPeopleChanges answers every record changed after the kept cursor
// (a person's edit, an archived role, a new category, a deleted record with status deleted), nothing twice when
// nothing changed; and, on PostgreSQL, a transaction that commits late is never skipped by a cursor that moved on
// (changes are answered only once every older transaction has ended). Both databases.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { savePerson } from '../../../server/modules/people/save-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { affiliate, keyOf, organisationOf } from '../../support/organisation-factories';
import { clubContext, createGroupWith, createPerson, personInput } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: TestClub;
let creds: { token: string };

const CHANGES = `query Sync($after: String) {
  organisationPeopleChanges(first: 2, after: $after) {
    edges { node { id status registry { firstname categories } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type Seen = Map<string, { status: string; firstname?: string; categories?: string[] }>;

/** Follows the feed from `after` to its end: the records seen (id -> status and name) and the cursor to keep. */
async function sync(after: string | null): Promise<{ seen: Seen; cursor: string | null }> {
  const seen: Seen = new Map();
  let cursor = after;
  for (;;) {
    const answer = await gql(t.app, CHANGES, { after: cursor }, creds);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const connection = answer.body.data.organisationPeopleChanges;
    for (const { node } of connection.edges) seen.set(node.id, { status: node.status, firstname: node.registry?.firstname, categories: node.registry?.categories });
    cursor = connection.pageInfo.endCursor;
    if (!connection.pageInfo.hasNextPage) return { seen, cursor };
  }
}

/**
 * Syncs again from the kept cursor, as a client would, until `done` holds for everything seen (later wins). On
 * PostgreSQL a change shows once every older transaction of the whole server has ended, and the suite's other
 * files keep transactions running there: the feed may hold a fresh change back for a moment, never skip it.
 */
async function syncUntil(after: string | null, done: (seen: Seen) => boolean, what: string) {
  const seen: Seen = new Map();
  let cursor = after;
  const end = Date.now() + 20_000;
  for (;;) {
    const next = await sync(cursor);
    for (const [id, record] of next.seen) seen.set(id, record);
    cursor = next.cursor;
    if (done(seen)) return { seen, cursor };
    if (Date.now() > end) throw new Error(`the feed did not show ${what}: ${JSON.stringify(Object.fromEntries(seen))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await createClub(t.deps);
  club = await createClub(t.deps);
  const organisation = await organisationOf(t.deps, admin);
  await affiliate(t.deps, organisation.id, club.clubId, ['people.registry']);
  creds = (await keyOf(t.deps, admin, organisation.id, ['people.registry'])).creds;
});
afterAll(() => t.close());

describe('the sync feed', () => {
  it('reports edits, archives, new categories and deletions after the kept cursor, and nothing when nothing changed', async () => {
    const ctx = await clubContext(t.deps, club);
    const [a, b, c, d] = [
      await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna' } }),
      await createPerson(ctx, 'athlete', { profile: { firstname: 'Bruno' } }),
      await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla' } }),
      await createPerson(ctx, 'coach', { profile: { firstname: 'Dario' } }),
    ];
    const first = await syncUntil(null, (seen) => seen.size === 4, 'the four new records');
    expect([...first.seen.keys()].sort()).toEqual([a.roleId, b.roleId, c.roleId, d.roleId].sort());
    expect((await sync(first.cursor)).seen.size).toBe(0);

    await savePerson(ctx, 'athlete', { id: a.roleId, ...personInput({ profile: { firstname: 'Annalisa', taxIdCode: a.taxIdCode } }) });
    await archivePerson(ctx, 'athlete', b.roleId);
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Esordienti', [c.roleId]);
    await t.deps.systemDb.person.delete({ where: { id: d.personId } });
    const second = await syncUntil(first.cursor, (seen) => seen.size === 4 && seen.get(d.roleId)?.status === 'deleted' && seen.get(c.roleId)?.categories?.length === 1, 'the four changes');
    expect(Object.fromEntries(second.seen)).toEqual({
      [a.roleId]: { status: 'active', firstname: 'Annalisa', categories: [] },
      [b.roleId]: { status: 'archived', firstname: 'Bruno', categories: [] },
      [c.roleId]: { status: 'active', firstname: 'Carla', categories: ['Esordienti'] },
      [d.roleId]: { status: 'deleted', firstname: undefined, categories: undefined },
    });
    expect((await sync(second.cursor)).seen.size).toBe(0);
    // A client starting over converges on the same state.
    const fresh = await syncUntil(null, (seen) => seen.has(d.roleId), 'the deletion from the start');
    expect(fresh.seen.get(d.roleId)?.status).toBe('deleted');
    expect(fresh.seen.get(a.roleId)?.firstname).toBe('Annalisa');
  });

  it.runIf(process.env.CAMPOBASE_TEST_DB === 'postgres')('never skips a transaction that commits after a later one', async () => {
    const ctx = await clubContext(t.deps, club);
    const slow = await createPerson(ctx, 'member', { profile: { firstname: 'Lenta' } });
    const start = await syncUntil(null, (seen) => seen.has(slow.roleId), 'the slow record');
    const client = new pg.Client({ connectionString: t.deps.config.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE people SET firstname = 'Lentissima' WHERE id = $1`, [slow.personId]);
      // A change made and committed after the open transaction's own.
      const quick = await createPerson(ctx, 'member', { profile: { firstname: 'Veloce' } });
      const during = await sync(start.cursor);
      expect(during.seen.has(quick.roleId)).toBe(false); // held back until the older transaction ends
      await client.query('COMMIT');
      const after = await syncUntil(during.cursor, (seen) => seen.has(slow.roleId) && seen.has(quick.roleId), 'both changes after the commit');
      expect(after.seen.get(slow.roleId)?.firstname).toBe('Lentissima');
      expect(after.seen.has(quick.roleId)).toBe(true);
    } finally {
      await client.end();
    }
  });
});
