// The parent columns of real files (issue 36 point 1) through the people import, on both databases: a Google-Form-like
// list of athletes with "Nome e cognome genitore", "Email genitore", "Cellulare genitore" and a second parent; the
// parent of two children in the file (and one already in the club) recorded once, a surname-first column, names in
// capitals tidied, invalid contacts quoted back with the form's messages; a re-import adds nothing; the dry run writes
// nothing; the undo removes the guardianships the run added and the parents it created, keeping the one that was
// already there; the REST face reads the same columns; a slice per few rows (PGlite's path) gives the same result.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { importPeople, type ImportRequest } from '../../../server/modules/imports/import-people.service';
import { splitFullName } from '../../../server/modules/imports/import-guardians';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { saveGuardianship } from '../../../server/modules/families/guardianships.service';
import { taxCode } from '../../../scripts/seed/fake-people';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, type Rows } from './import-fixtures';

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

const cf = (firstname: string, lastname: string, gender: 1 | 2, date: string) => taxCode(firstname, lastname, gender, new Date(`${date}T00:00:00Z`), 'Roma', 'RM');
const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Data di nascita', 'Nome e cognome genitore', 'Email genitore', 'Cellulare genitore', 'Nome e cognome genitore 2', 'Email genitore 2'];
const run = (rows: Rows, extra: Partial<ImportRequest> = {}) => importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: false, ...extra });

/** Each person of the club with a guardian: "Child Surname <- Parent Surname (email, phone, no tax code?)". */
async function families(clubId = club.clubId) {
  const links = await t.deps.systemDb.guardianship.findMany({ where: { clubId }, include: { minor: true, guardian: true } });
  return links
    .map((g) => `${g.minor.firstname} ${g.minor.lastname} <- ${g.guardian.firstname} ${g.guardian.lastname} (${g.guardian.emailPrimary ?? '-'}, ${g.guardian.phonePrimary ?? '-'}${g.guardian.taxIdCode ? '' : ', senza CF'}) ${g.relationship}`)
    .sort();
}
const peopleCount = () => t.deps.systemDb.person.count({ where: { clubId: club.clubId } });

const ROWS: Rows = [
  HEADER,
  ['Luca', 'Bianchi', cf('Luca', 'Bianchi', 1, '2014-05-01'), '01/05/2014', 'Giulia Verdi', 'giulia.verdi@example.it', '333 111 2222', 'Marco Bianchi', 'marco.b@example.it'],
  ['Anna', 'Bianchi', cf('Anna', 'Bianchi', 2, '2016-07-02'), '02/07/2016', 'GIULIA VERDI', 'Giulia.Verdi@example.it', '', '', ''],
  ['Sara', 'De Luca', cf('Sara', 'De Luca', 2, '2015-03-03'), '03/03/2015', 'Paolo De Luca', '', '3470001111', '', ''],
  ['Piero', 'Solo', cf('Piero', 'Solo', 1, '2013-01-01'), '01/01/2013', '', '', '', '', ''],
];

describe('the parent columns', () => {
  it('split full names: the child\'s surname first, else the column\'s order and the particles', () => {
    expect(splitFullName('Giulia Verdi', 'Bianchi', false)).toEqual({ firstname: 'Giulia', lastname: 'Verdi' });
    expect(splitFullName('Anna Maria De Luca', 'Rossi', false)).toEqual({ firstname: 'Anna Maria', lastname: 'De Luca' });
    expect(splitFullName("Anna Dell'Orto", 'Rossi', false)).toEqual({ firstname: 'Anna', lastname: "Dell'Orto" });
    expect(splitFullName('Rossi Mario', 'Rossi', false)).toEqual({ firstname: 'Mario', lastname: 'Rossi' });
    expect(splitFullName('Mario Pio De Rossi', 'De Rossi', false)).toEqual({ firstname: 'Mario Pio', lastname: 'De Rossi' });
    expect(splitFullName('Verdi Giulia', 'Bianchi', true)).toEqual({ firstname: 'Giulia', lastname: 'Verdi' });
    expect(splitFullName('De Luca Maria', 'Bianchi', true)).toEqual({ firstname: 'Maria', lastname: 'De Luca' });
    expect(splitFullName('Giulia', 'Bianchi', false)).toBeNull();
  });

  it('records each parent once, as a guardian of each child, and says so in the preview', async () => {
    // A parent already in the club (same name and phone): found, not recorded again.
    await createPerson(ctx, 'member', { profile: { firstname: 'Paolo', lastname: 'De Luca', typeGenderId: 1, phonePrimary: '347 000 1111', taxIdCode: cf('Paolo', 'De Luca', 1, '1980-02-02') } });
    const before = await peopleCount();
    const preview = await run(ROWS, { dryRun: true });
    expect(preview.counts).toMatchObject({ total: 4, new: 4, invalid: 0 });
    expect(preview.notices).toContain(IMPORT_MSG.guardiansPlanned(4, 2));
    expect(preview.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['guardian1Name', 'guardian1Email', 'guardian1Phone', 'guardian2Name', 'guardian2Email']));
    expect(await peopleCount()).toBe(before);
    expect(await families()).toEqual([]);

    const done = await run(ROWS);
    expect(done.status).toBe('completed');
    expect(await families()).toEqual([
      'Anna Bianchi <- Giulia Verdi (giulia.verdi@example.it, 3331112222, senza CF) genitore',
      'Luca Bianchi <- Giulia Verdi (giulia.verdi@example.it, 3331112222, senza CF) genitore',
      'Luca Bianchi <- Marco Bianchi (marco.b@example.it, -, senza CF) genitore',
      'Sara De Luca <- Paolo De Luca (-, 3470001111) genitore',
    ]);
    expect(await peopleCount()).toBe(before + 4 + 2);
    const log = await t.deps.systemDb.accessLogEntry.findFirstOrThrow({ where: { clubId: club.clubId, action: 'import' }, orderBy: { at: 'desc' } });
    expect(log.detail).toContain('Genitori: 4 collegamenti nuovi, 2 persone nuove in anagrafica');

    // The same file again: nothing new, the rows unchanged.
    const again = await run(ROWS);
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 4 });
    expect(again.notices).toContain(IMPORT_MSG.guardiansPlanned(0, 0));
    expect(await families()).toHaveLength(4);

    // The undo: the run's guardianships and the parents it created go; the parent who was there stays.
    const undone = await undoImport(ctx, done.runId!);
    expect(undone.removed).toBe(4);
    expect(await families()).toEqual([]);
    expect(await peopleCount()).toBe(before);
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId, lastname: 'De Luca', firstname: 'Paolo' } })).toBe(1);
  });

  it('adds parents to people already in the club, and the undo takes back only those links', async () => {
    const luca = await createPerson(ctx, 'athlete', { profile: { firstname: 'Luca', lastname: 'Bianchi', typeGenderId: 1, birthday: '2014-05-01', taxIdCode: cf('Luca', 'Bianchi', 1, '2014-05-01') } });
    // A guardian recorded by hand before the import stays through its undo.
    await saveGuardianship(ctx, { minorId: luca.personId, relationship: 'tutore', guardian: { firstname: 'Nonna', lastname: 'Bianchi', phonePrimary: '3330000000' } });
    const done = await run(ROWS.slice(0, 2));
    expect(done.counts).toMatchObject({ new: 0, updated: 1 });
    expect(done.rows[0].changes).toEqual(['Nome e cognome genitore', 'Nome e cognome genitore 2']);
    expect(await families()).toHaveLength(3);
    await undoImport(ctx, done.runId!);
    expect(await families()).toEqual(['Luca Bianchi <- Nonna Bianchi (-, 3330000000, senza CF) tutore']);
  });

  it('quotes invalid contacts back with the form\'s messages, and a contact without a name', async () => {
    const rows: Rows = [
      [...HEADER.slice(0, 7)],
      ['Luca', 'Bianchi', cf('Luca', 'Bianchi', 1, '2014-05-01'), '01/05/2014', 'Giulia Verdi', 'non-una-mail', '12'],
      ['Anna', 'Bianchi', cf('Anna', 'Bianchi', 2, '2016-07-02'), '02/07/2016', 'Giulia', 'giulia@example.it', ''],
    ];
    const done = await run(rows);
    expect(done.status).toBe('failed');
    expect(done.errors).toEqual([
      { row: 2, column: 'Email genitore', field: 'guardian1.emailPrimary', message: MSG.withValue(MSG.emailInvalid, 'non-una-mail') },
      { row: 2, column: 'Cellulare genitore', field: 'guardian1.phonePrimary', message: MSG.withValue(MSG.phonePrimaryDigits, '12') },
      { row: 3, column: 'Nome e cognome genitore', field: 'guardian1.name', message: MSG.withValue(IMPORT_MSG.guardianNameRequired, 'Giulia') },
    ]);
    expect(await families()).toEqual([]);
  });

  it('reads "Cognome e nome genitore" surname first and writes in slices as PGlite does', async () => {
    const rows: Rows = [
      ['Nome', 'Cognome', 'Codice fiscale', 'Cognome e nome genitore', 'Mail genitore'],
      ...Array.from({ length: 7 }, (_, i) => {
        const first = `Figlio${String.fromCharCode(97 + i)}`;
        return [first, 'Gallo', cf(first, 'Gallo', 1, `2012-01-0${i + 1}`), 'ROSSI MARIA', 'maria.rossi@example.it'];
      }),
    ];
    const done = await importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: false }, { ...IMPORT_LIMITS, sliceRows: 2 });
    expect(done.status).toBe('completed');
    const links = await families();
    expect(links).toHaveLength(7);
    expect(new Set(links.map((l) => l.split(' <- ')[1]))).toEqual(new Set(['Maria Rossi (maria.rossi@example.it, -, senza CF) genitore']));
    await undoImport(ctx, done.runId!, 2);
    expect(await families()).toEqual([]);
    expect(await peopleCount()).toBe(0);
  });

  it("another club's parent with the same name and e-mail is not this club's", async () => {
    const other = await createClub(t.deps);
    const theirs = await clubContext(t.deps, other);
    const child = await createPerson(theirs, 'athlete', { profile: { firstname: 'Ugo', lastname: 'Altri', typeGenderId: 1 } });
    await saveGuardianship(theirs, { minorId: child.personId, relationship: 'genitore', guardian: { firstname: 'Giulia', lastname: 'Verdi', emailPrimary: 'giulia.verdi@example.it' } });
    await run(ROWS.slice(0, 2));
    expect(await families()).toEqual([
      'Luca Bianchi <- Giulia Verdi (giulia.verdi@example.it, 3331112222, senza CF) genitore',
      'Luca Bianchi <- Marco Bianchi (marco.b@example.it, -, senza CF) genitore',
    ]);
    expect(await families(other.clubId)).toEqual(['Ugo Altri <- Giulia Verdi (giulia.verdi@example.it, -, senza CF) genitore']);
  });
});
