// Bulk actions on the people lists (issue 15) in a real browser, on a phone and on a desktop: select rows (with the
// keyboard too), "Associa a un gruppo" with its report and the group badges, "Rimuovi da un gruppo", "Archivia" two
// after the confirmation, and a read-only collaborator sees no checkboxes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub, type TestClub } from '../support/factories';
import { liveGql, startLiveServer } from '../support/live-server';
import { createLiveAthletes, createLiveGroup } from '../support/live-records';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const gql = <T = Record<string, any>>(club: TestClub, query: string, variables: Record<string, unknown>) => liveGql<T>(server.url, club, query, variables);

const NAMES = ['Alberti', 'Barbieri', 'Caruso', 'Conti', 'Fontana'];
async function createAthletes(club: TestClub) {
  await createLiveAthletes(server.url, club, NAMES);
}

const results = (page: Page, n: number) => page.getByText(n === 1 ? '1 risultato' : `${n} risultati`, { exact: true }).waitFor();
/** Ticks a checkbox the way a user does: a click on its box (the input itself is visually hidden). */
const tick = (page: Page, name: string) => page.getByRole('checkbox', { name }).locator('xpath=..').click();
const bar = (page: Page) => page.getByRole('region', { name: 'Azioni sulla selezione' });

describe.each(Object.entries(VIEWPORTS))('bulk actions on %s', (name, viewport) => {
  it('selects rows, assigns them to a group, archives two after the confirmation', async () => {
    const club = await createClub(server.deps);
    await createLiveGroup(server.url, club, 'Under 14');
    await createAthletes(club);

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await results(page, 5);

      // --- select three: two by click, one with the keyboard
      await tick(page, 'Seleziona Luca Alberti');
      await tick(page, 'Seleziona Luca Barbieri');
      const third = page.getByRole('checkbox', { name: 'Seleziona Luca Caruso' });
      await third.focus();
      await page.keyboard.press('Space');
      await bar(page).getByText('3 selezionati').waitFor();
      expect(await third.isChecked()).toBe(true);
      await page.screenshot({ path: `/tmp/bulk-shots/selection-${name}.png` });

      // --- "Associa a un gruppo": choose the group, confirm, see the report and the badges
      await bar(page).getByRole('button', { name: 'Associa a un gruppo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Associa 3 atleti a un gruppo' });
      await dialog.getByText('Under 14').click();
      await page.screenshot({ path: `/tmp/bulk-shots/assign-dialog-${name}.png` });
      await dialog.getByRole('button', { name: 'Associa', exact: true }).click();
      await page.getByText('3 atleti associati a Under 14').first().waitFor();
      await bar(page).waitFor({ state: 'detached' });
      await page.screenshot({ path: `/tmp/bulk-shots/assigned-${name}.png` });
      for (const lastname of ['Alberti', 'Barbieri', 'Caruso']) {
        const row = name === 'phone' ? page.getByRole('listitem').filter({ hasText: `Luca ${lastname}` }) : page.getByRole('row').filter({ hasText: `Luca ${lastname}` });
        await row.getByText('Under 14', { exact: true }).waitFor();
      }
      const members = await gql(club, `query { groups(types: [athlete]) { edges { node { name memberCount } } } }`, {});
      expect(members.groups.edges.map((e: any) => e.node)).toEqual([{ name: 'Under 14', memberCount: 3 }]);

      // --- "Rimuovi da un gruppo": one of them leaves Under 14
      await tick(page, 'Seleziona Luca Alberti');
      await bar(page).getByRole('button', { name: 'Rimuovi da un gruppo' }).click();
      const leave = page.getByRole('dialog', { name: 'Rimuovi 1 atleta da un gruppo' });
      await leave.getByText('Under 14').click();
      await leave.getByRole('button', { name: 'Rimuovi', exact: true }).click();
      await page.getByText('1 atleta rimosso da Under 14').first().waitFor();
      const after = await gql(club, `query { groups(types: [athlete]) { edges { node { memberCount } } } }`, {});
      expect(after.groups.edges[0].node.memberCount).toBe(2);

      // --- "Seleziona tutti", then "Annulla selezione"
      await tick(page, 'Seleziona tutti');
      await bar(page).getByText('5 selezionati').waitFor();
      await bar(page).getByRole('button', { name: 'Annulla selezione' }).click();
      await bar(page).waitFor({ state: 'detached' });

      // --- archive two, after the confirmation
      await tick(page, 'Seleziona Luca Conti');
      await tick(page, 'Seleziona Luca Fontana');
      await bar(page).getByRole('button', { name: 'Archivia' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(MSG.archiveConfirm).waitFor();
      await confirm.getByRole('button', { name: 'Archivia' }).click();
      await page.getByText('2 atleti archiviati').first().waitFor();
      await results(page, 3);
      const archived = await gql(club, `query { people(kind: athlete, archived: true) { totalCount } }`, {});
      expect(archived.people.totalCount).toBe(2);
    } finally {
      await browser.close();
    }
  });

  it('a read-only collaborator sees no checkboxes', async () => {
    const club = await createClub(server.deps);
    await createAthletes(club);
    const reader = await addCollaborator(server.deps, club, 'lettura');
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, reader);
      await page.goto(`${server.url}/athlete`);
      await results(page, 5);
      await page.getByText('Luca Alberti').first().waitFor();
      expect(await page.getByRole('checkbox').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
