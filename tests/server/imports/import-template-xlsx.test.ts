// The club's xlsx import template (issue 12 point 2): GET /api/import/download-template?type=&format=xlsx answers
// {type}_template.xlsx with sheet "Dati" (the kind's columns in order, mandatory ones marked, Sesso and date
// validation, the club's groups as a dropdown when the kind has a Gruppi column, dates formatted gg/mm/aaaa, a frozen
// header) and sheet "Istruzioni". A template filled with SheetJS imports without any mapping (dry run, then import).
// The CSV stays the spec's; an unknown format or type is refused in Italian; roles without import.run get 403.
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvTemplate, groupNames, importColumns, IMPORT_MSG } from '../../../schema/import-columns';
import { neutraliseCell } from '../../../schema/spreadsheet-cells';
import { MSG } from '../../../schema/messages';
import { TEMPLATE_FORMAT_INVALID, XLSX_CONTENT_TYPE } from '../../../server/modules/imports/import-template-xlsx';
import type { Credentials } from '../../support/http';
import { createClub } from '../../support/factories';
import { createGroupWith } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { taxCodeFor } from '../../support/tax-code-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { multipart } from '../files/fixtures';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Template Excel');
  owner = as(club.members.owner);
  await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 12, maschile');
  await createGroupWith(t.deps, club.clubId, 'coach', 'Staff tecnico');
  await createGroupWith(t.deps, club.stranger.clubId, 'athlete', 'Gruppo di un altro club');
});
afterAll(() => t.close());

const download = (query: string, creds: Credentials = owner) =>
  t.app.inject({ method: 'GET', url: `/api/import/download-template${query}`, headers: { authorization: `Bearer ${creds.token}`, 'x-club': creds.club ?? '' } });

async function postImport(type: string, dryRun: '0' | '1', content: Buffer, creds: Credentials = owner) {
  const body = multipart([
    { name: 'type', value: type },
    { name: 'dry_run', value: dryRun },
    { name: 'file', filename: 'modello compilato.xlsx', contentType: 'application/octet-stream', content },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${creds.token}`, 'x-club': creds.club ?? '' },
    payload: body.payload,
  });
  return res.json<{ status: boolean; message: string; context: any }>();
}

async function exceljsBook(content: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  return book;
}

describe('GET /api/import/download-template?format=xlsx', () => {
  it('answers {type}_template.xlsx: Dati with the columns in order, mandatory ones marked, then Istruzioni', async () => {
    for (const type of ['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'] as const) {
      const res = await download(`?type=${type}&format=xlsx`);
      expect(res.statusCode, type).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${type}_template.xlsx"; filename*=UTF-8''${type}_template.xlsx`);
      const book = XLSX.read(res.rawPayload, { type: 'buffer' });
      // The import reads the first sheet: it must be Dati. The hidden list sheet comes after it.
      expect(book.SheetNames[0]).toBe('Dati');
      expect(book.SheetNames).toContain('Istruzioni');
      const [headers] = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Dati, { header: 1 });
      const columns = importColumns(type);
      expect(headers).toEqual(columns.map((c) => (c.mandatory ? `${c.header} *` : c.header)));
      expect(headers.slice(0, 3)).toEqual(['Nome *', 'Cognome *', 'Codice fiscale *']);
      const help = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Istruzioni, { header: 1 });
      expect(help.map((r) => r[0])).toEqual(expect.arrayContaining(columns.map((c) => c.header)));
      const text = help.flat().join('\n');
      expect(text).toContain('gg/mm/aaaa');
      expect(text).toContain('M oppure F');
      expect(text).toContain('Completa i campi vuoti');
      expect(text).toContain('100.000 righe');
    }
  });

  it('has the dropdowns, the date format and validation, the frozen header and widths', async () => {
    const res = await download('?type=athlete&format=xlsx');
    const book = await exceljsBook(res.rawPayload);
    const data = book.getWorksheet('Dati')!;
    const columns = importColumns('athlete');
    const at = (key: string) => columns.findIndex((c) => c.key === key) + 1;
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(data.getColumn(1).width).toBeGreaterThanOrEqual(14);

    const gender = data.getCell(2, at('gender')).dataValidation;
    expect(gender).toMatchObject({ type: 'list', formulae: ['Elenchi!$A$1:$A$2'] });
    expect(data.getCell(500, at('gender')).dataValidation).toMatchObject({ type: 'list' });
    const lists = book.getWorksheet('Elenchi')!;
    expect(lists.state).toBe('veryHidden');
    expect([lists.getCell('A1').value, lists.getCell('A2').value]).toEqual(['M', 'F']);

    const birthday = data.getCell(2, at('birthday'));
    expect(birthday.dataValidation).toMatchObject({ type: 'date' });
    expect(data.getColumn(at('birthday')).numFmt).toBe('dd/mm/yyyy');

    if (columns.some((c) => c.key === 'groups')) {
      // The Gruppi column (memberships) offers this club's athlete groups only, each as the cell must hold it: a
      // name with a comma quoted, so that the import reads the chosen entry as one group.
      expect(data.getCell(2, at('groups')).dataValidation).toMatchObject({ type: 'list', formulae: ['Elenchi!$B$1:$B$2'] });
      const names = [lists.getCell('B1').value, lists.getCell('B2').value];
      expect(names).toEqual(['Gruppo allenato', '"Under 12, maschile"']);
      expect(groupNames(names[1] as string)).toEqual(['Under 12, maschile']);
    } else {
      // Without a Gruppi column no group (nor another club's) is written anywhere.
      expect(lists.getCell('B1').value).toBeNull();
    }
  });

  it('a template filled with a spreadsheet library imports without any mapping: dry run, then import', async () => {
    const res = await download('?type=athlete&format=xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellStyles: true });
    const headers = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Dati, { header: 1 })[0];
    const values: Record<string, Array<string | number | Date>> = {
      'Nome *': ['Giulia', 'Marco'],
      'Cognome *': ['Bianchi', 'Neri'],
      'Codice fiscale *': [taxCodeFor(11, 'BNC', { female: true }), taxCodeFor(12, 'NRE')],
      Sesso: ['F', 'M'],
      // One date typed as text, one as a real date cell (an Excel serial once written).
      'Data di nascita': ['03/04/2012', new Date(Date.UTC(2011, 8, 9))],
      Telefono: ['333 1234567', ''],
      'Scadenza visita medica': ['31/12/2030', ''],
    };
    const rows = [0, 1].map((i) => headers.map((h) => values[h]?.[i] ?? ''));
    XLSX.utils.sheet_add_aoa(book.Sheets.Dati, rows, { origin: 'A2', cellDates: true });
    const filled = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    const preview = await postImport('athlete', '1', filled);
    expect(preview).toMatchObject({ status: true, message: IMPORT_MSG.preview, context: { ignored_columns: [], counts: { total: 2, new: 2, invalid: 0 } } });
    expect(preview.context.columns).toHaveLength(headers.length);

    const done = await postImport('athlete', '0', filled);
    expect(done).toMatchObject({ status: true, message: IMPORT_MSG.imported, context: { counts: { new: 2, invalid: 0 } } });
    const giulia = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, lastname: 'Bianchi' } });
    expect(giulia.birthday?.toISOString().slice(0, 10)).toBe('2012-04-03');
    expect(giulia.typeGenderId).toBe(2);
    const marco = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, lastname: 'Neri' } });
    expect(marco.birthday?.toISOString().slice(0, 10)).toBe('2011-09-09');
  });

  it('without format, or with format=csv, the spec\'s CSV is unchanged', async () => {
    for (const query of ['?type=coach', '?type=coach&format=csv', '?type=coach&format=']) {
      const res = await download(query);
      expect(res.headers['content-type'], query).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('coach_template.csv');
      expect(res.body).toBe(csvTemplate('coach'));
    }
  });

  it('refuses an unknown format or type in Italian, and roles without import.run', async () => {
    const format = await download('?type=athlete&format=xls');
    expect(format.statusCode).toBe(200);
    expect(format.json()).toEqual({ status: false, context: { errors: { format: TEMPLATE_FORMAT_INVALID } }, message: TEMPLATE_FORMAT_INVALID });
    const type = await download('?type=alieni&format=xlsx');
    expect(type.json()).toEqual({ status: false, context: { errors: { type: IMPORT_MSG.kindInvalid } }, message: IMPORT_MSG.kindInvalid });
    for (const role of ['allenatore', 'lettura'] as const) {
      const refused = await download('?type=athlete&format=xlsx', as(club.members[role]));
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json()).toEqual({ status: false, context: null, message: MSG.permissionDenied });
    }
  });
});

describe('formula neutralisation in the template', () => {
  it('no cell of any sheet starts a formula, the hidden list of group names included; a chosen entry imports as its group', async () => {
    const other = await createClub(t.deps);
    const creds = { token: other.token, club: other.clubToken };
    const names = ['=GRUPPO()+1', '@SUM(A1)', '-Esordienti', '+Over 35', 'Under 14'];
    for (const name of names) await createGroupWith(t.deps, other.clubId, 'athlete', name);
    const res = await download('?type=athlete&format=xlsx', creds);
    expect(res.statusCode).toBe(200);

    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    expect(book.SheetNames).toEqual(['Dati', 'Elenchi', 'Istruzioni']);
    let textCells = 0;
    for (const name of book.SheetNames) {
      const sheet = book.Sheets[name];
      for (const [address, cell] of Object.entries(sheet)) {
        if (address.startsWith('!')) continue;
        expect((cell as XLSX.CellObject).f, `${name}!${address}`).toBeUndefined();
        const value = (cell as XLSX.CellObject).v;
        if (typeof value === 'string') {
          textCells++;
          expect(value, `${name}!${address}`).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
    }
    expect(textCells).toBeGreaterThan(50);
    const listed = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Elenchi, { header: 1 }).map((row) => row[1]);
    expect([...listed].sort()).toEqual(names.map(neutraliseCell).sort());

    // What the dropdown puts in a cell is the neutralised name: the import restores it and finds the group.
    const headers = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Dati, { header: 1 })[0];
    const values: Record<string, string> = { 'Nome *': 'Ugo', 'Cognome *': 'Formule', 'Codice fiscale *': taxCodeFor(13, 'FRM'), Sesso: 'M', Gruppi: neutraliseCell('=GRUPPO()+1') };
    XLSX.utils.sheet_add_aoa(book.Sheets.Dati, [headers.map((h) => values[h] ?? '')], { origin: 'A2' });
    const filled = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const done = await postImport('athlete', '0', filled, creds);
    expect(done).toMatchObject({ status: true, message: IMPORT_MSG.imported, context: { counts: { new: 1, invalid: 0 } } });
    const joined = await t.deps.systemDb.groupMember.findMany({ where: { clubId: other.clubId }, select: { group: { select: { name: true } } } });
    expect(joined).toEqual([{ group: { name: '=GRUPPO()+1' } }]);
  });
});
