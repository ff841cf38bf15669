// Call-ups as families answer them (issue 38 point 2) in a real browser against the real server, on 10 September
// 2026 (the server's and the pages' clock). The club calls up two children of two families for a match (the
// services, as the staff's screens will); the mails go out. One parent opens the mail's link on a phone with no
// account: the match, the meeting point, the deadline; answers "Sì" with a note (the toast). The other parent, signed
// in, finds the call-up at the top of the personal area and answers "Forse", then makes the family's calendar link
// (its ICS read by ical.js holds the match) and revokes it (404). The staff's list has both answers. An
// unknown link says it is not valid. At 375 and 1440 px: no sideways scroll, axe clean.
// CAMPOBASE_SCREENSHOTS=<dir> saves each screen at both widths.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';
import { CAL_MSG } from '../../schema/messages-calendar';
import { callUpList, sendCallUps } from '../../server/modules/calendar/call-ups.service';
import { saveEvent } from '../../server/modules/calendar/events.service';
import { currentSeason } from '../../server/modules/seasons/seasons.service';
import { launchBrowser, setPagesDate, VIEWPORTS } from '../support/browser';
import { screenChecks } from '../support/screen-checks';
import { createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith } from '../support/people-factories';
import { readOutbox } from '../support/test-app';

const NOW = clubMorning('2026-09-10');
const server = clockedLiveServer(NOW);

describe('call-ups answered by families', () => {
  it('from the mail link with no account, and in the personal area; the staff see both answers', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Convocati Felici', firstname: 'Paola', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, club);
    const rossi = await familyOf(ctx, ['2013-04-10'], 'Rossi');
    const neri = await familyOf(ctx, ['2013-06-20'], 'Neri');
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14', [rossi, neri].map((f) => f.children[0].roleId));
    // Valid certificates and the season's libro soci: both may play.
    const season = await currentSeason(ctx);
    for (const [n, f] of [rossi, neri].entries()) {
      await server.deps.systemDb.athleteDetails.upsert({ where: { roleId: f.children[0].roleId }, create: { roleId: f.children[0].roleId, medicalExaminationExpirationDate: new Date('2027-06-30T00:00:00Z') }, update: { medicalExaminationExpirationDate: new Date('2027-06-30T00:00:00Z') } });
      const member = await server.deps.systemDb.registerMember.create({ data: { clubId: club.clubId, personId: f.children[0].personId, number: n + 1, admittedOn: new Date('2026-09-01T00:00:00Z') } });
      await server.deps.systemDb.registerMemberSeason.create({ data: { clubId: club.clubId, memberId: member.id, seasonId: season.id, renewedOn: new Date('2026-09-01T00:00:00Z') } });
    }
    const saved = await saveEvent(ctx, { kind: 'partita', title: 'Campionato Under 14', groupIds: [group.id], startsOn: '2026-09-20', startTime: '10:30', durationMinutes: 90, opponent: 'US Avversaria', home: true, meetingTime: '09:45', meetingPlace: 'Spogliatoio 2' });
    const sent = await sendCallUps(ctx, { eventId: saved.event!.id, occursOn: '2026-09-20', personIds: [rossi.children[0].personId, neri.children[0].personId] });
    expect(sent).toMatchObject({ sent: 2, blocked: [] });
    const mails = await readOutbox(server.dataDir);
    const link = (email: string) => new URL(/https?:\/\/\S+\/convocazione\/[\w-]+/.exec(mails.find((m) => m.to.includes(email))!.text)![0]).pathname;

    const browser = await launchBrowser(VIEWPORTS.phone);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check } = screenChecks(page, failures);
    try {
      // --- the Rossi parent, on a phone, from the mail: no account
      await page.goto(`${server.url}${link(rossi.email)}`);
      const card = page.getByRole('article', { name: /Luca Rossi: Campionato Under 14 contro US Avversaria/ });
      await card.waitFor();
      await card.getByText('Ritrovo:').waitFor();
      await card.getByText('ore 09:45, Spogliatoio 2').waitFor();
      await check('CU1-link');
      await card.getByLabel('Nota per l’allenatore (facoltativa)').fill('Arriviamo direttamente al campo');
      await card.getByRole('button', { name: 'Sì' }).click();
      await page.getByText(CAL_MSG.callUpAnswered).first().waitFor();
      await card.getByText('Risposta: Sì').waitFor();
      await page.setViewportSize(VIEWPORTS.desktop);
      await check('CU1-link');

      // --- an unknown link
      await page.goto(`${server.url}/convocazione/${'x'.repeat(43)}`);
      await page.getByRole('heading', { name: 'Convocazione non trovata', level: 1 }).waitFor();

      // --- the Neri parent, signed in: the call-up at the top of the personal area
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${server.url}/healthz`);
      await page.evaluate(({ keys, token }) => {
        localStorage.setItem(keys.session, token);
        localStorage.removeItem(keys.club);
      }, { keys: { session: SESSION_STORAGE_KEY, club: CLUB_STORAGE_KEY }, token: neri.token });
      await page.goto(`${server.url}/area`);
      const section = page.getByRole('region', { name: 'Convocazioni' });
      await section.waitFor();
      const mine = section.getByRole('article', { name: /Luca Neri: Campionato Under 14/ });
      await check('CU2-area');
      await mine.getByRole('button', { name: 'Forse' }).click();
      await page.getByText(CAL_MSG.callUpAnswered).first().waitFor();
      await mine.getByText('Risposta: Forse').waitFor();
      await page.setViewportSize(VIEWPORTS.desktop);
      await check('CU2-area');

      // --- the family's own calendar link: made, subscribed to (read by ical.js), revoked
      const calendar = page.getByRole('region', { name: 'Il calendario sul telefono' });
      await calendar.getByRole('button', { name: 'Crea il link del calendario' }).click();
      await page.getByText(CAL_MSG.feedCreated).first().waitFor();
      const feedUrl = await calendar.getByLabel('Link del calendario privato').inputValue();
      const path = new URL(feedUrl).pathname;
      const ics = await fetch(`${server.url}${path}`);
      expect(ics.status).toBe(200);
      const events = new ICAL.Component(ICAL.parse(await ics.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events.map((e) => [e.uid, e.summary, e.startDate.toString()])).toEqual([[`${saved.event!.id}@campobase`, 'Campionato Under 14 vs US Avversaria', '2026-09-20T10:30:00']]);
      expect(events[0].description).toContain('Per: Luca');
      await page.setViewportSize(VIEWPORTS.phone);
      await check('CU3-area-calendar');
      await calendar.getByRole('button', { name: 'Revoca' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoca' }).click();
      await page.getByText(CAL_MSG.feedRevoked).first().waitFor();
      await calendar.getByRole('button', { name: 'Revoca' }).waitFor({ state: 'detached' });
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);

      // --- the staff's list
      const answers = await callUpList(ctx, saved.event!.id, '2026-09-20');
      expect(answers.map((a) => [a.name, a.callUp.response, a.callUp.responseNote])).toEqual([
        ['Luca Neri', 'forse', null],
        ['Luca Rossi', 'si', 'Arriviamo direttamente al campo'],
      ]);
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
