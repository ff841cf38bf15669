// School-absence letters (issue 38 point 5) over the real app and database (both): for a match on a school day, one
// page per called-up minor (not the adults), from the club's template (the default, then its own), naming the
// school when the club knows it, the day, the times and the place, signed for the club by its legal representative;
// read back with pdftotext and a page rendered by pdftoppm. A Sunday is not a school day; an adult gets no letter;
// the template is the club.write roles', a coach sets the school of their own athletes only; another club's member
// and the roles without calendar.write are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { MSG } from '../../../schema/messages';
import { SCHOOL_LETTER_TEMPLATE } from '../../../schema/validation/calendar';
import { sendCallUps } from '../../../server/modules/calendar/call-ups.service';
import { saveEvent } from '../../../server/modules/calendar/events.service';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { pdfPageInk, pdfText } from '../../support/pdf-text';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles;
let secretary: Credentials;
let coach: Credentials;
let family: TestFamily;
let adultId: string;
let matchId: string;
let sundayId: string;
const today = clubDate(new Date());
const year = Number(today.slice(0, 4));
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
/** A Wednesday at least ten days ahead (never a national holiday in Italy), and the Sunday after it. */
const MATCH_DAY = [...Array(7).keys()].map((n) => addDays(today, 10 + n)).find((d) => weekday(d) === 3)!;
const SUNDAY = addDays(MATCH_DAY, 4);

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = secretary): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));
const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SCHOOL = `mutation($p: ID!, $s: String!) { savePersonSchool(personId: $p, school: $s) { __typename ... on MutationSavePersonSchoolSuccess { data { message school } } ${ERRORS} } }`;
const TEMPLATE = `mutation($t: String!) { saveSchoolLetterTemplate(template: $t) { __typename ... on MutationSaveSchoolLetterTemplateSuccess { data { message custom template } } ${ERRORS} } }`;
const letters = (eventId: string, occursOn: string, creds: Credentials = secretary, personId?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/convocazioni/lettere-scuola.pdf?eventId=${eventId}&occursOn=${occursOn}${personId ? `&personId=${personId}` : ''}`,
    headers: { authorization: `Bearer ${creds.token}`, ...(creds.club ? { 'x-club': creds.club } : {}) },
  });

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Lettere Scuola');
  secretary = as(club.members.segreteria);
  coach = as(club.members.allenatore);
  await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { legalRepresentativeNameSurname: 'Paola Presidente', fiscalCode: '91234560123' } });
  const ctx = await clubContext(t.deps, club.members.owner);
  family = await familyOf(ctx, [`${year - 12}-03-03`, `${year - 10}-04-04`], 'Scolari');
  const adult = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname: 'Adulta', birthday: '1995-05-05' } });
  adultId = adult.personId;
  await t.deps.systemDb.groupMember.createMany({ data: [...family.children.map((c) => c.roleId), adult.roleId].map((roleId) => ({ clubId: club.clubId, groupId: club.coachedGroupId, roleId })) });
  const match = await saveEvent(ctx, { kind: 'partita', title: 'Trofeo di primavera', groupIds: [club.coachedGroupId], startsOn: MATCH_DAY, startTime: '10:30', durationMinutes: 120, opponent: 'US Lontana', home: false, meetingTime: '08:15', meetingPlace: 'Piazzale della palestra' });
  const sunday = await saveEvent(ctx, { kind: 'partita', title: 'Amichevole domenicale', groupIds: [club.coachedGroupId], startsOn: SUNDAY, startTime: '10:00', durationMinutes: 90, opponent: 'ASD Vicina', home: true });
  matchId = match.event!.id;
  sundayId = sunday.event!.id;
  const everyone = [...family.children.map((c) => c.personId), adultId];
  // No certificates or libro soci here: the owner calls them up all the same, with a reason.
  for (const [eventId, day] of [[matchId, MATCH_DAY], [sundayId, SUNDAY]]) {
    const sent = await sendCallUps(ctx, { eventId, occursOn: day, personIds: everyone, overrides: everyone.map((personId) => ({ personId, reason: 'Prova delle lettere' })) });
    expect(sent.sent).toBe(3);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the school-absence letters', () => {
  it("a page per called-up minor, from the default template, naming the school the coach set; the adult has none", async () => {
    const [luca, sara] = family.children;
    expect((await call(SCHOOL, { p: luca.personId, s: '  Scuola media «G. Galilei», Torino ' }, coach)).data).toEqual({ message: CAL_MSG.schoolSaved, school: 'Scuola media «G. Galilei», Torino' });
    expect(await call(SCHOOL, { p: luca.personId, s: 'x'.repeat(201) }, coach)).toMatchObject({ __typename: 'ValidationError', message: CAL_MSG.schoolNameInvalid });
    const list = await call(`query($e: ID!, $d: String!) { callUps(eventId: $e, occursOn: $d) { ... on QueryCallUpsSuccess { data { personId minor school } } } }`, { e: matchId, d: MATCH_DAY });
    expect(list.data).toEqual(
      expect.arrayContaining([
        { personId: luca.personId, minor: true, school: 'Scuola media «G. Galilei», Torino' },
        { personId: sara.personId, minor: true, school: null },
        { personId: adultId, minor: false, school: null },
      ]),
    );

    const res = await letters(matchId, MATCH_DAY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`lettere-scuola-${MATCH_DAY}.pdf`);
    const text = await pdfText(res.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    const day = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${MATCH_DAY}T00:00:00Z`));
    const [first, second] = pages.map(flat);
    expect(first).toContain('Al Dirigente Scolastico');
    expect(first).toContain('Scuola media «G. Galilei», Torino');
    expect(first).toContain(`Oggetto: giustificazione dell’assenza di Luca Scolari del giorno ${day}`);
    expect(first).toContain(`è convocato/a per la partita «Trofeo di primavera» contro US Lontana del giorno ${day}, in trasferta (ritrovo: Piazzale della palestra), con ritrovo alle ore 08:15 e termine previsto alle ore 12:30.`);
    expect(first).toContain('Il legale rappresentante');
    expect(first).toContain('Paola Presidente');
    expect(first).toContain('C.F. 91234560123');
    expect(second).toContain('Sara Scolari');
    expect(second).toContain('dell’istituto frequentato dall’alunno/a');
    expect(flat(text)).not.toContain('Ada Adulta');
    // A page as a reader sees it: A4, laid out (some ink, mostly paper), not blank.
    const shots = process.env.CAMPOBASE_SCREENSHOTS;
    const page = await pdfPageInk(res.rawPayload, 1, shots ? `${shots}/lettera-scuola.png` : undefined);
    expect(page.height / page.width).toBeCloseTo(297 / 210, 1);
    expect(page.ink).toBeGreaterThan(0.004);
    expect(page.ink).toBeLessThan(0.15);

    const single = await letters(matchId, MATCH_DAY, secretary, sara.personId);
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-disposition']).toContain(`lettera-scuola-sara-scolari-${MATCH_DAY}.pdf`);
    expect((await pdfText(single.rawPayload)).split('\f').filter((p) => p.trim())).toHaveLength(1);
  });

  it('refuses an adult, a Sunday, a malformed day, an unknown event, with the words to show', async () => {
    const adult = await letters(matchId, MATCH_DAY, secretary, adultId);
    expect(adult.statusCode).toBe(400);
    expect(adult.json()).toMatchObject({ status: false, message: CAL_MSG.schoolLetterNotMinor });
    const sunday = await letters(sundayId, SUNDAY);
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json()).toMatchObject({ status: false, message: CAL_MSG.schoolLetterNotSchoolDay });
    expect((await letters(matchId, 'domani')).statusCode).toBe(400);
    expect((await letters(matchId, addDays(MATCH_DAY, 1))).statusCode).toBe(400);
    expect((await letters('00000000-0000-4000-8000-000000000000', MATCH_DAY)).statusCode).toBe(404);
    expect((await letters(matchId, MATCH_DAY, secretary, 'not-an-id')).statusCode).toBe(404);
  });

  it("the club's own template (club.write), checked for {atleta}; empty goes back to the default", async () => {
    expect(await call(TEMPLATE, { t: 'Senza segnaposto' }, as(club.members.owner))).toMatchObject({ __typename: 'ValidationError', message: CAL_MSG.schoolLetterTemplateInvalid });
    expect(await call(TEMPLATE, { t: 'Testo {atleta}' }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    const own = 'Gentile Dirigente,\n\n{atleta} giocherà {evento} il {data}{luogo}: ritrovo {ritrovo}, inizio {inizio}, fine {fine}. {ignoto}\n\nCordiali saluti da {societa}.';
    expect((await call(TEMPLATE, { t: own }, as(club.members.owner))).data).toEqual({ message: CAL_MSG.schoolLetterTemplateSaved, custom: true, template: own });
    expect(await call('{ schoolLetterTemplate { ... on QuerySchoolLetterTemplateSuccess { data { custom template } } } }', {}, coach)).toEqual({ data: { custom: true, template: own } });
    const text = (await pdfText((await letters(matchId, MATCH_DAY)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Luca Scolari giocherà la partita «Trofeo di primavera» contro US Lontana il');
    expect(text).toContain('ritrovo 08:15, inizio 10:30, fine 12:30. {ignoto}');
    expect(text).toContain('Cordiali saluti da ASD Lettere Scuola.');
    expect((await call(TEMPLATE, { t: '' }, as(club.members.owner))).data).toEqual({ message: CAL_MSG.schoolLetterTemplateSaved, custom: false, template: SCHOOL_LETTER_TEMPLATE });
  });

  it("who may: not the read-only roles, not another club's member; a coach only their athletes' school", async () => {
    expect((await letters(matchId, MATCH_DAY, as(club.members.lettura))).statusCode).toBe(403);
    expect((await letters(matchId, MATCH_DAY, as(club.members.tesoriere))).statusCode).toBe(403);
    expect((await letters(matchId, MATCH_DAY, as(club.stranger))).statusCode).toBe(404);
    expect((await letters(matchId, MATCH_DAY, as(club.stranger), family.children[0].personId)).statusCode).toBe(404);
    expect((await letters(matchId, MATCH_DAY, coach)).statusCode).toBe(200);
    // A coach's letters of another group's event: refused.
    const ctx = await clubContext(t.deps, club.members.owner);
    const other = await createGroupWith(t.deps, club.clubId, 'athlete', 'Non allenato', [family.children[1].roleId]);
    const elsewhere = await saveEvent(ctx, { kind: 'evento', title: 'Gita', groupIds: [other.id], startsOn: MATCH_DAY, startTime: '09:00', durationMinutes: 300 });
    expect((await letters(elsewhere.event!.id, MATCH_DAY, coach)).statusCode).toBe(403);
    const outsider = await createPerson(ctx, 'athlete', { profile: { firstname: 'Otto', lastname: 'Fuori', birthday: `${year - 11}-01-01` } });
    expect(await call(SCHOOL, { p: outsider.personId, s: 'Scuola' }, coach)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SCHOOL, { p: family.children[0].personId, s: 'Scuola' }, as(club.stranger))).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SCHOOL, { p: family.children[0].personId, s: 'Scuola' }, as(club.members.lettura))).toMatchObject({ __typename: 'ForbiddenError' });
    expect(await t.deps.systemDb.personSchool.findMany({ where: { personId: { in: [outsider.personId, family.children[0].personId] } }, select: { name: true } })).toEqual([{ name: 'Scuola media «G. Galilei», Torino' }]);
    // Clearing it.
    expect((await call(SCHOOL, { p: family.children[0].personId, s: ' ' }, coach)).data).toEqual({ message: CAL_MSG.schoolCleared, school: null });
  });
});
