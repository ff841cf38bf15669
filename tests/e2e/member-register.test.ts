// The libro soci page (issue 35 point 2) in a real browser against the real server, on a phone and on a desktop: the
// empty register, two people admitted from the page (numbers 1 and 2, a missing person refused under its field),
// an exit recorded with its cause, a renewal with its quota typed in euro, the search by name, the season filter,
// and the PDF and XLSX downloads starting. Server and pages run on 15 November 2026 (season 2026/27).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');

const server = clockedLiveServer(NOW);

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

async function admit(page: Page, surname: string, decision: string) {
  await page.getByRole('button', { name: 'Ammetti socio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ammetti socio' });
  await dialog.getByRole('searchbox', { name: 'Cerca la persona' }).fill(surname);
  const person = dialog.getByLabel('Persona', { exact: true });
  // The search is debounced: wait until the options are this person's only (the placeholder and one).
  await person.locator('option', { hasText: surname }).waitFor({ state: 'attached' });
  await expect.poll(() => person.locator('option').count()).toBe(2);
  await person.selectOption({ index: 1 });
  await dialog.getByLabel('Data di ammissione').fill('2026-10-01');
  await dialog.getByLabel('Delibera del consiglio').fill(decision);
  await dialog.getByLabel('Data della delibera').fill('2026-09-28');
  await dialog.getByRole('button', { name: 'Ammetti' }).click();
  return dialog;
}

// Skipped until it passes: at 22:37 UTC on 28 November it failed on a loaded machine (the page's heading not shown
// within 45 s on a retry; the second admission's toast not seen before the debounced search fix above).
describe.each(Object.entries(VIEWPORTS))('the libro soci on %s', (name, viewport) => {
  it('admits two people (numbers 1 and 2), records an exit, renews, searches and downloads the register', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Libro ${name}` });
    const ctx = await clubContext(server.deps, club);
    await createPerson(ctx, 'member', { profile: { firstname: 'Niccolò', lastname: "D'Àngelo" } });
    await createPerson(ctx, 'member', { profile: { firstname: 'Zoë', lastname: 'Müller' } });
    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/libro-soci`);
      await page.getByRole('heading', { name: 'Libro soci', level: 1 }).waitFor({ timeout: 45_000 });
      await page.getByText('Il libro soci è vuoto: ammetti il primo socio.').waitFor();

      // --- no person chosen: refused under the field, nothing admitted
      await page.getByRole('button', { name: 'Ammetti socio' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ammetti socio' });
      expect(await dialog.getByLabel('Data di ammissione').inputValue()).toBe('2026-11-15');
      await dialog.getByRole('button', { name: 'Ammetti' }).click();
      await expect.poll(() => dialog.getByLabel('Persona', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'detached' });

      // --- two admissions: the register's numbers 1 and 2
      await admit(page, "D'Àngelo", 'Verbale n. 3');
      await toast(page, MSG.memberAdmitted(1));
      await page.getByRole('dialog', { name: 'Ammetti socio' }).waitFor({ state: 'detached' });
      await admit(page, 'Müller', 'Verbale n. 4');
      await toast(page, MSG.memberAdmitted(2));
      const entries = page.getByRole('list', { name: 'Soci del libro' });
      const first = entries.getByRole('listitem', { name: "Socio n. 1: D'Àngelo Niccolò" });
      const second = entries.getByRole('listitem', { name: 'Socio n. 2: Müller Zoë' });
      await first.getByText('Ammesso il 01/10/2026 · Delibera: Verbale n. 3 del 28/09/2026').waitFor();
      await second.waitFor();
      await page.getByText('2 soci').waitFor();

      // --- the second leaves (recesso): kept with their number, no more actions
      await second.getByRole('button', { name: 'Registra uscita di Müller Zoë' }).click();
      const exit = page.getByRole('dialog', { name: 'Registra uscita: Müller Zoë (n. 2)' });
      await exit.getByLabel('Data di uscita').fill('2026-11-10');
      await exit.getByLabel('Causa').selectOption('recesso');
      await exit.getByRole('button', { name: 'Registra uscita' }).click();
      await toast(page, MSG.memberExitRecorded);
      await second.getByText('Uscito il 10/11/2026 · Recesso').waitFor();
      expect(await second.getByRole('button').count()).toBe(0);

      // --- the first renews for 2026/27 with a quota typed in euro; a wrong quota is refused under its field first
      await first.getByText('Non rinnovato 2026/27').waitFor();
      await first.getByRole('button', { name: "Rinnova D'Àngelo Niccolò" }).click();
      const renew = page.getByRole('dialog', { name: "Rinnova: D'Àngelo Niccolò (n. 1)" });
      await expect.poll(() => renew.getByLabel('Stagione').locator('option:checked').innerText()).toBe('2026/27');
      await renew.getByLabel('Quota (€)').fill('venti');
      await renew.getByRole('button', { name: 'Rinnova' }).click();
      await renew.getByText('Indica la quota in euro, ad esempio 25 oppure 25,50.').waitFor();
      await renew.getByLabel('Quota (€)').fill('25,50');
      await renew.getByRole('button', { name: 'Rinnova' }).click();
      await toast(page, MSG.memberRenewed('2026/27'));
      await first.getByText('Rinnovato 2026/27 · 25,50 €').waitFor();

      // --- search by name, then the season filter
      await page.getByRole('searchbox', { name: 'Cerca nel libro soci' }).fill('müller');
      await expect.poll(() => entries.getByRole('listitem').count()).toBe(1);
      await second.waitFor();
      await page.getByRole('searchbox', { name: 'Cerca nel libro soci' }).fill('');
      await expect.poll(() => entries.getByRole('listitem').count()).toBe(2);
      await page.getByLabel('Periodo').selectOption({ label: 'Stagione 2026/27' });
      await expect.poll(() => entries.getByRole('listitem').count()).toBe(2);

      if (name === 'phone') await expectNoHorizontalScroll(page);
      await screenshot(page, `F1-member-register-${name}`);

      // --- the register downloads as the legal PDF and as XLSX
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica PDF' }).click()]);
      expect(pdf.suggestedFilename()).toBe('libro-soci-2026-27.pdf');
      expect((await pdf.createReadStream()).readableLength >= 0).toBe(true);
      await page.getByLabel('Periodo').selectOption({ label: "Dall'origine" });
      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica Excel' }).click()]);
      expect(xlsx.suggestedFilename()).toBe('libro-soci-dall-origine.xlsx');
      expect(await xlsx.failure()).toBeNull();
      expect(await pdf.failure()).toBeNull();
    } finally {
      await browser.close();
    }
  }, 180_000);
});
