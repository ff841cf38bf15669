// Golden envelopes of the legacy import (spec §7, §8): POST /api/import (multipart: file, type, dry_run) answering
// {status, context, message} with a non-empty context (counts and row errors), the spec's messages, and
// GET /api/import/download-template?type= answering the kind's CSV as {type}_template.csv. Refusals: no file, bad
// files, unknown type, roles without import.run, another club.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvTemplate, importColumns, IMPORT_MAX_BYTES, IMPORT_MSG } from '../../schema/import-columns';
import { MSG } from '../../schema/messages';
import { rest, type Credentials } from '../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../support/roles';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart, pdf } from '../server/files/fixtures';
import { csvText, workbook, zipBomb, type Rows } from '../server/imports/import-fixtures';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Import REST');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

const ROWS: Rows = [
  ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Data di nascita', 'Telefono'],
  ['Mario', 'Rossi', 'RSSMRA90A01H501W', 'M', '01/01/1990', '333 1234567'],
  ['Anna', 'Verdi', 'VRDNNA92B41F205N', 'F', '1992-02-01', null],
];

async function postImport(fields: Record<string, string>, file: { content: Buffer; filename?: string } | null, creds: Credentials = owner) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', filename: file.filename ?? 'atleti.csv', contentType: 'text/csv', content: file.content }] : []),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { 'content-type': body.contentType, ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}), ...(creds.club ? { 'x-club': creds.club } : {}) },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, body: res.json<{ status: boolean; context: any; message: string }>() };
}

const csv = (rows: Rows = ROWS) => ({ content: Buffer.from(csvText(rows)) });
const peopleCount = () => t.deps.systemDb.person.count({ where: { clubId: club.clubId } });

describe('POST /api/import', () => {
  it('dry_run=1 answers the preview: counts, rows, columns; nothing written', async () => {
    const answer = await postImport({ type: 'athlete', dry_run: '1' }, csv());
    expect(answer).toEqual({
      statusCode: 200,
      body: {
        status: true,
        message: IMPORT_MSG.preview,
        context: {
          import_id: null,
          dry_run: true,
          type: 'athlete',
          mode: 'fill_empty',
          status: 'preview',
          file_name: 'atleti.csv',
          format: 'csv',
          counts: { total: 2, new: 2, updated: 0, unchanged: 0, invalid: 0 },
          errors: [],
          rows: [
            { row: 2, status: 'new', tax_id_code: 'RSSMRA90A01H501W', name: 'Mario Rossi', changes: [] },
            { row: 3, status: 'new', tax_id_code: 'VRDNNA92B41F205N', name: 'Anna Verdi', changes: [] },
          ],
          columns: [
            { header: 'Nome', key: 'firstname' },
            { header: 'Cognome', key: 'lastname' },
            { header: 'Codice fiscale', key: 'taxIdCode' },
            { header: 'Sesso', key: 'gender' },
            { header: 'Data di nascita', key: 'birthday' },
            { header: 'Telefono', key: 'phonePrimary' },
          ],
          ignored_columns: [],
          headers: ROWS[0],
          mapping_remembered: false,
          valid_only: false,
          tidy_names: true,
          header_line: 1,
          top_lines: ROWS.map((cells, i) => ({ line: i + 1, cells: cells.map((c) => c ?? '') })),
          notices: [],
          season_writes: null,
          error_file: null,
        },
      },
    });
    expect(await peopleCount()).toBe(0);
  });

  it("dry_run=0 imports: 'I tuoi dati sono stati importati con successo', the run's id; the same file again changes nothing", async () => {
    const first = await postImport({ type: 'athlete', dry_run: '0' }, csv());
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ status: true, message: IMPORT_MSG.imported, context: { status: 'completed', dry_run: false, counts: { new: 2 } } });
    expect(first.body.context.import_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await peopleCount()).toBe(2);
    const again = await postImport({ type: 'athlete', dry_run: '0' }, csv());
    expect(again.body).toMatchObject({ status: true, context: { counts: { total: 2, new: 0, updated: 0, unchanged: 2 } } });
    expect(await peopleCount()).toBe(2);
  });

  it('an xlsx named .csv is read as the workbook it is', async () => {
    const answer = await postImport({ type: 'voluntary', dry_run: '1' }, { content: workbook([['Nome', 'Cognome', 'Codice fiscale'], ['Ugo', 'Blu', 'BLUGUO80A01H501Z']]), filename: 'volontari.csv' });
    expect(answer.body).toMatchObject({ status: true, context: { format: 'xlsx', counts: { new: 1 } } });
  });

  it('invalid rows: status false, nothing written, every row error with its row, column and the form message', async () => {
    const rows: Rows = [ROWS[0], ['', 'Neri', 'NRELCU90A01H501U', 'M', null, null], ['Luca', 'Gialli', 'X1', 'M', null, 'abc']];
    const answer = await postImport({ type: 'athlete', dry_run: '0' }, csv(rows));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({
      status: false,
      message: IMPORT_MSG.invalidRows(2),
      context: {
        status: 'failed',
        counts: { total: 2, new: 0, invalid: 2 },
        errors: [
          { row: 2, column: 'Nome', field: 'profile.firstname', message: MSG.firstnameRequired },
          { row: 3, column: 'Codice fiscale', field: 'profile.taxIdCode', message: MSG.withValue(MSG.invalidTaxCode, 'X1') },
          { row: 3, column: 'Telefono', field: 'profile.phonePrimary', message: MSG.withValue(MSG.phonePrimaryDigits, 'abc') },
        ],
      },
    });
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, lastname: { in: ['Neri', 'Gialli'] } } })).toBe(0);
  });

  it("no file: 'Selezionare un file da importare' (multipart without it, or a JSON body)", async () => {
    const expected = { status: false, context: { errors: { file: IMPORT_MSG.noFile } }, message: IMPORT_MSG.noFile };
    expect(await postImport({ type: 'athlete', dry_run: '1' }, null)).toEqual({ statusCode: 200, body: expected });
    expect(await rest(t.app, '/import', { type: 'athlete', dry_run: 1 }, owner)).toMatchObject({ statusCode: 200, body: expected });
  });

  it('bad files and fields each get their Italian message and write nothing', async () => {
    const before = await peopleCount();
    const refusals: Array<[Record<string, string>, { content: Buffer } | null, string, string]> = [
      [{ type: 'alieni', dry_run: '1' }, csv(), 'type', IMPORT_MSG.kindInvalid],
      [{ type: 'athlete', dry_run: '2' }, csv(), 'dry_run', IMPORT_MSG.dryRunInvalid],
      [{ type: 'athlete', dry_run: '0', mode: 'tutto' }, csv(), 'mode', IMPORT_MSG.modeInvalid],
      [{ type: 'athlete', dry_run: '0' }, { content: Buffer.alloc(0) }, 'file', IMPORT_MSG.emptyFile],
      [{ type: 'athlete', dry_run: '0' }, { content: Buffer.from('\r\n\r\n') }, 'file', IMPORT_MSG.emptyFile],
      [{ type: 'athlete', dry_run: '0' }, csv([ROWS[0]]), 'file', IMPORT_MSG.headersOnly],
      [{ type: 'athlete', dry_run: '0' }, csv([['Nome', 'Email'], ['A', 'a@b.it']]), 'file', IMPORT_MSG.missingColumns(['Cognome', 'Codice fiscale'])],
      [{ type: 'athlete', dry_run: '0' }, { content: pdf() }, 'file', IMPORT_MSG.unsupportedFormat],
      [{ type: 'athlete', dry_run: '0' }, { content: workbook(ROWS).subarray(0, 300) }, 'file', IMPORT_MSG.corruptWorkbook],
      [{ type: 'athlete', dry_run: '0' }, { content: zipBomb(300) }, 'file', IMPORT_MSG.zipBomb],
    ];
    for (const [fields, file, field, message] of refusals) {
      const answer = await postImport(fields, file);
      expect(answer, message).toEqual({ statusCode: 200, body: { status: false, context: { errors: { [field]: message } }, message } });
    }
    expect(await peopleCount()).toBe(before);
  });

  it("a file over the import's limit (20 MB, not the other uploads' 5) is refused (413) before it is read", async () => {
    const six = await postImport({ type: 'athlete', dry_run: '1' }, { content: Buffer.alloc(6 * 1024 * 1024, 0x41) });
    expect(six.body).toMatchObject({ status: false, message: IMPORT_MSG.headersOnly });
    const answer = await postImport({ type: 'athlete', dry_run: '1' }, { content: Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41) });
    expect(answer).toEqual({ statusCode: 413, body: { status: false, context: null, message: IMPORT_MSG.tooLarge } });
  });

  it("over any size (past the request's ceiling too, 30 MB) the answer states the import's 20 MB limit", async () => {
    const answer = await postImport({ type: 'athlete', dry_run: '1' }, { content: Buffer.alloc(30 * 1024 * 1024, 0x41) });
    expect(answer).toEqual({ statusCode: 413, body: { status: false, context: null, message: IMPORT_MSG.tooLarge } });
    expect(IMPORT_MSG.tooLarge).toContain('20 MB');
  });

  it('valid_only=1 writes the valid rows, answers the invalid ones and their error file; 0 (the default) writes none', async () => {
    const rows: Rows = [ROWS[0], ['Piero', 'Valido', 'VLDPRI90A01H501X', 'M', null, null], ['Luca', 'Sbagliato', 'X2', 'M', null, null]];
    const refused = await postImport({ type: 'athlete', dry_run: '0', valid_only: '0' }, csv(rows));
    expect(refused.body).toMatchObject({ status: false, context: { status: 'failed', valid_only: false } });
    const partial = await postImport({ type: 'athlete', dry_run: '0', valid_only: '1' }, csv(rows));
    expect(partial.body).toMatchObject({
      status: true,
      message: IMPORT_MSG.validOnlyImported(1, 1),
      context: { status: 'completed', valid_only: true, counts: { total: 2, new: 1, invalid: 1 }, errors: [{ row: 3, field: 'profile.taxIdCode' }] },
    });
    expect(partial.body.context.error_file.filename).toBe('athlete_errori.csv');
    expect(partial.body.context.import_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, lastname: { in: ['Valido', 'Sbagliato'] } } })).toBe(1);
    const bad = await postImport({ type: 'athlete', dry_run: '0', valid_only: 'forse' }, csv(rows));
    expect(bad.body).toMatchObject({ status: false, message: IMPORT_MSG.validOnlyInvalid, context: { errors: { valid_only: IMPORT_MSG.validOnlyInvalid } } });
  });

  it('an ODS file (LibreOffice) is read as a workbook', async () => {
    const ods = await import('node:fs').then((fs) => fs.readFileSync(new URL('../fixtures/imports/libro-soci.ods', import.meta.url)));
    const answer = await postImport({ type: 'member', dry_run: '1' }, { content: ods, filename: 'libro-soci.ods' });
    expect(answer.body).toMatchObject({ status: true, context: { format: 'ods', counts: { total: 3, new: 3, invalid: 0 } } });
  });

  it('mapping: a JSON field naming the columns of unknown headers', async () => {
    const rows: Rows = [['Nome', 'Cognome', 'Documento', 'Cell. casa'], ['Mario', 'Rossi', ROWS[1][2], '333 1']];
    const mapping = JSON.stringify([{ header: 'Documento', key: 'taxIdCode' }, { header: 'Cell. casa', key: 'phoneSecondary' }]);
    const answer = await postImport({ type: 'voluntary', dry_run: '1', mapping }, csv(rows));
    expect(answer.body).toMatchObject({ status: true, context: { headers: rows[0], mapping_remembered: false, ignored_columns: [], error_file: null, counts: { new: 1 } } });
    const bad = await postImport({ type: 'voluntary', dry_run: '1', mapping: '[{"header":"Nome","key":"shoe"}]' }, csv(rows));
    expect(bad.body).toMatchObject({ status: false, context: { errors: { mapping: IMPORT_MSG.mappingUnknownKey('shoe') } } });
  });

  it('allenatore and lettura are refused (403), as is another club\'s member for this club, and anyone without a session (401)', async () => {
    for (const role of ['allenatore', 'lettura'] as const) {
      const answer = await postImport({ type: 'athlete', dry_run: '0' }, csv(), as(club.members[role]));
      expect(answer, role).toEqual({ statusCode: 403, body: { status: false, context: null, message: MSG.permissionDenied } });
    }
    const stranger = await postImport({ type: 'athlete', dry_run: '0' }, csv(), { token: club.stranger.token, club: club.members.owner.clubToken });
    expect(stranger.statusCode).toBe(403);
    expect((await postImport({ type: 'athlete', dry_run: '0' }, csv(), {})).statusCode).toBe(401);
  });
});

describe('GET /api/import/download-template', () => {
  const download = (query: string, creds: Credentials = owner) =>
    t.app.inject({ method: 'GET', url: `/api/import/download-template${query}`, headers: { authorization: `Bearer ${creds.token}`, 'x-club': creds.club ?? '' } });

  it('answers the CSV template of each kind as {type}_template.csv', async () => {
    for (const type of ['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'] as const) {
      const res = await download(`?type=${type}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${type}_template.csv"; filename*=UTF-8''${type}_template.csv`);
      expect(res.body).toBe(csvTemplate(type));
      expect(res.body.slice(1).split('\r\n')[0].split(';')).toEqual(importColumns(type).map((c) => c.header));
    }
  });

  it('a filled template imports without any mapping', async () => {
    const template = (await download('?type=member')).body.replace(/^\uFEFF/, '');
    const headers = template.trim().split(';');
    const row = headers.map((h) => ({ Nome: 'Pia', Cognome: 'Rosa', 'Codice fiscale': 'RSOPIA70A41H501J', Sesso: 'Femmina', 'Numero tessera': '7' })[h] ?? '');
    const answer = await postImport({ type: 'member', dry_run: '1' }, { content: Buffer.from(`${template}${row.join(';')}\r\n`) });
    expect(answer.body).toMatchObject({ status: true, context: { ignored_columns: [], counts: { new: 1, invalid: 0 } } });
    expect(answer.body.context.columns).toHaveLength(headers.length);
  });

  it('refuses an unknown type in the envelope, and roles without import.run', async () => {
    const unknown = await download('?type=alieni');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: false, context: { errors: { type: IMPORT_MSG.kindInvalid } }, message: IMPORT_MSG.kindInvalid });
    const lettura = await download('?type=athlete', as(club.members.lettura));
    expect(lettura.statusCode).toBe(403);
    expect(lettura.json()).toEqual({ status: false, context: null, message: MSG.permissionDenied });
  });
});
