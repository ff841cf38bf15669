// How an import and its undo are committed (import-commit.ts), on both databases: on PostgreSQL one transaction;
// on PGlite (one session) slice by slice, other requests answered between the slices, with all or nothing kept by
// the run's state: a failure in a later slice puts back the slices already committed, and a run a stop left
// `writing` or `undoing` is finished at start (import-recovery.service.ts). The order of events is asserted, not timings.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../schema/import-columns';
import type { RequestContext } from '../../../server/context';
import { ConflictError } from '../../../server/lib/errors';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { readProgress } from '../../../server/modules/imports/import-progress';
import { recoverInterruptedImports } from '../../../server/modules/imports/import-recovery.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode, type Rows } from './import-fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let sliced: boolean;
beforeAll(async () => {
  t = await startTestApp();
  sliced = t.databaseKind === 'pglite';
});
afterAll(() => t.close());
beforeEach(async () => {
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});

let seed = 9_000;
/** Small slices, so a few hundred rows make several (the product writes IMPORT_SLICE_ROWS per slice). */
const SLICE = 200;
/** A file of `count` new athletes (two and a half slices by default). */
function athletes(count = SLICE * 2 + SLICE / 2): { rows: Rows; taxCodes: string[] } {
  const seeds = Array.from({ length: count }, () => ++seed);
  const taxCodes = seeds.map((s) => validTaxCode(s, 'Fette'));
  // validTaxCode: odd seeds are men, even ones women.
  const rows: Rows = [['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Scadenza visita medica'], ...seeds.map((s, i) => [`Nome${i}`, 'Fette', taxCodes[i], s % 2 ? 'M' : 'F', '30/06/2030'])];
  return { rows, taxCodes };
}
const importing = (rows: Rows, progressKey?: string) => importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: false, progressKey }, { ...IMPORT_LIMITS, sliceRows: SLICE });
const athletesOfClub = () => t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, kind: 'athlete' } });
const peopleOfClub = () => t.deps.systemDb.person.count({ where: { clubId: club.clubId } });
const runOf = (id: string) => t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id } });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('committing an import', () => {
  it('writes a run in slices on PGlite (one transaction id each) and in one transaction on PostgreSQL, and undoes it whole', async () => {
    const { rows } = athletes();
    const done = await importing(rows);
    expect(done).toMatchObject({ status: 'completed', counts: { new: rows.length - 1, invalid: 0 } });
    const run = await runOf(done.runId!);
    expect(run.status).toBe('completed');
    expect(run.writeXids).toHaveLength(sliced ? 3 : 1);
    expect(new Set(run.writeXids.map(String)).size).toBe(run.writeXids.length);
    expect(await athletesOfClub()).toBe(rows.length - 1);
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { clubId: club.clubId } })).toBe(rows.length - 1);

    const undone = await undoImport(ctx, done.runId, SLICE);
    expect(undone).toMatchObject({ removed: rows.length - 1, restored: 0, skipped: [] });
    expect(await peopleOfClub()).toBe(0);
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { clubId: club.clubId } })).toBe(0);
    expect(await runOf(done.runId!)).toMatchObject({ status: 'undone', undoneAt: expect.any(Date) });
    // One line for the run and one for its undo, whatever the number of slices.
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, entityId: done.runId! } });
    expect(lines.map((l) => l.detail?.split(':')[0]).sort()).toEqual(['Annullata (Atleti)', 'Atleti']);
  });

  it('a request made while a run is being written is answered before the run ends (PGlite: between its slices)', async () => {
    const { rows } = athletes(SLICE * 4);
    const key = 'fette-risposta-1';
    const events: string[] = [];
    const run = importing(rows, key).then((outcome) => {
      events.push('import done');
      return outcome;
    });
    while (!(readProgress(club.clubId, club.accountId, key)?.phase === 'writing' && readProgress(club.clubId, club.accountId, key)!.done > 0)) await tick();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    events.push('healthz');
    // What another request sees meanwhile: on PGlite the slices committed so far (the run still writing); on
    // PostgreSQL nothing until the one transaction commits.
    const seen = await t.deps.systemDb.importRun.findMany({ where: { clubId: club.clubId }, select: { status: true } });
    const athletesSeen = await athletesOfClub();
    const outcome = await run;
    expect(health.statusCode).toBe(200);
    expect(outcome.status).toBe('completed');
    if (sliced) {
      expect(events).toEqual(['healthz', 'import done']);
      expect(seen).toEqual([{ status: 'writing' }]);
      expect(athletesSeen).toBeGreaterThan(0);
      expect(athletesSeen).toBeLessThan(rows.length - 1);
    } else {
      expect(seen.every((r) => r.status === 'completed')).toBe(true);
      expect([0, rows.length - 1]).toContain(athletesSeen);
    }
    expect(await athletesOfClub()).toBe(rows.length - 1);
  });

  it('a failure in a later slice leaves nothing of the run: the slices already committed are put back', async () => {
    const { rows, taxCodes } = athletes();
    const last = taxCodes[taxCodes.length - 1];
    const db = t.deps.systemDb;
    // The database refuses the file's last person as a unique index would (someone registered them meanwhile).
    await db.$executeRawUnsafe(`
      CREATE FUNCTION refuse_slice_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.tax_id_code = '${last}' THEN RAISE EXCEPTION 'registrato nel frattempo' USING ERRCODE = '23505'; END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe('CREATE TRIGGER refuse_slice_test BEFORE INSERT ON people FOR EACH ROW EXECUTE FUNCTION refuse_slice_test()');
    try {
      const error = await importing(rows).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).message).toBe(IMPORT_MSG.concurrent);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER refuse_slice_test ON people');
      await db.$executeRawUnsafe('DROP FUNCTION refuse_slice_test()');
    }
    expect(await peopleOfClub()).toBe(0);
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { clubId: club.clubId } })).toBe(0);
    const runs = await db.importRun.findMany({ where: { clubId: club.clubId } });
    // PostgreSQL rolled the one transaction back, run included; PGlite keeps the run, failed and not undoable.
    if (sliced) expect(runs).toMatchObject([{ status: 'failed', undoableUntil: null }]);
    else expect(runs).toEqual([]);
  });
});

// import-early-writes.ts: on PostgreSQL the parts of people already decided are written while the next rows are
// validated, in the run's one transaction; all or nothing holds whatever ends the run. PGlite validates, then writes.
describe('writing the rows decided while the next ones are validated', () => {
  const invalidLast = (rows: Rows): Rows => [...rows, ['Ultimo', 'Fette', 'NONVALIDO', 'M', '30/06/2030']];

  it.runIf(usingPostgres())('on PostgreSQL, the first parts are written (unseen by others) before the last rows are validated', async () => {
    const { rows } = athletes(SLICE * 15);
    const key = 'fette-in-anticipo-1';
    const run = importing(rows, key);
    // Well into the validation, with several parts of SLICE people decided: a transaction of this database has
    // written (holds a transaction id), and no one else sees any of it yet.
    let progress = readProgress(club.clubId, club.accountId, key);
    while (!(progress?.phase === 'validating' && progress.done >= SLICE * 10) && progress?.phase !== 'writing' && progress?.phase !== 'done') {
      await tick();
      progress = readProgress(club.clubId, club.accountId, key);
    }
    const writing = await t.deps.systemDb.$queryRawUnsafe<Array<{ n: bigint }>>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()`,
    );
    const seen = await athletesOfClub();
    const outcome = await run;
    expect(progress).toMatchObject({ phase: 'validating' });
    expect(Number(writing[0].n)).toBe(1);
    expect(seen).toBe(0);
    expect(outcome).toMatchObject({ status: 'completed', counts: { new: rows.length - 1 } });
    const record = await runOf(outcome.runId!);
    expect(record).toMatchObject({ status: 'completed', newRows: rows.length - 1, totalRows: rows.length - 1, undoableUntil: expect.any(Date) });
    expect(record.writeXids).toHaveLength(1);
    expect(await athletesOfClub()).toBe(rows.length - 1);
    expect(await t.deps.systemDb.medicalCertificate.count({ where: { clubId: club.clubId } })).toBe(rows.length - 1);
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, entityId: outcome.runId! } });
    expect(lines.map((l) => l.detail)).toEqual([`Atleti: ${rows.length - 1} nuovi, 0 aggiornati, 0 invariati`]);
  });

  it('an invalid row at the end of the file leaves nothing of the rows before it: the run is recorded as failed', async () => {
    const { rows } = athletes(SLICE * 3);
    const outcome = await importing(invalidLast(rows));
    expect(outcome).toMatchObject({ status: 'failed', counts: { invalid: 1 }, runId: expect.any(String) });
    expect(await peopleOfClub()).toBe(0);
    const runs = await t.deps.systemDb.importRun.findMany({ where: { clubId: club.clubId } });
    expect(runs).toMatchObject([{ status: 'failed', invalidRows: 1, undoableUntil: null }]);
    expect(runs[0].writeXids).toEqual([]);
  });

  it('only the valid rows: the parts written before the invalid row stay, and the undo removes them all', async () => {
    const { rows } = athletes(SLICE * 3);
    const outcome = await importPeople(ctx, { file: csvFile(invalidLast(rows)), kind: 'athlete', dryRun: false, validOnly: true }, { ...IMPORT_LIMITS, sliceRows: SLICE });
    expect(outcome).toMatchObject({ status: 'completed', counts: { new: rows.length - 1, invalid: 1 } });
    expect(await runOf(outcome.runId!)).toMatchObject({ status: 'completed', newRows: rows.length - 1, invalidRows: 1 });
    expect(await athletesOfClub()).toBe(rows.length - 1);
    const undone = await undoImport(ctx, outcome.runId, SLICE);
    expect(undone).toMatchObject({ removed: rows.length - 1, skipped: [] });
    expect(await peopleOfClub()).toBe(0);
  });
});

describe('a run a stop interrupted (PGlite), at the next start', () => {
  it('a run left writing is put back and failed; one left undoing is undone; PostgreSQL never has either', async () => {
    if (!sliced) {
      expect(await recoverInterruptedImports(t.deps)).toBe(0);
      return;
    }
    const db = t.deps.systemDb;
    // As a stop before the last slice leaves them: the slices' rows committed, the run still in its state.
    const written = await importing(athletes().rows);
    await db.importRun.update({ where: { id: written.runId! }, data: { status: 'writing' } });
    const undoing = await importing(athletes(SLICE + 10).rows);
    await db.importRun.update({ where: { id: undoing.runId! }, data: { status: 'undoing' } });
    expect(await peopleOfClub()).toBe(written.counts.new + undoing.counts.new);
    // While in either state, the run cannot be undone by a request.
    await expect(undoImport(ctx, written.runId)).rejects.toThrow(IMPORT_MSG.undoWhileWriting);
    await expect(undoImport(ctx, undoing.runId)).rejects.toThrow(IMPORT_MSG.undoInProgress);

    expect(await recoverInterruptedImports(t.deps)).toBe(2);
    expect(await peopleOfClub()).toBe(0);
    expect(await runOf(written.runId!)).toMatchObject({ status: 'failed', undoableUntil: null });
    expect(await runOf(undoing.runId!)).toMatchObject({ status: 'undone', undoneAt: expect.any(Date) });
    expect(await recoverInterruptedImports(t.deps)).toBe(0);
  });
});
