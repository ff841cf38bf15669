// GraphQL face of the import: importPeople through a multipart upload (dry run, import, refusals in the errors
// union), the club's history (importRuns, importRun), and who may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { graphqlMultipart } from '../files/fixtures';
import { csvText, workbook, type Rows } from './import-fixtures';

const IMPORT = `mutation($file: Upload, $kind: PersonKind!, $dryRun: Boolean!, $mode: ImportMode) {
  importPeople(file: $file, kind: $kind, dryRun: $dryRun, mode: $mode) {
    __typename
    ... on MutationImportPeopleSuccess {
      data {
        dryRun kind mode status message fileName format
        counts { total new updated unchanged invalid }
        errors { row column field message }
        rows { row status taxIdCode name changes }
        columns { header key }
        ignoredColumns
        run { id kind status fileName counts { new } actorName createdAt }
      }
    }
    ... on ValidationError { fields { field message } }
    ... on BaseError { code message }
  }
}`;

const HISTORY = `query { importRuns(first: 10) { totalCount edges { node { id kind mode status fileName fileFormat actorName counts { total new updated unchanged invalid } errors { row message } } } } }`;
const ONE = `query($id: ID!) { importRun(id: $id) { id status } }`;

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Import GraphQL');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

async function upload(variables: Record<string, unknown>, content: Buffer | null, creds: Credentials = owner, filename = 'soci.xlsx') {
  const body = graphqlMultipart(IMPORT, variables, content ? [{ path: 'file', filename, contentType: 'application/octet-stream', content }] : []);
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}), ...(creds.club ? { 'x-club': creds.club } : {}) },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

const ROWS: Rows = [
  ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Numero tessera', 'Colonna libera'],
  ['Pia', 'Rosa', 'RSOPIA70A41H501J', 'F', '12', 'x'],
];

describe('importPeople', () => {
  it('previews an xlsx upload without writing, then imports it and records the run', async () => {
    const preview = await upload({ kind: 'member', dryRun: true }, workbook(ROWS));
    expect(preview.statusCode).toBe(200);
    expect(preview.body.data.importPeople).toEqual({
      __typename: 'MutationImportPeopleSuccess',
      data: {
        dryRun: true,
        kind: 'member',
        mode: 'fill_empty',
        status: 'preview',
        message: IMPORT_MSG.preview,
        fileName: 'soci.xlsx',
        format: 'xlsx',
        counts: { total: 1, new: 1, updated: 0, unchanged: 0, invalid: 0 },
        errors: [],
        rows: [{ row: 2, status: 'new', taxIdCode: 'RSOPIA70A41H501J', name: 'Pia Rosa', changes: [] }],
        columns: [
          { header: 'Nome', key: 'firstname' },
          { header: 'Cognome', key: 'lastname' },
          { header: 'Codice fiscale', key: 'taxIdCode' },
          { header: 'Sesso', key: 'gender' },
          { header: 'Numero tessera', key: 'membershipNumber' },
        ],
        ignoredColumns: ['Colonna libera'],
        run: null,
      },
    });
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId } })).toBe(0);

    const done = await upload({ kind: 'member', dryRun: false, mode: 'overwrite' }, workbook(ROWS));
    const data = done.body.data.importPeople.data;
    expect(data).toMatchObject({ status: 'completed', mode: 'overwrite', message: IMPORT_MSG.imported, run: { kind: 'member', status: 'completed', fileName: 'soci.xlsx', counts: { new: 1 } } });
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, kind: 'member' } })).toBe(1);

    const history = await gql(t.app, HISTORY, {}, owner);
    expect(history.body.data.importRuns.totalCount).toBe(1);
    expect(history.body.data.importRuns.edges[0].node).toMatchObject({ id: data.run.id, kind: 'member', mode: 'overwrite', status: 'completed', fileFormat: 'xlsx', counts: { total: 1, new: 1 }, errors: [] });
    expect((await gql(t.app, ONE, { id: data.run.id }, owner)).body.data.importRun).toEqual({ id: data.run.id, status: 'completed' });
    // Another club's member: the run is an unknown id, and their own history is empty.
    const stranger = as(club.stranger);
    expect((await gql(t.app, ONE, { id: data.run.id }, stranger)).body.data.importRun).toBeNull();
    expect((await gql(t.app, HISTORY, {}, stranger)).body.data.importRuns.totalCount).toBe(0);
  });

  it('a run with invalid rows answers status failed with the rows\' errors, and is in the history', async () => {
    const rows: Rows = [ROWS[0], ['Pia', '', 'RSOPIA70A42H501O', 'X', null, null]];
    const done = await upload({ kind: 'member', dryRun: false }, Buffer.from(csvText(rows)), owner, 'soci.csv');
    expect(done.body.data.importPeople.data).toMatchObject({
      status: 'failed',
      message: IMPORT_MSG.invalidRows(1),
      errors: [
        { row: 2, column: 'Cognome', field: 'profile.lastname', message: MSG.lastnameRequired },
        { row: 2, column: 'Sesso', field: 'profile.typeGenderId', message: MSG.withValue(MSG.genderInvalid, 'X') },
      ],
      run: { status: 'failed' },
    });
    const history = await gql(t.app, HISTORY, {}, owner);
    expect(history.body.data.importRuns.edges[0].node).toMatchObject({ status: 'failed', errors: [{ row: 2, message: MSG.lastnameRequired }, { row: 2, message: MSG.withValue(MSG.genderInvalid, 'X') }] });
  });

  it("no file: a ValidationError with 'Selezionare un file da importare'; a bad file: its message", async () => {
    const none = await upload({ kind: 'member', dryRun: false }, null);
    expect(none.body.data.importPeople).toEqual({ __typename: 'ValidationError', code: 'VALIDATION', message: IMPORT_MSG.noFile, fields: [{ field: 'file', message: IMPORT_MSG.noFile }] });
    const headersOnly = await upload({ kind: 'member', dryRun: true }, Buffer.from(csvText([ROWS[0]])));
    expect(headersOnly.body.data.importPeople).toMatchObject({ __typename: 'ValidationError', message: IMPORT_MSG.headersOnly });
  });

  it("the import's own upload limit: over 5 MB is read (an avatar's limit is not raised), over IMPORT_MAX_BYTES is refused (413) before any resolver runs", async () => {
    // 6 MB of one CSV line: past the other uploads' limit, so the transport read it; the file then has no rows.
    const six = await upload({ kind: 'member', dryRun: true }, Buffer.alloc(6 * 1024 * 1024, 0x41));
    expect(six.statusCode).toBe(200);
    expect(six.body.data.importPeople).toMatchObject({ __typename: 'ValidationError', message: IMPORT_MSG.headersOnly });
    const big = await upload({ kind: 'member', dryRun: true }, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41));
    expect(big.statusCode).toBe(413);
    expect(big.body.errors[0].message).toBe(IMPORT_MSG.tooLarge);
    // Another operation riding along in the same request: no larger limit.
    const mixed = graphqlMultipart(`${IMPORT}\nquery Other { me { id } }`, { kind: 'member', dryRun: true }, [
      { path: 'file', filename: 'x.csv', contentType: 'text/csv', content: Buffer.alloc(6 * 1024 * 1024, 0x41) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': mixed.contentType, authorization: `Bearer ${owner.token}`, 'x-club': owner.club! }, payload: mixed.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ errors: Array<{ message: string }> }>().errors[0].message).toBe(MSG.fileTooLarge);
  });

  it('allenatore and lettura are refused in the union and cannot read the history', async () => {
    for (const role of ['allenatore', 'lettura'] as const) {
      const answer = await upload({ kind: 'athlete', dryRun: true }, Buffer.from(csvText(ROWS)), as(club.members[role]));
      expect(answer.body.data.importPeople, role).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.permissionDenied });
      const history = await gql(t.app, HISTORY, {}, as(club.members[role]));
      expect(history.body.errors?.[0].message, role).toBe(MSG.permissionDenied);
    }
  });
});
