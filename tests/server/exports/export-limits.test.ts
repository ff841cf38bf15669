// Exports and imports never stop the server (issue 12 points 5 and 6): an XLSX export is written in a worker thread
// (a /healthz asked while it is being written is answered first: the order of events is asserted, not a time), a
// list too heavy for the worker's heap is refused in Italian with the server alive, and both are rate limited per
// account and per club (small allowances given here; the real ones are in server/lib/rate-limits.ts). Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { RateLimitError, ValidationError } from '../../../server/lib/errors';
import { createRateLimits } from '../../../server/lib/rate-limits';
import { EXPORT_FILE_MSG, exportWriter, type ExportCell } from '../../../server/modules/exports/export-file';
import { exportList } from '../../../server/modules/exports/export-list.service';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { clubContext } from '../../support/people-factories';
import { clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode } from '../imports/import-fixtures';

let t: TestApp;
let club: ClubWithRoles;
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Limiti');
});
afterAll(() => t.close());

const HEADERS = Array.from({ length: 30 }, (_, i) => `Colonna ${i + 1}`);
const ROWS: ExportCell[][] = Array.from({ length: 20_000 }, (_, r) => HEADERS.map((_, c) => (c === 3 ? { date: '2010-03-04' } : `valore ${r}.${c}`)));

function writeAll(heapMb?: number) {
  const writer = exportWriter('xlsx', HEADERS, 'Prova', { xlsxHeapMb: heapMb });
  for (let i = 0; i < ROWS.length; i += 1_000) writer.add(ROWS.slice(i, i + 1_000));
  return writer;
}

describe('an XLSX export is written off the main thread', () => {
  it('a /healthz asked while the workbook is being written is answered first', async () => {
    const events: string[] = [];
    const writer = writeAll();
    const writing = writer.finish().then((content) => {
      events.push('workbook written');
      return content;
    });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    events.push('healthz');
    const content = await writing;
    expect(health.statusCode).toBe(200);
    // (on the main thread the workbook would be complete before finish() returned, so before /healthz was asked)
    expect(events).toEqual(['healthz', 'workbook written']);
    expect(content.subarray(0, 2).toString()).toBe('PK');
  });

  it('a list needing more than the worker\'s heap is refused in Italian, and the server lives on', async () => {
    const error = await writeAll(16).finish().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(EXPORT_FILE_MSG.tooHeavy);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

/** `member`'s context, its rate limits replaced by small ones (shared by the contexts given the same `limits`). */
async function limitedContext(member: ClubWithRoles['members']['owner'], limits: RequestContext['deps']['limits']): Promise<RequestContext> {
  const ctx = await clubContext(t.deps, member);
  return { ...ctx, deps: { ...ctx.deps, limits } };
}

describe('rate limits', () => {
  it('exports: per account, then per club; refused in Italian before anything is read', async () => {
    const limits = createRateLimits(1, { export: { account: 2, club: 3 } });
    const owner = await limitedContext(club.members.owner, limits);
    const segreteria = await limitedContext(club.members.segreteria, limits);
    const request = { list: 'groups', format: 'csv' } as const;
    await exportList(owner, request);
    await exportList(owner, request);
    const third = await exportList(owner, request).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(RateLimitError);
    expect((third as RateLimitError).message).toBe(MSG.rateLimited(60));
    // another account of the club still may, until the club's allowance is used
    await exportList(segreteria, request);
    await expect(exportList(segreteria, request)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('imports (dry runs too): per account; nothing is written past the allowance', async () => {
    const limits = createRateLimits(1, { import: { account: 2 } });
    const owner = await limitedContext(club.members.owner, limits);
    const file = csvFile([['Nome', 'Cognome', 'Codice fiscale'], ['Lia', 'Limite', validTaxCode(77, 'Limite', 'Lia')]]);
    await importPeople(owner, { file, kind: 'voluntary', dryRun: true });
    await importPeople(owner, { file, kind: 'voluntary', dryRun: true });
    await expect(importPeople(owner, { file, kind: 'voluntary', dryRun: false })).rejects.toBeInstanceOf(RateLimitError);
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, lastname: 'Limite' } })).toBe(0);
  });
});
