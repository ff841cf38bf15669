// The libro soci as the legal register (issue 35 point 2), over real HTTP on a real database: the PDF read back by
// pdftotext (accents, numbers, the club's data, "Pagina n di N"), the XLSX read back by SheetJS (same columns, cells
// neutralised), one season or all time, the roles (a coach gets 403), another club's season (404), and the page's
// searchable list (memberRegisterSearch) with another club's season answering an empty list.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { clubContext, createPerson, nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
const at = new Date('2026-11-15T12:00:00+01:00');
const dir = mkdtempSync(join(tmpdir(), 'libro-soci-'));
let season: { id: string; label: string };
let strangerSeasonId: string;

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  return (res.body.errors ? { errors: res.body.errors } : Object.values(res.body.data)[0]) as T;
}

async function admit(firstname: string, lastname: string, admittedOn: string, boardDecision?: string) {
  const ctx = await clubContext(t.deps, club.members.owner);
  const { personId } = await createPerson(ctx, 'member', { profile: { firstname, lastname } });
  const answer = await call(`mutation($input: AdmitMemberInput!) { admitMember(input: $input) { ... on MutationAdmitMemberSuccess { data { member { id number } } } } }`, {
    input: { personId, admittedOn, boardDecision, boardDecisionOn: boardDecision ? '2026-09-28' : undefined },
  });
  return answer.data.member as { id: string; number: number };
}

function download(format: 'pdf' | 'xlsx', creds: Credentials | null, seasonId?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/member-register.${format}${seasonId ? `?seasonId=${seasonId}` : ''}`,
    headers: creds ? { authorization: `Bearer ${creds.token}`, ...(creds.club ? { 'x-club': creds.club } : {}) } : {},
  });
}

/** The PDF's text as pdftotext extracts it (in reading order, -layout keeps a row on one line). */
function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await startTestApp({}, { now: () => at });
  club = await clubWithEveryRole(t.deps, 'ASD Perché No');
  owner = as(club.members.owner);
  const seat = await t.deps.systemDb.address.create({ data: { clubId: club.clubId, address: 'Via Niccolò Tommaseo', streetNumber: '7', postalCode: '00184', city: 'Roma', province: 'RM' } });
  await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { fiscalCode: '97123450581', vatNumber: '12345670589', legalAddressId: seat.id } });
  season = await call(`{ currentSeason { id label } }`, {});
  strangerSeasonId = (await call(`{ currentSeason { id } }`, {}, as(club.stranger))).id;

  await admit('Niccolò', "D'Àngelo", '2026-10-01', 'Verbale n. 3');
  const second = await admit('Zoë', 'Müller', '2026-10-02', '=HYPERLINK("http://x.example")');
  const old = await admit('Mario', 'Rossi', '2025-03-01');
  await call(`mutation($input: RecordMemberExitInput!) { recordMemberExit(input: $input) { __typename } }`, { input: { memberId: old.id, exitOn: '2026-06-30', cause: 'decesso' } });
  await call(`mutation($input: RenewMembershipInput!) { renewMembership(input: $input) { __typename } }`, { input: { memberId: second.id, seasonId: season.id, renewedOn: '2026-10-05', quotaCents: 2500 } });
  // The stranger's club has a member too: never in this club's register.
  const strangerCtx = await clubContext(t.deps, club.stranger);
  const { personId } = await createPerson(strangerCtx, 'member', { profile: { firstname: 'Estraneo', lastname: 'Altroclub' } });
  await call(`mutation($input: AdmitMemberInput!) { admitMember(input: $input) { __typename } }`, { input: { personId, admittedOn: '2026-10-01' } }, as(club.stranger));
});
afterAll(() => t.close());

describe('the register as PDF', () => {
  it("all time: the club's data, every entry by number with accents, exits and their cause, numbered pages", async () => {
    const res = await download('pdf', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="libro-soci-dall-origine.pdf"');
    const text = pdfText(res.rawPayload, 'all.pdf');
    expect(text).toContain('ASD Perché No');
    expect(text).toContain('C.F. 97123450581 · P.IVA 12345670589 · Via Niccolò Tommaseo 7, 00184 Roma (RM)');
    expect(text).toContain("Libro soci dall'origine");
    expect(text).toContain('3 soci');
    const rows = text.split('\n').filter((l) => /^\s+\d+ \S/.test(l)).map((l) => l.trim().replace(/\s{2,}/g, ' | '));
    expect(rows).toEqual([
      expect.stringMatching(/^1 D'Àngelo Niccolò \| [A-Z0-9]{16} \| 01\/10\/2026 \| Verbale n\. 3 del 28\/09\/2026$/),
      expect.stringMatching(/^2 Müller Zoë \| [A-Z0-9]{16} \| 02\/10\/2026 \| =HYPERLINK\("http:\/\/x\.example"\) del 28\/09\/2026$/),
      expect.stringMatching(/^3 Rossi Mario \| [A-Z0-9]{16} \| 01\/03\/2025 \| 30\/06\/2026 · Decesso$/),
    ]);
    expect(text).toContain('Pagina 1 di 1');
    expect(text).not.toContain('Altroclub');
  });

  it('one season: only who was a socio during it, the season in the title', async () => {
    const res = await download('pdf', owner, season.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`libro-soci-${season.label.replace('/', '-')}.pdf`);
    const text = pdfText(res.rawPayload, 'season.pdf');
    expect(text).toContain(`Libro soci stagione ${season.label}`);
    expect(text).toContain('2 soci');
    expect(text).toContain("D'Àngelo Niccolò");
    expect(text).not.toContain('Rossi Mario');
  });

  it('numbers every page of a long register: "Pagina n di N" on each, the table heading repeated', async () => {
    const other = await clubWithEveryRole(t.deps, 'ASD Molti Soci');
    const people = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        t.deps.systemDb.person.create({ data: { clubId: other.clubId, firstname: 'Socio', lastname: `Numero${i + 1}`, taxIdCode: nextTaxCode('LNG'), searchText: '' } }),
      ),
    );
    await t.deps.systemDb.registerMember.createMany({ data: people.map((p, i) => ({ clubId: other.clubId, personId: p.id, number: i + 1, admittedOn: new Date('2026-10-01') })) });
    const res = await download('pdf', as(other.members.segreteria));
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'long.pdf');
    const pages = [...text.matchAll(/Pagina (\d+) di (\d+)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => `${i + 1}/${pages.length}`));
    expect(text.match(/Cognome e nome/g)).toHaveLength(pages.length);
    expect(text).toContain('Numero70 Socio');
  });
});

describe('the register as XLSX', () => {
  it('the same columns, real dates, text cells neutralised against formulas', async () => {
    const res = await download('xlsx', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('libro-soci-dall-origine.xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellDates: false });
    expect(book.SheetNames).toEqual(['Libro soci']);
    const sheet = book.Sheets['Libro soci'];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '' });
    expect(rows[0]).toEqual(['Numero', 'Cognome e nome', 'Codice fiscale', 'Data di ammissione', 'Delibera', 'Data di uscita', 'Causa di uscita']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ['1', "D'Àngelo Niccolò", '01/10/2026', 'Verbale n. 3 del 28/09/2026', '', ''],
      ['2', 'Müller Zoë', '02/10/2026', `'=HYPERLINK("http://x.example") del 28/09/2026`, '', ''],
      ['3', 'Rossi Mario', '01/03/2025', '', '30/06/2026', 'Decesso'],
    ]);
    // A date is a date cell, not text; no cell is a formula.
    expect(sheet.D2).toMatchObject({ t: 'n', w: '01/10/2026' });
    expect(Object.values(sheet).some((c) => typeof c === 'object' && c && 'f' in c)).toBe(false);
  });

  it('one season', async () => {
    const res = await download('xlsx', owner, season.id);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(res.rawPayload).Sheets['Libro soci'], { header: 1 });
    expect(rows.slice(1).map((r) => r[0])).toEqual([1, 2]);
  });
});

describe('who may download it', () => {
  it.each(['pdf', 'xlsx'] as const)('%s: members.read roles yes; a coach 403, no session 401, no club 403', async (format) => {
    for (const role of ['admin', 'segreteria', 'lettura'] as const) expect((await download(format, as(club.members[role]))).statusCode, role).toBe(200);
    const coach = await download(format, as(club.members.allenatore));
    expect(coach.statusCode).toBe(403);
    expect(coach.json()).toMatchObject({ status: false, message: 'Il tuo ruolo in questa società non consente questa operazione.' });
    expect((await download(format, null)).statusCode).toBe(401);
    expect((await download(format, { token: owner.token, club: undefined })).statusCode).toBe(403);
  });

  it.each(['pdf', 'xlsx'] as const)("%s: another club's season, or a malformed id, is refused like an unknown one", async (format) => {
    for (const id of [strangerSeasonId, '00000000-0000-4000-8000-000000000000', 'nonsense']) {
      const res = await download(format, owner, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).not.toContain('pdf');
    }
    // The stranger's own season answers the stranger's register, without this club's members.
    const theirs = pdfText((await download('pdf', as(club.stranger), strangerSeasonId)).rawPayload, 'stranger.pdf');
    expect(theirs).toContain('Altroclub Estraneo');
    expect(theirs).not.toContain("D'Àngelo");
  });
});

describe("the page's list: memberRegisterSearch", () => {
  const LIST = `query($seasonId: ID, $search: String) { memberRegisterSearch(seasonId: $seasonId, search: $search, first: 8) {
    totalCount edges { node { number exitCause person { lastname } renewals { quotaCents season { label } } } } } }`;
  const list = (variables: Record<string, unknown>, creds = owner) => call(LIST, variables, creds);
  const names = (answer: any) => answer.edges.map((e: any) => `${e.node.number} ${e.node.person.lastname}`);

  it('searches by surname, first name (any case, accents kept) or number, all time or one season', async () => {
    expect(names(await list({}))).toEqual(["1 D'Àngelo", '2 Müller', '3 Rossi']);
    expect(names(await list({ search: 'müller' }))).toEqual(['2 Müller']);
    expect(names(await list({ search: 'NICCOLÒ' }))).toEqual(["1 D'Àngelo"]);
    expect(names(await list({ search: '3' }))).toEqual(['3 Rossi']);
    expect(names(await list({ search: 'rossi', seasonId: season.id }))).toEqual([]);
    expect((await list({ search: '%' })).totalCount).toBe(0);
    const renewed = (await list({ search: 'Zoë' })).edges[0].node.renewals;
    expect(renewed).toEqual([{ quotaCents: 2500, season: { label: season.label } }]);
  });

  it("another club's season lists nothing; a coach is refused", async () => {
    expect(await list({ seasonId: strangerSeasonId })).toMatchObject({ totalCount: 0, edges: [] });
    const coach = await list({}, as(club.members.allenatore));
    expect(coach.errors?.[0]?.extensions?.code ?? coach.errors?.[0]?.message).toBeTruthy();
  });
});
