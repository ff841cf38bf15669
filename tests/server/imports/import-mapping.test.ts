// The import's column mapping (issue 12 point 3: the user's correction, the club's remembered mapping, its
// refusals), the Gruppi column (point 5), the error file (point 4) and the progress registry, on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importColumns, IMPORT_MSG } from '../../../schema/import-columns';
import type { RequestContext } from '../../../server/context';
import { ValidationError } from '../../../server/lib/errors';
import { importPeople, type ImportRequest } from '../../../server/modules/imports/import-people.service';
import { readProgress } from '../../../server/modules/imports/import-progress';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext, createGroupWith } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode, type Rows } from './import-fixtures';

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

let seq = 2000;
const cf = () => validTaxCode(++seq, 'Mappa');
const imp = (rows: Rows, extra: Partial<ImportRequest> = {}, as = ctx) => importPeople(as, { file: csvFile(rows), kind: 'athlete', dryRun: true, ...extra });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('mapping', () => {
  // Volunteers: no gender required, so rows without a Sesso column are valid.
  const vol = (rows: Rows, extra: Partial<ImportRequest> = {}, as = ctx) => imp(rows, { kind: 'voluntary', ...extra }, as);
  // Headers the automatic mapping does not know (or reads wrongly): "Tel. casa" is no column, "Ruolo" is none for athletes.
  const ODD: Rows = [['Nome', 'Cognome', 'CF atleta', 'Tel. casa', 'Ruolo'], ['Ada', 'Neri', cf(), '0541 123456', 'x']];

  it('a user mapping feeds the named columns, ignores what it says to, and is remembered for the same headers', async () => {
    const auto = await vol(ODD);
    // "CF atleta" is found by its content (tax codes); the other two feed nothing.
    expect(auto).toMatchObject({ headers: ['Nome', 'Cognome', 'CF atleta', 'Tel. casa', 'Ruolo'], mappingRemembered: false, ignoredColumns: ['Tel. casa', 'Ruolo'] });
    const mapping = [
      { header: 'CF atleta', key: 'taxIdCode' },
      { header: 'Tel. casa', key: 'phoneSecondary' },
      { header: 'Ruolo', key: null },
    ];
    const mapped = await vol(ODD, { mapping });
    expect(mapped.columns).toEqual([
      { header: 'Nome', key: 'firstname' },
      { header: 'Cognome', key: 'lastname' },
      { header: 'CF atleta', key: 'taxIdCode' },
      { header: 'Tel. casa', key: 'phoneSecondary' },
    ]);
    expect(mapped).toMatchObject({ ignoredColumns: ['Ruolo'], mappingRemembered: false, counts: { new: 1 } });

    // The same headers in another order and case: the remembered mapping applies without being sent.
    const reordered: Rows = [['tel. CASA', 'Ruolo', 'Cognome', 'Nome', 'CF Atleta'], ['0541 1', 'y', 'Blu', 'Bruno', cf()]];
    const again = await vol(reordered, { dryRun: false });
    expect(again).toMatchObject({ mappingRemembered: true, status: 'completed', counts: { new: 1 } });
    const stored = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, lastname: 'Blu' } });
    expect(stored.phoneSecondary).toBe('05411');

    // Another club does not see this club's mapping.
    const other = await clubContext(t.deps, await createClub(t.deps));
    expect(await vol(ODD, {}, other)).toMatchObject({ mappingRemembered: false, ignoredColumns: ['Tel. casa', 'Ruolo'] });
  });

  it('the REST form sends the mapping as JSON text', async () => {
    const mapped = await vol(ODD, { mapping: JSON.stringify([{ header: 'CF atleta', key: 'taxIdCode' }]) });
    expect(mapped.columns.map((c) => c.key)).toEqual(['firstname', 'lastname', 'taxIdCode']);
  });

  it('refuses an unknown key, a header not in the file, a malformed list; mandatory columns are checked after; a key given twice fills from the second', async () => {
    expect((await refusal(vol(ODD, { mapping: [{ header: 'Ruolo', key: 'shoeSize' }] }))).message).toBe(IMPORT_MSG.mappingUnknownKey('shoeSize'));
    expect((await refusal(vol(ODD, { mapping: [{ header: 'Altezza', key: 'nickname' }] }))).message).toBe(IMPORT_MSG.mappingUnknownHeader('Altezza'));
    // One key for two headers: the second fills the field where the first is empty (said in the notices).
    const twice = await vol(ODD, { mapping: [{ header: 'Tel. casa', key: 'nickname' }, { header: 'Ruolo', key: 'nickname' }] });
    expect(twice.columns.filter((c) => c.key === 'nickname').map((c) => c.header)).toEqual(['Tel. casa', 'Ruolo']);
    expect(twice.notices).toContain(IMPORT_MSG.secondColumn('Ruolo', 'Tel. casa'));
    await t.deps.systemDb.importMapping.deleteMany({ where: { clubId: club.clubId } });
    expect((await refusal(vol(ODD, { mapping: '{not json' }))).message).toBe(IMPORT_MSG.mappingInvalid);
    expect((await refusal(vol(ODD, { mapping: [{ header: 'Nome', key: null }, { header: 'CF atleta', key: 'taxIdCode' }] }))).message).toBe(IMPORT_MSG.missingColumns(['Nome']));
    // A refused mapping is not remembered.
    expect(await vol(ODD)).toMatchObject({ mappingRemembered: false });
    expect(await t.deps.systemDb.importMapping.count({ where: { clubId: club.clubId } })).toBe(0);
  });
});

describe('the Gruppi column', () => {
  it('adds the memberships of the named groups (case and accents aside), counted as a change, each once', async () => {
    const pulcini = await createGroupWith(t.deps, club.clubId, 'athlete', 'Pulcinì');
    const esordienti = await createGroupWith(t.deps, club.clubId, 'athlete', 'Esordienti');
    await createGroupWith(t.deps, club.clubId, 'coach', 'Staff tecnico');
    const a = cf();
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Squadra'];
    const first = await imp([header, ['Ada', 'Neri', a, 'F', 'pulcini; ESORDIENTI']], { dryRun: false });
    expect(first).toMatchObject({ status: 'completed', counts: { new: 1 } });
    expect(first.columns).toContainEqual({ header: 'Squadra', key: 'groups' });
    const role = await t.deps.systemDb.personRole.findFirstOrThrow({ where: { clubId: club.clubId, kind: 'athlete' }, include: { groups: true } });
    expect(role.groups.map((g) => g.groupId).sort()).toEqual([pulcini.id, esordienti.id].sort());

    const same = await imp([header, ['Ada', 'Neri', a, 'F', 'Esordienti, Pulcini']], { dryRun: false });
    expect(same.counts).toMatchObject({ unchanged: 1 });
    const third = await createGroupWith(t.deps, club.clubId, 'athlete', 'Giovanissimi');
    const more = await imp([header, ['Ada', 'Neri', a, 'F', 'giovanissimi']], { dryRun: false });
    expect(more.rows).toEqual([expect.objectContaining({ status: 'updated', changes: ['Squadra'] })]);
    expect(await t.deps.systemDb.groupMember.count({ where: { roleId: role.id } })).toBe(3);
    expect(await t.deps.systemDb.groupMember.count({ where: { groupId: third.id } })).toBe(1);
  });

  it('an unknown group, a group of another kind or club, an archived one: a row error naming it, nothing written', async () => {
    await createGroupWith(t.deps, club.clubId, 'coach', 'Staff tecnico');
    const archived = await createGroupWith(t.deps, club.clubId, 'athlete', 'Vecchi');
    await t.deps.systemDb.group.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });
    const other = await createClub(t.deps);
    await createGroupWith(t.deps, other.clubId, 'athlete', 'Altrove');
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Gruppi'];
    const done = await imp([header, ['Ada', 'Neri', cf(), 'F', 'Staff tecnico'], ['Bea', 'Blu', cf(), 'F', 'Vecchi, Altrove']], { dryRun: false });
    expect(done).toMatchObject({ status: 'failed', counts: { invalid: 2 } });
    expect(done.errors).toEqual([
      { row: 2, column: 'Gruppi', field: 'groups', message: IMPORT_MSG.unknownGroup('Staff tecnico', 'Atleti') },
      { row: 3, column: 'Gruppi', field: 'groups', message: IMPORT_MSG.unknownGroup('Vecchi', 'Atleti') },
      { row: 3, column: 'Gruppi', field: 'groups', message: IMPORT_MSG.unknownGroup('Altrove', 'Atleti') },
    ]);
    expect(await t.deps.systemDb.groupMember.count({ where: { clubId: club.clubId } })).toBe(0);
  });

  it('is a column of every kind (a group\'s type is a person kind)', () => {
    for (const kind of ['athlete', 'coach', 'member', 'manager', 'staff', 'voluntary'] as const) expect(importColumns(kind).some((c) => c.key === 'groups')).toBe(true);
  });
});

describe('the error file', () => {
  it('holds the invalid rows as written plus Riga, Campo, Errore, and imports once fixed', async () => {
    const [a, b] = [cf(), cf()];
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Note libere'];
    const rows: Rows = [header, ['Ada', 'Neri', a, 'F', 'ok'], ['', 'Blu', 'X1', 'F', 'due; errori'], ['Carla', 'Rossi', b, 'Z', '']];
    const done = await imp(rows, { dryRun: false });
    expect(done.counts).toMatchObject({ invalid: 2 });
    expect(done.errorFile).toMatchObject({ filename: 'athlete_errori.csv', contentType: 'text/csv; charset=utf-8' });
    const text = done.errorFile!.content.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Nome;Cognome;Codice fiscale;Sesso;Note libere;Riga;Campo;Errore');
    const byRow3 = done.errors.filter((e) => e.row === 3);
    expect(byRow3.length).toBeGreaterThanOrEqual(2);
    // Row 3: its cells once, then one line per further error holding only the three columns.
    expect(lines[1]).toBe(`;Blu;X1;F;"due; errori";3;${byRow3[0].column};${byRow3[0].message}`);
    expect(lines[2].startsWith(';;;;;3;')).toBe(true);
    expect(lines).toHaveLength(1 + byRow3.length + done.errors.filter((e) => e.row === 4).length);
    expect(await imp(rows)).toMatchObject({ counts: { invalid: 2 } });

    // Fixed in place and uploaded again: the three columns and the continuation lines are dropped.
    const fixed = text
      .replace(`;Blu;X1;F;`, `Bea;Blu;${validTaxCode(++seq, 'Blu', 'Bea')};F;`)
      .replace(`Carla;Rossi;${b};Z;`, `Carla;Rossi;${b};F;`);
    const again = await importPeople(ctx, { file: { filename: 'athlete_errori.csv', mimeType: 'text/csv', content: Buffer.from(fixed, 'utf8') }, kind: 'athlete', dryRun: false });
    expect(again).toMatchObject({ status: 'completed', counts: { total: 2, new: 2, invalid: 0 }, errorFile: null, ignoredColumns: ['Note libere'] });
    expect(again.headers).toEqual(header);
  });
});

describe('progress', () => {
  it('reports the phases under the caller\'s key only, and done at the end', async () => {
    const key = 'prova-progresso-123';
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso'];
    const rows: Rows = [header, ...Array.from({ length: 2500 }, (_, i) => [`N${i}`, 'Prog', cf(), 'M'])];
    const seen = new Set<string>();
    const pending = imp(rows, { dryRun: false, progressKey: key });
    const poll = setInterval(() => {
      const p = readProgress(club.clubId, club.accountId, key);
      if (p) seen.add(p.phase);
    }, 1);
    const done = await pending;
    clearInterval(poll);
    expect(done.counts.new).toBe(2500);
    expect(seen.has('validating')).toBe(true);
    expect(readProgress(club.clubId, club.accountId, key)).toEqual({ phase: 'done', done: expect.any(Number), total: expect.any(Number) });
    // Another account, another club, an unknown or malformed key: null.
    expect(readProgress(club.clubId, 'someone-else', key)).toBeNull();
    expect(readProgress('another-club', club.accountId, key)).toBeNull();
    expect(readProgress(club.clubId, club.accountId, 'sconosciuta-123')).toBeNull();
    expect(readProgress(club.clubId, club.accountId, 'x')).toBeNull();
  });
});
