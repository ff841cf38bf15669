// A list's view lives in its address (issue 15), in a real browser on a phone and on a desktop: sort and search the
// athletes, go to page 2, reload and find the same view, the back button returns to page 1, "Vai alla pagina" jumps;
// on a desktop a column header sorts and says so (aria-sort). The archive sorts too; the feed keeps its filter and
// page across a reload. The groups sort by a column (a header on a desktop, Ordina per on a phone) and a reload or a
// link keeps the order; so do the categories.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';
import { createPost, createRole } from '../support/registry-factories';
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

// 30 s: the first poll often follows a cold page load, which took over 10 s under CI's load (an empty list then).
async function expectNames(page: Page, names: string[]) {
  await expect.poll(() => lastNames(page), { timeout: 30_000 }).toEqual(names);
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

// Groups whose name, type and member count orders all differ: by name Accoglienza, Consiglio, Fisioterapisti,
// Mister; by type (the kinds' order) Mister, Consiglio, Fisioterapisti, Accoglienza; by members 0, 1, 2, 3 people.
// Two categories: Under 10 with one athlete, Under 12 with two.
async function seedGroups() {
  const club = await createClub(server.deps);
  const ctx = await clubContext(server.deps, club);
  const groups = [
    { name: 'Accoglienza', type: 'voluntary', members: 3 },
    { name: 'Consiglio', type: 'manager', members: 0 },
    { name: 'Fisioterapisti', type: 'staff', members: 1 },
    { name: 'Mister', type: 'coach', members: 2 },
    { name: 'Under 10', type: 'athlete', members: 1 },
    { name: 'Under 12', type: 'athlete', members: 2 },
  ] as const;
  for (const g of groups) {
    const roles: string[] = [];
    for (let i = 0; i < g.members; i++) roles.push(await createRole(ctx, g.type, { lastname: `${g.name} ${i}` }));
    await createGroupWith(server.deps, club.clubId, g.type, g.name, roles);
  }
  return club;
}

/** The group names on screen, in order (each row's or card's "Apri" link names its group). */
const groupNames = (page: Page) =>
  page.getByRole('link', { name: /^Apri / }).evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')?.replace(/^Apri /, '') ?? ''));

async function expectGroups(page: Page, names: string[]) {
  await expect.poll(() => groupNames(page), { timeout: 30_000 }).toEqual(names);
}

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

  it('sorts the groups and the categories by a column; a reload, back and a link keep the order', async () => {
    const club = await seedGroups();
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/groups`);
      await expectGroups(page, ['Accoglienza', 'Consiglio', 'Fisioterapisti', 'Mister']);

      if (name === 'desktop') {
        // the Persone header sorts by the member count, then reverses it, and says which way
        await page.getByRole('button', { name: 'Persone: ordina in ordine crescente' }).click();
        await expectGroups(page, ['Consiglio', 'Fisioterapisti', 'Mister', 'Accoglienza']);
        expect(params(page)).toEqual({ ordina: 'meno-persone' });
        expect(await page.getByRole('columnheader', { name: /^Persone/ }).getAttribute('aria-sort')).toBe('ascending');
        await page.getByRole('button', { name: 'Persone: ordina in ordine decrescente' }).click();
      } else {
        await page.getByLabel('Ordina per').selectOption({ label: 'Persone: dal numero più basso' });
        await expectGroups(page, ['Consiglio', 'Fisioterapisti', 'Mister', 'Accoglienza']);
        expect(params(page)).toEqual({ ordina: 'meno-persone' });
        await page.getByLabel('Ordina per').selectOption({ label: 'Persone: dal numero più alto' });
      }
      await expectGroups(page, ['Accoglienza', 'Mister', 'Fisioterapisti', 'Consiglio']);
      expect(params(page)).toEqual({ ordina: 'piu-persone' });

      // a reload shows the same order, and says so
      await page.reload();
      await expectGroups(page, ['Accoglienza', 'Mister', 'Fisioterapisti', 'Consiglio']);
      await expect.poll(() => page.getByLabel('Ordina per').inputValue()).toBe('MEMBERS_DESC');
      if (name === 'desktop') {
        expect(await page.getByRole('columnheader', { name: /^Persone/ }).getAttribute('aria-sort')).toBe('descending');
        expect(await page.getByRole('columnheader', { name: /^Nome/ }).getAttribute('aria-sort')).toBe('none');
      }

      // back: the order before
      await page.goBack();
      await expectGroups(page, ['Consiglio', 'Fisioterapisti', 'Mister', 'Accoglienza']);

      // by type (the kinds' order), from the Tipologia header or Ordina per; a shared link opens the same order
      if (name === 'desktop') await page.getByRole('button', { name: 'Tipologia: ordina in ordine crescente' }).click();
      else await page.getByLabel('Ordina per').selectOption({ label: 'Tipologia' });
      await expectGroups(page, ['Mister', 'Consiglio', 'Fisioterapisti', 'Accoglienza']);
      expect(params(page)).toEqual({ ordina: 'tipologia' });
      const shared = await browser.context.newPage();
      await shared.goto(page.url());
      await expectGroups(shared, ['Mister', 'Consiglio', 'Fisioterapisti', 'Accoglienza']);
      await shared.close();

      // the categories: by members from their address, and no sort by type (they are all of athletes)
      await page.goto(`${server.url}/category?ordina=piu-persone`);
      await expectGroups(page, ['Under 12', 'Under 10']);
      await page.reload();
      await expectGroups(page, ['Under 12', 'Under 10']);
      const options = await page.getByLabel('Ordina per').locator('option').allTextContents();
      expect(options).toContain('Persone: dal numero più alto');
      expect(options.some((o) => o.startsWith('Tipologia'))).toBe(false);
    } finally {
      await browser.close();
    }
  });
});
