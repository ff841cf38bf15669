// "Primi passi" on a new club's dashboard (issue 34 point 7), in a real browser against the real server, on a phone
// and on a desktop: the three steps with their links, ticked as the club's data shows them done, hidden for good
// with "Nascondi", and gone once every step is done. CAMPOBASE_SCREENSHOTS=/tmp/shots keeps a picture of each width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, launchBrowser, screenshot, storeSession, VIEWPORTS } from '../support/browser';
import { createClub, type TestClub } from '../support/factories';
import { clubContext, createPerson } from '../support/people-factories';
import { startLiveServer } from '../support/live-server';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const section = (page: Page) => page.getByRole('region', { name: 'Primi passi' });
const itemTexts = (page: Page) => section(page).getByRole('listitem').allInnerTexts();

describe.each(Object.entries(VIEWPORTS))('primi passi on a %s', (name, viewport) => {
  it('lists the three steps with their links, ticks what the data shows done, and goes once all are done', async () => {
    const club: TestClub = await createClub(server.deps, { fullName: `ASD Primi Passi ${name}` });
    const browser = await launchBrowser(viewport);
    try {
      const page = await browser.context.newPage();
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/dashboard`);
      await section(page).waitFor();
      await expect.poll(() => itemTexts(page)).toHaveLength(3);
      const items = await itemTexts(page);
      expect(items[0]).toContain('Importa le persone');
      expect(items[1]).toContain('Invita i collaboratori');
      expect(items[2]).toContain('Imposta la stagione');
      await expect.poll(() => section(page).getByText('0 di 3 completati').count()).toBe(1);
      expect(await section(page).getByRole('link', { name: 'Importa' }).getAttribute('href')).toBe('/import/athlete');
      expect(await section(page).getByRole('link', { name: 'Invita' }).getAttribute('href')).toBe('/collaboratori');
      expect(await section(page).getByRole('link', { name: 'Imposta' }).getAttribute('href')).toBe('/impostazioni');
      await expectNoHorizontalScroll(page);
      await screenshot(page, `first-steps-${viewport.width}`);

      // The club registers someone: the first step is ticked, its link gone.
      await createPerson(await clubContext(server.deps, club), 'athlete');
      await page.reload();
      await expect.poll(() => section(page).getByText('1 di 3 completati').count()).toBe(1);
      expect(await section(page).getByRole('link', { name: 'Importa' }).count()).toBe(0);
      expect((await itemTexts(page))[0]).toMatch(/^Importa le persone\s*: fatto/);

      // Every step done: no list at all.
      await server.deps.systemDb.collaboratorInvitation.create({
        data: { clubId: club.clubId, email: `invito-${name}@example.it`, role: 'segreteria', tokenHash: `hash-${name}-${Date.now()}`, expiresAt: new Date(Date.now() + 86_400_000) },
      });
      await server.deps.systemDb.club.update({ where: { id: club.clubId }, data: { seasonLabel: '2026/27' } });
      await page.reload();
      await page.getByRole('heading', { name: 'Aggiungi' }).waitFor();
      await expect.poll(() => section(page).count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});

it('"Nascondi" hides the list for good in this browser, before the steps are done', async () => {
  const club = await createClub(server.deps, { fullName: 'ASD Nasconde' });
  const browser = await launchBrowser(VIEWPORTS.desktop);
  try {
    const page = await browser.context.newPage();
    await storeSession(page, server.url, club);
    await page.goto(`${server.url}/dashboard`);
    await section(page).getByRole('button', { name: 'Nascondi' }).click();
    await expect.poll(() => section(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Aggiungi' }).waitFor();
    expect(await section(page).count()).toBe(0);
  } finally {
    await browser.close();
  }
});
