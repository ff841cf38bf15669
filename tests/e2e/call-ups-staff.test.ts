// Call-ups as the staff make them (issue 38 point 2) in a real browser against the real server, on 10 September 2026
// (the server's and the pages' clock). A match of the Under 14 on 20 September; of its three athletes two may play
// (certificate and libro soci) and one has no certificate. At 1440 px the coach opens the match in the calendar and
// presses "Convocazioni": the match's header, the blocked athlete with the reason and a box that cannot be ticked
// (a coach may not override); sends the call-ups to the other two (the server's message); both are in "Convocati".
// A parent answers from the mail's link (the service, as the link page does) and the answer shows without a reload
// (the page polls); "Sollecita chi non ha risposto" says whom it reminded; one call-up is withdrawn after the
// question. At 375 px the owner (callups.override) ticks the blocked athlete: a reason is asked first, then the
// call-up goes out in deroga and shows so. The coach sets a minor's school in place; the school letters of a Sunday
// are refused with the reason; the owner edits the letter's template ({atleta} required). No sideways scroll, axe
// clean at both widths.
// CAMPOBASE_SCREENSHOTS=<dir> saves each screen at its width.
import { describe, expect, it } from 'vitest';
import { CAL_MSG } from '../../schema/messages-calendar';
import { SCHOOL_LETTER_TEMPLATE } from '../../schema/validation/calendar';
import { answerCallUpByToken } from '../../server/modules/calendar/call-ups.service';
import { saveEvent } from '../../server/modules/calendar/events.service';
import { currentSeason } from '../../server/modules/seasons/seasons.service';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith } from '../support/people-factories';
import { screenChecks } from '../support/screen-checks';
import { readOutbox } from '../support/test-app';

const NOW = clubMorning('2026-09-10');
const server = clockedLiveServer(NOW);

describe('call-ups made by the staff', () => {
  it('a coach calls up the eligible athletes, follows the answers, reminds and withdraws; the owner overrides with a reason', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Convocazioni Staff', firstname: 'Paola', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, club);
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    const rossi = await familyOf(ctx, ['2013-04-10'], 'Rossi');
    const neri = await familyOf(ctx, ['2013-06-20'], 'Neri');
    const bianchi = await familyOf(ctx, ['2013-08-02'], 'Bianchi');
    const families = [rossi, neri, bianchi];
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14', families.map((f) => f.children[0].roleId));
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });
    // All three in the season's libro soci; Rossi and Neri with a valid certificate, Bianchi with none.
    const season = await currentSeason(ctx);
    for (const [n, f] of families.entries()) {
      if (f !== bianchi) {
        await server.deps.systemDb.athleteDetails.upsert({ where: { roleId: f.children[0].roleId }, create: { roleId: f.children[0].roleId, medicalExaminationExpirationDate: new Date('2027-06-30T00:00:00Z') }, update: { medicalExaminationExpirationDate: new Date('2027-06-30T00:00:00Z') } });
      }
      const member = await server.deps.systemDb.registerMember.create({ data: { clubId: club.clubId, personId: f.children[0].personId, number: n + 1, admittedOn: new Date('2026-09-01T00:00:00Z') } });
      await server.deps.systemDb.registerMemberSeason.create({ data: { clubId: club.clubId, memberId: member.id, seasonId: season.id, renewedOn: new Date('2026-09-01T00:00:00Z') } });
    }
    const saved = await saveEvent(ctx, { kind: 'partita', title: 'Campionato Under 14', groupIds: [group.id], startsOn: '2026-09-20', startTime: '10:30', durationMinutes: 90, opponent: 'US Avversaria', home: true, competition: 'Campionato provinciale', meetingTime: '09:45', meetingPlace: 'Spogliatoio 2' });
    const eventId = saved.event!.id;

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check } = screenChecks(page, failures);
    const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    const candidates = page.getByRole('list', { name: 'Atleti da convocare' });
    const calledUp = page.getByRole('list', { name: 'Atleti convocati' });
    const calledRow = (name: string) => calledUp.getByRole('listitem', { name });

    try {
      // --- the coach, at 1440 px: the match in the calendar, "Convocazioni"
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/calendario`);
      await page.locator('[data-day="2026-09-20"]', { hasText: 'Campionato Under 14' }).first().click();
      const detail = page.getByRole('dialog', { name: 'Partita: Campionato Under 14' });
      await detail.getByRole('link', { name: 'Convocazioni' }).click();
      await page.waitForURL(new RegExp(`/calendario/convocazioni/${eventId}/2026-09-20$`));
      await page.getByRole('heading', { name: 'Convocazioni: Campionato Under 14', level: 1 }).waitFor();
      await page.getByText('domenica 20 settembre 2026, 10:30–12:00').waitFor();
      await page.getByText('US Avversaria (in casa)').waitFor();
      await page.getByText('ore 09:45, Spogliatoio 2').waitFor();

      // the blocked athlete: the reasons, a box that cannot be ticked
      await candidates.waitFor();
      const blocked = candidates.getByRole('listitem').filter({ hasText: 'Luca Bianchi' });
      await blocked.getByText(CAL_MSG.blockerCertificateToday).waitFor();
      await blocked.getByText(/Certificato medico non valido il giorno dell'evento/).waitFor();
      await blocked.getByText('Non ha i requisiti').waitFor();
      expect(await candidates.getByRole('checkbox', { name: 'Luca Bianchi' }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Rispondere entro').inputValue()).toBe('2026-09-20T10:30');
      await check('CS1-candidates');

      // nothing chosen: the shared rule's message; then the two eligible ones
      await page.getByRole('button', { name: 'Invia convocazioni' }).click();
      await page.getByText(CAL_MSG.callUpPeopleRequired).waitFor();
      await page.getByRole('button', { name: 'Seleziona tutti gli idonei' }).click();
      expect(await candidates.getByRole('checkbox', { name: 'Luca Rossi' }).isChecked()).toBe(true);
      expect(await candidates.getByRole('checkbox', { name: 'Luca Neri' }).isChecked()).toBe(true);
      expect(await candidates.getByRole('checkbox', { name: 'Luca Bianchi' }).isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Invia convocazioni (2)' }).click();
      await page.getByTestId('send-result').getByText(CAL_MSG.callUpSent(2)).waitFor();
      await calledRow('Luca Rossi').getByText('Non ha risposto').waitFor();
      await calledRow('Luca Neri').getByText('Non ha risposto').waitFor();
      await page.getByRole('heading', { name: 'Convocati (2)', level: 2 }).waitFor();
      await candidates.getByRole('listitem').filter({ hasText: 'Luca Rossi' }).getByText('Già convocato').waitFor();
      await check('CS2-sent');

      // --- the Rossi parent answers from the mail's link: the answer shows without a reload
      const mails = await readOutbox(server.dataDir);
      const token = /\/convocazione\/([\w-]+)/.exec(mails.filter((m) => m.to.includes(rossi.email)).at(-1)!.text)![1];
      await answerCallUpByToken({ deps: server.deps }, token, { response: 'si', note: 'Arriviamo direttamente al campo' });
      await calledRow('Luca Rossi').getByText('Sì', { exact: true }).waitFor({ timeout: 30_000 });
      await calledRow('Luca Rossi').getByText('«Arriviamo direttamente al campo»').waitFor();
      await page.getByTestId('count-Sì').getByText('1', { exact: true }).waitFor();

      // --- the reminder: only Neri has not answered
      await page.getByRole('button', { name: 'Sollecita chi non ha risposto' }).click();
      await page.getByTestId('remind-result').getByText(CAL_MSG.callUpReminded(1)).waitFor();
      await calledRow('Luca Neri').getByText(/Sollecitato/).waitFor();
      await check('CS3-answers');

      // --- Neri withdrawn, after the question
      await page.getByRole('button', { name: 'Ritira la convocazione di Luca Neri' }).click();
      const question = page.getByRole('alertdialog', { name: 'Ritirare la convocazione di Luca Neri?' });
      await question.waitFor();
      await check('CS4-withdraw', { fullPage: false });
      await question.getByRole('button', { name: 'Ritira' }).click();
      await toast(`Luca Neri: ${CAL_MSG.callUpWithdrawn}`);
      await calledRow('Luca Neri').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Convocati (1)', level: 2 }).waitFor();

      // --- a minor's school, set in place; the letters of a Sunday are refused with the reason
      await calledRow('Luca Rossi').getByRole('button', { name: 'Indica la scuola di Luca Rossi' }).click();
      await page.getByLabel('Scuola di Luca Rossi', { exact: true }).fill('Scuola media «Dante», Torino');
      await calledRow('Luca Rossi').getByRole('button', { name: 'Salva', exact: true }).click();
      await toast(CAL_MSG.schoolSaved);
      await calledRow('Luca Rossi').getByText('Scuola: Scuola media «Dante», Torino').waitFor();
      await page.getByRole('button', { name: 'Lettere per la scuola (PDF)' }).click();
      await page.getByRole('alert').filter({ hasText: CAL_MSG.schoolLetterNotSchoolDay }).waitFor();
      expect(await page.getByRole('button', { name: 'Modello della lettera' }).count()).toBe(0);

      // --- the owner, at 375 px: the blocked athlete in deroga, a reason first
      await page.setViewportSize(VIEWPORTS.phone);
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/calendario/convocazioni/${eventId}/2026-09-20`);
      await candidates.waitFor();
      const box = candidates.getByRole('checkbox', { name: 'Luca Bianchi' });
      expect(await box.isDisabled()).toBe(false);
      // by keyboard: the box takes the focus, the space ticks it
      await box.focus();
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
      const reason = page.getByLabel('Motivo della deroga per Luca Bianchi');
      await reason.waitFor();
      await page.getByRole('button', { name: 'Invia convocazioni (1)' }).click();
      await page.getByText(CAL_MSG.callUpOverrideReasonRequired).first().waitFor();
      expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
      await reason.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await check('CS5-override', { fullPage: false });
      await reason.fill('Visita fatta ieri, il certificato arriva domani');
      await page.getByRole('button', { name: 'Invia convocazioni (1)' }).click();
      await page.getByTestId('send-result').getByText(CAL_MSG.callUpSent(1)).waitFor();
      await calledRow('Luca Bianchi').getByText('In deroga', { exact: true }).waitFor();
      await calledRow('Luca Bianchi').getByText('Motivo della deroga: Visita fatta ieri, il certificato arriva domani').waitFor();
      await calledRow('Luca Bianchi').getByText(/^Requisiti mancanti: Certificato medico non valido oggi/).waitFor();
      await calledRow('Luca Rossi').getByText('Sì', { exact: true }).waitFor();
      await check('CS6-called-up');

      // --- the owner's template of the letter: {atleta} required, then saved
      await page.getByRole('button', { name: 'Modello della lettera' }).click();
      const templateDialog = page.getByRole('dialog', { name: 'Modello della lettera per la scuola' });
      const text = templateDialog.getByLabel('Testo della lettera');
      await text.waitFor();
      expect(await text.inputValue()).toBe(SCHOOL_LETTER_TEMPLATE);
      await text.fill('Senza segnaposto');
      await templateDialog.getByRole('button', { name: 'Salva modello' }).click();
      await templateDialog.getByText(CAL_MSG.schoolLetterTemplateInvalid).waitFor();
      await check('CS7-template', { fullPage: false });
      await text.fill('Si giustifichi {atleta} per {evento}.');
      await templateDialog.getByRole('button', { name: 'Salva modello' }).click();
      await toast(CAL_MSG.schoolLetterTemplateSaved);
      await templateDialog.waitFor({ state: 'detached' });
      expect((await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } })).schoolLetterTemplate).toBe('Si giustifichi {atleta} per {evento}.');

      await page.setViewportSize(VIEWPORTS.desktop);
      await page.waitForTimeout(300);
      await check('CS6-called-up');
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
