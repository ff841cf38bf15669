// Cards and the libro soci brought in by the people import (issue 35 point 4), on both databases: a federation's
// tesseramento list (tests/fixtures/imports/tesseramento-figc.xlsx) imported end to end (new people with their card,
// people already there whose cards are added or updated, a number another person holds, a row without a body); the
// register columns (numbers kept from a paper register, the sequence's next numbers, a clash, a socio's number never
// changed, the season's quota); undo of what the run wrote; the import's season (another club's refused like an
// unknown one, a closed one with the seasons' message); the members' legacy headers beside the explicit ones.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ConflictError, ValidationError } from '../../../server/lib/errors';
import { importPeople, type ImportRequest } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { saveCard } from '../../../server/modules/seasons/cards.service';
import { admitMember, renewMembership } from '../../../server/modules/seasons/register.service';
import { currentSeason } from '../../../server/modules/seasons/seasons.service';
import { taxCode } from '../../../scripts/seed/fake-people';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { graphqlMultipart, multipart } from '../files/fixtures';
import { csvFile, csvText, validTaxCode, type Rows } from './import-fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let season: { id: string; label: string; startsOn: string; endsOn: string };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
  const s = await currentSeason(ctx);
  season = { id: s.id, label: s.label, startsOn: s.startsOn.toISOString().slice(0, 10), endsOn: s.endsOn.toISOString().slice(0, 10) };
});

const cf = (firstname: string, lastname: string, gender: 1 | 2, date: string) => taxCode(firstname, lastname, gender, new Date(`${date}T00:00:00Z`), 'Roma', 'RM');
const fixture = (name: string) => ({ filename: name, mimeType: 'application/octet-stream', content: readFileSync(new URL(`../../fixtures/imports/${name}`, import.meta.url)) });
const db = () => t.deps.systemDb;
const day = (d: Date | null | undefined) => d?.toISOString().slice(0, 10) ?? null;

async function thrown(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (e: unknown) => e as Error,
  );
}

async function cardsOf(clubId = club.clubId) {
  const cards = await db().card.findMany({ where: { clubId }, include: { person: true }, orderBy: { number: 'asc' } });
  return cards.map((c) => [c.person.lastname, c.body, c.number, day(c.startsOn), day(c.expiresOn), c.seasonId === season.id]);
}

async function registerOf() {
  const members = await db().registerMember.findMany({ where: { clubId: club.clubId }, include: { person: true, seasons: true }, orderBy: { number: 'asc' } });
  return members.map((m) => [m.number, m.person.lastname, day(m.admittedOn), m.boardDecision, m.seasons.map((s) => [s.seasonId === season.id, day(s.renewedOn), s.quotaCents])]);
}

describe("a federation's tesseramento list", () => {
  const list = (extra: Partial<ImportRequest> = {}) => importPeople(ctx, { file: fixture('tesseramento-figc.xlsx'), kind: 'athlete', dryRun: false, ...extra });

  /** Bianchi holds FIGC 3001002 with the season's dates, Verdi is an athlete without a card, Gialli holds FIGC 3001004. */
  async function clubAsBefore() {
    const bianchi = await createPerson(ctx, 'athlete', { profile: { firstname: 'Marco', lastname: 'Bianchi', typeGenderId: 1, birthday: '2011-02-03', taxIdCode: cf('Marco', 'Bianchi', 1, '2011-02-03') } });
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname: 'Verdi', typeGenderId: 2, birthday: '2012-11-21', taxIdCode: cf('Anna', 'Verdi', 2, '2012-11-21') } });
    const gialli = await createPerson(ctx, 'athlete', { profile: { firstname: 'Sara', lastname: 'Gialli', typeGenderId: 2, taxIdCode: validTaxCode(901, 'Gialli') } });
    for (const [person, number] of [[bianchi, '3001002'], [gialli, '3001004']] as const) {
      await saveCard(ctx, { personId: person.personId, seasonId: season.id, body: 'FIGC', number, startsOn: season.startsOn, expiresOn: season.endsOn });
    }
  }

  it('previews new and updated cards; a number another person holds and a row without a body are errors of their rows', async () => {
    await clubAsBefore();
    const preview = await list({ dryRun: true });
    expect(preview).toMatchObject({ status: 'preview', format: 'xlsx', counts: { total: 5, new: 1, updated: 2, unchanged: 0, invalid: 2 }, ignoredColumns: [] });
    expect(preview.columns).toEqual(
      expect.arrayContaining([
        { header: 'Matricola', key: 'cardNumber' },
        { header: 'Ente', key: 'cardBody' },
        { header: 'Data tesseramento', key: 'cardStartsOn' },
        { header: 'Scadenza tessera', key: 'cardExpiresOn' },
      ]),
    );
    expect(preview.errors).toEqual([
      { row: 6, column: 'Matricola', field: 'card.number', message: IMPORT_MSG.cardHeldBy('FIGC', '3001004', 'Sara Gialli') },
      { row: 7, column: 'Ente', field: 'card.body', message: MSG.cardBodyRequired },
    ]);
    expect(preview.rows.map((r) => [r.name, r.status, r.changes])).toEqual([
      ['Luca Rossi', 'new', []],
      ['Marco Bianchi', 'updated', ['Data tesseramento', 'Scadenza tessera']],
      ['Anna Verdi', 'updated', ['Matricola']],
    ]);
    expect(preview.seasonWrites).toMatchObject({ seasonId: season.id, seasonLabel: season.label, cardsNew: 2, cardsUpdated: 1, membersNew: 0 });
    expect(preview.seasonWrites?.messages).toEqual([IMPORT_MSG.cardsPlanned(season.label, 2, 1)]);
    expect(await db().card.count({ where: { clubId: club.clubId } })).toBe(2);
  });

  it('with the body chosen for the file: the valid rows written (cards added and updated, no duplicate), undone as one run', async () => {
    await clubAsBefore();
    const before = await cardsOf();
    const done = await list({ cardBody: 'FIGC', validOnly: true });
    expect(done).toMatchObject({ status: 'completed', counts: { total: 5, new: 2, updated: 2, invalid: 1 } });
    expect(done.errors.map((e) => e.row)).toEqual([6]);
    expect(await cardsOf()).toEqual([
      ['Rossi', 'FIGC', '3001001', '2025-09-01', '2026-06-30', true],
      ['Bianchi', 'FIGC', '3001002', '2025-09-01', '2026-06-30', true],
      ['Verdi', 'FIGC', '3001003', '2025-09-15', '2026-06-30', true],
      ['Gialli', 'FIGC', '3001004', season.startsOn, season.endsOn, true],
      ['Costa', 'FIGC', '3001005', '2025-10-01', '2026-06-30', true],
    ]);

    // The same list again: every card already as the file says.
    const again = await list({ cardBody: 'FIGC', validOnly: true, dryRun: true });
    expect(again).toMatchObject({ counts: { new: 0, updated: 0, unchanged: 4, invalid: 1 }, seasonWrites: { cardsNew: 0, cardsUpdated: 0 } });

    const undone = await undoImport(ctx, done.runId!);
    expect(undone).toMatchObject({ removed: 2, restored: 2, skipped: [] });
    expect(await cardsOf()).toEqual(before);
    expect(await db().person.count({ where: { clubId: club.clubId } })).toBe(3);
  });

  it("the card form's rules and messages: an expiry before the start, a number too long (the cell quoted back)", async () => {
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Tessera n.', 'Ente', 'Inizio tessera', 'Scadenza tessera'];
    const done = await importPeople(ctx, {
      kind: 'coach',
      dryRun: true,
      file: csvFile([
        header,
        ['Ada', 'Neri', validTaxCode(911, 'Neri'), 'U-1', 'UISP', '01/09/2026', '31/08/2026'],
        ['Bea', 'Blu', validTaxCode(912, 'Blu'), 'X'.repeat(51), 'UISP', null, null],
        ['Cora', 'Gialli', validTaxCode(913, 'Gialli'), null, 'UISP', null, null],
        ['Dino', 'Verdi', validTaxCode(914, 'Verdi'), null, 'UISP', '01/09/2026', null],
      ]),
    });
    // A body alone writes nothing; a date without a number is the card form's missing number.
    expect(done.errors).toEqual([
      { row: 2, column: 'Scadenza tessera', field: 'card.expiresOn', message: MSG.withValue(MSG.cardExpiresBeforeStart, '31/08/2026') },
      { row: 3, column: 'Tessera n.', field: 'card.number', message: MSG.withValue(MSG.textTooLong, 'X'.repeat(51)) },
      { row: 5, column: 'Tessera n.', field: 'card.number', message: MSG.cardNumberRequired },
    ]);
    expect(done.counts).toMatchObject({ new: 1, invalid: 3 });
    expect(done.seasonWrites).toMatchObject({ cardsNew: 0 });
  });
});

describe('the libro soci columns', () => {
  const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'N. socio', 'Data ammissione', 'Delibera', 'Quota'];
  const run = (rows: Rows, extra: Partial<ImportRequest> = {}) => importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: false, ...extra });
  const ferrari = validTaxCode(801, 'Ferrari');
  const russo = validTaxCode(802, 'Russo');

  async function admitted() {
    const a = await createPerson(ctx, 'athlete', { profile: { firstname: 'Giovanni', lastname: 'Ferrari', typeGenderId: 1, taxIdCode: ferrari } });
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Lucia', lastname: 'Russo', typeGenderId: 2, taxIdCode: russo } });
    await admitMember(ctx, { personId: a.personId, admittedOn: '2015-09-10' });
  }

  it("numbers kept from the file, the sequence's next ones for the others, a socio's entry kept, clashes and a quota without a socio refused", async () => {
    await admitted();
    const laterAdmission = season.startsOn.replace(/-\d\d$/, '-20');
    const rows: Rows = [
      HEADER,
      ['Sara', 'Villa', validTaxCode(803, 'Villa'), 'F', '10', '10/09/2015', 'Verbale n. 3', '25'],
      ['Piero', 'Gallo', validTaxCode(804, 'Gallo'), 'M', null, laterAdmission, null, '30,50'],
      ['Giovanni', 'Ferrari', ferrari, 'M', '1', null, null, '25'],
      ['Lucia', 'Russo', russo, 'F', '1', '01/10/2020', null, null],
      ['Elena', 'Costa', validTaxCode(805, 'Costa'), 'F', null, null, null, '20'],
      ['Marta', 'Bruno', validTaxCode(806, 'Bruno'), 'F', '10', '01/10/2020', null, null],
      ['Ugo', 'Conti', validTaxCode(807, 'Conti'), 'M', 'dieci', '01/10/2020', null, 'venti'],
    ];
    const preview = await run(rows, { dryRun: true });
    expect(preview.columns).toEqual(
      expect.arrayContaining([
        { header: 'N. socio', key: 'registerNumber' },
        { header: 'Data ammissione', key: 'registerAdmittedOn' },
        { header: 'Delibera', key: 'registerBoardDecision' },
        { header: 'Quota', key: 'registerQuota' },
      ]),
    );
    expect(preview.errors).toEqual([
      { row: 5, column: 'N. socio', field: 'register.number', message: IMPORT_MSG.registerNumberHeldBy(1, 'Giovanni Ferrari') },
      { row: 6, column: 'Quota', field: 'register.quota', message: IMPORT_MSG.quotaWithoutMember },
      { row: 7, column: 'N. socio', field: 'register.number', message: IMPORT_MSG.registerNumberRepeated(2) },
      { row: 8, column: 'N. socio', field: 'register.number', message: MSG.withValue(MSG.registerNumberInvalid, 'dieci') },
      { row: 8, column: 'Quota', field: 'register.quota', message: MSG.withValue(MSG.quotaInEuro, 'venti') },
    ]);
    expect(preview.seasonWrites).toMatchObject({ membersNew: 2, membersNumbered: 1, firstNextNumber: 11, renewalsNew: 3, renewalsUpdated: 0 });
    expect(preview.seasonWrites?.messages).toEqual([IMPORT_MSG.membersPlanned(2, 1, 1, 11), IMPORT_MSG.renewalsPlanned(season.label, 3, 0)]);
    expect(IMPORT_MSG.membersPlanned(2, 1, 1, 11)).toBe('Libro soci: 2 nuovi soci (1 con il numero del file, 1 con i numeri successivi dal numero 11).');

    const done = await run(rows, { validOnly: true });
    expect(done).toMatchObject({ status: 'completed', counts: { new: 2, updated: 1, invalid: 4 } });
    const laterOrStart = laterAdmission > season.startsOn ? laterAdmission : season.startsOn;
    expect(await registerOf()).toEqual([
      [1, 'Ferrari', '2015-09-10', null, [[true, season.startsOn, 2500]]],
      [10, 'Villa', '2015-09-10', 'Verbale n. 3', [[true, season.startsOn, 2500]]],
      [11, 'Gallo', laterAdmission, null, [[true, laterOrStart, 3050]]],
    ]);
    // The sequence moved past the numbers the file kept: the next admission by hand takes 12.
    const russoId = (await db().person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode: russo } })).id;
    expect((await admitMember(ctx, { personId: russoId, admittedOn: '2020-10-01' })).member.number).toBe(12);

    // A socio's number is never changed by an import.
    const renumbered = await run([HEADER, ['Giovanni', 'Ferrari', ferrari, 'M', '2', null, null, null]], { dryRun: true });
    expect(renumbered.errors).toEqual([{ row: 2, column: 'N. socio', field: 'register.number', message: IMPORT_MSG.registerNumberKept(1, 2) }]);

    const undone = await undoImport(ctx, done.runId!);
    expect(undone).toMatchObject({ removed: 2, restored: 1 });
    expect(await registerOf()).toEqual([
      [1, 'Ferrari', '2015-09-10', null, []],
      [12, 'Russo', '2020-10-01', null, []],
    ]);
  });

  it("a new quota for a renewal already recorded updates it, and the undo puts the old one back", async () => {
    await admitted();
    const member = await db().registerMember.findFirstOrThrow({ where: { clubId: club.clubId } });
    await renewMembership(ctx, { memberId: member.id, seasonId: season.id, renewedOn: season.startsOn, quotaCents: 2500 });
    const done = await run([HEADER, ['Giovanni', 'Ferrari', ferrari, 'M', null, null, null, '€ 30,00']]);
    expect(done).toMatchObject({ status: 'completed', counts: { updated: 1 }, seasonWrites: { renewalsNew: 0, renewalsUpdated: 1 } });
    expect(done.rows[0].changes).toEqual(['Quota']);
    expect((await registerOf())[0][4]).toEqual([[true, season.startsOn, 3000]]);
    await undoImport(ctx, done.runId!);
    expect((await registerOf())[0][4]).toEqual([[true, season.startsOn, 2500]]);
  });

  it('written in slices of one person (PGlite), numbered once for the run; an entry renewed by hand since is left by the undo', async () => {
    await admitted();
    const rows: Rows = [
      HEADER,
      ['Lucia', 'Russo', russo, 'F', null, '01/10/2020', null, '10'],
      ['Sara', 'Villa', validTaxCode(831, 'Villa'), 'F', null, '02/10/2020', null, '10'],
      ['Piero', 'Gallo', validTaxCode(832, 'Gallo'), 'M', '40', '03/10/2020', null, null],
      ['Ugo', 'Conti', validTaxCode(833, 'Conti'), 'M', null, '04/10/2020', null, '10'],
    ];
    const done = await importPeople(ctx, { file: csvFile(rows), kind: 'athlete', dryRun: false }, { ...IMPORT_LIMITS, sliceRows: 1 });
    expect(done).toMatchObject({ status: 'completed', counts: { new: 3, updated: 1 }, seasonWrites: { membersNew: 4, membersNumbered: 1, firstNextNumber: 41 } });
    expect((await registerOf()).map(([number, lastname]) => [number, lastname])).toEqual([[1, 'Ferrari'], [40, 'Gallo'], [41, 'Russo'], [42, 'Villa'], [43, 'Conti']]);

    // Russo (already in the club) renewed by hand for another season: the undo leaves her as she is, and says so.
    const next = await db().clubSeason.create({ data: { clubId: club.clubId, label: '2099/00', startsOn: new Date('2099-09-01'), endsOn: new Date('2100-08-31'), status: 'preparing' } });
    const entry = await db().registerMember.findFirstOrThrow({ where: { clubId: club.clubId, number: 41 } });
    await renewMembership(ctx, { memberId: entry.id, seasonId: next.id, renewedOn: '2099-09-01', quotaCents: 1000 });
    const undone = await undoImport(ctx, done.runId!, 1);
    expect(undone).toMatchObject({ removed: 3, restored: 0, skipped: [{ taxIdCode: russo, name: 'Lucia Russo', reason: IMPORT_MSG.undoSkippedLinked }] });
    expect((await registerOf()).map(([number, lastname]) => [number, lastname])).toEqual([[1, 'Ferrari'], [41, 'Russo']]);
  });

  it("members' files: the legacy headers keep feeding the member's details, the explicit ones the register and the card", async () => {
    const header = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'N. socio', 'Data ammissione', 'Numero libro soci', 'Data ammissione libro soci', 'Tessera federale', 'Ente'];
    const done = await importPeople(ctx, {
      kind: 'member',
      dryRun: false,
      file: csvFile([header, ['Sara', 'Villa', validTaxCode(821, 'Villa'), 'F', 'T-7', '10/09/2015', '7', '10/09/2015', 'U123', 'UISP']]),
    });
    expect(done.columns).toEqual([
      { header: 'Nome', key: 'firstname' },
      { header: 'Cognome', key: 'lastname' },
      { header: 'Codice fiscale', key: 'taxIdCode' },
      { header: 'Sesso', key: 'gender' },
      { header: 'N. socio', key: 'membershipNumber' },
      { header: 'Data ammissione', key: 'membershipStartDate' },
      { header: 'Numero libro soci', key: 'registerNumber' },
      { header: 'Data ammissione libro soci', key: 'registerAdmittedOn' },
      { header: 'Tessera federale', key: 'cardNumber' },
      { header: 'Ente', key: 'cardBody' },
    ]);
    expect(done).toMatchObject({ status: 'completed', counts: { new: 1 } });
    const role = await db().personRole.findFirstOrThrow({ where: { clubId: club.clubId, kind: 'member' }, include: { member: true } });
    expect(role.member?.membershipNumber).toBe('T-7');
    expect(await registerOf()).toEqual([[7, 'Villa', '2015-09-10', null, []]]);
    expect(await cardsOf()).toEqual([['Villa', 'UISP', 'U123', season.startsOn, season.endsOn, true]]);
  });
});

describe("the import's season", () => {
  const file = () => csvFile([['Nome', 'Cognome', 'Codice fiscale', 'Tessera n.'], ['Ada', 'Neri', validTaxCode(931, 'Neri'), '55']]);

  it("another club's season and an unknown id are refused alike; a closed season with the seasons' own message; nothing written", async () => {
    const other = await createClub(t.deps);
    const otherSeason = await currentSeason(await clubContext(t.deps, other));
    const refusals = await Promise.all(
      [otherSeason.id, '00000000-0000-4000-8000-000000000000', 'not-an-id'].map((seasonId) => thrown(importPeople(ctx, { kind: 'voluntary', dryRun: false, file: file(), seasonId, cardBody: 'CSI' }))),
    );
    for (const error of refusals) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ message: IMPORT_MSG.seasonNotFound, fields: { seasonId: IMPORT_MSG.seasonNotFound } });
    }
    const closed = await db().clubSeason.create({ data: { clubId: club.clubId, label: '2019/20', startsOn: new Date('2019-09-01'), endsOn: new Date('2020-08-31'), status: 'closed' } });
    const error = await thrown(importPeople(ctx, { kind: 'voluntary', dryRun: true, file: file(), seasonId: closed.id, cardBody: 'CSI' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error?.message).toBe(MSG.seasonClosedReadOnly);
    expect(await db().person.count({ where: { clubId: club.clubId } })).toBe(0);
    expect(await db().card.count({ where: { clubId: { in: [club.clubId, other.clubId] } } })).toBe(0);
  });

  it('a season of the club chosen by id takes the cards, with its dates by default', async () => {
    const next = await db().clubSeason.create({ data: { clubId: club.clubId, label: '2099/00', startsOn: new Date('2099-09-01'), endsOn: new Date('2100-08-31'), status: 'preparing' } });
    const done = await importPeople(ctx, { kind: 'voluntary', dryRun: false, file: file(), seasonId: next.id, cardBody: 'CSI' });
    expect(done).toMatchObject({ status: 'completed', seasonWrites: { seasonId: next.id, seasonLabel: '2099/00', cardsNew: 1 } });
    const card = await db().card.findFirstOrThrow({ where: { clubId: club.clubId } });
    expect([card.seasonId, card.body, card.number, day(card.startsOn), day(card.expiresOn)]).toEqual([next.id, 'CSI', '55', '2099-09-01', '2100-08-31']);
  });
});

describe('the two faces', () => {
  const rows: Rows = [['Nome', 'Cognome', 'Codice fiscale', 'Tessera n.', 'Numero libro soci', 'Data ammissione libro soci', 'Quota'], ['Ada', 'Neri', validTaxCode(941, 'Neri'), 'P-9', '4', '01/09/2020', '15']];
  const content = Buffer.from(csvText(rows));

  it('REST: season_id and card_body as form fields, season_writes in the context', async () => {
    const form = multipart([
      { name: 'type', value: 'voluntary' },
      { name: 'dry_run', value: '0' },
      { name: 'season_id', value: season.id },
      { name: 'card_body', value: 'CSI' },
      { name: 'file', filename: 'tesserati.csv', contentType: 'text/csv', content },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/import', headers: { 'content-type': form.contentType, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken }, payload: form.payload });
    expect(res.json()).toMatchObject({
      status: true,
      context: {
        counts: { new: 1 },
        season_writes: { season_id: season.id, season_label: season.label, cards_new: 1, members_new: 1, members_numbered: 1, renewals_new: 1, first_next_number: null },
      },
    });
    expect(await cardsOf()).toEqual([['Neri', 'CSI', 'P-9', season.startsOn, season.endsOn, true]]);
    expect(await registerOf()).toEqual([[4, 'Neri', '2020-09-01', null, [[true, season.startsOn, 1500]]]]);
  });

  it('GraphQL: seasonId and cardBody, seasonWrites; another club\'s season a ValidationError on seasonId', async () => {
    const query = `mutation ($file: Upload, $seasonId: ID, $cardBody: String) {
      importPeople(file: $file, kind: voluntary, dryRun: true, seasonId: $seasonId, cardBody: $cardBody) {
        __typename
        ... on MutationImportPeopleSuccess { data { counts { new invalid } seasonWrites { seasonLabel cardsNew membersNew firstNextNumber messages } } }
        ... on ValidationError { message fields { field message } }
      }
    }`;
    const send = async (variables: Record<string, unknown>) => {
      const body = graphqlMultipart(query, variables, [{ path: 'file', filename: 'tesserati.csv', contentType: 'text/csv', content }]);
      const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': body.contentType, authorization: `Bearer ${club.token}`, 'x-club': club.clubToken }, payload: body.payload });
      return res.json().data.importPeople;
    };
    expect(await send({ cardBody: 'CSI' })).toMatchObject({
      data: { counts: { new: 1, invalid: 0 }, seasonWrites: { seasonLabel: season.label, cardsNew: 1, membersNew: 1, firstNextNumber: null, messages: [IMPORT_MSG.cardsPlanned(season.label, 1, 0), IMPORT_MSG.membersPlanned(1, 1, 0, null), IMPORT_MSG.renewalsPlanned(season.label, 1, 0)] } },
    });
    const other = await createClub(t.deps);
    const otherSeason = await currentSeason(await clubContext(t.deps, other));
    expect(await send({ cardBody: 'CSI', seasonId: otherSeason.id })).toEqual({ __typename: 'ValidationError', message: IMPORT_MSG.seasonNotFound, fields: [{ field: 'seasonId', message: IMPORT_MSG.seasonNotFound }] });
  });
});
