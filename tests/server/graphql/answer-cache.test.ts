// The answer cache (server/graphql/answer-cache.ts): the people lists and the dashboard asked again by the same
// session are served from memory, and never once something they show has changed, whoever changed it (a service,
// SQL by hand, another instance), nor to another session, role or club, nor across the club's midnight. Every
// answer served logs its health reads again. And every table the cacheable fields read is announced by the
// database: otherwise a change there would go unheard.
import { getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampoApp } from '../../../server/app';
import { ANSWER_CACHE_MAX_KEY_CHARS, CACHEABLE_FIELDS } from '../../../server/graphql/answer-cache';
import { schema } from '../../../server/graphql/schema';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { recordStatements } from '../../support/statement-spy';
import { adminQuery } from '../../support/postgres';
import { startSecondInstance, startTestApp, usingPostgres, type TestApp } from '../../support/test-app';
import { signInAgain } from '../accounts/account-helpers';

// The admin client's list page (client/src/features/people/routes/people-list-page.tsx with PeopleTable_PersonRole).
const LIST = /* GraphQL */ `
  query PeopleListPage_People($kind: PersonKind!, $search: String, $groupId: ID, $first: Int, $offset: Int) {
    people(kind: $kind, search: $search, groupId: $groupId, first: $first, offset: $offset) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id kind isActive archivedAt certificateStatus person { id firstname lastname taxIdCode emailPrimary phonePrimary } groups { id name } } }
    }
  }`;
const DASHBOARD = `query DashboardPage_Dashboard { dashboard { people addedToday certificatesValid certificatesExpired certificatesMissing today } }`;
const ATHLETES = { kind: 'athlete', first: 8, offset: 0 };

type App = Pick<CampoApp, 'app' | 'deps'>;
type ListAnswer = { people: { totalCount: number; edges: Array<{ node: { id: string; certificateStatus: string | null; person: { lastname: string }; groups: Array<{ name: string }> } }> } };

/** The answer, and what the answer cache did with it (Server-Timing `cache;desc=`; none: not cacheable). */
async function ask(on: App, creds: Credentials, query = LIST, variables: Record<string, unknown> = ATHLETES) {
  const res = await gql<ListAnswer>(on.app, query, variables, creds);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const cache = /cache;desc=(\w+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? 'none';
  return { data: res.body.data!, cache };
}
const lastnames = (data: ListAnswer) => data.people.edges.map((e) => e.node.person.lastname);

/** Asked twice: the second answer comes from memory, equal to the first. */
async function warm(on: App, creds: Credentials, query = LIST, variables: Record<string, unknown> = ATHLETES) {
  const first = await ask(on, creds, query, variables);
  const again = await ask(on, creds, query, variables);
  expect(again.cache).toBe('hit');
  expect(again.data).toEqual(first.data);
  return again.data;
}

const credsOf = (member: TestClub): Credentials => ({ token: member.token, club: member.clubToken });

/** A club with three athletes (Bianchi, Rossi, Verdi) in a group, and its owner's credentials. */
async function clubWithAthletes(on: App, name: string) {
  const owner = await createClub(on.deps, { fullName: name });
  const ctx = await clubContext(on.deps, owner);
  const roles = [];
  for (const lastname of ['Bianchi', 'Rossi', 'Verdi']) roles.push(await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname } }));
  const group = await createGroupWith(on.deps, owner.clubId, 'athlete', 'Under 14', roles.map((r) => r.roleId));
  return { owner, roles, group };
}

function behaviours(setup: () => { writer: App; reader: App }) {
  let writer: App;
  let reader: App;
  let club: Awaited<ReturnType<typeof clubWithAthletes>>;
  let creds: Credentials;
  beforeAll(async () => {
    ({ writer, reader } = setup());
    club = await clubWithAthletes(writer, 'Polisportiva Cache');
    creds = credsOf(club.owner);
    await vi.waitFor(() => expect([writer.deps.sessionCache.serving, reader.deps.sessionCache.serving]).toEqual([true, true]));
  });

  it('serves the list page and the dashboard asked again from memory, and sees every change on the next request', async () => {
    const sql = (query: TemplateStringsArray, ...values: unknown[]) => writer.deps.systemDb.$executeRaw(query, ...values);
    const changes: Array<[string, () => Promise<unknown>, (data: ListAnswer) => void]> = [
      ['a profile renamed by SQL', () => sql`UPDATE people SET lastname = 'Azzurri' WHERE id = ${club.roles[2].personId}::uuid`, (d) => expect(lastnames(d)).toContain('Azzurri')],
      [
        "an athlete's certificate date (athlete_details)",
        () => sql`UPDATE athlete_details SET medical_examination_expiration_date = '2001-01-01' WHERE role_id = ${club.roles[0].roleId}::uuid`,
        (d) => expect(d.people.edges.find((e) => e.node.id === club.roles[0].roleId)!.node.certificateStatus).toBe('expired'),
      ],
      ['a group renamed', () => sql`UPDATE groups SET name = 'Under 16' WHERE id = ${club.group.id}::uuid`, (d) => expect(d.people.edges[0].node.groups[0].name).toBe('Under 16')],
      ['a membership of a group removed', () => sql`DELETE FROM group_members WHERE role_id = ${club.roles[1].roleId}::uuid`, (d) => expect(d.people.edges.find((e) => e.node.id === club.roles[1].roleId)!.node.groups).toEqual([])],
      [
        'an athlete added through the service',
        async () => createPerson(await clubContext(writer.deps, club.owner), 'athlete', { profile: { firstname: 'Bruno', lastname: 'Neri' } }),
        (d) => expect(d.people.totalCount).toBe(4),
      ],
      ['a role archived', () => sql`UPDATE person_roles SET archived_at = now() WHERE id = ${club.roles[1].roleId}::uuid`, (d) => expect(d.people.totalCount).toBe(3)],
    ];
    for (const [what, change, seen] of changes) {
      await warm(reader, creds);
      await change();
      const next = await ask(reader, creds);
      expect(next.cache, what).toBe('miss');
      seen(next.data);
    }
    // The dashboard: kept, then a change to the club's people counted at once.
    const before = (await warm(reader, creds, DASHBOARD, {})) as unknown as { dashboard: { people: number } };
    await createPerson(await clubContext(writer.deps, club.owner), 'coach', { profile: { firstname: 'Carla', lastname: 'Gialli' } });
    const after = await ask(reader, creds, DASHBOARD, {});
    expect(after.cache).toBe('miss');
    expect((after.data as unknown as { dashboard: { people: number } }).dashboard.people).toBe(before.dashboard.people + 1);
  });

  it("keeps one club's answers when another club changes, and never hands an answer to another club, role or session", async () => {
    const other = await clubWithAthletes(writer, 'Polisportiva Altra');
    await warm(reader, creds);
    // Another club's change: this club's answer stays.
    await writer.deps.systemDb.$executeRaw`UPDATE people SET lastname = 'Altro' WHERE id = ${other.roles[0].personId}::uuid`;
    expect((await ask(reader, creds)).cache).toBe('hit');
    // Same document and variables, another club: its own rows.
    const theirs = await ask(reader, credsOf(other.owner));
    expect(theirs.cache).toBe('miss');
    expect(lastnames(theirs.data)).toContain('Altro');
    expect(theirs.data.people.edges.map((e) => e.node.id).sort()).toEqual(other.roles.map((r) => r.roleId).sort());
    // Another member of the same club, without health.read: executed for them (no certificate states).
    const reader2 = await addCollaborator(writer.deps, club.owner, 'lettura');
    const theirView = await ask(reader, credsOf(reader2));
    expect(theirView.cache).toBe('miss');
    expect(theirView.data.people.edges.every((e) => e.node.certificateStatus === null)).toBe(true);
    // A second session of the same account: executed again.
    const second = await signInAgain(writer.deps, club.owner.email, club.owner.password);
    expect((await ask(reader, { token: second, club: club.owner.clubToken })).cache).toBe('miss');
  });

  it("a member's changed role is the next answer's", async () => {
    const member = await addCollaborator(writer.deps, club.owner, 'segreteria');
    const data = await warm(reader, credsOf(member));
    expect(data.people.edges.some((e) => e.node.certificateStatus !== null)).toBe(true);
    await writer.deps.systemDb.membership.updateMany({ where: { token: member.clubToken }, data: { role: 'lettura' } });
    const next = await ask(reader, credsOf(member));
    expect(next.cache).toBe('miss');
    expect(next.data.people.edges.every((e) => e.node.certificateStatus === null)).toBe(true);
  });
}

describe('the answer cache on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await t.close();
  });
  afterEach(() => vi.useRealTimers());

  behaviours(() => ({ writer: t, reader: t }));

  it('is served from memory: a change the database does not announce is not seen (proof that nothing was read)', async () => {
    const { owner, roles } = await clubWithAthletes(t, 'Polisportiva Memoria');
    await warm(t, credsOf(owner));
    // Triggers off for this one transaction (replica mode): the change is made, and not announced.
    await t.deps.systemDb.$transaction([
      t.deps.systemDb.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`),
      t.deps.systemDb.$executeRaw`UPDATE people SET lastname = 'Silenzioso' WHERE id = ${roles[0].personId}::uuid`,
    ]);
    expect(lastnames((await ask(t, credsOf(owner))).data)).not.toContain('Silenzioso');
    // Announced: seen.
    await t.deps.systemDb.$executeRaw`UPDATE people SET firstname = firstname WHERE id = ${roles[0].personId}::uuid`;
    const next = await ask(t, credsOf(owner));
    expect(next.cache).toBe('miss');
    expect(lastnames(next.data)).toContain('Silenzioso');
  });

  it('Cache-Control: no-cache answers from the database (and keeps that answer), no-store does not keep it', async () => {
    const { owner, roles } = await clubWithAthletes(t, 'Polisportiva Fresca');
    const silently = (lastname: string) =>
      t.deps.systemDb.$transaction([
        t.deps.systemDb.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`),
        t.deps.systemDb.$executeRaw`UPDATE people SET lastname = ${lastname} WHERE id = ${roles[0].personId}::uuid`,
      ]);
    const askWith = async (cacheControl: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, 'x-club': owner.clubToken, 'cache-control': cacheControl },
        payload: JSON.stringify({ query: LIST, variables: ATHLETES }),
      });
      expect(res.headers['server-timing']).toMatch(/cache;desc=miss/);
      return lastnames(res.json().data);
    };
    await warm(t, credsOf(owner));
    await silently('Primo');
    expect(await askWith('no-cache')).toContain('Primo');
    const kept = await ask(t, credsOf(owner));
    expect([kept.cache, lastnames(kept.data).includes('Primo')]).toEqual(['hit', true]);
    await silently('Secondo');
    expect(await askWith('no-store, max-age=0')).toContain('Secondo');
    const stillKept = await ask(t, credsOf(owner));
    expect([stillKept.cache, lastnames(stillKept.data).includes('Primo')]).toEqual(['hit', true]);
  });

  it('logs the health reads of every answer it serves', async () => {
    const { owner, roles } = await clubWithAthletes(t, 'Polisportiva Registro');
    await t.deps.accessLog.flush();
    const healthReads = () =>
      t.deps.systemDb.accessLogEntry.count({ where: { clubId: owner.clubId, action: 'health_read', personId: roles[0].personId } });
    const before = await healthReads();
    await warm(t, credsOf(owner)); // executed once, then served once
    expect((await ask(t, credsOf(owner))).cache).toBe('hit');
    await t.deps.accessLog.flush();
    expect((await healthReads()) - before).toBe(3);
  });

  it("the club's midnight: what was kept the day before is not served the day after", async () => {
    const { owner } = await clubWithAthletes(t, 'Polisportiva Mezzanotte');
    // 23:59:30 in Rome, then 40 s later (within the answers' 60 s lifetime): another day.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T22:59:30Z') });
    await warm(t, credsOf(owner));
    vi.setSystemTime(new Date('2026-11-27T23:00:10Z'));
    expect((await ask(t, credsOf(owner))).cache).toBe('miss');
  });

  it('keeps only the read-only documents whose every field it knows', async () => {
    const { owner } = await clubWithAthletes(t, 'Polisportiva Campi');
    const creds = credsOf(owner);
    // A field outside CACHEABLE_FIELDS (it reads invitations and accounts): executed every time.
    const linked = `query($kind: PersonKind!) { people(kind: $kind) { edges { node { person { hasLinkedAccount } } } } }`;
    expect((await ask(t, creds, linked, { kind: 'athlete' })).cache).toBe('none');
    expect((await ask(t, creds, linked, { kind: 'athlete' })).cache).toBe('none');
    // Neither the account's own queries nor mutations.
    expect((await ask(t, creds, `{ me { id } }`, {})).cache).toBe('none');
    const save = `mutation($input: SaveGroupInput!) { saveGroup(input: $input) { __typename } }`;
    expect((await ask(t, creds, save, { input: { name: 'Esordienti', type: 'athlete' } })).cache).toBe('none');
  });

  it('a request with long variables (undeclared ones too) is executed, never looked up or kept', async () => {
    const { owner } = await clubWithAthletes(t, 'Polisportiva Lunga');
    const padded = { ...ATHLETES, padding: 'x'.repeat(ANSWER_CACHE_MAX_KEY_CHARS) };
    expect((await ask(t, credsOf(owner), LIST, padded)).cache).toBe('none');
    expect((await ask(t, credsOf(owner), LIST, padded)).cache).toBe('none');
    expect((await ask(t, credsOf(owner))).cache).toBe('miss'); // the same page without it: kept as usual
  });

  it('ANSWER_CACHE=false keeps nothing', async () => {
    const off = await startTestApp({ answerCache: false });
    try {
      const { owner } = await clubWithAthletes(off, 'Polisportiva Spenta');
      await vi.waitFor(() => expect(off.deps.sessionCache.serving).toBe(true));
      expect((await ask(off, credsOf(owner))).cache).toBe('miss');
      expect((await ask(off, credsOf(owner))).cache).toBe('miss');
      expect(off.deps.answerCache.hits).toBe(0);
    } finally {
      await off.close();
    }
  });

  it('every table the cacheable fields read is announced by the database', async () => {
    const { owner, group } = await clubWithAthletes(t, 'Polisportiva Tabelle');
    const ctx = await clubContext(t.deps, owner);
    for (const kind of ['coach', 'member', 'manager'] as const) await createPerson(ctx, kind, { profile: { firstname: 'Dora', lastname: 'Rosa' } });
    // Every field CACHEABLE_FIELDS allows, a few levels deep, under each way of asking the list.
    const selection = (type: GraphQLObjectType, depth: number): string => {
      const allowed = CACHEABLE_FIELDS[type.name];
      return Object.values(type.getFields())
        .filter((f) => allowed === '*' || allowed?.includes(f.name))
        .map((f) => {
          const named = getNamedType(f.type);
          if (!isObjectType(named)) return f.name;
          return depth > 0 && CACHEABLE_FIELDS[named.name] ? `${f.name} { ${selection(named, depth - 1)} }` : '';
        })
        .join(' ');
    };
    const query = schema.getQueryType()!;
    const connection = getNamedType(query.getFields().people.type) as GraphQLObjectType;
    const dashboard = getNamedType(query.getFields().dashboard.type) as GraphQLObjectType;
    const everything = `query($kind: PersonKind!, $search: String, $groupId: ID, $addedWithin: RecentPeriod, $certificate: CertificateStatus, $archived: Boolean, $orderBy: PeopleOrder) {
      people(kind: $kind, search: $search, groupId: $groupId, addedWithin: $addedWithin, certificate: $certificate, archived: $archived, orderBy: $orderBy, first: 20) { ${selection(connection, 5)} }
      dashboard { ${selection(dashboard, 2)} } }`;
    const variants: Array<Record<string, unknown>> = [{}, { search: 'ros' }, { search: 'rossi anna' }, { groupId: group.id }, { addedWithin: 'today' }, { archived: true }];
    for (const orderBy of ['BIRTHDAY', 'CREATED', 'NAME_DESC']) variants.push({ orderBy });
    // The session and membership read first (the session cache then serves them): what is recorded is the answers' reads.
    await ask(t, credsOf(owner), `{ me { id } }`, {});
    const statements: string[] = [];
    await recordStatements(t.databaseKind, (sql) => statements.push(sql));
    try {
      for (const kind of ['athlete', 'coach', 'member', 'manager']) {
        for (const variables of variants) expect((await ask(t, credsOf(owner), everything, { kind, ...variables })).cache).toBe('miss');
      }
      // Athletes only: the certificate filters and order.
      for (const extra of [{ orderBy: 'CERTIFICATE_DESC' }, ...['expired', 'expiring', 'missing', 'valid', 'notRequired'].map((certificate) => ({ certificate }))]) {
        expect((await ask(t, credsOf(owner), everything, { kind: 'athlete', ...extra })).cache).toBe('miss');
      }
    } finally {
      vi.restoreAllMocks();
    }
    const tables = new Set(
      (await t.deps.systemDb.$queryRaw<Array<{ name: string }>>`SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public'`).map((r) => r.name),
    );
    const read = new Set<string>();
    // Reads only: the access log's buffered INSERT may run meanwhile.
    for (const sql of statements.filter((s) => /^\s*(SELECT|WITH)/i.test(s))) {
      for (const [, name] of sql.matchAll(/\b(?:FROM|JOIN)\s+(?:"public"\.)?"?([a-z_]+)"?/gi)) if (tables.has(name)) read.add(name);
    }
    const announced = new Set(
      (await t.deps.systemDb.$queryRaw<Array<{ name: string }>>`
        SELECT DISTINCT c.relname::text AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
        WHERE g.tgname LIKE '%\_data\_insert' AND NOT g.tgisinternal`).map((r) => r.name),
    );
    expect(read.size).toBeGreaterThan(5); // the statements were seen
    expect([...read].filter((name) => !announced.has(name)), [...read].join(', ')).toEqual([]);
  });
});

describe.runIf(usingPostgres())('the answer cache on two instances sharing a PostgreSQL database', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    a = await startTestApp();
    // A second app on A's database, as a second server behind a load balancer: changes made on A, answers asked of B.
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  behaviours(() => ({ writer: a, reader: b }));

  it('a change made while its listening connection was down is seen once it listens again', async () => {
    const { owner, roles } = await clubWithAthletes(a, 'Polisportiva Interrotta');
    await vi.waitFor(() => expect(b.deps.sessionCache.serving).toBe(true));
    await warm(b, credsOf(owner));
    const database = new URL(a.deps.config.databaseUrl!).pathname.slice(1);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND application_name = 'campobase session cache'`);
    await vi.waitFor(() => expect(b.deps.sessionCache.serving).toBe(false), { timeout: 5_000, interval: 5 });
    // Made while B hears nothing.
    await a.deps.systemDb.$executeRaw`UPDATE people SET lastname = 'Durante' WHERE id = ${roles[0].personId}::uuid`;
    await vi.waitFor(() => expect(b.deps.sessionCache.serving).toBe(true), { timeout: 10_000, interval: 50 });
    const next = await ask(b, credsOf(owner));
    expect(next.cache).toBe('miss');
    expect(lastnames(next.data)).toContain('Durante');
  });
});
