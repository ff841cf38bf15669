// What the planner is told after an undo (issue 35 point 5), on both databases. ANALYZE alone recorded the tables a
// club alone in its database had emptied as zero rows over many pages; the planner then reckons any size of them as empty,
// and the next import (a new installation's second try) had its lookups by id planned as scans of a whole composite
// index: 6-22 s a statement at 100,000 rows, until the transaction's limit refused the run. The undo now vacuums the
// dead rows it leaves, so an emptied table is handed back and estimated by its size again; a VACUUM stopped by the
// pool's statement limit (a large table) still leaves the table analyzed. Timings are the benchmark's
// (npm run bench:import), not asserted here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../schema/import-columns';
import type { RequestContext } from '../../../server/context';
import { refreshStatistics } from '../../../server/modules/imports/import-commit';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { createClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode } from './import-fixtures';

let t: TestApp;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  ctx = await clubContext(t.deps, await createClub(t.deps));
});
afterAll(() => t.close());

let seed = 70_000;
const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Città', 'Scadenza visita medica'];
const athletes = (count: number) => Array.from({ length: count }, (_, i) => [`Nome${i}`, 'Vuoti', validTaxCode(++seed, 'Vuoti'), 'M', 'Forlì', '31/05/2027']);
const importing = (count: number) => importPeople(ctx, { file: csvFile([HEADER, ...athletes(count)]), kind: 'athlete', dryRun: false, mode: 'fill_empty' }, IMPORT_LIMITS);

/** Tables whose statistics say no row while they hold pages: what the planner would reckon empty at any size. */
const plannedEmptyOverPages = async () =>
  (
    await t.deps.systemDb.$queryRaw<Array<{ relname: string }>>`
      SELECT relname FROM pg_class
      WHERE relname IN ('people', 'person_roles', 'addresses', 'athlete_details', 'import_run_changes') AND reltuples = 0 AND relpages > 0
      ORDER BY relname`
  ).map((row) => row.relname);

describe('an undo that empties the database', () => {
  it('leaves no table planned as empty pages, and the next import is whole', async () => {
    // The club is alone in its database: nothing else keeps the tables' statistics above zero.
    expect(await t.deps.systemDb.personRole.count()).toBe(0);
    const first = await importing(1_500);
    expect(first).toMatchObject({ status: 'completed', counts: { new: 1_500 } });
    await t.deps.background.idle();

    expect(await undoImport(ctx, first.runId)).toMatchObject({ removed: 1_500 });
    await t.deps.background.idle();
    expect(await t.deps.systemDb.personRole.count()).toBe(0);
    expect(await plannedEmptyOverPages()).toEqual([]);

    const again = await importing(1_500);
    expect(again).toMatchObject({ status: 'completed', counts: { new: 1_500 } });
    expect(await t.deps.systemDb.personRole.count({ where: { athlete: { isNot: null } } })).toBe(1_500);
  });

  it('analyzes a table whose VACUUM fails (a large table past the statement limit), and goes on to the next', async () => {
    const tried: string[] = [];
    const failingVacuum = t.deps.systemDb.$extends({
      query: {
        async $allOperations({ args, query }) {
          const text = (args as { strings?: string[] }).strings?.join('') ?? '';
          tried.push(text.trim());
          if (text.startsWith('VACUUM')) throw new Error('canceling statement due to statement timeout');
          return query(args);
        },
      },
    }) as unknown as typeof t.deps.systemDb;

    await refreshStatistics(failingVacuum, { vacuum: true });
    // Each table tried with VACUUM, then analyzed, the last one included.
    expect(tried.slice(0, 4)).toEqual(['VACUUM (ANALYZE) people', 'ANALYZE people', 'VACUUM (ANALYZE) person_roles', 'ANALYZE person_roles']);
    expect(tried.slice(-2)).toEqual(['VACUUM (ANALYZE) person_role_changes', 'ANALYZE person_role_changes']);
  });
});
