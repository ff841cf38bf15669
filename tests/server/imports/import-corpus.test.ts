// The files clubs really have (issue 35 point 4), imported end to end from tests/fixtures/imports/ (written by
// make-corpus.ts as Excel, LibreOffice, Admidio, hitobito and Google Forms write them) on a real database: each with
// its expected counts, what the preview says it read differently, and what is stored.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { importPeople, type ImportRequest } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { italianCapitals } from '../../../server/modules/imports/import-rows';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

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

const fixture = (name: string) => ({ filename: name, mimeType: 'application/octet-stream', content: readFileSync(new URL(`../../fixtures/imports/${name}`, import.meta.url)) });
const run = (name: string, kind: string, extra: Partial<ImportRequest> = {}) => importPeople(ctx, { file: fixture(name), kind, dryRun: false, ...extra });
const people = () =>
  t.deps.systemDb.person.findMany({ where: { clubId: club.clubId }, include: { address: true }, orderBy: { lastname: 'asc' } });

describe('the corpus of real files', () => {
  it('Excel CSV in Windows-1252: a title above the header, blank rows, TOTALE and a lone count after the data, a blank Sesso, a CAP without its zeros', async () => {
    const preview = await run('excel-1252-titolo-totale.csv', 'athlete', { dryRun: true });
    expect(preview).toMatchObject({ status: 'preview', format: 'csv', counts: { total: 4, new: 4, invalid: 0 } });
    expect(preview.notices).toEqual([
      IMPORT_MSG.titleRows(3),
      IMPORT_MSG.genderFromTaxCode(1),
      IMPORT_MSG.postalCodesPadded(1),
      IMPORT_MSG.blankRows(1),
      IMPORT_MSG.skippedRows([9, 10]),
    ]);
    // Rows keep their numbers in the file.
    expect(preview.rows.map((r) => r.row)).toEqual([4, 5, 6, 8]);
    const done = await run('excel-1252-titolo-totale.csv', 'athlete');
    expect(done).toMatchObject({ status: 'completed', counts: { new: 4 }, notices: preview.notices });
    const stored = await people();
    expect(stored.map((p) => [p.lastname, p.firstname, p.typeGenderId, p.address?.postalCode, p.address?.city])).toEqual([
      ['Colombo', 'Giulia', 2, '47121', 'Forlì'],
      ['Esposito', 'Anna', 2, '00184', 'Roma'],
      ['Gallo', 'Mattia', 1, '47122', 'Forlì'],
      ['Ricciardi', 'Nicolò', 1, '47121', 'Forlì'],
    ]);
  });

  it("Admidio's export: Genere, Compleanno, Codice postale; Cellulare fills the phone where Telefono is empty; Fax is shown as ignored", async () => {
    const done = await run('admidio-export.csv', 'member');
    expect(done).toMatchObject({ status: 'completed', counts: { total: 3, new: 3, invalid: 0 }, ignoredColumns: ['Fax'] });
    expect(done.columns).toEqual(expect.arrayContaining([{ header: 'Telefono', key: 'phonePrimary' }, { header: 'Cellulare', key: 'phonePrimary' }, { header: 'Compleanno', key: 'birthday' }]));
    expect(done.notices).toEqual([IMPORT_MSG.secondColumn('Cellulare', 'Telefono'), IMPORT_MSG.genderFromTaxCode(1)]);
    const stored = await people();
    expect(stored.map((p) => [p.lastname, p.typeGenderId, p.birthday?.toISOString().slice(0, 10), p.address?.postalCode])).toEqual([
      ['Bruno', 1, '1985-04-21', '40121'],
      ['Conti', 1, '1979-02-17', '40124'],
      ['Greco', 2, '1990-10-05', '40125'],
    ]);
    expect(stored[1].phonePrimary).toBeNull();
    // Greco's Telefono is empty: her phone is the Cellulare's; Bruno keeps his Telefono.
    expect(stored[2].phonePrimary).toMatch(/3479876543$/);
    expect(stored[0].phonePrimary).toMatch(/051234567$/);
  });

  it("hitobito's export: NPA and Luogo are the residence's CAP and town; a Swiss NPA stays four digits, an Italian one is padded", async () => {
    const done = await run('hitobito-export.csv', 'voluntary');
    expect(done).toMatchObject({ status: 'completed', counts: { total: 2, new: 2 }, ignoredColumns: ['Società'] });
    expect(done.notices).toEqual([IMPORT_MSG.postalCodesPadded(1)]);
    const stored = await people();
    expect(stored.map((p) => [p.lastname, p.nickname, p.address?.postalCode, p.address?.city, p.address?.country, p.typeGenderId])).toEqual([
      ['Fontana', 'Kiki', '6900', 'Lugano', 'Svizzera', 2],
      ['Rizzo', null, '00184', 'Roma', 'Italia', 1],
    ]);
  });

  it("a Google Form's responses: the timestamp and consent ignored; 'Femmmina' quoted back; all or nothing by default, the valid rows only when chosen, undone as one run", async () => {
    const refused = await run('google-form-risposte.csv', 'athlete');
    expect(refused).toMatchObject({ status: 'failed', validOnly: false, counts: { total: 3, new: 2, invalid: 1 } });
    expect(refused.ignoredColumns).toEqual(['Informazioni cronologiche', 'Acconsento al trattamento dei dati']);
    expect(refused.errors).toEqual([{ row: 4, column: 'Sesso', field: 'profile.typeGenderId', message: MSG.withValue(MSG.genderInvalid, 'Femmmina') }]);
    expect(MSG.withValue(MSG.genderInvalid, 'Femmmina')).toBe('Seleziona un genere valido: «Femmmina».');
    expect(await people()).toEqual([]);

    const partial = await run('google-form-risposte.csv', 'athlete', { validOnly: true });
    expect(partial).toMatchObject({ status: 'completed', validOnly: true, message: IMPORT_MSG.validOnlyImported(2, 1), counts: { total: 3, new: 2, invalid: 1 } });
    expect(partial.errorFile?.content.toString('utf8')).toContain('Femmmina');
    expect((await people()).map((p) => p.lastname)).toEqual(['Marino', 'Romano']);
    const run_ = await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: partial.runId! } });
    expect(run_).toMatchObject({ status: 'completed', newRows: 2, invalidRows: 1 });
    expect(run_.undoableUntil).not.toBeNull();

    await undoImport(ctx, partial.runId!);
    expect(await people()).toEqual([]);
  });

  it.each(['tesseramento-eps.xlsx', 'tesseramento-eps.ods'])(
    'an EPS tesseramento list (%s): title row, CAPITALS tidied, no Sesso, the birth Prov. apart from the residence one, CAP 184, a totals row, the cards of the body chosen for the file',
    async (name) => {
      // "Tessera n." is the card's number: without a body (no Ente column, none chosen) every row is refused.
      const noBody = await run(name, 'athlete', { dryRun: true });
      expect(noBody).toMatchObject({ counts: { total: 3, invalid: 3 } });
      expect(noBody.errors.map((e) => [e.row, e.column, e.message])).toEqual([3, 4, 5].map((row) => [row, 'Ente', MSG.cardBodyRequired]));
      const preview = await run(name, 'athlete', { dryRun: true, cardBody: 'CSI' });
      expect(preview).toMatchObject({ format: name.endsWith('ods') ? 'ods' : 'xlsx', counts: { total: 3, new: 3, invalid: 0 }, tidyNames: true, ignoredColumns: [] });
      expect(preview.columns).toContainEqual({ header: 'Tessera n.', key: 'cardNumber' });
      expect(preview.seasonWrites).toMatchObject({ cardsNew: 3, cardsUpdated: 0 });
      expect(preview.columns.filter((c) => c.header === 'Prov.').map((c) => c.key)).toEqual(['birthProvince', 'province']);
      expect(preview.notices).toEqual([IMPORT_MSG.titleRows(2), IMPORT_MSG.genderFromTaxCode(3), IMPORT_MSG.namesTidied(3), IMPORT_MSG.postalCodesPadded(1), IMPORT_MSG.skippedRows([6])]);
      expect(preview.rows.map((r) => r.name)).toEqual(["Maria D'Angelo", 'Gian Paolo De Luca', "Francesca Dell'Acqua"]);

      await run(name, 'athlete', { cardBody: 'CSI' });
      const cards = await t.deps.systemDb.card.findMany({ where: { clubId: club.clubId }, orderBy: { number: 'asc' } });
      expect(cards.map((c) => [c.body, c.number])).toEqual([['CSI', '250001'], ['CSI', '250002'], ['CSI', '250003']]);
      const stored = await people();
      expect(stored.map((p) => [p.lastname, p.firstname, p.typeGenderId, p.birthplace, p.address?.province ?? null, p.address?.postalCode ?? null])).toEqual([
        ["D'Angelo", 'Maria', 2, 'NAPOLI (NA)', 'RM', '00184'],
        ['De Luca', 'Gian Paolo', 1, 'ROMA (RM)', 'FC', '47121'],
        ["Dell'Acqua", 'Francesca', 2, 'ROMA (RM)', null, null],
      ]);
    },
  );

  it('the capitals switch off keeps the names as written', async () => {
    const preview = await run('tesseramento-eps.xlsx', 'athlete', { dryRun: true, tidyNames: false, cardBody: 'CSI' });
    expect(preview.tidyNames).toBe(false);
    expect(preview.notices).not.toContain(IMPORT_MSG.namesTidied(3));
    expect(preview.rows.map((r) => r.name)).toEqual(["MARIA D'ANGELO", 'GIAN PAOLO DE LUCA', "FRANCESCA DELL'ACQUA"]);
  });

  it('a libro soci in ODS: members with their number and admission date, sex from the tax code', async () => {
    const done = await run('libro-soci.ods', 'member');
    expect(done).toMatchObject({ status: 'completed', format: 'ods', counts: { total: 3, new: 3, invalid: 0 }, notices: [IMPORT_MSG.genderFromTaxCode(3)] });
    const members = await t.deps.systemDb.personRole.findMany({ where: { clubId: club.clubId, kind: 'member' }, include: { member: true, person: true }, orderBy: { sortName: 'asc' } });
    expect(members.map((r) => [r.person.lastname, r.person.typeGenderId, r.member?.membershipNumber, r.member?.membershipStartDate?.toISOString().slice(0, 10)])).toEqual([
      ['Ferrari', 1, '1', '2015-09-10'],
      ['Russo', 2, '2', '2015-09-10'],
      ['Villa', 1, '3', '2019-10-02'],
    ]);
  });
});

describe('Italian capitalisation', () => {
  it('capitals only; particles, apostrophes and hyphens right; mixed case left alone', () => {
    expect(italianCapitals("D'ANGELO")).toBe("D'Angelo");
    expect(italianCapitals('DE LUCA')).toBe('De Luca');
    expect(italianCapitals("DELL'ACQUA")).toBe("Dell'Acqua");
    expect(italianCapitals('DI MAIO')).toBe('Di Maio');
    expect(italianCapitals('DA PONTE')).toBe('Da Ponte');
    expect(italianCapitals('DEL PIERO')).toBe('Del Piero');
    expect(italianCapitals('LA ROSA')).toBe('La Rosa');
    expect(italianCapitals('LO BIANCO')).toBe('Lo Bianco');
    expect(italianCapitals('ROSSI-BIANCHI')).toBe('Rossi-Bianchi');
    expect(italianCapitals('NICOLÒ')).toBe('Nicolò');
    expect(italianCapitals('de Luca')).toBe('de Luca');
    expect(italianCapitals('McDonald')).toBe('McDonald');
  });
});
