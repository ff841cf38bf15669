// A list's view lives in its address (issue 15), in a real browser on a phone and on a desktop: sort and search the
// athletes, go to page 2, reload and find the same view, the back button returns to page 1, "Vai alla pagina" jumps;
// on a desktop a column header sorts and says so (aria-sort). The archive sorts too; the feed keeps its filter and
// page across a reload.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';
import { createPost } from '../support/registry-factories';
import { withCheckCharacter } from '../support/tax-code-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

// 20 athletes: last names Aatleta..Tatleta, tax codes starting with the letters in reverse (so sorting by tax code
// reverses the names); every fourth is called Marco (the search), the others Luca.
const LETTERS = 'ABCDEFGHIJKLMNOPQRST';
async function seedClub() {
  const club = await createClub(server.deps);
  const ctx = await clubContext(server.deps, club);
  for (const [i, letter] of [...LETTERS].entries()) {
    const reverse = LETTERS[LETTERS.length - 1 - i];
    await createPerson(ctx, 'athlete', {
      profile: { firstname: i % 4 === 0 ? 'Marco' : 'Luca', lastname: `${letter}atleta`, taxIdCode: withCheckCharacter(`${reverse}${reverse}XLCU10A01F205`) },
    });
  }
  for (const [i, title] of ['Uno', 'Due', 'Tre', 'Quattro', 'Cinque', 'Sei', 'Sette', 'Otto', 'Nove', 'Dieci'].entries()) {
    await createPost(ctx, { title, caption: 'Testo', priority: i % 2 });
  }
  return club;
}

/** The last names on screen, in order (the table's rows or the phone's cards). */
const lastNames = (page: Page) =>
  page.getByRole('button', { name: /^(Luca|Marco) [A-T]atleta$/ }).evaluateAll((buttons) => buttons.map((b) => b.textContent?.split(' ')[1] ?? ''));

async function expectNames(page: Page, names: string[]) {
  await expect.poll(() => lastNames(page), { timeout: 10_000 }).toEqual(names);
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe.each(Object.entries(VIEWPORTS))('list views in the address on %s', (name, viewport) => {
  it('sorts, searches and pages the athletes; a reload, back and a jump keep or restore the view', async () => {
    const club = await seedClub();
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/athlete`);
      await page.getByText('20 risultati', { exact: true }).waitFor();
      await expectNames(page, [...'ABCDEFGH'].map((l) => `${l}atleta`));

      // by tax code, going up: Tatleta's code starts with A
      await page.getByLabel('Ordina per').selectOption({ label: 'Codice fiscale (A-Z)' });
      await expectNames(page, [...'TSRQPONM'].map((l) => `${l}atleta`));
      expect(params(page)).toEqual({ ordina: 'codice-fiscale' });

      await page.getByRole('button', { name: 'Successiva' }).click();
      await page.getByText('Pagina 2 di 3').waitFor();
      await expectNames(page, [...'LKJIHGFE'].map((l) => `${l}atleta`));
      expect(params(page)).toEqual({ ordina: 'codice-fiscale', pagina: '2' });

      // a reload shows the same page of the same order
      await page.reload();
      await page.getByText('Pagina 2 di 3').waitFor();
      await expectNames(page, [...'LKJIHGFE'].map((l) => `${l}atleta`));
      await expect.poll(() => page.getByLabel('Ordina per').inputValue()).toBe('TAX_CODE');

      // back: page 1 of the same order
      await page.goBack();
      await page.getByText('Pagina 1 di 3').waitFor();
      await expectNames(page, [...'TSRQPONM'].map((l) => `${l}atleta`));

      // jump straight to page 3
      await page.getByLabel('Vai alla pagina').fill('3');
      await page.getByRole('button', { name: 'Vai', exact: true }).click();
      await page.getByText('Pagina 3 di 3').waitFor();
      await expectNames(page, [...'DCBA'].map((l) => `${l}atleta`));

      // a search goes back to page 1 and keeps the sort; a shared link opens the same view in a new tab
      await page.getByRole('searchbox', { name: 'Cerca atleti' }).or(page.getByLabel('Cerca atleti')).first().fill('marco');
      await page.getByText('5 risultati', { exact: true }).waitFor();
      await expectNames(page, ['Qatleta', 'Matleta', 'Iatleta', 'Eatleta', 'Aatleta']);
      expect(params(page)).toEqual({ ordina: 'codice-fiscale', q: 'marco' });
      const shared = await browser.context.newPage();
      await shared.goto(page.url());
      await expectNames(shared, ['Qatleta', 'Matleta', 'Iatleta', 'Eatleta', 'Aatleta']);
      await shared.close();

      if (name === 'desktop') {
        // the Nome header sorts by name, then reverses it, and says which way
        await page.getByRole('button', { name: 'Nome: ordina in ordine crescente' }).click();
        await expectNames(page, ['Aatleta', 'Eatleta', 'Iatleta', 'Matleta', 'Qatleta']);
        await page.getByRole('button', { name: 'Nome: ordina in ordine decrescente' }).click();
        await expectNames(page, ['Qatleta', 'Matleta', 'Iatleta', 'Eatleta', 'Aatleta']);
        expect(await page.getByRole('columnheader', { name: /^Nome/ }).getAttribute('aria-sort')).toBe('descending');
      }

      // the archive sorts the same way, in its address too
      await server.deps.systemDb.personRole.updateMany({
        where: { clubId: club.clubId, person: { lastname: { in: ['Batleta', 'Catleta'] } } },
        data: { archivedAt: new Date(), isActive: false },
      });
      await page.goto(`${server.url}/archive?tipo=athlete`);
      await page.getByText('2 record archiviati').waitFor();
      await page.getByLabel('Ordina per').selectOption({ label: 'Nome (Z-A)' });
      await expect.poll(() => page.getByRole('table', { name: 'Atleti archiviati' }).or(page.getByRole('list', { name: 'Atleti archiviati' })).innerText()).toMatch(/Catleta[\s\S]*Batleta/);
      expect(params(page)).toEqual({ tipo: 'athlete', ordina: 'nome-za' });

      // the feed: a priority filter and page 2 survive a reload
      await page.goto(`${server.url}/feed?priorita=1`);
      await page.getByRole('heading', { name: 'Feed', level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('article').count()).toBe(5);
      await page.goto(`${server.url}/feed?pagina=2`);
      await page.getByText('Pagina 2 di 2').waitFor();
      await expect.poll(() => page.getByRole('article').count()).toBe(2);
      await page.reload();
      await page.getByText('Pagina 2 di 2').waitFor();
    } finally {
      await browser.close();
    }
  });
});
