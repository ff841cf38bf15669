// Coming back (issue 15 point 3) in a real browser, on a phone and on a desktop: last season's athlete, archived, is
// registered again from the archive ("Registra di nuovo", confirmed in a dialog); their page then shows the new
// active role beside the archived one, which is still in the archive, unchanged, now linking to the active record.
// Archived once more, they come back from their own page.
// A read-only collaborator is offered no such action. CAMPOBASE_SCREENSHOTS=<dir> saves pictures of each screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { archivePerson } from '../../server/modules/people/archive-person.service';
import { expectNoHorizontalScroll, launchBrowser, screenshot, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';


let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

/** Nothing wider than the window: no horizontal scroll on a phone. */
const shot = (page: Page, step: string, name: string, fullPage = true) => screenshot(page, `reregister-${step}-${name}`, { fullPage });

describe.each(Object.entries(VIEWPORTS))('coming back on %s', (name, viewport) => {
  it('registers an archived athlete again from the archive and shows both roles on their page', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Ritorni ${name}` });
    const ctx = await clubContext(server.deps, club);
    const athlete = await createPerson(ctx, 'athlete', {
      profile: { firstname: 'Martina', lastname: 'Colombo', typeGenderId: 2, birthday: '2011-05-12' },
      details: { healthCard: 'TS-2011' },
    });
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14', [athlete.roleId]);
    await archivePerson(ctx, 'athlete', athlete.roleId);
    const archivedBefore = await server.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: athlete.roleId } });

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);

      // --- the archive offers "Registra di nuovo", after a confirmation
      await page.goto(`${server.url}/archive`);
      await page.getByRole('heading', { name: 'Archiviati', level: 1 }).waitFor();
      await page.getByText('Martina Colombo').waitFor();
      await expectNoHorizontalScroll(page);
      await shot(page, '1-archive', name);
      await page.getByRole('button', { name: 'Registra di nuovo Martina Colombo' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Registra di nuovo Martina Colombo (atleta)' });
      await dialog.getByText(MSG.reregisterConfirm('Martina Colombo', 'Atleta')).waitFor();
      await shot(page, '2-confirm', name, false);
      await dialog.getByRole('button', { name: 'Registra di nuovo', exact: true }).click();
      await page.getByText(MSG.reregistered('Atleta')).first().waitFor();

      // --- then the new role's page: the active role beside the archived one, with its history
      await page.waitForURL(/\/persona\/[0-9a-f-]{36}$/);
      const newRoleId = page.url().split('/').pop()!;
      expect(newRoleId).not.toBe(athlete.roleId);
      await page.getByRole('heading', { name: 'Martina Colombo', level: 1 }).waitFor();
      await page.getByLabel('Ruoli attuali').getByText('Atleta').waitFor();
      const roles = page.getByRole('listitem', { name: 'Atleta' });
      await expect.poll(() => roles.count()).toBe(2);
      const archivedItem = roles.filter({ hasText: 'Archiviato' });
      await archivedItem.getByText(/^Dal \d{1,2} \p{L}+ \d{4} · archiviato il \d{1,2} \p{L}+ \d{4}$/u).waitFor();
      await archivedItem.getByText('Under 14').waitFor(); // last season's category stays with the archived role
      const activeItem = roles.filter({ hasNotText: 'Archiviato' });
      await activeItem.getByRole('button', { name: 'Modifica atleta' }).waitFor();
      await activeItem.getByText('In nessuna categoria').waitFor();
      // already back: no second "Registra di nuovo"
      expect(await page.getByRole('button', { name: /^Registra di nuovo/ }).count()).toBe(0);
      await page.getByRole('heading', { name: 'Modifiche' }).waitFor();
      await expectNoHorizontalScroll(page);
      await shot(page, '3-person', name);

      // --- the active list has them again; the archive keeps the archived record, linking to the active one
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('button', { name: 'Azioni per Martina Colombo' }).waitFor();
      await page.goto(`${server.url}/archive`);
      await page.getByText('Martina Colombo').waitFor();
      await page.getByText('1 record archiviato').waitFor();
      expect(await page.getByRole('button', { name: 'Registra di nuovo Martina Colombo' }).count()).toBe(0);
      await shot(page, '4-archive-after', name);
      await page.getByRole('link', { name: 'Apri il record attivo di Martina Colombo' }).click();
      await page.waitForURL(new RegExp(`/persona/${newRoleId}$`));
      await page.getByRole('heading', { name: 'Martina Colombo', level: 1 }).waitFor();

      // --- archived again, the person page offers it too: once, on the latest archived role
      await archivePerson(ctx, 'athlete', newRoleId);
      await page.reload();
      await page.getByRole('heading', { name: 'Martina Colombo', level: 1 }).waitFor();
      await expect.poll(() => roles.filter({ hasText: 'Archiviato' }).count()).toBe(2);
      const comeBack = page.getByRole('button', { name: 'Registra di nuovo come atleta' });
      await expect.poll(() => comeBack.count()).toBe(1);
      await comeBack.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Registra di nuovo', exact: true }).click();
      await page.waitForURL((url) => /\/persona\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(newRoleId));
      await expect.poll(() => roles.count()).toBe(3);
      await roles.filter({ hasNotText: 'Archiviato' }).getByRole('button', { name: 'Modifica atleta' }).waitFor();
      await shot(page, '5-person-again', name);
    } finally {
      await browser.close();
    }

    // the archived records themselves did not change
    expect(await server.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: athlete.roleId } })).toEqual(archivedBefore);
    expect(await server.deps.systemDb.personRole.count({ where: { personId: athlete.personId, kind: 'athlete', archivedAt: null } })).toBe(1);
  });
});

describe('a read-only collaborator', () => {
  it('finds no "Registra di nuovo" in the archive nor on the page', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Ritorni Lettura' });
    const ctx = await clubContext(server.deps, club);
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Elena', lastname: 'Ferri', typeGenderId: 2 } });
    await archivePerson(ctx, 'athlete', athlete.roleId);
    const reader = await addCollaborator(server.deps, club, 'lettura');

    const browser = await launchBrowser(VIEWPORTS.desktop);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, reader);
      await page.goto(`${server.url}/archive`);
      await page.getByText('Elena Ferri').waitFor();
      expect(await page.getByRole('button', { name: /^Registra di nuovo/ }).count()).toBe(0);
      await page.goto(`${server.url}/persona/${athlete.roleId}`);
      await page.getByRole('heading', { name: 'Elena Ferri', level: 1 }).waitFor();
      await page.getByRole('listitem', { name: 'Atleta' }).getByText('Archiviato', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /^Registra di nuovo/ }).count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
