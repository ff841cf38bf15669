// Export in a real browser against the real server, on a phone and on a desktop: the athletes list's "Esporta"
// menu saves every athlete (more than one page of 8) as CSV with the import template's columns; with a search the
// file holds only the matches; a role without export.run (lettura) sees no Esporta button.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importColumns } from '../../schema/import-columns';
import { chooseMenuItem, launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';
import { taxCodeFor } from '../support/tax-code-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

async function exportCsv(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), chooseMenuItem(page, page.getByRole('button', { name: 'Esporta', exact: true }), 'Esporta CSV')]);
  const text = (await readFile(await file.path())).toString('utf8');
  return { name: file.suggestedFilename(), lines: text.replace(/^\uFEFF/, '').trimEnd().split('\r\n') };
}

describe.each(Object.entries(VIEWPORTS))('export on %s', (name, viewport) => {
  it('saves every athlete as CSV with the template columns, and only the matches of a search', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Esportazioni ${name}` });
    const ctx = await clubContext(server.deps, club);
    const seed = name === 'phone' ? 300 : 400;
    for (let i = 0; i < 10; i++) {
      await createPerson(ctx, 'athlete', { profile: { firstname: `Atleta${i}`, lastname: `Export${String(i).padStart(2, '0')}`, taxIdCode: taxCodeFor(seed + i, 'XPR'), birthday: '2010-05-0' + ((i % 9) + 1) } });
    }
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await page.getByText('10 risultati').waitFor();
      // The header's buttons fit the phone's width: no horizontal scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const all = await exportCsv(page);
      expect(all.name).toMatch(/^athlete_\d{4}-\d{2}-\d{2}\.csv$/);
      expect(all.lines[0].split(';')).toEqual(importColumns('athlete').map((c) => c.header));
      expect(all.lines).toHaveLength(11); // more than one page of 8
      expect(all.lines[1]).toMatch(/^Atleta0;Export00;XPR/);
      expect(all.lines[1]).toContain(';01/05/2010;');

      await page.getByRole('searchbox').first().fill('export03');
      await page.getByText('1 risultato', { exact: true }).waitFor();
      const one = await exportCsv(page);
      expect(one.lines.slice(1).map((l) => l.split(';')[1])).toEqual(['Export03']);

      // A read-only collaborator has no Esporta.
      const reader = await addCollaborator(server.deps, club, 'lettura');
      const readerPage = await browser.context.browser()!.newContext({ viewport, locale: 'it-IT' }).then((c) => c.newPage());
      try {
        await storeSession(readerPage, server.url, reader);
        await readerPage.goto(`${server.url}/athlete`);
        await readerPage.getByText('10 risultati').waitFor();
        expect(await readerPage.getByRole('link', { name: 'Importa' }).count()).toBe(0);
        expect(await readerPage.getByRole('button', { name: 'Esporta', exact: true }).count()).toBe(0);
      } finally {
        await readerPage.context().close();
      }
    } finally {
      await browser.close();
    }
  });
});
