// Possible duplicates in a real browser (issue 14 point 2): the office opens /duplicati from the profile menu, sees
// the two profiles side by side on a phone and on a wide screen, merges them keeping the one it chooses, and the
// list is then empty. A coach sees the page without the merge button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openProfileMenu, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';
import { withCheckCharacter } from '../support/tax-code-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe('possible duplicates', () => {
  it('lists the pair side by side at 375 and 1440 px, merges it keeping the chosen profile, then shows none', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Doppioni E2E' });
    const ctx = await clubContext(server.deps, club);
    const older = await createPerson(ctx, 'athlete', {
      profile: { firstname: 'Chiara', lastname: 'Fontana', birthday: '2013-04-20', taxIdCode: withCheckCharacter('FNTCHR13D60H501'), typeGenderId: 2 },
    });
    const newer = await createPerson(ctx, 'member', {
      profile: { firstname: 'Chiara', lastname: 'Fontana', birthday: '2013-04-20', taxIdCode: withCheckCharacter('FNTCHR13D60H502'), typeGenderId: 2 },
    });

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const browser = await launchBrowser(viewport);
      const page = await browser.context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await storeSession(page, server.url, club);
        await page.goto(`${server.url}/dashboard`);
        await openProfileMenu(page);
        await page.getByRole('menuitem', { name: 'Possibili duplicati' }).click();
        await page.waitForURL(/\/duplicati$/);
        await page.getByRole('heading', { name: 'Possibili duplicati', level: 1 }).waitFor();
        const card = page.getByRole('listitem').filter({ hasText: 'Stesso nome e data di nascita' });
        await card.getByText('Codice fiscale quasi uguale').waitFor();
        await card.getByLabel(/Primo profilo: Chiara Fontana/).getByText('Atleta').waitFor();
        await card.getByLabel(/Secondo profilo: Chiara Fontana/).getByText('Socio').waitFor();
        // side by side on a wide screen, one above the other on a phone; nothing wider than the screen
        const [first, second] = [await card.getByLabel(/Primo profilo/).boundingBox(), await card.getByLabel(/Secondo profilo/).boundingBox()];
        if (name === 'desktop') expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
        else expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `/tmp/duplicati-${name}.png`, fullPage: true });
        if (name === 'phone') {
          await card.getByRole('button', { name: /^Unisci/ }).click();
          const dialog = page.getByRole('dialog', { name: 'Unisci i due profili' });
          await dialog.getByText('Cosa succede').waitFor();
          await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot
          await page.screenshot({ path: `/tmp/duplicati-${name}-dialog.png`, fullPage: false });
          await dialog.getByRole('button', { name: 'Annulla' }).click();
          await dialog.waitFor({ state: 'hidden' });
        }
      } finally {
        await browser.close();
      }
    }

    const browser = await launchBrowser(VIEWPORTS.desktop);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/duplicati`);
      await page.getByRole('button', { name: 'Unisci Chiara Fontana e Chiara Fontana' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unisci i due profili' });
      // keep the newer profile (the member) this time: the athlete role moves to it
      await dialog.locator('label').filter({ hasText: newer.taxIdCode }).click();
      expect(await dialog.getByRole('radio', { name: new RegExp(newer.taxIdCode) }).isChecked()).toBe(true);
      await dialog.getByText('Atleta: il ruolo passa al profilo che resta.').waitFor();
      await page.screenshot({ path: '/tmp/duplicati-desktop-dialog.png' });
      await dialog.getByRole('button', { name: 'Unisci profili' }).click();
      await page.getByText('Profili uniti: ora Chiara Fontana ha un solo profilo.').first().waitFor();
      await page.getByText('Nessun possibile duplicato').waitFor();
    } finally {
      await browser.close();
    }
    expect(await server.deps.systemDb.person.findUnique({ where: { id: older.personId } })).toBeNull();
    const roles = await server.deps.systemDb.personRole.findMany({ where: { personId: newer.personId }, orderBy: { kind: 'asc' } });
    expect(roles.map((r) => r.kind)).toEqual(['athlete', 'member']);
  });

  it('a coach sees the page from the menu, without the merge button', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Doppioni Allenatore' });
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    const browser = await launchBrowser(VIEWPORTS.phone);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/duplicati`);
      await page.getByText('Solo la segreteria, il titolare e gli amministratori possono unire i profili.').waitFor();
      await page.getByText('Nessun possibile duplicato').waitFor();
      expect(await page.getByRole('button', { name: /^Unisci/ }).count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
