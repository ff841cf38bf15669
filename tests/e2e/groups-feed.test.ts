// Groups, categories and the feed in a real browser against the real server, on a phone and on a desktop:
// validation messages (client and server), saving, the "Apri" links with tp, search, filters, sort, archive.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { chooseMenuItem, launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

/** Signs in a new club by storing its tokens, as a login does. */
async function signInNewClub(page: Page) {
  const club = await createClub(server.deps);
  await storeSession(page, server.url, club);
  return club;
}

/** The panel holding the form (the side panel is a dialog named by its title). */
const panel = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Titles of the feed's cards, in order. */
const cardTitles = (page: Page) => page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

// 30 s, as the pages' own waits: after a cold load under CI's load the cards came after more than 10 s.
async function waitForCards(page: Page, titles: string[]) {
  await expect.poll(() => cardTitles(page), { timeout: 30_000 }).toEqual(titles);
}

describe.each(Object.entries(VIEWPORTS))('groups, categories and feed on %s', (name, viewport) => {
  it('creates, validates, opens, searches, filters, sorts and archives', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signInNewClub(page);

      // --- groups: errors first, then a valid group
      await page.goto(`${server.url}/groups`);
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      await page.getByText('Non ci sono ancora gruppi').waitFor();
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      const groupPanel = panel(page, 'Nuovo gruppo');
      await groupPanel.getByRole('button', { name: 'Salva' }).click();
      await groupPanel.getByText(MSG.invalidFields).waitFor();
      await groupPanel.getByText(MSG.groupNameRequired).waitFor();
      await groupPanel.getByText(MSG.groupTypeRequired).waitFor();
      await groupPanel.getByLabel('Nome').fill('Staff tecnico');
      await groupPanel.getByLabel('Tipologia').selectOption({ label: 'Allenatori' });
      await groupPanel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.groupCreated).first().waitFor();
      await groupPanel.waitFor({ state: 'hidden' });
      await page.getByText('Staff tecnico', { exact: true }).waitFor();
      await page.getByLabel('Gruppi', { exact: true }).getByText('Allenatori').waitFor();

      // --- categories: name only; a second one with the same name is refused by the server, under the field
      await page.goto(`${server.url}/category`);
      await page.getByRole('heading', { name: 'Categorie', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Nuova categoria' }).click();
      let categoryPanel = panel(page, 'Nuova categoria');
      expect(await categoryPanel.getByLabel('Tipologia').count()).toBe(0);
      await categoryPanel.getByLabel('Nome').fill('Under 12');
      await categoryPanel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.categoryCreated).first().waitFor();
      await categoryPanel.waitFor({ state: 'hidden' });
      await page.getByText('Under 12', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Nuova categoria' }).click();
      categoryPanel = panel(page, 'Nuova categoria');
      await categoryPanel.getByLabel('Nome').fill('under 12');
      await categoryPanel.getByRole('button', { name: 'Salva' }).click();
      await categoryPanel.getByText(MSG.groupNameTaken).first().waitFor();
      // the typed name is not saved: closing asks first (issue 15)
      await categoryPanel.getByRole('button', { name: 'Chiudi' }).click();
      await page.getByRole('alertdialog', { name: 'Modifiche non salvate' }).getByRole('button', { name: 'Esci senza salvare' }).click();
      await categoryPanel.waitFor({ state: 'hidden' });

      // the category opens the athletes with tp = id_name
      await page.getByRole('link', { name: 'Apri Under 12' }).click();
      await page.waitForURL(/\/athlete\?tp=/);
      const categoryTp = new URL(page.url()).searchParams.get('tp');
      expect(categoryTp).toMatch(/^[0-9a-f-]{36}_Under 12$/);

      // the group opens the coaches with tp = its name
      await page.goto(`${server.url}/groups`);
      await page.getByRole('link', { name: 'Apri Staff tecnico' }).click();
      await page.waitForURL(/\/staff\/coach\?tp=/);
      expect(new URL(page.url()).searchParams.get('tp')).toBe('Staff tecnico');

      // --- feed: errors first, then two posts
      await page.goto(`${server.url}/feed`);
      await page.getByRole('heading', { name: 'Feed', level: 1 }).waitFor();
      await page.getByText('Non ci sono ancora post').waitFor();
      await page.getByRole('button', { name: 'Nuovo post' }).click();
      let postPanel = panel(page, 'Nuovo post');
      await postPanel.getByRole('button', { name: 'Salva' }).click();
      await postPanel.getByText(MSG.invalidFields).waitFor();
      await postPanel.getByText(MSG.postTitleRequired).waitFor();
      await postPanel.getByText(MSG.postCaptionRequired).waitFor();
      await postPanel.getByLabel('Titolo').fill('Allenamento spostato');
      await postPanel.getByLabel('Didascalia').fill('Giovedì ci alleniamo alle 18:30 sul campo 2.');
      await postPanel.getByLabel('Priorità').selectOption({ label: 'Urgente' });
      await postPanel.getByText('Staff tecnico · Allenatori').click();
      await postPanel.getByText('Under 12 · Atleti').click();
      await postPanel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.postCreated).first().waitFor();
      await postPanel.waitFor({ state: 'hidden' });
      await waitForCards(page, ['Allenamento spostato']);
      const card = page.getByRole('article', { name: 'Allenamento spostato' });
      await card.getByText('Urgente').waitFor();
      await card.getByText('Under 12', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Nuovo post' }).click();
      postPanel = panel(page, 'Nuovo post');
      await postPanel.getByLabel('Titolo').fill('Cena sociale');
      await postPanel.getByLabel('Didascalia').fill('Sabato sera in club house.');
      await postPanel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.postCreated).first().waitFor();
      await waitForCards(page, ['Cena sociale', 'Allenamento spostato']);

      // search (accents ignored), then clear
      await page.getByRole('searchbox', { name: 'Cerca nei post' }).fill('giovedi');
      await waitForCards(page, ['Allenamento spostato']);
      await page.getByRole('button', { name: 'Cancella ricerca' }).click();
      await waitForCards(page, ['Cena sociale', 'Allenamento spostato']);

      // filter by priority and by group, sort
      await page.getByLabel('Priorità', { exact: true }).selectOption({ label: 'Urgente' });
      await waitForCards(page, ['Allenamento spostato']);
      await page.getByLabel('Priorità', { exact: true }).selectOption({ label: 'Importante' });
      await page.getByText('Nessun post corrisponde ai filtri.').waitFor();
      await page.getByRole('button', { name: 'Azzera filtri' }).click();
      await waitForCards(page, ['Cena sociale', 'Allenamento spostato']);
      await page.getByLabel('Gruppo', { exact: true }).selectOption({ label: 'Staff tecnico · Allenatori' });
      await waitForCards(page, ['Allenamento spostato']);
      await page.getByLabel('Gruppo', { exact: true }).selectOption({ label: 'Tutti i gruppi' });
      await page.getByLabel('Ordina per', { exact: true }).selectOption({ label: 'Meno recenti' });
      await waitForCards(page, ['Allenamento spostato', 'Cena sociale']);
      await page.getByLabel('Ordina per', { exact: true }).selectOption({ label: 'Più recenti' });
      await waitForCards(page, ['Cena sociale', 'Allenamento spostato']);
      await page.getByLabel('Ordina per', { exact: true }).selectOption({ label: 'Priorità' });
      await waitForCards(page, ['Allenamento spostato', 'Cena sociale']);

      // edit keeps the values and saves the change
      await chooseMenuItem(page, page.getByRole('button', { name: 'Azioni per Cena sociale' }), 'Modifica');
      const editPanel = panel(page, 'Modifica post');
      expect(await editPanel.getByLabel('Didascalia').inputValue()).toBe('Sabato sera in club house.');
      await editPanel.getByLabel('Priorità').selectOption({ label: 'Importante' });
      await editPanel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.changesSaved).first().waitFor();
      await page.getByRole('article', { name: 'Cena sociale' }).getByText('Importante').waitFor();

      // archive: confirm, the card leaves the feed
      await chooseMenuItem(page, page.getByRole('button', { name: 'Azioni per Allenamento spostato' }), 'Archivia');
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(MSG.postArchiveConfirm).waitFor();
      await confirm.getByRole('button', { name: 'Archivia' }).click();
      await page.getByText(MSG.archived).first().waitFor();
      await waitForCards(page, ['Cena sociale']);
    } finally {
      await browser.close();
    }
  });
});
