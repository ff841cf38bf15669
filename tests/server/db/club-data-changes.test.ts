// How an instance hears a club's data changes (server/db/club-data-changes.ts): on PostgreSQL the triggers
// append rows (no NOTIFY, whose commit lock queued every save behind the previous one's flush) and each catch-up
// reads the rows committed since the previous one, including those of a transaction still running at that one;
// on PGlite the triggers notify and append nothing. Rows are pruned only once every instance has read them.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATCH_UP_MAX_ROWS, clubDataChangeReader, PRUNE_AFTER_MS, STALE_AFTER_MS, type ChangeRow, type ChangeStatement } from '../../../server/db/club-data-changes';
import { createClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

const changeRows = (t: TestApp) => t.deps.systemDb.$queryRaw<Array<{ club: string | null }>>`SELECT club_id::text AS club FROM club_data_changes ORDER BY id`;

describe('club data changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.runIf(usingPostgres())('on PostgreSQL a save appends a row for its club and sends no notification', async () => {
    const owner = await createClub(t.deps, { fullName: 'Polisportiva Righe' });
    const listener = new pg.Client({ connectionString: t.deps.config.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload}`));
    try {
      await listener.query('LISTEN campobase_data');
      const before = (await changeRows(t)).length;
      await createPerson(await clubContext(t.deps, owner), 'athlete', { profile: { firstname: 'Lia', lastname: 'Neri' } });
      const after = await changeRows(t);
      expect(after.length).toBeGreaterThan(before);
      expect(new Set(after.slice(before).map((r) => r.club))).toEqual(new Set([owner.clubId]));
      await listener.query('SELECT 1'); // a pending notification arrives before this answer
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it.runIf(!usingPostgres())('on PGlite the triggers notify and append nothing', async () => {
    const owner = await createClub(t.deps, { fullName: 'Polisportiva Notifica' });
    const changed = vi.spyOn(t.deps.answerCache, 'changed');
    try {
      await createPerson(await clubContext(t.deps, owner), 'athlete', { profile: { firstname: 'Lia', lastname: 'Neri' } });
      expect(changed).toHaveBeenCalledWith(owner.clubId);
      expect(await changeRows(t)).toEqual([]);
    } finally {
      changed.mockRestore();
    }
  });

  describe.runIf(usingPostgres())('the reader, on PostgreSQL connections', () => {
    const clients: pg.Client[] = [];
    const connect = async () => {
      const c = new pg.Client({ connectionString: t.deps.config.databaseUrl });
      await c.connect();
      clients.push(c);
      return c;
    };
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.end()));
    });
    /** A row as a trigger writes it, for a made-up club, on `c` (inside its transaction when one is open). */
    const append = (c: pg.Client, club: string) =>
      c.query(`INSERT INTO club_data_changes (club_id, change_xid) VALUES ($1, pg_current_xact_id()::text::bigint)`, [club]);
    const run = async (c: pg.Client, statement: ChangeStatement) => (await c.query<ChangeRow>(statement)).rows;

    it("hears a transaction that was still running at the previous catch-up, once it commits, and each change once", async () => {
      const [reading, slow, quick] = [await connect(), await connect(), await connect()];
      const heard: string[] = [];
      const reader = clubDataChangeReader((club) => heard.push(club));
      let now = 1_000;
      reader.started(await run(reading, reader.start), now);
      const slowClub = crypto.randomUUID();
      const quickClub = crypto.randomUUID();
      await slow.query('BEGIN');
      await append(slow, slowClub); // an earlier id, committed later
      await append(quick, quickClub);
      expect(reader.read(await run(reading, reader.next()), (now += 10))).toBe(true);
      expect(heard).toEqual([quickClub]);
      await slow.query('COMMIT');
      expect(reader.read(await run(reading, reader.next()), (now += 10))).toBe(true);
      expect(heard).toEqual([quickClub, slowClub]);
      // Nothing new: nothing heard again.
      expect(reader.read(await run(reading, reader.next()), (now += 10))).toBe(true);
      expect(heard).toEqual([quickClub, slowClub]);
      // A truncate's row (no club) is every club.
      await quick.query(`INSERT INTO club_data_changes (club_id, change_xid) VALUES (NULL, pg_current_xact_id()::text::bigint)`);
      reader.read(await run(reading, reader.next()), now + 10);
      expect(heard.at(-1)).toBe('*');
    });

    it(`more new rows than one catch-up reads (${CATCH_UP_MAX_ROWS}) count as every club's change, and the rest are read next`, async () => {
      const [reading, writing] = [await connect(), await connect()];
      const heard: string[] = [];
      const reader = clubDataChangeReader((club) => heard.push(club));
      reader.started(await run(reading, reader.start), 0);
      const club = crypto.randomUUID();
      const last = crypto.randomUUID();
      await writing.query(
        `INSERT INTO club_data_changes (club_id, change_xid) SELECT $1::uuid, pg_current_xact_id()::text::bigint FROM generate_series(1, $2::int)`,
        [club, CATCH_UP_MAX_ROWS],
      );
      await append(writing, last);
      expect(reader.read(await run(reading, reader.next()), 10)).toBe(true);
      expect(heard).toContain('*');
      expect(heard).not.toContain(last);
      expect(reader.read(await run(reading, reader.next()), 20)).toBe(true);
      expect(heard.at(-1)).toBe(last);
    });

    it('changes committed before the start are not heard; a catch-up too long after the last one asks to start afresh', async () => {
      const [reading, writing] = [await connect(), await connect()];
      await append(writing, crypto.randomUUID());
      const heard: string[] = [];
      const reader = clubDataChangeReader((club) => heard.push(club));
      reader.started(await run(reading, reader.start), 0);
      expect(reader.read(await run(reading, reader.next()), 10)).toBe(true);
      expect(heard).toEqual([]);
      expect(reader.read(await run(reading, reader.next()), 10 + STALE_AFTER_MS + 1)).toBe(false);
    });

    it('prunes only the rows of transactions that had ended a whole prune period earlier, once per period', async () => {
      const [reading, writing] = [await connect(), await connect()];
      const reader = clubDataChangeReader(() => {});
      let now = 0;
      reader.started(await run(reading, reader.start), now);
      const [old, recent] = [crypto.randomUUID(), crypto.randomUUID()];
      const left = async () =>
        (await reading.query<{ club: string }>(`SELECT club_id::text AS club FROM club_data_changes WHERE club_id = ANY($1::uuid[])`, [[old, recent]])).rows.map((r) => r.club);
      await append(writing, old);
      // Catch-ups as often as the heartbeat makes them (the clock is the test's).
      const untilPrune = async () => {
        for (;;) {
          now += 10_000;
          expect(reader.read(await run(reading, reader.next()), now)).toBe(true);
          const prune = reader.prune(now);
          if (prune) return prune;
        }
      };
      // The first: nothing written after the start is below its bound.
      await reading.query(await untilPrune());
      expect(now).toBeGreaterThanOrEqual(PRUNE_AFTER_MS);
      expect(await left()).toEqual([old]);
      await append(writing, recent);
      // The next ones, a period apart: `old` goes (once no transaction of the server's, any database's, that
      // was running when it was written is still running at a catch-up), `recent` was written after their bound.
      const firstAt = now;
      await reading.query(await untilPrune());
      expect(now - firstAt).toBeGreaterThanOrEqual(PRUNE_AFTER_MS);
      expect(await left()).toContain(recent);
      // Other test files share the server: a transaction of theirs may hold the oldest running one back for a while.
      await vi.waitFor(
        async () => {
          await reading.query(await untilPrune());
          expect(await left()).not.toContain(old);
        },
        { timeout: 60_000, interval: 200 },
      );
    });
  });
});
