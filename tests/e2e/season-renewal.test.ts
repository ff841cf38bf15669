// The guided season renewal in a real browser (issue 35 point 3): a small club's categories show the birth dates
// they hold; on a phone the office runs the renewal and the athlete born on 31 December moves up a category while the
// one born a day later stays; on a wide screen it sees the last run and undoes it. Nothing wider than the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const noPageScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('season renewal', () => {
  it('runs a renewal at 375 px (categories moved) and undoes it at 1440 px', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Rinnovo E2E' });
    const ctx = await clubContext(server.deps, club);
    const db = server.deps.systemDb;
    const athlete = async (lastname: string, birthday: string) => (await createPerson(ctx, 'athlete', { profile: { firstname: 'Luca', lastname, birthday } })).roleId;
    const dicembre = await athlete('Dicembre', '2017-12-31');
    const gennaio = await athlete('Gennaio', '2018-01-01');
    const under10 = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 10', [dicembre, gennaio]);
    const under12 = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12');
    await db.group.update({ where: { id: under10.id }, data: { ageMax: 9 } });
    await db.group.update({ where: { id: under12.id }, data: { ageMax: 11 } });
    const socio = await createPerson(ctx, 'member', { profile: { firstname: 'Anna', lastname: 'Socia' } });
    await db.registerMember.create({ data: { clubId: club.clubId, personId: socio.personId, number: 1, admittedOn: new Date('2020-09-01') } });
    const categoryOf = async (roleId: string) => (await db.groupMember.findMany({ where: { roleId }, include: { group: true } })).map((m) => m.group.name);

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const browser = await launchBrowser(viewport);
      const page = await browser.context.newPage();
      page.setDefaultTimeout(20_000);
      try {
        await storeSession(page, server.url, club);
        await page.goto(`${server.url}/category`);
        const ages = page.getByRole('region', { name: 'Età delle categorie' });
        await ages.getByText('Under 10').first().waitFor();
        await ages.getByText(/nati dal \d\d\/\d\d\/\d{4} in poi/).first().waitFor();
        expect(await noPageScroll(page)).toBe(true);
        await page.screenshot({ path: `/tmp/brief/out/G-categories-${name}.png`, fullPage: true });

        await page.goto(`${server.url}/stagioni/rinnovo`);
        await page.getByRole('heading', { name: 'Rinnovo della stagione', level: 1 }).waitFor();
        const list = page.getByRole('list', { name: 'Persone da rinnovare' });
        const row = (who: string) => list.getByRole('listitem').filter({ hasText: who });
        if (name === 'phone') {
          await row('Dicembre').getByText('→ Under 12').waitFor();
          await row('Gennaio').getByText('→ Under 10').waitFor();
          await row('Socia').getByText('Socio n. 1').waitFor();
          // Only athletes: the socio's row leaves the list.
          await page.getByLabel('Chi').selectOption('athlete');
          await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
          await page.getByLabel('Chi').selectOption('');
          await page.getByLabel('Quota predefinita (€)').fill('30');
          expect(await noPageScroll(page)).toBe(true);
          await page.screenshot({ path: `/tmp/brief/out/G-renewal-${name}.png`, fullPage: true });
          await page.getByRole('button', { name: 'Esegui il rinnovo' }).click();
          const dialog = page.getByRole('alertdialog', { name: /Rinnovare per la stagione/ });
          await dialog.getByRole('button', { name: 'Esegui il rinnovo' }).click();
          await page.getByText(/Rinnovo eseguito: 1 socio rinnovato, 2 atleti confermati, 1 cambia categoria/).waitFor();
          await page.getByRole('region', { name: 'Ultimo rinnovo' }).waitFor();
          await page.screenshot({ path: `/tmp/brief/out/G-renewal-${name}-done.png`, fullPage: true });
          expect(await categoryOf(dicembre)).toEqual(['Under 12']);
          expect(await categoryOf(gennaio)).toEqual(['Under 10']);
          expect((await db.registerMemberSeason.findMany({ where: { clubId: club.clubId } })).map((r) => r.quotaCents)).toEqual([3000]);
        } else {
          const last = page.getByRole('region', { name: 'Ultimo rinnovo' });
          await last.getByText(/1 soci rinnovati, 2 atleti confermati, 1 cambiano categoria/).waitFor();
          expect(await noPageScroll(page)).toBe(true);
          await page.screenshot({ path: `/tmp/brief/out/G-renewal-${name}.png`, fullPage: true });
          await last.getByRole('button', { name: 'Annulla il rinnovo' }).click();
          await page.getByRole('alertdialog', { name: 'Annullare il rinnovo?' }).getByRole('button', { name: 'Annulla il rinnovo' }).click();
          await page.getByText('Rinnovo annullato: la stagione è tornata com’era prima.').waitFor();
          await last.waitFor({ state: 'detached' });
          await page.screenshot({ path: `/tmp/brief/out/G-renewal-${name}-undone.png`, fullPage: true });
          expect(await categoryOf(dicembre)).toEqual(['Under 10']);
          expect(await db.registerMemberSeason.count({ where: { clubId: club.clubId } })).toBe(0);
        }
      } catch (error) {
        await page.screenshot({ path: `/tmp/brief/out/G-failed-${name}.png`, fullPage: true }).catch(() => undefined);
        throw error;
      } finally {
        await browser.close();
      }
    }
  });
});
