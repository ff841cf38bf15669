// The import service on a real database (PGlite and PostgreSQL): a dry run writes nothing, an import writes every
// row in one transaction or none, people are matched by tax code within the club (a second import of the same file
// creates nothing), the three modes, duplicates inside the file, the run recorded and logged, and who may import.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ForbiddenError, ValidationError } from '../../../server/lib/errors';
import { importPeople, type ImportOutcome } from '../../../server/modules/imports/import-people.service';
import { findImportRun } from '../../../server/modules/imports/import-runs.service';
import { listPeoplePage } from '../../../server/modules/people/list-people.service';
import { reregisterPerson } from '../../../server/modules/people/reregister-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, xlsxFile, type Rows } from './import-fixtures';
import { taxCodeFor } from '../../support/tax-code-factories';

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

let seq = 0;
/** A distinct, valid tax code per call. */
const cf = () => taxCodeFor(++seq, 'IMP');

const ATHLETE_HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Data di nascita', 'Telefono', 'Email', 'Città', 'Scadenza visita medica', 'Note'];

const run = (rows: Rows, options: { dryRun?: boolean; mode?: string; kind?: string; as?: RequestContext; xlsx?: boolean } = {}) =>
  importPeople(options.as ?? ctx, {
    file: options.xlsx ? xlsxFile(rows) : csvFile(rows),
    kind: options.kind ?? 'athlete',
    dryRun: options.dryRun ?? false,
    mode: options.mode,
  });

const rolesOf = (clubId = club.clubId, kind: 'athlete' | 'member' | 'coach' = 'athlete') =>
  t.deps.systemDb.personRole.findMany({ where: { clubId, kind }, include: { person: { include: { address: true } }, athlete: true, member: true, coach: true }, orderBy: { sortName: 'asc' } });

async function tableCounts(clubId = club.clubId) {
  const where = { clubId };
  return {
    people: await t.deps.systemDb.person.count({ where }),
    roles: await t.deps.systemDb.personRole.count({ where }),
    addresses: await t.deps.systemDb.address.count({ where }),
    runs: await t.deps.systemDb.importRun.count({ where }),
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).message;
}

describe('dry run and import', () => {
  it('previews without writing, then imports every row with its profile, address, details and search keys', async () => {
    const [a, b] = [cf(), cf()];
    const rows: Rows = [
      ATHLETE_HEADER,
      ['Nicolò', 'Rossi', a.toLowerCase(), 'M', '01/02/2001', '333 123 4567', 'Nicolo@Example.it', 'Forlì', '2027-05-31', 'portiere'],
      ['Anna', 'Verdi', b, 'Femmina', '2003-07-15', null, null, null, 45000, null],
    ];
    const preview = await run(rows, { dryRun: true });
    expect(preview).toMatchObject({ status: 'preview', message: IMPORT_MSG.preview, runId: null, counts: { total: 2, new: 2, updated: 0, unchanged: 0, invalid: 0 }, errors: [] });
    expect(await tableCounts()).toEqual({ people: 0, roles: 0, addresses: 0, runs: 0 });

    const done = await run(rows);
    expect(done).toMatchObject({ status: 'completed', message: IMPORT_MSG.imported, format: 'csv', counts: { total: 2, new: 2, invalid: 0 } });
    expect(done.runId).toEqual(expect.any(String));
    expect(await tableCounts()).toEqual({ people: 2, roles: 2, addresses: 1, runs: 1 });

    const [nicolo, anna] = await rolesOf(); // by last name
    expect(nicolo.person).toMatchObject({
      firstname: 'Nicolò',
      taxIdCode: a,
      typeGenderId: 1,
      phonePrimary: '3331234567',
      emailPrimary: 'nicolo@example.it',
      searchText: `nicolo rossi ${a.toLowerCase()}`,
      sortName: 'rossi nicolo',
      address: { city: 'Forlì' },
    });
    expect(nicolo.person.birthday?.toISOString().slice(0, 10)).toBe('2001-02-01');
    expect(nicolo).toMatchObject({ notePrivate: 'portiere', isActive: true, searchText: `nicolo rossi ${a.toLowerCase()}`, sortName: 'rossi nicolo' });
    expect(nicolo.athlete?.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe('2027-05-31');
    expect(anna.athlete?.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe('2023-03-15'); // Excel serial 45000
    expect(anna.person.addressId).toBeNull();

    // The lists find them at once: the role copied the search keys, the counters were kept.
    const found = await listPeoplePage(ctx, { kind: 'athlete', search: 'nicolo' }, 1, {});
    expect(found.total).toBe(1);
    const all = await listPeoplePage(ctx, { kind: 'athlete' }, 1, {});
    expect(all.total).toBe(2);
  });

  it('reads a workbook the same way', async () => {
    const outcome = await run([['Nome', 'Cognome', 'C.F.', 'Sesso', 'Nato il'], ['Luca', 'Neri', cf(), 1, 36526]], { xlsx: true });
    expect(outcome).toMatchObject({ status: 'completed', format: 'xlsx', counts: { new: 1 } });
    const [role] = await rolesOf();
    expect(role.person.birthday?.toISOString().slice(0, 10)).toBe('2000-01-01');
  });

  it('creates nothing twice: the same file again is all unchanged', async () => {
    const rows: Rows = [ATHLETE_HEADER, ['Mario', 'Bianchi', cf(), 'M', '01/01/1990', '3331112222', null, 'Roma', null, null]];
    await run(rows);
    const before = await tableCounts();
    const again = await run(rows);
    expect(again).toMatchObject({ status: 'completed', counts: { total: 1, new: 0, updated: 0, unchanged: 1 } });
    expect(again.rows).toEqual([expect.objectContaining({ status: 'unchanged', changes: [] })]);
    expect(await tableCounts()).toEqual({ ...before, runs: before.runs + 1 });
  });

  it('is all or nothing: one invalid row and no person is written; the run is recorded as failed with its errors', async () => {
    const rows: Rows = [
      ATHLETE_HEADER,
      ['Mario', 'Bianchi', cf(), 'M', null, null, null, null, null, null],
      ['', 'Senzanome', cf(), 'M', null, '33a', null, null, null, null],
      ['Gino', 'Bianchi', 'CORTO', 'M', '31/02/2000', null, null, null, null, null],
    ];
    const outcome = await run(rows);
    expect(outcome).toMatchObject({ status: 'failed', message: IMPORT_MSG.invalidRows(2), counts: { total: 3, new: 1, invalid: 2 } });
    expect(outcome.errors).toEqual([
      { row: 3, column: 'Nome', field: 'profile.firstname', message: MSG.firstnameRequired },
      { row: 3, column: 'Telefono', field: 'profile.phonePrimary', message: MSG.withValue(MSG.phonePrimaryDigits, '33a') },
      // An invalid value is quoted back as the file wrote it.
      { row: 4, column: 'Codice fiscale', field: 'profile.taxIdCode', message: MSG.withValue(MSG.invalidTaxCode, 'CORTO') },
      { row: 4, column: 'Data di nascita', field: 'profile.birthday', message: MSG.withValue(MSG.dateInvalid, '31/02/2000') },
    ]);
    expect(await tableCounts()).toEqual({ people: 0, roles: 0, addresses: 0, runs: 1 });
    const recorded = await t.deps.systemDb.importRun.findFirstOrThrow({ where: { clubId: club.clubId } });
    expect(recorded).toMatchObject({ status: 'failed', kind: 'athlete', mode: 'fill_empty', fileName: 'persone.csv', totalRows: 3, newRows: 1, invalidRows: 2, errors: outcome.errors });
  });

  it('two imports of the same new people at once: one writes them, the other writes nothing (conflict) or finds them', async () => {
    const rows: Rows = [ATHLETE_HEADER, ['Mario', 'Bianchi', cf(), 'M'], ['Ugo', 'Neri', cf(), 'M']];
    const outcomes = await Promise.allSettled([run(rows), run(rows)]);
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') expect(outcome.value.status).toBe('completed');
      else expect(outcome.reason).toMatchObject({ code: 'CONFLICT', message: IMPORT_MSG.concurrent });
    }
    expect(outcomes.some((o) => o.status === 'fulfilled' && o.value.counts.new === 2)).toBe(true);
    expect(await tableCounts()).toMatchObject({ people: 2, roles: 2 });
  });

  it('flags a tax code repeated inside the file', async () => {
    const code = cf();
    const outcome = await run([ATHLETE_HEADER, ['Mario', 'Bianchi', code, 'M'], ['Mario', 'Bianchi', code.toLowerCase(), 'M']], { dryRun: true });
    expect(outcome.counts).toMatchObject({ new: 1, invalid: 1 });
    expect(outcome.errors).toEqual([{ row: 3, column: 'Codice fiscale', field: 'profile.taxIdCode', message: IMPORT_MSG.duplicateInFile(2) }]);
  });

  it('refuses a row of a person archived as this kind', async () => {
    const person = await createPerson(ctx, 'athlete');
    await t.deps.systemDb.personRole.update({ where: { id: person.roleId }, data: { archivedAt: new Date() } });
    const outcome = await run([ATHLETE_HEADER, ['Mario', 'Rossi', person.taxIdCode, 'M']], { dryRun: true });
    expect(outcome.errors).toEqual([{ row: 2, column: 'Codice fiscale', field: 'profile.taxIdCode', message: MSG.roleArchivedExists('Atleta') }]);
  });

  it('matches the active role of a person registered again, never their archived one', async () => {
    const person = await createPerson(ctx, 'athlete');
    await t.deps.systemDb.personRole.update({ where: { id: person.roleId }, data: { archivedAt: new Date(Date.now() - 86_400_000) } });
    const back = await reregisterPerson(ctx, person.roleId);
    // Several times: the roles come from the database in no promised order.
    for (const phone of ['3331111111', '3332222222', '3333333333']) {
      const outcome = await run([['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Note'], ['Mario', 'Rossi', person.taxIdCode, 'M', `tel ${phone}`]], { mode: 'overwrite' });
      expect(outcome.errors).toEqual([]);
      expect(outcome.counts).toMatchObject({ updated: 1, invalid: 0 });
    }
    const roles = await t.deps.systemDb.personRole.findMany({ where: { personId: person.personId }, orderBy: { createdAt: 'asc' } });
    expect(roles.map((r) => [r.id, r.archivedAt !== null, r.notePrivate])).toEqual([
      [person.roleId, true, roles[0].notePrivate],
      [back.roleId, false, 'tel 3333333333'],
    ]);
    expect(roles[0].notePrivate ?? '').not.toMatch(/^tel /);
  });
});

describe('matching by tax code, and the modes', () => {
  let code: string;
  const file = (firstname: string, phone: string | null, city: string | null, expiry: string | null): Rows => [
    ['Nome', 'Cognome', 'Codice fiscale', 'Telefono', 'Città', 'Scadenza visita medica'],
    ['Mario', firstname, code, phone, city, expiry],
  ];

  beforeEach(async () => {
    const person = await createPerson(ctx, 'athlete', { profile: { firstname: 'Mario', lastname: 'Rossi', phonePrimary: '3330000000' } });
    code = person.taxIdCode;
  });

  const stored = async () => (await rolesOf())[0];

  it('fill_empty (the default): fills what is empty, keeps what is stored, lists the changed columns', async () => {
    const preview = await run(file('Rossi', '3339999999', 'Roma', '31/12/2027'), { dryRun: true });
    expect(preview.mode).toBe('fill_empty');
    expect(preview.rows).toEqual([{ row: 2, status: 'updated', taxIdCode: code, name: 'Mario Rossi', changes: ['Città', 'Scadenza visita medica'] }]);
    await run(file('Rossi', '3339999999', 'Roma', '31/12/2027'));
    const role = await stored();
    expect(role.person).toMatchObject({ phonePrimary: '3330000000', address: { city: 'Roma' } });
    expect(role.athlete?.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe('2027-12-31');
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId } })).toBe(1);
  });

  it('overwrite: every filled cell replaces the stored value (blank cells erase nothing); the search keys follow', async () => {
    const outcome = await run(file('Russo', '3339999999', null, null), { mode: 'overwrite' });
    expect(outcome.rows[0]).toMatchObject({ status: 'updated', changes: ['Cognome', 'Telefono'] });
    const role = await stored();
    expect(role.person).toMatchObject({ lastname: 'Russo', phonePrimary: '3339999999', sortName: 'russo mario' });
    expect(role).toMatchObject({ sortName: 'russo mario' });
    expect(role.person.searchText).toContain('russo');
  });

  it('only_new: a person already of this kind is left alone', async () => {
    const outcome = await run(file('Russo', '3339999999', 'Roma', null), { mode: 'only_new' });
    expect(outcome.counts).toMatchObject({ new: 0, updated: 0, unchanged: 1 });
    expect((await stored()).person).toMatchObject({ lastname: 'Rossi', phonePrimary: '3330000000', addressId: null });
  });

  it('a person of the club with another role gets this one: one profile, two roles', async () => {
    const outcome = await run([['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Numero tessera'], ['Mario', 'Rossi', code, 'M', 'T-42']], { kind: 'member' });
    expect(outcome.counts).toMatchObject({ new: 1 });
    expect(await t.deps.systemDb.person.count({ where: { clubId: club.clubId } })).toBe(1);
    const [member] = await rolesOf(club.clubId, 'member');
    expect(member.member).toMatchObject({ membershipNumber: 'T-42' });
  });

  it('takes the stored gender of a known athlete whose row leaves it blank', async () => {
    const outcome = await run([['Nome', 'Cognome', 'Codice fiscale'], ['Mario', 'Rossi', code]], { dryRun: true });
    expect(outcome.counts).toMatchObject({ unchanged: 1, invalid: 0 });
  });

  it("never matches another club's person with the same tax code", async () => {
    const other = await createClub(t.deps);
    const outcome = await run([['Nome', 'Cognome', 'Codice fiscale', 'Sesso'], ['Mario', 'Rossi', code, 'M']], { as: await clubContext(t.deps, other) });
    expect(outcome.counts).toMatchObject({ new: 1, updated: 0 });
    expect(await t.deps.systemDb.person.count({ where: { taxIdCode: code } })).toBe(2);
    expect((await stored()).person.lastname).toBe('Rossi');
  });
});

describe('bad input writes nothing', () => {
  it('refuses no file, an unknown kind or mode, a missing mandatory column, a binary file', async () => {
    const rows: Rows = [['Nome', 'Cognome', 'Codice fiscale'], ['A', 'B', cf()]];
    expect(await refusal(importPeople(ctx, { file: null, kind: 'athlete', dryRun: false }))).toBe(IMPORT_MSG.noFile);
    expect(await refusal(importPeople(ctx, { file: csvFile(rows), kind: 'alieno', dryRun: false }))).toBe(IMPORT_MSG.kindInvalid);
    await expect(importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: false, mode: 'tutto' })).rejects.toMatchObject({ fields: { mode: IMPORT_MSG.modeInvalid } });
    await expect(importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: 'forse' })).rejects.toMatchObject({ fields: { dryRun: IMPORT_MSG.dryRunInvalid } });
    expect(await refusal(run([['Nome', 'Email'], ['A', 'a@b.it']]))).toBe(IMPORT_MSG.missingColumns(['Cognome', 'Codice fiscale']));
    const pdf = { filename: 'persone.csv', mimeType: 'text/csv', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') };
    expect(await refusal(importPeople(ctx, { file: pdf, kind: 'athlete', dryRun: false }))).toBe(IMPORT_MSG.unsupportedFormat);
    expect(await tableCounts()).toEqual({ people: 0, roles: 0, addresses: 0, runs: 0 });
  });

  it('refuses too many rows before validating any', async () => {
    const rows: Rows = [['Nome', 'Cognome', 'Codice fiscale'], ...Array.from({ length: 5 }, () => ['A', 'B', cf()])];
    const limits = { maxBytes: 5 * 1024 * 1024, maxRows: 4, maxZipEntries: 1000, maxUncompressedBytes: 1e8, maxErrorsShown: 1000 };
    const error = await importPeople(ctx, { file: csvFile(rows), kind: 'voluntary', dryRun: false }, limits).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: IMPORT_MSG.tooManyRows(4) });
    expect(await tableCounts()).toEqual({ people: 0, roles: 0, addresses: 0, runs: 0 });
  });
});

describe('the run: recorded, logged, and only for who may import', () => {
  let roles: ClubWithRoles;
  beforeAll(async () => {
    roles = await clubWithEveryRole(t.deps, 'ASD Import Ruoli');
  });

  const rows = (): Rows => [['Nome', 'Cognome', 'Codice fiscale'], ['Sara', 'Gialli', cf()]];

  it('owner, admin and segreteria import; allenatore and lettura are refused before the file is read', async () => {
    for (const role of ['owner', 'admin', 'segreteria'] as const) {
      const outcome: ImportOutcome = await run(rows(), { kind: 'voluntary', as: await clubContext(t.deps, roles.members[role]) });
      expect(outcome.status, role).toBe('completed');
    }
    for (const role of ['allenatore', 'lettura'] as const) {
      const as = await clubContext(t.deps, roles.members[role]);
      let read = false;
      const file = async () => {
        read = true;
        return csvFile(rows());
      };
      const error = await importPeople(as, { file, kind: 'voluntary', dryRun: true }).catch((e: unknown) => e);
      expect(error, role).toBeInstanceOf(ForbiddenError);
      expect((error as ForbiddenError).message).toBe(MSG.permissionDenied);
      expect(read).toBe(false);
    }
  });

  it('records who, when, which file and what, logs one access-log line, and keeps the run to its club', async () => {
    const mark = (await t.deps.systemDb.accessLogEntry.aggregate({ _max: { id: true } }))._max.id ?? 0n;
    const outcome = await run([['Nome', 'Cognome', 'Codice fiscale'], ['Sara', 'Gialli', cf()], ['Ugo', 'Blu', cf()]], { kind: 'voluntary' });
    const recorded = await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: outcome.runId! } });
    expect(recorded).toMatchObject({ clubId: club.clubId, accountId: club.accountId, kind: 'voluntary', mode: 'fill_empty', status: 'completed', fileFormat: 'csv', totalRows: 2, newRows: 2, errors: [] });
    expect(recorded.actorName).toEqual(expect.any(String));
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, id: { gt: mark } } });
    expect(lines).toEqual([
      expect.objectContaining({ action: 'import', entityType: 'import', entityId: recorded.id, entityLabel: 'persone.csv', detail: 'Volontari: 2 nuovi, 0 aggiornati, 0 invariati', actorAccountId: club.accountId }),
    ]);
    expect(await findImportRun(ctx, recorded.id)).toMatchObject({ id: recorded.id });
    const stranger = await clubContext(t.deps, roles.stranger);
    expect(await findImportRun(stranger, recorded.id)).toBeNull();
  });
});
