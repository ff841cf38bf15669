// The import does not freeze the server (issue 12 point 5, issue 33 point 5): a workbook, and a CSV file past
// CSV_IN_THREAD_BYTES, is parsed in a worker thread, a smaller CSV file in turns, and a large file's rows are validated in turns, so a /healthz
// asked meanwhile is answered while the import is still in that phase (the order of events is asserted, not a timing threshold). On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../schema/import-columns';
import type { RequestContext } from '../../../server/context';
import { ValidationError } from '../../../server/lib/errors';
import { CSV_IN_THREAD_BYTES, readImportFile } from '../../../server/modules/imports/read-import-file';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { readProgress } from '../../../server/modules/imports/import-progress';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode, workbook, type Rows } from './import-fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});
afterAll(() => t.close());

const ROWS = 20_000;
const rows: Rows = [['Nome', 'Cognome', 'Codice fiscale', 'Telefono'], ...Array.from({ length: ROWS }, (_, i) => [`Nome${i}`, 'Salute', validTaxCode(30_000 + i, 'Salute'), '333 1234567'])];
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Starts a dry run of `file`, asks /healthz once the import is in `phase`, and answers the phase seen when /healthz answered. */
async function healthzDuring(file: Parameters<typeof importPeople>[1]['file'], phase: 'reading' | 'validating', key: string) {
  const events: string[] = [];
  const importing = importPeople(ctx, { file, kind: 'voluntary', dryRun: true, progressKey: key }).then((outcome) => {
    events.push('import done');
    return outcome;
  });
  while (readProgress(club.clubId, club.accountId, key)?.phase !== phase) await tick();
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  events.push('healthz');
  const atHealthz = readProgress(club.clubId, club.accountId, key);
  const outcome = await importing;
  expect(health.statusCode).toBe(200);
  expect(outcome.counts).toMatchObject({ total: ROWS, new: ROWS, invalid: 0 });
  expect(events).toEqual(['healthz', 'import done']);
  return atHealthz;
}

describe('a large import leaves the server responsive', () => {
  it('a workbook is parsed off the main thread: /healthz is answered while it is still being read', async () => {
    const file = { filename: 'volontari.xlsx', mimeType: 'application/octet-stream', content: workbook(rows) };
    // total 0: the rows are not known yet, the worker is still parsing (on the main thread the parse would be over
    // before /healthz could even be asked).
    expect(await healthzDuring(file, 'reading', 'salute-xlsx-1')).toEqual({ phase: 'reading', done: 0, total: 0 });
  });

  it('a workbook needing more than the worker\'s heap is refused in Italian, and the server lives on', async () => {
    const error = await readImportFile(workbook(rows), { ...IMPORT_LIMITS, workerHeapMb: 16 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(IMPORT_MSG.workbookTooHeavy);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it("a CSV's rows are validated in turns: /healthz is answered between them", async () => {
    expect(await healthzDuring(csvFile(rows), 'validating', 'salute-csv-1')).toMatchObject({ phase: 'validating', total: ROWS });
  });

  it('a CSV file is read in turns, and past CSV_IN_THREAD_BYTES off the main thread: /healthz is answered while it is read', async () => {
    const file = csvFile(rows);
    expect(file.content.length).toBeLessThan(CSV_IN_THREAD_BYTES);
    expect(await healthzDuring(file, 'reading', 'salute-csv-2')).toEqual({ phase: 'reading', done: 0, total: 0 });
    // Padded past the threshold with a column the import ignores (the same rows otherwise).
    const padded = csvFile(rows.map((r, i) => [...r, i === 0 ? 'Annotazioni' : 'x'.repeat(200)]));
    expect(padded.content.length).toBeGreaterThan(CSV_IN_THREAD_BYTES);
    expect(await healthzDuring(padded, 'reading', 'salute-csv-3')).toEqual({ phase: 'reading', done: 0, total: 0 });
  });

  it.each([
    ['in turns', ''],
    ['in the worker', ';' + 'x'.repeat(40)],
  ])('a CSV file of too many rows is refused, read %s, the server answering meanwhile', async (_, padding) => {
    const many = Buffer.from(`Nome;Cognome;Codice fiscale\r\n${`Anna;Bianchi;X${padding}\r\n`.repeat(IMPORT_LIMITS.maxRows + 1)}`);
    expect(many.length > CSV_IN_THREAD_BYTES).toBe(padding !== '');
    const events: string[] = [];
    const reading = readImportFile(many).catch((e: unknown) => {
      events.push('refused');
      return e;
    });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    events.push('healthz');
    expect(health.statusCode).toBe(200);
    const error = await reading;
    expect(events).toEqual(['healthz', 'refused']);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(IMPORT_MSG.tooManyRows(IMPORT_LIMITS.maxRows));
  });
});
