// The import checks each row's codice fiscale with the person form's rule (schema/validation/tax-code.ts): a wrong
// check character, an impossible birth date or a provisional code with a wrong check digit is reported on its row
// with the form's message, and nothing is written; omocodia, foreign-born and valid provisional codes pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext } from '../../support/people-factories';
import { withCheckCharacter } from '../../support/tax-code-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, xlsxFile, type Rows } from './import-fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});
afterAll(() => t.close());

const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso'];
const run = (rows: Rows, xlsx = false) => importPeople(ctx, { file: xlsx ? xlsxFile(rows) : csvFile(rows), kind: 'athlete', dryRun: false });
const peopleOfClub = () => t.deps.systemDb.person.count({ where: { clubId: club.clubId } });

describe('the codice fiscale in an import', () => {
  it.each([false, true])('a wrong check character is reported on its row with the form message (xlsx: %s)', async (xlsx) => {
    const rows: Rows = [
      HEADER,
      ['Mario', 'Rossi', 'RSSMRA80A01H501U', 'M'],
      ['Anna', 'Verdi', 'vrdnna85c41f205x', 'F'], // the right one ends in T
      ['Luca', 'Neri', withCheckCharacter('NRILCU80B30H501'), 'M'], // 30 February
      ['Ugo', 'Blu', '00743110158', 'M'], // provisional, check digit 7
    ];
    const outcome = await run(rows, xlsx);
    expect(outcome).toMatchObject({ status: 'failed', message: IMPORT_MSG.invalidRows(3), counts: { total: 4, invalid: 3 } });
    expect(outcome.errors).toEqual([
      { row: 3, column: 'Codice fiscale', field: 'profile.taxIdCode', message: MSG.withValue(MSG.taxCodeCheckCharacter, 'vrdnna85c41f205x') },
      { row: 4, column: 'Codice fiscale', field: 'profile.taxIdCode', message: MSG.withValue(MSG.taxCodeBirthDate, withCheckCharacter('NRILCU80B30H501')) },
      { row: 5, column: 'Codice fiscale', field: 'profile.taxIdCode', message: MSG.withValue(MSG.taxCodeProvisionalCheckDigit, '00743110158') },
    ]);
    expect(MSG.taxCodeCheckCharacter).toBe('Il codice fiscale non è valido: il carattere di controllo non corrisponde.');
    expect(await peopleOfClub()).toBe(0);
  });

  it('omocodia, a foreign-born code and a valid provisional code are imported, stored upper case', async () => {
    const rows: Rows = [
      HEADER,
      ['Mario', 'Rossi', 'rssmrau0a01h50mj', 'M'], // omocodia of RSSMRA80A01H501U
      ['Ion', 'Popescu', 'PPSNIO90D03Z129D', 'M'], // born in Romania
      ['Ugo', 'Blu', '00743110157', 'M'],
    ];
    const outcome = await run(rows);
    expect(outcome).toMatchObject({ status: 'completed', counts: { total: 3, new: 3, invalid: 0 }, errors: [] });
    const codes = (await t.deps.systemDb.person.findMany({ where: { clubId: club.clubId }, select: { taxIdCode: true } })).map((p) => p.taxIdCode);
    expect(codes.sort()).toEqual(['00743110157', 'PPSNIO90D03Z129D', 'RSSMRAU0A01H50MJ']);
  });
});
