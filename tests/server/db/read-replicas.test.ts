// DATABASE_REPLICA_URLS (server/db/read-replicas.ts): the club data that read-only requests read comes from a replica,
// writes and everything else from the primary. The "replica" here is a second database cloned from the primary and
// then changed (every surname becomes "Replica"), so each answer says which database served it; a real streaming
// replica is exercised by `npm run bench:replica`. Without the setting nothing changes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubScopedClient } from '../../../server/access/club-scope';
import { createApp, type CampoApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createClub, PASSWORD, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { adminQuery, databaseUrl, dropDatabase } from '../../support/postgres';
import { clonePostgresTemplate, usingPostgres } from '../../support/test-app';

const PEOPLE = /* GraphQL */ `{ people(kind: athlete) { totalCount edges { node { id person { firstname lastname } } } } }`;
const SAVE = /* GraphQL */ `
  mutation($input: SavePersonInput!) {
    savePerson(input: $input) { __typename ... on MutationSavePersonSuccess { data { role { id person { lastname } } } } ... on BaseError { code message } }
  }`;
const LOGIN = /* GraphQL */ `mutation($input: LoginInput!) { login(input: $input) { ... on MutationLoginSuccess { data { token } } } }`;

describe('DATABASE_REPLICA_URLS', () => {
  const env = { DATABASE_URL: 'postgresql://app@db.example.it/campobase' };
  it('is a list of postgresql:// URLs, empty by default', () => {
    expect(loadConfig(env).databaseReplicaUrls).toEqual([]);
    expect(loadConfig({ ...env, DATABASE_REPLICA_URLS: ' postgresql://r1/campobase , postgres://r2/campobase ' }).databaseReplicaUrls).toEqual([
      'postgresql://r1/campobase',
      'postgres://r2/campobase',
    ]);
  });
  it('is refused at start when it cannot be right, without printing the URL (it may hold a password)', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgresql://r1/campobase' })).toThrow('DATABASE_REPLICA_URLS richiede DATABASE_URL');
    expect(() => loadConfig({ ...env, DATABASE_REPLICA_URLS: 'postgresql://r1/db,mysql://u:segreta@r2/db' })).toThrow(
      "DATABASE_REPLICA_URLS: l'indirizzo n. 2 non è valido",
    );
    expect(() => loadConfig({ ...env, DATABASE_REPLICA_URLS: 'mysql://u:segreta@r2/db' })).not.toThrow(/segreta/);
    expect(() => loadConfig({ ...env, DATABASE_REPLICA_URLS: env.DATABASE_URL })).toThrow('lo stesso indirizzo di DATABASE_URL');
  });
});

describe.runIf(usingPostgres())('read replicas on PostgreSQL', () => {
  let primaryName: string;
  let replicaName: string;
  let app: CampoApp;
  let dataDir: string;
  let club: TestClub;
  let other: TestClub;
  let roleId: string;
  let personId: string;
  let taxIdCode: string;
  const owner = () => ({ token: club.token, club: club.clubToken });

  async function start(replicaUrls: string[]): Promise<CampoApp> {
    const config = loadConfig({}, {
      dataDir,
      logLevel: 'silent',
      databaseUrl: databaseUrl(primaryName),
      databaseReplicaUrls: replicaUrls,
      clientDir: path.join(dataDir, 'no-client'),
      jobsEnabled: false,
    });
    return createApp({ config });
  }

  /** One value from the primary or the replica database, read directly. */
  async function sql<T>(database: string, text: string, values: unknown[] = []): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl(database) });
    await client.connect();
    try {
      return Object.values((await client.query(text, values)).rows[0] ?? {})[0] as T;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-replicas-'));
    primaryName = await clonePostgresTemplate();
    replicaName = `${primaryName}_replica`;
    // The data both databases start with, written with the setting off.
    app = await start([]);
    club = await createClub(app.deps);
    other = await createClub(app.deps);
    const made = await createPerson(await clubContext(app.deps, club), 'athlete', { profile: { firstname: 'Anna', lastname: 'Primaria' } });
    await createPerson(await clubContext(app.deps, other), 'athlete', { profile: { firstname: 'Altra', lastname: 'Societa' } });
    ({ roleId, personId, taxIdCode } = made);
  });
  afterAll(async () => {
    await app?.app.close();
    await dropDatabase(replicaName);
    await dropDatabase(primaryName);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("without the setting every read is the primary's (nothing changes)", async () => {
    expect(app.deps.replicas).toBeUndefined();
    const res = await gql(app.app, PEOPLE, {}, owner());
    expect(res.body.data.people.edges.map((e: any) => e.node.person.lastname)).toEqual(['Primaria']);
  });

  describe('with a replica', () => {
    beforeAll(async () => {
      await app.app.close(); // a database is cloned only while nobody is connected to it
      await adminQuery(`CREATE DATABASE "${replicaName}" TEMPLATE "${primaryName}"`);
      await sql(replicaName, `UPDATE people SET lastname = 'Replica'`);
      app = await start([databaseUrl(replicaName)]);
    });

    it('a GraphQL query reads the club data from the replica, still scoped to the club', async () => {
      const res = await gql(app.app, PEOPLE, {}, owner());
      expect(res.body.data.people).toEqual({ totalCount: 1, edges: [{ node: { id: roleId, person: { firstname: 'Anna', lastname: 'Replica' } } }] });
    });

    it('a legacy read route too', async () => {
      const res = await rest(app.app, '/athlete/load', {}, owner());
      expect(JSON.stringify(res.body.context)).toContain('Replica');
      expect(JSON.stringify(res.body.context)).not.toContain('Primaria');
    });

    it('a mutation writes on the primary and reads its own answer from there; the same session then reads the primary', async () => {
      const saved = await gql(app.app, SAVE, { input: { id: roleId, kind: 'athlete', profile: { firstname: 'Anna', lastname: 'Salvata', taxIdCode, typeGenderId: 1 } } }, owner());
      expect(saved.body.data.savePerson).toEqual({ __typename: 'MutationSavePersonSuccess', data: { role: { id: roleId, person: { lastname: 'Salvata' } } } });
      expect(await sql(primaryName, 'SELECT lastname FROM people WHERE id = $1', [personId])).toBe('Salvata');
      expect(await sql(replicaName, 'SELECT lastname FROM people WHERE id = $1', [personId])).toBe('Replica');
      // Read-your-writes: this session stays on the primary for READ_YOUR_WRITES_MS after its write...
      const own = await gql(app.app, PEOPLE, {}, owner());
      expect(own.body.data.people.edges[0].node.person.lastname).toBe('Salvata');
      // ...while another session of the same account, which wrote nothing, reads the replica.
      const login = await gql(app.app, LOGIN, { input: { email: club.email, password: PASSWORD } });
      const otherSession = { token: login.body.data.login.data.token as string, club: club.clubToken };
      const theirs = await gql(app.app, PEOPLE, {}, otherSession);
      expect(theirs.body.data.people.edges[0].node.person.lastname).toBe('Replica');
    });

    it("the extension's rules: reads outside a transaction on the replica; transactions and raw SQL on the primary", async () => {
      const routed = app.deps.replicas!.route(clubScopedClient(app.deps.systemDb, club.clubId));
      const lastname = { select: { lastname: true }, where: { id: personId } } as const;
      expect(await routed.person.findUniqueOrThrow(lastname)).toEqual({ lastname: 'Replica' });
      expect(await routed.person.count({ where: { lastname: 'Replica' } })).toBe(1); // the club's only: still scoped
      expect(await routed.$transaction(async (tx) => tx.person.findUniqueOrThrow(lastname))).toEqual({ lastname: 'Salvata' });
      const [raw] = await routed.$queryRaw<Array<{ lastname: string }>>`SELECT lastname FROM people WHERE id = ${personId}::uuid AND club_id = ${club.clubId}::uuid`;
      expect(raw.lastname).toBe('Salvata');
      // The app's own clients never read from the replica.
      expect(await app.deps.systemDb.person.findUniqueOrThrow(lastname)).toEqual({ lastname: 'Salvata' });
    });
  });
});
