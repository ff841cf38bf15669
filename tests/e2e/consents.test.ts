// Privacy consents (issue 36 point 2) in a real browser against the real server, on a phone and on a desktop: the
// owner opens "Informativa privacy" (/club/privacy; /privacy is the public site's own policy), sees that none is
// published and publishes version 1 after a confirmation; on a minor athlete's page (born 2016, a guardian already
// recorded) "Consensi privacy" lists the four purposes as "Mancante"; recording "Trattamento dei dati personali" with
// no guardian chosen shows the server's message under "Dato da", then given by the guardian it reads "Dato" and
// "dato da <guardian>"; revoked after a confirmation it reads "Revocato" and the history says when; "Consensi
// mancanti" lists the minor for that purpose (and none for a purpose given); version 2 published, the given consent
// is "Da rinnovare". A lettura account sees the statuses without buttons and no publish form; a coach sees neither
// the person's consents nor the missing ones. Server and pages run on 15 November 2026. CAMPOBASE_SCREENSHOTS=<dir>
// saves the pages and the dialog.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');

const server = clockedLiveServer(NOW);

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
const shots = process.env.CAMPOBASE_SCREENSHOTS;
const PERSONAL_DATA = 'Trattamento dei dati personali';

/** Publishes a version from the open privacy page: title, text, "Pubblica", then the confirmation. */
async function publish(page: Page, version: number, title: string, text: string, confirmText: RegExp) {
  const form = page.getByRole('region', { name: 'Pubblica una nuova versione' });
  await form.getByLabel('Titolo').fill(title);
  await form.getByLabel('Testo').fill(text);
  await form.getByRole('button', { name: 'Pubblica' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Pubblicare la versione ${version}?` });
  await confirm.getByText(confirmText).waitFor();
  await confirm.getByRole('button', { name: 'Pubblica' }).click();
  await toast(page, MSG.privacyNoticePublished(version));
  // publishedAt is the database's clock, not the server's test clock: any day
  await page.getByText(new RegExp(`^Versione ${version} del \\d{2}/\\d{2}/\\d{4}$`)).first().waitFor();
}

describe.each(Object.entries(VIEWPORTS))('privacy consents on %s', (name, viewport) => {
  it('publishes the notice, records a consent given by the guardian, revokes it, lists the missing ones, asks to renew; lettura reads, a coach does not see them', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Consensi ${name}` });
    const ctx = await clubContext(server.deps, club);
    const giulia = await createPerson(ctx, 'athlete', { profile: { firstname: 'Giulia', lastname: 'Verdi', birthday: '2016-03-20' } });
    const saved = await liveGql(server.url, club, 'mutation($input: SaveGuardianshipInput!) { saveGuardianship(input: $input) { __typename } }', {
      input: { minorId: giulia.personId, guardian: { firstname: 'Paola', lastname: 'Verdi' }, relationship: 'genitore' },
    });
    expect(saved.saveGuardianship.__typename).toBe('MutationSaveGuardianshipSuccess');
    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000); // a loaded machine is slow to draw the page
    try {
      await storeSession(page, server.url, club);

      // --- no notice yet: the empty state and the form; version 1 published after a confirmation
      await page.goto(`${server.url}/club/privacy`);
      await page.getByRole('heading', { name: 'Informativa privacy', level: 1 }).waitFor();
      const current = page.getByRole('region', { name: 'Informativa in vigore' });
      await current.getByText('Nessuna informativa pubblicata.').waitFor();
      await screenshot(page, `F4-privacy-empty-${name}`);
      // the sidebar's entry, under Società (the phone's menu is a drawer, closed)
      if (name === 'desktop') expect(await page.getByRole('link', { name: 'Privacy', exact: true }).getAttribute('aria-current')).toBe('page');
      // the shared rules first: both fields are required
      await page.getByRole('region', { name: 'Pubblica una nuova versione' }).getByRole('button', { name: 'Pubblica' }).click();
      await page.getByText(MSG.privacyNoticeTextRequired).waitFor();
      await publish(page, 1, 'Informativa ai tesserati', 'Titolare del trattamento: ASD Consensi.\nFinalità: tesseramento e attività sportiva.', /i consensi si registreranno su questa/);
      await current.getByRole('heading', { name: 'Informativa ai tesserati' }).waitFor();
      // the text keeps its line breaks
      expect(await current.getByText(/Titolare del trattamento/).innerText()).toContain('ASD Consensi.\nFinalità');
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await screenshot(page, `F4-privacy-notice-${name}`);

      // --- the minor's page: four purposes missing, a guardian answers
      await page.goto(`${server.url}/persona/${giulia.roleId}`);
      await page.getByRole('heading', { name: 'Giulia Verdi', level: 1 }).waitFor();
      const section = page.getByRole('region', { name: 'Consensi privacy' });
      const purposes = section.getByRole('list', { name: 'Consensi di Giulia Verdi' });
      const personal = purposes.getByRole('listitem', { name: PERSONAL_DATA });
      await personal.getByText('Mancante', { exact: true }).waitFor();
      expect(await purposes.getByRole('listitem').count()).toBe(4);
      await personal.getByText('Risponde: Un genitore o tutore').waitFor();

      // --- recorded with no guardian chosen: the server's message under "Dato da"; then given by the guardian
      const recordButton = personal.getByRole('button', { name: `Registra consenso: ${PERSONAL_DATA}` });
      await recordButton.click();
      const dialog = page.getByRole('dialog', { name: `Registra consenso: ${PERSONAL_DATA}` });
      await dialog.getByLabel('Data').waitFor();
      expect(await dialog.getByLabel('Data').inputValue()).toBe('2026-11-15');
      // "La persona stessa" is not a choice under 14
      expect(await dialog.getByLabel('Dato da').locator('option', { hasText: 'La persona stessa' }).count()).toBe(0);
      await dialog.getByText('Dato', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Registra' }).click();
      await dialog.getByText(MSG.consentGuardianRequired).waitFor();
      expect(await dialog.getByLabel('Dato da').getAttribute('aria-invalid')).toBe('true');
      await dialog.getByLabel('Dato da').selectOption({ label: 'Paola Verdi' });
      if (shots) await dialog.screenshot({ path: `${shots}/F4-consent-dialog-${name}.png` });
      await dialog.getByRole('button', { name: 'Registra' }).click();
      await toast(page, MSG.consentRecorded);
      await dialog.waitFor({ state: 'detached' });
      // the focus goes back to the button that opened the dialog
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(`Registra consenso: ${PERSONAL_DATA}`);
      await personal.getByText('Dato', { exact: true }).waitFor();
      await personal.getByText(/Dato il 15\/11\/2026 · dato da Paola Verdi · informativa v1/).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `F4-person-consents-${name}`, { fullPage: false });
      if (shots) await section.screenshot({ path: `${shots}/F4-person-consents-section-${name}.png` });

      // --- revoked after a confirmation; the history says when
      await personal.getByRole('button', { name: `Revoca consenso: ${PERSONAL_DATA}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revocare il consenso?' });
      await confirm.getByRole('button', { name: 'Revoca' }).click();
      await toast(page, MSG.consentWithdrawn);
      await personal.getByText('Revocato', { exact: true }).waitFor();
      expect(await personal.getByRole('button', { name: `Revoca consenso: ${PERSONAL_DATA}` }).count()).toBe(0);
      const historyButton = section.getByRole('button', { name: /Storico/ });
      await historyButton.click();
      expect(await historyButton.getAttribute('aria-expanded')).toBe('true');
      await section.getByRole('list', { name: 'Storico dei consensi' }).getByText(/revocato il 15\/11\/2026/).waitFor();

      // --- another purpose given (through the API) for the renewal below
      const given = await liveGql(server.url, club, 'mutation($input: RecordConsentInput!) { recordConsent(input: $input) { __typename } }', {
        input: { personId: giulia.personId, purpose: 'comunicazioni', granted: true, givenById: (await guardianOf(club, giulia.personId)) },
      });
      expect(given.recordConsent.__typename).toBe('MutationRecordConsentSuccess');

      // --- "Consensi mancanti": the minor for personal data (revoked), none for communications (given)
      await page.goto(`${server.url}/club/privacy`);
      const gaps = page.getByRole('region', { name: 'Consensi mancanti' });
      const gapList = gaps.getByRole('list', { name: `Consensi mancanti: ${PERSONAL_DATA}` });
      const gapItem = gapList.getByRole('listitem').filter({ hasText: 'Verdi Giulia' });
      await gapItem.getByText('Revocato', { exact: true }).waitFor();
      await gapItem.getByText('Nato/a il 20/03/2016').waitFor();
      await gaps.getByText(/^\d+ person[ae]$/).waitFor();
      expect(await gapItem.getByRole('link', { name: 'Verdi Giulia' }).getAttribute('href')).toBe(`/persona/${giulia.roleId}`);
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await gaps.scrollIntoViewIfNeeded();
      await screenshot(page, `F4-privacy-gaps-${name}`, { fullPage: false });
      await gaps.getByLabel('Scopo').selectOption({ label: 'Comunicazioni della società' });
      await gaps.getByText('Nessun consenso mancante per questo scopo.').waitFor();

      // --- version 2: the consent given against version 1 is to renew
      await publish(page, 2, 'Informativa ai tesserati 2027', 'Testo aggiornato.', /i consensi dati sulla versione precedente andranno rinnovati/);
      await page.getByRole('list', { name: 'Versioni precedenti' }).getByText(/Versione 1 del \d{2}\/\d{2}\/\d{4}/).waitFor();
      await screenshot(page, `F4-privacy-notice-v2-${name}`);
      await page.goto(`${server.url}/persona/${giulia.roleId}`);
      await purposes.getByRole('listitem', { name: 'Comunicazioni della società' }).getByText('Da rinnovare', { exact: true }).waitFor();

      // --- lettura reads the statuses, with no button, and sees no publish form
      const reader = await addCollaborator(server.deps, club, 'lettura');
      const readerBrowser = await launchBrowser(viewport);
      const readerPage = await readerBrowser.context.newPage();
      readerPage.setDefaultTimeout(30_000);
      await storeSession(readerPage, server.url, reader);
      await readerPage.goto(`${server.url}/persona/${giulia.roleId}`);
      await readerPage.getByRole('heading', { name: 'Giulia Verdi', level: 1 }).waitFor();
      const readerSection = readerPage.getByRole('region', { name: 'Consensi privacy' });
      await readerSection.getByRole('listitem', { name: PERSONAL_DATA }).getByText('Revocato', { exact: true }).waitFor();
      expect(await readerSection.getByRole('button', { name: /Registra|Revoca/ }).count()).toBe(0);
      await readerPage.goto(`${server.url}/club/privacy`);
      await readerPage.getByRole('region', { name: 'Informativa in vigore' }).getByRole('heading', { name: 'Informativa ai tesserati 2027' }).waitFor();
      await readerPage.getByRole('region', { name: 'Consensi mancanti' }).getByText('Verdi Giulia').waitFor();
      expect(await readerPage.getByRole('region', { name: 'Pubblica una nuova versione' }).count()).toBe(0);
      await readerBrowser.close();

      // --- a coach of the athlete's category (no consents.read): the notice, not the consents
      const category = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', [giulia.roleId]);
      const coach = await addCollaborator(server.deps, club, 'allenatore');
      await server.deps.systemDb.membership.update({ where: { token: coach.clubToken }, data: { groupIds: [category.id] } });
      const coachBrowser = await launchBrowser(viewport);
      const coachPage = await coachBrowser.context.newPage();
      coachPage.setDefaultTimeout(30_000);
      await storeSession(coachPage, server.url, coach);
      await coachPage.goto(`${server.url}/persona/${giulia.roleId}`);
      await coachPage.getByRole('heading', { name: 'Giulia Verdi', level: 1 }).waitFor();
      await coachPage.getByRole('region', { name: 'Ruoli nella società' }).waitFor();
      expect(await coachPage.getByRole('region', { name: 'Consensi privacy' }).count()).toBe(0);
      await coachPage.goto(`${server.url}/club/privacy`);
      await coachPage.getByRole('region', { name: 'Informativa in vigore' }).getByRole('heading', { name: 'Informativa ai tesserati 2027' }).waitFor();
      expect(await coachPage.getByRole('region', { name: 'Consensi mancanti' }).count()).toBe(0);
      expect(await coachPage.getByRole('region', { name: 'Pubblica una nuova versione' }).count()).toBe(0);
      await coachBrowser.close();
    } finally {
      await browser.close();
    }
  });
});

/** The person id of the minor's (only) guardian. */
async function guardianOf(club: { token: string; clubToken: string }, minorId: string): Promise<string> {
  const family = await liveGql(server.url, club, 'query($id: ID!) { personFamily(personId: $id) { guardians { guardian { personId } } } }', { id: minorId });
  return family.personFamily.guardians[0].guardian.personId as string;
}
