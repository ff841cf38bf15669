// The header row chosen by hand (issue 35 point 4): when detection takes the wrong row, the refusal carries the top
// rows of the file (GraphQL ImportHeaderError), the preview offers them, and headerLine (REST header_line) reads the
// file with the chosen row as its header, on CSV and workbooks alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../schema/import-columns';
import type { Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { graphqlMultipart, multipart } from '../files/fixtures';
import { csvText, workbook, type Rows } from './import-fixtures';

const IMPORT = `mutation($file: Upload, $kind: PersonKind!, $dryRun: Boolean!, $headerLine: Int) {
  importPeople(file: $file, kind: $kind, dryRun: $dryRun, headerLine: $headerLine) {
    __typename
    ... on MutationImportPeopleSuccess { data { status counts { total new invalid } headerLine notices topLines { line cells } rows { row name } } }
    ... on ImportHeaderError { headerLine topLines { line cells } }
    ... on ValidationError { fields { field message } }
    ... on BaseError { code message }
  }
}`;

// A club's sheet whose first row names two known columns (Città, Provincia) and so is taken as the header, wrongly.
const ROWS: Rows = [
  ['Società: ASD Test', 'Città', 'Provincia'],
  [],
  ['Elenco iscritti 2025/26'],
  ['Nome', 'Cognome', 'Codice fiscale', 'Sesso'],
  ['Pia', 'Rosa', 'RSOPIA70A41H501J', 'F'],
];

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Intestazione');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

async function upload(variables: Record<string, unknown>, content: Buffer, filename = 'iscritti.csv') {
  const body = graphqlMultipart(IMPORT, { kind: 'member', dryRun: true, ...variables }, [{ path: 'file', filename, contentType: 'application/octet-stream', content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${owner.token}`, 'x-club': owner.club! },
    payload: body.payload,
  });
  return res.json().data.importPeople;
}

const csv = Buffer.from(csvText(ROWS), 'utf8');
const xlsx = workbook(ROWS);

describe('the header row chosen by hand', () => {
  for (const [format, content, filename] of [['CSV', csv, 'iscritti.csv'], ['XLSX', xlsx, 'iscritti.xlsx']] as const) {
    it(`${format}: the wrong row detected is refused with the top rows; the chosen one reads the file`, async () => {
      const refused = await upload({}, content, filename);
      expect(refused).toMatchObject({ __typename: 'ImportHeaderError', code: 'VALIDATION', message: IMPORT_MSG.missingColumns(['Nome', 'Cognome', 'Codice fiscale']), headerLine: 1 });
      // Blank rows are not offered; each row keeps its number in the file.
      expect(refused.topLines.map((l: { line: number }) => l.line)).toEqual([1, 3, 4, 5]);
      expect(refused.topLines[2].cells).toEqual(['Nome', 'Cognome', 'Codice fiscale', 'Sesso']);

      const chosen = await upload({ headerLine: 4 }, content, filename);
      expect(chosen.__typename).toBe('MutationImportPeopleSuccess');
      expect(chosen.data).toMatchObject({ status: 'preview', headerLine: 4, counts: { total: 1, invalid: 0 }, rows: [{ row: 5, name: 'Pia Rosa' }] });
      expect(chosen.data.notices[0]).toBe(IMPORT_MSG.headerChosen(4));

      const done = await upload({ headerLine: 4, dryRun: false }, content, filename);
      expect(done.data).toMatchObject({ status: 'completed', counts: { total: 1, invalid: 0 } });
    });
  }

  it('a row that is not among the top non-blank rows is refused on headerLine, reading nothing', async () => {
    for (const headerLine of [2, 99, 0]) {
      const refused = await upload({ headerLine }, csv);
      expect(refused).toMatchObject({ __typename: 'ValidationError', message: IMPORT_MSG.headerLineInvalid, fields: [{ field: 'headerLine' }] });
    }
    // In a workbook read by the worker too.
    expect(await upload({ headerLine: 2 }, xlsx, 'iscritti.xlsx')).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'headerLine' }] });
  });

  it('REST: header_line', async () => {
    const post = async (headerLine: string) => {
      const form = multipart([
        { name: 'type', value: 'member' },
        { name: 'dry_run', value: '1' },
        { name: 'header_line', value: headerLine },
        { name: 'file', filename: 'iscritti.csv', contentType: 'text/csv', content: csv },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/import', headers: { 'content-type': form.contentType, authorization: `Bearer ${owner.token}`, 'x-club': owner.club! }, payload: form.payload });
      return res.json();
    };
    expect((await post('4')).context).toMatchObject({ header_line: 4, counts: { total: 1, invalid: 0 } });
    expect(await post('x')).toMatchObject({ status: false, message: IMPORT_MSG.headerLineInvalid });
  });
});
