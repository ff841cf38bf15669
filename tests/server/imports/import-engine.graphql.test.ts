// The GraphQL face of the import engine's additions (issue 12): importColumns, importPeople's mapping, headers,
// mappingRemembered, errorFile and progressKey, importProgress, undoImport with ImportRun's undo fields; who may
// call them, and another club's run refused like an unknown one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRTH_PROVINCE_COLUMN, importColumns, IMPORT_MSG, SEASON_COLUMNS, GUARDIAN_COLUMNS } from '../../../schema/import-columns';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { graphqlMultipart } from '../files/fixtures';
import { csvText, validTaxCode, type Rows } from './import-fixtures';

const IMPORT = `mutation($file: Upload, $kind: PersonKind!, $dryRun: Boolean!, $mapping: [ImportMappingInput!], $progressKey: String) {
  importPeople(file: $file, kind: $kind, dryRun: $dryRun, mapping: $mapping, progressKey: $progressKey) {
    __typename
    ... on MutationImportPeopleSuccess {
      data {
        status headers mappingRemembered ignoredColumns columns { header key } counts { new invalid }
        errorFile { filename contentType byteSize base64 }
        run { id status canUndo undoableUntil undoneAt }
      }
    }
    ... on ValidationError { fields { field message } }
    ... on BaseError { code message }
  }
}`;

const UNDO = `mutation($id: ID!) {
  undoImport(id: $id) {
    __typename
    ... on MutationUndoImportSuccess { data { removed restored skipped { taxIdCode name reason } message run { id status canUndo undoneAt } } }
    ... on ValidationError { fields { field message } }
    ... on BaseError { code message }
  }
}`;

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Import motore');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

async function upload(variables: Record<string, unknown>, content: Buffer, creds: Credentials = owner) {
  const body = graphqlMultipart(IMPORT, variables, [{ path: 'file', filename: 'volontari.csv', contentType: 'text/csv', content }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}), ...(creds.club ? { 'x-club': creds.club } : {}) },
    payload: body.payload,
  });
  return res.json<{ data: { importPeople: Record<string, any> } }>().data.importPeople;
}

let seq = 5000;
const cf = () => validTaxCode(++seq, 'Grafo');

describe('importColumns', () => {
  it("answers a kind's columns in the template's order, Gruppi included, then the birth province, cards and libro soci, parents; not to lettura", async () => {
    const answer = await gql(t.app, `query { importColumns(kind: member) { key header mandatory type } }`, {}, owner);
    expect(answer.body.data.importColumns).toEqual(
      [...importColumns('member'), BIRTH_PROVINCE_COLUMN, ...SEASON_COLUMNS, ...GUARDIAN_COLUMNS].map((c) => ({ key: c.key, header: c.header, mandatory: !!c.mandatory, type: c.type })),
    );
    expect(answer.body.data.importColumns).toContainEqual({ key: 'cardNumber', header: 'Tessera federale', mandatory: false, type: 'text' });
    expect(answer.body.data.importColumns).toContainEqual({ key: 'groups', header: 'Gruppi', mandatory: false, type: 'groups' });
    expect(answer.body.data.importColumns).toContainEqual({ key: 'guardian2Email', header: 'Email genitore 2', mandatory: false, type: 'text' });
    const refused = await gql(t.app, `query { importColumns(kind: member) { key } }`, {}, as(club.members.lettura));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('importPeople additions, importProgress and undoImport', () => {
  it('maps, remembers, answers the error file, reports progress, and undoes once', async () => {
    const rows: Rows = [['Nome', 'Cognome', 'Documento', 'Cellulare casa'], ['Ada', 'Neri', cf(), '333 1'], ['', 'Blu', cf(), null]];
    const mapping = [{ header: 'Documento', key: 'taxIdCode' }, { header: 'Cellulare casa', key: 'phoneSecondary' }];
    const preview = await upload({ kind: 'voluntary', dryRun: true, mapping }, Buffer.from(csvText(rows)));
    expect(preview).toMatchObject({
      __typename: 'MutationImportPeopleSuccess',
      data: { status: 'preview', headers: ['Nome', 'Cognome', 'Documento', 'Cellulare casa'], mappingRemembered: false, ignoredColumns: [], counts: { new: 1, invalid: 1 }, run: null },
    });
    const file = preview.data.errorFile;
    expect(file).toMatchObject({ filename: 'voluntary_errori.csv', contentType: 'text/csv; charset=utf-8' });
    expect(Buffer.from(file.base64, 'base64').toString('utf8')).toContain('Riga;Campo;Errore');

    // Without a mapping, the one the preview remembered; only the valid row this time.
    const key = 'grafo-progresso-1';
    const done = await upload({ kind: 'voluntary', dryRun: false, progressKey: key }, Buffer.from(csvText(rows.slice(0, 2))));
    expect(done.data).toMatchObject({ status: 'completed', mappingRemembered: true, errorFile: null, counts: { new: 1 }, run: { status: 'completed', canUndo: true, undoneAt: null } });
    expect(new Date(done.data.run.undoableUntil).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const progress = await gql(t.app, `query($key: String!) { importProgress(key: $key) { phase done total } }`, { key }, owner);
    expect(progress.body.data.importProgress).toMatchObject({ phase: 'done' });
    const theirs = await gql(t.app, `query($key: String!) { importProgress(key: $key) { phase } }`, { key }, as(club.members.admin));
    expect(theirs.body.data.importProgress).toBeNull();

    // Another club's owner cannot undo it (unknown to them), lettura may not; the owner can, once.
    const stranger = await gql(t.app, UNDO, { id: done.data.run.id }, as(club.stranger));
    expect(stranger.body.data.undoImport).toMatchObject({ __typename: 'ValidationError', message: IMPORT_MSG.undoNotFound });
    const lettura = await gql(t.app, UNDO, { id: done.data.run.id }, as(club.members.lettura));
    expect(lettura.body.data.undoImport.__typename).toBe('ForbiddenError');
    const undone = await gql(t.app, UNDO, { id: done.data.run.id }, owner);
    expect(undone.body.data.undoImport).toMatchObject({
      __typename: 'MutationUndoImportSuccess',
      data: { removed: 1, restored: 0, skipped: [], message: IMPORT_MSG.undone(1, 0, 0), run: { status: 'undone', canUndo: false } },
    });
    const twice = await gql(t.app, UNDO, { id: done.data.run.id }, owner);
    expect(twice.body.data.undoImport).toMatchObject({ __typename: 'ValidationError', message: IMPORT_MSG.undoAlready, fields: [{ field: 'id', message: IMPORT_MSG.undoAlready }] });
  });

  it('a bad mapping is a ValidationError on the mapping field', async () => {
    const rows: Rows = [['Nome', 'Cognome', 'Codice fiscale'], ['Ada', 'Neri', cf()]];
    const answer = await upload({ kind: 'voluntary', dryRun: true, mapping: [{ header: 'Nome', key: 'shoeSize' }] }, Buffer.from(csvText(rows)));
    expect(answer).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'mapping', message: IMPORT_MSG.mappingUnknownKey('shoeSize') }] });
  });
});
