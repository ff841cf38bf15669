// Saves under a crowd (issue 33 point 1), over real HTTP on the database of the run. Every club write is a
// transaction (its access-log line commits with it), so a write first waits for a connection of the pool (PostgreSQL)
// or for its turn on PGlite's one session. Here the database is held busy for longer than Prisma's default wait of
// 2 s (which failed hundreds of saves at 200 clients with a 500): saves beyond the pool size wait in line and all
// succeed. Only when the wait passes TRANSACTION_WAIT_MS is a save refused, with a 503, Retry-After and the Italian
// message on both faces, and nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const SAVE_GROUP = /* GraphQL */ `
  mutation Crowd_SaveGroup($input: SaveGroupInput!) {
    saveGroup(input: $input) { __typename ... on MutationSaveGroupSuccess { data { group { id } } } ... on BaseError { code message } }
  }`;

interface Live {
  t: TestApp;
  url: string;
  club: TestClub;
  /** Connections the app's writes compete for: the pool on PostgreSQL, the one session on PGlite. */
  connections: number;
}

async function startLive(poolSize: number, transactionWaitMs?: number): Promise<Live> {
  const t = await startTestApp({ databasePoolSize: poolSize, ...(transactionWaitMs ? { transactionWaitMs } : {}) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  const club = await createClub(t.deps);
  return { t, url: `http://127.0.0.1:${port}`, club, connections: t.databaseKind === 'postgres' ? poolSize : 1 };
}

function send(live: Live, path: string, body: unknown) {
  return fetch(`${live.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${live.club.token}`, 'x-club': live.club.clubToken },
    body: JSON.stringify(body),
  });
}
const saveGroup = (live: Live, input: Record<string, unknown>) => send(live, '/graphql', { query: SAVE_GROUP, variables: { input } });
const saveAthlete = (live: Live, taxIdCode: string, extra: Record<string, unknown> = {}) =>
  send(live, '/api/athlete/save', { ...extra, profile: { firstname: 'Paola', lastname: 'Neri', tax_id_code: taxIdCode, type_gender_id: 2 } });
const savePost = (live: Live, body: Record<string, unknown>) => send(live, '/api/post/save', { caption: 'Testo', priority: 1, group_ids: [], ...body });

/**
 * Takes every connection the app's writes use for `ms`, as long work (an import's slice, a crowd of other saves)
 * would: one open transaction per connection, waiting without blocking the event loop. Resolves once all are held.
 */
async function holdDatabase(live: Live, ms: number): Promise<{ released: Promise<unknown> }> {
  let held = 0;
  let allHeld!: () => void;
  const ready = new Promise<void>((resolve) => (allHeld = resolve));
  const released = Promise.all(
    Array.from({ length: live.connections }, () =>
      live.t.deps.systemDb.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          if (++held === live.connections) allHeld();
          await new Promise((resolve) => setTimeout(resolve, ms));
        },
        { maxWait: 10_000, timeout: ms + 10_000 },
      ),
    ),
  );
  await Promise.race([ready, released]);
  return { released };
}

describe('saves beyond the pool size, while the database is held longer than 2 s', () => {
  let live: Live;
  beforeAll(async () => {
    live = await startLive(2);
  });
  afterAll(() => live.t.close());

  it('wait for their turn and all succeed, each with its access-log line', async () => {
    // Existing records to update beside new ones, as the admin client's forms do.
    const groupIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const body = (await (await saveGroup(live, { name: `Gruppo ${i}`, type: 'athlete' })).json()) as { data: { saveGroup: { data: { group: { id: string } } } } };
      groupIds.push(body.data.saveGroup.data.group.id);
    }
    // The changes' lines (an athlete's answer also logs a health read, buffered and written later).
    const changes = () => live.t.deps.systemDb.accessLogEntry.count({ where: { clubId: live.club.clubId, action: { in: ['create', 'update'] } } });
    const before = await changes();

    const { released } = await holdDatabase(live, 2_500);
    const started = performance.now();
    // Three times the connections in each kind of save, all at once.
    const saves = Array.from({ length: 3 * Math.max(2, live.connections) }, (_, i) => [
      saveGroup(live, { id: groupIds[i % groupIds.length], name: `Gruppo ${i % groupIds.length}`, type: 'athlete', isHidden: i % 2 === 0 }),
      saveAthlete(live, nextTaxCode('FOL')),
      savePost(live, { title: `Avviso ${i}` }),
    ]).flat();
    const answers = await Promise.all(saves.map(async (pending) => {
      const res = await pending;
      return { status: res.status, text: await res.text() };
    }));
    await released;

    // They really waited behind the held connections (longer than Prisma's default 2 s), then were served.
    expect(performance.now() - started).toBeGreaterThan(2_000);
    const failed = answers.filter((a) => a.status !== 200 || a.text.includes('"status":false') || a.text.includes('"errors"') || !/Success|"status":true/.test(a.text));
    expect(failed).toEqual([]);
    expect((await changes()) - before).toBe(saves.length);
  });
});

describe('a save that cannot be served within TRANSACTION_WAIT_MS', () => {
  let live: Live;
  beforeAll(async () => {
    live = await startLive(1, 300);
  });
  afterAll(() => live.t.close());

  it('answers 503 with Retry-After and the Italian message on both faces, and writes nothing', async () => {
    // The session is read once and then kept: the saves below wait for the database only for their own work.
    expect((await send(live, '/graphql', { query: '{ me { id } }' })).status).toBe(200);
    const taxIdCode = nextTaxCode('BSY');
    const { released } = await holdDatabase(live, 1_500);

    const [rest, graphql] = await Promise.all([saveAthlete(live, taxIdCode), saveGroup(live, { name: 'Mai salvato', type: 'athlete' })]);
    await released;

    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    expect(await rest.json()).toEqual({ status: false, context: null, message: MSG.serverBusy });

    expect(graphql.status).toBe(503);
    expect(graphql.headers.get('retry-after')).toBe('5');
    const body = (await graphql.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ message: MSG.serverBusy, extensions: { code: 'SERVICE_BUSY' } });

    // Refused, so nothing of either was stored; once the database is free the same save succeeds.
    expect(await live.t.deps.systemDb.person.count({ where: { clubId: live.club.clubId, taxIdCode } })).toBe(0);
    expect(await live.t.deps.systemDb.group.count({ where: { clubId: live.club.clubId, name: 'Mai salvato' } })).toBe(0);
    expect(await (await saveAthlete(live, taxIdCode)).json()).toMatchObject({ status: true });
  });
});
