// Long import work never blocks and never fails for the wrong reason (issue 33 point 5), on both databases: an undo
// goes through the run's people a batch at a time (committed slices on PGlite, bounded statements in one transaction
// on PostgreSQL) and still undoes every one of them, across batch boundaries; the planner's statistics are refreshed
// after each (a list page planned for the club before a 100,000-row import took seconds); on PostgreSQL an undo
// stopped by its own time limit changes nothing and says so with its own message, not the search's. Timings are the benchmark's
// (npm run bench:long-work), not asserted here.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ValidationError } from '../../../server/lib/errors';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode, type Rows } from './import-fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});

let seed = 40_000;
const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Telefono'];
/** `count` athletes with the phone `phone`. */
const athletes = (count: number, phone: string, codes = Array.from({ length: count }, () => validTaxCode(++seed, 'Lotti'))) =>
  codes.map((code, i) => [`Nome${i}`, 'Lotti', code, 'F', phone]);
const importing = (rows: Rows, mode = 'fill_empty') =>
  importPeople(ctx, { file: csvFile([HEADER, ...rows]), kind: 'athlete', dryRun: false, mode }, { ...IMPORT_LIMITS, sliceRows: BATCH });
const people = () => t.deps.systemDb.person.findMany({ where: { clubId: club.clubId }, select: { id: true, taxIdCode: true, phonePrimary: true } });
const athletesOfClub = () => t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, kind: 'athlete' } });

/** People per batch: small, so a few hundred rows make several. */
const BATCH = 60;

describe('the undo of a large-ish import, a batch at a time', () => {
  it('removes what it created and restores what it updated across every batch, leaving the people edited since', async () => {
    // 150 athletes already in the club, then a run updating them (overwrite) and creating 170 more: 320 people,
    // six batches of 60 (the last short), the created and the updated ones mixed in each (batches go by person id).
    const known = athletes(150, '3330000000');
    expect(await importing(known)).toMatchObject({ status: 'completed', counts: { new: 150 } });
    const fresh = athletes(170, '3339999999');
    const run = await importing([...athletes(150, '3339999999', known.map((r) => r[2])), ...fresh], 'overwrite');
    expect(run).toMatchObject({ status: 'completed', counts: { new: 170, updated: 150 } });

    // Edited since: one created and one updated person, in different batches (the first and the last by id).
    const byId = (await people()).sort((a, b) => a.id.localeCompare(b.id));
    const editedCodes = [byId[0], byId[byId.length - 1]].map((p) => p.taxIdCode);
    for (const p of [byId[0], byId[byId.length - 1]]) await t.deps.systemDb.person.update({ where: { id: p.id }, data: { phonePrimary: '3335550000' } });
    const editedCreated = editedCodes.filter((c) => fresh.some((r) => r[2] === c)).length;

    const undone = await undoImport(ctx, run.runId, BATCH);
    expect(undone.skipped.map((s) => s.taxIdCode).sort()).toEqual([...editedCodes].sort());
    expect(undone.removed).toBe(170 - editedCreated);
    expect(undone.restored).toBe(150 - (2 - editedCreated));

    const after = await people();
    expect(after).toHaveLength(150 + editedCreated);
    expect(await athletesOfClub()).toBe(150 + editedCreated);
    for (const p of after) expect(p.phonePrimary).toBe(editedCodes.includes(p.taxIdCode) ? '3335550000' : '3330000000');
    expect((await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: run.runId! } })).status).toBe('undone');
  });
});

describe("the planner's statistics", () => {
  /** What the planner believes of the tables against what they hold. */
  const planned = async () => {
    const [row] = await t.deps.systemDb.$queryRaw<Array<{ planned: number; held: number }>>`
      SELECT (SELECT reltuples FROM pg_class WHERE relname = 'person_roles')::float8 AS planned, (SELECT count(*) FROM person_roles)::float8 AS held`;
    return row;
  };

  it('are refreshed once a run has committed, and once its undo has (in the background)', async () => {
    const run = await importing(athletes(210, '3334440000'));
    await t.deps.background.idle();
    const afterRun = await planned();
    expect(afterRun.planned).toBe(afterRun.held);
    await undoImport(ctx, run.runId, BATCH);
    await t.deps.background.idle();
    const afterUndo = await planned();
    expect(afterUndo.held).toBe(afterRun.held - 210);
    expect(afterUndo.planned).toBe(afterUndo.held);
  });
});

describe.runIf(process.env.CAMPOBASE_TEST_DB === 'postgres')('an undo past its time limit (PostgreSQL)', () => {
  it('is refused with its own message, changing nothing, and can be run again', async () => {
    const run = await importing(athletes(130, '3331112222'));
    expect(run).toMatchObject({ status: 'completed', counts: { new: 130 } });
    const person = (await people())[0];

    // Another session holds one of the run's people: the undo's delete waits for it past the limit it is given.
    const other = new pg.Client({ connectionString: t.deps.config.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM people WHERE id = $1 FOR UPDATE', [person.id]);
      const error = await undoImport(ctx, run.runId, BATCH, 300).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(IMPORT_MSG.undoTimeout);
      expect((error as ValidationError).message).not.toBe(MSG.queryTimeout);
      await other.query('ROLLBACK');
    } finally {
      await other.end();
    }

    // Nothing was undone: the batches already run went back with the transaction.
    expect(await athletesOfClub()).toBe(130);
    expect((await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: run.runId! } })).status).toBe('completed');
    expect(await undoImport(ctx, run.runId, BATCH)).toMatchObject({ removed: 130, skipped: [] });
    expect(await athletesOfClub()).toBe(0);
  });
});
