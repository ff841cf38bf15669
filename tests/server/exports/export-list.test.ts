// Export of every list (issue 12 point 6) through GraphQL `exportList`: all rows (not one page) with the list's
// filters, the import template's columns so an export re-imports unchanged (CSV and XLSX round trip through the
// real import), formula injection neutralised in both formats, archived people only in the archive, groups,
// categories and the feed, the row cap, and refusals (lettura and allenatore lack export.run; another club's ids
// match nothing, another club's rows never appear).
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importColumns } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { EXPORT_MSG, exportList } from '../../../server/modules/exports/export-list.service';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { savePost } from '../../../server/modules/posts/save-post.service';
import { gql, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { taxCodeFor } from '../../support/tax-code-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const EXPORT = `query($list: ExportList!, $format: ExportFormat!, $kind: PersonKind, $search: String, $groupIds: [ID!], $priority: Int, $postOrder: PostOrder, $addedWithin: RecentPeriod) {
  exportList(list: $list, format: $format, kind: $kind, search: $search, groupIds: $groupIds, priority: $priority, postOrder: $postOrder, addedWithin: $addedWithin) {
    filename contentType byteSize base64
  }
}`;

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let ctx: RequestContext;
let groupId: string;
let strangerGroupId: string;

/** 12 athletes (more than a page of 8): the first has every template field; one is archived afterwards. */
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Esporta Tutto');
  owner = as(club.members.owner);
  ctx = await clubContext(t.deps, club.members.owner);
  const first = await createPerson(ctx, 'athlete', {
    profile: {
      firstname: 'Anna',
      lastname: 'Abate',
      secondname: 'Maria',
      nickname: '=1+2',
      taxIdCode: taxCodeFor(101, 'ABT', { female: true }),
      typeGenderId: 2,
      birthday: '2010-03-04',
      birthplace: 'Roma',
      birthNation: 'Italia',
      nationality: 'Italiana',
      emailPrimary: 'anna@example.it',
      phonePrimary: '+39 333 1234567',
      legalRepresentative: '@genitore',
      address: { address: 'Via Roma', streetNumber: '1', postalCode: '00100', city: 'Roma', province: 'RM', country: 'Italia' },
    },
    details: { medicalExaminationExpirationDate: '2030-12-31', allergies: '-polline', athleteCondition: 'Buona', athleteAttorneyName: 'Procuratore; Srl' },
    notePrivate: '=HYPERLINK("http://example.com","clic")',
  });
  const others = [];
  for (let i = 0; i < 11; i++) others.push(await createPerson(ctx, 'athlete', { profile: { firstname: `Atleta${i}`, lastname: `Zeta${String(i).padStart(2, '0')}`, taxIdCode: taxCodeFor(200 + i, 'ZTA') } }));
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 14', [first.roleId, others[0].roleId])).id;
  await archivePerson(ctx, 'athlete', others[10].roleId);
  // Another club: its athlete and group never appear here.
  const strangerCtx = await clubContext(t.deps, club.stranger);
  const stranger = await createPerson(strangerCtx, 'athlete', { profile: { firstname: 'Estraneo', lastname: 'Altroclub', taxIdCode: taxCodeFor(900, 'LTR') } });
  strangerGroupId = (await createGroupWith(t.deps, club.stranger.clubId, 'athlete', 'Gruppo estraneo', [stranger.roleId])).id;
});
afterAll(() => t.close());

async function exported(variables: Record<string, unknown>, creds: Credentials = owner) {
  const res = await gql<{ exportList: { filename: string; contentType: string; byteSize: number; base64: string } }>(t.app, EXPORT, variables, creds);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const file = res.body.data!.exportList;
  const content = Buffer.from(file.base64, 'base64');
  expect(content.byteLength).toBe(file.byteSize);
  return { ...file, content };
}

/** The rows of an exported file (CSV or XLSX) as text, header first, read as the import reads it. */
function rowsOf(content: Buffer): string[][] {
  const book = XLSX.read(content, { type: 'buffer', raw: true, dense: true });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false, defval: '' });
}

describe('exportList: people', () => {
  it('CSV: every row of the kind (not one page), the template\'s headers, UTF-8 with BOM, `;`, dates gg/mm/aaaa, gender M/F', async () => {
    const file = await exported({ list: 'people', format: 'csv', kind: 'athlete' });
    expect(file.filename).toMatch(/^athlete_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const text = file.content.toString('utf8');
    expect(text.startsWith('\uFEFFNome;Cognome;Codice fiscale;')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0].split(';')).toEqual(importColumns('athlete').map((c) => c.header));
    expect(lines).toHaveLength(1 + 11); // 12 athletes, one archived
    const anna = lines[1];
    expect(anna).toContain('Anna;Abate;');
    expect(anna).toContain(';F;04/03/2010;Roma;');
    expect(anna).toContain(';31/12/2030;');
    expect(anna).toContain('"Procuratore; Srl"');
    expect(text).not.toContain('Altroclub');
  });

  it('neutralises formulas in both formats: = + - @ cells start with an apostrophe', async () => {
    const csv = (await exported({ list: 'people', format: 'csv', kind: 'athlete', search: 'abate' })).content.toString('utf8');
    expect(csv).toContain(`;'=1+2;`);
    expect(csv).toContain(`;'@genitore;`);
    expect(csv).toContain(`;'-polline;`);
    expect(csv).toContain(`"'=HYPERLINK(""http://example.com"",""clic"")"`);
    expect(csv).toContain(';+393331234567;'); // a normalised phone number cannot form a formula

    const xlsx = await exported({ list: 'people', format: 'xlsx', kind: 'athlete', search: 'abate' });
    expect(xlsx.filename).toMatch(/^athlete_.*\.xlsx$/);
    const book = XLSX.read(xlsx.content, { type: 'buffer', cellFormula: true, cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')).map(([, c]) => c as XLSX.CellObject);
    expect(cells.some((c) => c.f)).toBe(false);
    const texts = cells.map((c) => c.v);
    expect(texts).toEqual(expect.arrayContaining(["'=1+2", "'@genitore", "'-polline", `'=HYPERLINK("http://example.com","clic")`]));
    // Dates are real date cells formatted dd/mm/yyyy.
    const birthday = cells.find((c) => c.z === 'dd/mm/yyyy');
    expect(birthday?.t).toBe('n');
    expect(rowsOf(xlsx.content)[1]).toEqual(expect.arrayContaining(['04/03/2010']));
  });

  it.each(['csv', 'xlsx'] as const)('%s round trip: the export imports back as a dry run with every row unchanged, none invalid', async (format) => {
    const file = await exported({ list: 'people', format, kind: 'athlete' });
    const outcome = await importPeople(ctx, { file: { filename: file.filename, mimeType: file.contentType, content: file.content }, kind: 'athlete', dryRun: true });
    expect(outcome.ignoredColumns).toEqual([]);
    expect(outcome.errors).toEqual([]);
    expect(outcome.counts).toEqual({ total: 11, new: 0, updated: 0, unchanged: 11, invalid: 0 });
  });

  it('applies the list\'s filters: search, groups; another club\'s group id matches nobody', async () => {
    const search = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'athlete', search: 'zeta0' })).content);
    expect(search.slice(1).map((r) => r[1])).toEqual(['Zeta00', 'Zeta01', 'Zeta02', 'Zeta03', 'Zeta04', 'Zeta05', 'Zeta06', 'Zeta07', 'Zeta08', 'Zeta09']);
    const group = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'athlete', groupIds: [groupId] })).content);
    expect(group.slice(1).map((r) => r[1])).toEqual(['Abate', 'Zeta00']);
    const foreign = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'athlete', groupIds: [strangerGroupId] })).content);
    expect(foreign).toHaveLength(1); // the header only
    const malformed = rowsOf((await exported({ list: 'people', format: 'xlsx', kind: 'athlete', groupIds: ['non-un-id'] })).content);
    expect(malformed).toHaveLength(1);
  });

  it('archived people only in the archive export, with the archiving date', async () => {
    const archive = rowsOf((await exported({ list: 'archive', format: 'csv', kind: 'athlete' })).content);
    expect(archive[0].at(-1)).toBe('Archiviato il');
    expect(archive.slice(1).map((r) => r[1])).toEqual(['Zeta10']);
    expect(archive[1].at(-1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const coaches = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'coach' })).content);
    expect(coaches).toHaveLength(1);
  });

  it('refuses more rows than the maximum, in Italian', async () => {
    await expect(exportList(ctx, { list: 'people', format: 'csv', kind: 'athlete' }, { maxRows: 5 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: EXPORT_MSG.tooManyRows(5),
    });
  });
});

describe('exportList: groups, categories, feed', () => {
  beforeAll(async () => {
    await createGroupWith(t.deps, club.clubId, 'coach', '+Tecnici');
    await savePost(ctx, { title: 'Allenamento spostato', caption: 'Giovedì alle 18', priority: 2, groupIds: [groupId] });
    await savePost(ctx, { title: 'Cena sociale', caption: '=cena', priority: 0 });
  });

  it('groups (not categories) and categories (athlete groups), with member counts', async () => {
    const groups = rowsOf((await exported({ list: 'groups', format: 'csv' })).content);
    expect(groups[0]).toEqual(['Nome', 'Tipo', 'Persone', 'Nascosto', 'Attivo', 'Creato il']);
    expect(groups.slice(1).map((r) => r[0])).toEqual(["'+Tecnici"]);
    const categories = rowsOf((await exported({ list: 'categories', format: 'xlsx' })).content);
    expect(categories[0]).toEqual(['Nome', 'Atleti', 'Nascosta', 'Attiva', 'Creata il']);
    expect(categories.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['Gruppo allenato', '0'],
      ['Under 14', '2'],
    ]);
  });

  it('the feed, newest first, with priority and groups; filtered by group', async () => {
    const posts = rowsOf((await exported({ list: 'posts', format: 'csv' })).content);
    expect(posts[0]).toEqual(['Titolo', 'Testo', 'Priorità', 'Gruppi', 'Pubblicato il']);
    expect(posts.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['Cena sociale', "'=cena", '', ''],
      ['Allenamento spostato', 'Giovedì alle 18', 'Urgente', 'Under 14'],
    ]);
    const byGroup = rowsOf((await exported({ list: 'posts', format: 'csv', groupIds: [groupId] })).content);
    expect(byGroup.slice(1).map((r) => r[0])).toEqual(['Allenamento spostato']);
    expect(rowsOf((await exported({ list: 'posts', format: 'csv', groupIds: [strangerGroupId] })).content)).toHaveLength(1);
  });

  it("the feed in the list's order and with its \"this week\" filter", async () => {
    const { post: old } = await savePost(ctx, { title: 'Iscrizioni aperte', caption: 'Da settembre', priority: 1 });
    await t.deps.systemDb.post.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    const titles = async (variables: Record<string, unknown>) => rowsOf((await exported({ list: 'posts', format: 'csv', ...variables })).content).slice(1).map((r) => r[0]);
    expect(await titles({})).toEqual(['Cena sociale', 'Allenamento spostato', 'Iscrizioni aperte']);
    expect(await titles({ postOrder: 'OLDEST' })).toEqual(['Iscrizioni aperte', 'Allenamento spostato', 'Cena sociale']);
    expect(await titles({ postOrder: 'PRIORITY' })).toEqual(['Allenamento spostato', 'Iscrizioni aperte', 'Cena sociale']);
    expect(await titles({ addedWithin: 'week' })).toEqual(['Cena sociale', 'Allenamento spostato']);
    await t.deps.systemDb.post.update({ where: { id: old.id }, data: { archivedAt: new Date() } });
  });
});

describe('exportList: refusals', () => {
  it('lettura and allenatore (no export.run) are refused; anonymous is unauthenticated', async () => {
    for (const role of ['lettura', 'allenatore'] as const) {
      const res = await gql(t.app, EXPORT, { list: 'people', format: 'csv', kind: 'athlete' }, as(club.members[role]));
      expect(res.body.errors?.[0], role).toMatchObject({ message: MSG.permissionDenied, extensions: { code: 'FORBIDDEN' } });
      expect(res.body.data?.exportList ?? null).toBeNull();
    }
    const anonymous = await gql(t.app, EXPORT, { list: 'groups', format: 'csv' });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('segreteria may export; another club\'s owner sees only their own club', async () => {
    const segreteria = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'athlete' }, as(club.members.segreteria))).content);
    expect(segreteria).toHaveLength(12);
    const stranger = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'athlete', groupIds: [groupId] }, as(club.stranger))).content);
    expect(stranger).toHaveLength(1);
    const strangerAll = rowsOf((await exported({ list: 'people', format: 'csv', kind: 'athlete' }, as(club.stranger))).content);
    expect(strangerAll.slice(1).map((r) => r[1])).toEqual(['Altroclub']);
  });

  it('a people list without its kind, and a bad format, are Italian validation errors', async () => {
    const noKind = await gql(t.app, EXPORT, { list: 'people', format: 'csv' }, owner);
    expect(noKind.body.errors?.[0]).toMatchObject({ message: EXPORT_MSG.kindRequired, extensions: { code: 'VALIDATION' } });
    await expect(exportList(ctx, { list: 'people', format: 'xls', kind: 'athlete' })).rejects.toMatchObject({ code: 'VALIDATION', fields: { format: EXPORT_MSG.formatInvalid } });
  });
});

describe('exportList: group names with separators', () => {
  const awkward = 'Under 16; "B", misto';
  let other: ClubWithRoles;
  let otherCtx: RequestContext;
  let roleId: string;
  beforeAll(async () => {
    other = await clubWithEveryRole(t.deps, 'ASD Virgole e Punti');
    otherCtx = await clubContext(t.deps, other.members.owner);
    ({ roleId } = await createPerson(otherCtx, 'athlete', { profile: { firstname: 'Bruno', lastname: 'Virgola', taxIdCode: taxCodeFor(301, 'VRG') } }));
    await createGroupWith(t.deps, other.clubId, 'athlete', awkward, [roleId]);
    await createGroupWith(t.deps, other.clubId, 'athlete', 'Esordienti', [roleId]);
  });

  it.each(['csv', 'xlsx'] as const)('%s: a name holding , ; or " is quoted, and imports back as one group (dry run unchanged, then the memberships restored)', async (format) => {
    const file = await exported({ list: 'people', format, kind: 'athlete' }, as(other.members.owner));
    const [headers, bruno] = rowsOf(file.content);
    expect(bruno[headers.indexOf('Gruppi')]).toBe('Esordienti, "Under 16; ""B"", misto"');
    const dryRun = await importPeople(otherCtx, { file: { filename: file.filename, mimeType: file.contentType, content: file.content }, kind: 'athlete', dryRun: true });
    expect(dryRun.errors).toEqual([]);
    expect(dryRun.counts).toMatchObject({ unchanged: 1, invalid: 0 });

    await t.deps.systemDb.groupMember.deleteMany({ where: { roleId } });
    const run = await importPeople(otherCtx, { file: { filename: file.filename, mimeType: file.contentType, content: file.content }, kind: 'athlete', dryRun: false });
    expect(run.counts).toMatchObject({ updated: 1, invalid: 0 });
    const names = await t.deps.systemDb.groupMember.findMany({ where: { roleId }, select: { group: { select: { name: true } } } });
    expect(names.map((m) => m.group.name).sort()).toEqual(['Esordienti', awkward]);
  });
});
