// Forms never lose work (issue 15): a side panel or dialog with unsaved changes asks "Modifiche non salvate" before
// closing (Escape, ×, "Annulla", back), an untouched one closes at once, a page form (the profile, the club's) asks
// before a link takes the user away, and a save the server refuses keeps every typed value. On a phone and a desktop.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const SHOTS = '/tmp/dirty-shots';

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Modifiche non salvate' });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

/** The question is open, says what is at stake, and the focus is on "Continua a modificare". */
async function expectQuestion(page: Page) {
  await question(page).waitFor();
  await question(page).getByText('Le modifiche che hai fatto andranno perse.').waitFor();
  await question(page).getByRole('button', { name: 'Esci senza salvare' }).waitFor();
  await expect.poll(() => focusedText(page), { timeout: 10_000 }).toBe('Continua a modificare');
}

/** Opens a main menu entry (on a phone, from the navigation drawer). */
async function clickSidebarLink(page: Page, phone: boolean, name: string) {
  if (phone) await page.getByRole('button', { name: 'Apri menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name, exact: true }).click();
}

describe.each(Object.entries(VIEWPORTS))('unsaved changes on %s', (name, viewport) => {
  const phone = name === 'phone';

  it('asks before closing a dirty panel, keeps it on "Continua a modificare", closes a clean one at once', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      const club = await createClub(server.deps);
      await storeSession(page, server.url, club);
      // Reached through the sidebar, so "back" stays inside the app (a popstate, not a page load).
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await clickSidebarLink(page, phone, 'Gruppi');
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();

      // untouched: Escape closes at once
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      const groupPanel = page.getByRole('dialog', { name: 'Nuovo gruppo' });
      await groupPanel.getByLabel('Nome').waitFor();
      await page.keyboard.press('Escape');
      await groupPanel.waitFor({ state: 'hidden' });
      expect(await question(page).count()).toBe(0);

      // typed: Escape asks; the screenshot; "Continua a modificare" keeps the panel and the value
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      await groupPanel.getByLabel('Nome').fill('Direttivo');
      await page.keyboard.press('Escape');
      await expectQuestion(page);
      await page.screenshot({ path: `${SHOTS}/confirmation-${name}.png` });
      await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
      await question(page).waitFor({ state: 'hidden' });
      expect(await groupPanel.getByLabel('Nome').inputValue()).toBe('Direttivo');

      // Escape on the question closes the question only
      await page.keyboard.press('Escape');
      await expectQuestion(page);
      await page.keyboard.press('Escape');
      await question(page).waitFor({ state: 'hidden' });
      await groupPanel.waitFor();
      expect(await groupPanel.getByLabel('Nome').inputValue()).toBe('Direttivo');

      // "Annulla" asks too
      await groupPanel.getByRole('button', { name: 'Annulla' }).click();
      await expectQuestion(page);
      await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
      await question(page).waitFor({ state: 'hidden' });

      // back (the browser's) asks, and staying keeps the page, the panel and the value
      await page.goBack();
      await expectQuestion(page);
      await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
      await question(page).waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/groups');
      expect(await groupPanel.getByLabel('Nome').inputValue()).toBe('Direttivo');

      // × asks; "Esci senza salvare" closes it, and the next opening starts empty
      await groupPanel.getByRole('button', { name: 'Chiudi' }).click();
      await expectQuestion(page);
      await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
      await groupPanel.waitFor({ state: 'hidden' });
      await question(page).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      expect(await groupPanel.getByLabel('Nome').inputValue()).toBe('');
      await page.keyboard.press('Escape');
      await groupPanel.waitFor({ state: 'hidden' });

      // a save closes without asking
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      await groupPanel.getByLabel('Nome').fill('Direttivo');
      await groupPanel.getByLabel('Tipologia').selectOption({ label: 'Dirigente' });
      await groupPanel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.groupCreated).first().waitFor();
      await groupPanel.waitFor({ state: 'hidden' });
      expect(await question(page).count()).toBe(0);

      // the server refuses the same name and type: every typed value stays, and closing still asks
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      await groupPanel.getByLabel('Nome').fill('direttivo');
      await groupPanel.getByLabel('Tipologia').selectOption({ label: 'Dirigente' });
      await groupPanel.getByRole('button', { name: 'Salva' }).click();
      await groupPanel.getByText(MSG.groupNameTaken).first().waitFor();
      expect(await groupPanel.getByLabel('Nome').inputValue()).toBe('direttivo');
      expect(await groupPanel.getByLabel('Tipologia').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Dirigente');
      await page.keyboard.press('Escape');
      await expectQuestion(page);
      await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
      await groupPanel.waitFor({ state: 'hidden' });
    } finally {
      await browser.close();
    }
  });

  it('a page form with changes asks before a sidebar link leaves it', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      const club = await createClub(server.deps);
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/modifica-utente`);
      const firstname = page.getByLabel('Nome', { exact: true });
      await firstname.waitFor();
      const original = await firstname.inputValue();

      // untouched: the link leaves at once
      await clickSidebarLink(page, phone, 'Gruppi');
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      await page.goBack();
      await firstname.waitFor();

      // typed: the link asks; staying keeps the page and the value; leaving follows the link
      await firstname.fill(`${original} Maria`);
      await clickSidebarLink(page, phone, 'Gruppi');
      await expectQuestion(page);
      await page.screenshot({ path: `${SHOTS}/page-form-${name}.png` });
      await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
      await question(page).waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/modifica-utente');
      expect(await firstname.inputValue()).toBe(`${original} Maria`);
      await clickSidebarLink(page, phone, 'Gruppi');
      await expectQuestion(page);
      await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/groups');

      // the club's form: its "Annulla" link asks too when a field changed
      await page.goto(`${server.url}/modifica-club`);
      await page.getByRole('heading', { name: 'Modifica club', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Città (sede legale)' }).fill('Rimini');
      await page.getByRole('link', { name: 'Annulla', exact: true }).click();
      await expectQuestion(page);
      await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
      await page.waitForURL(`${server.url}/club`);
    } finally {
      await browser.close();
    }
  });
});
