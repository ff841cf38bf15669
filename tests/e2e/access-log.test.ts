// The access log in a real browser against the real server, on a phone and on a desktop: the owner opens
// "Registro accessi" from the user menu, sees who did what (cards on a phone, a table on a desktop), pages, filters
// by action and period (with the empty state), exports the filtered log as CSV; a person's record shows who changed
// it ("Modifiche"); a read-only collaborator has no such menu entry and the page refuses them.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSeason } from '../../server/modules/seasons/seasons.service';
import { followProfileMenu, launchBrowser, profileMenuEntries, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { rest } from '../support/http';
import { startLiveServer } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;

describe.each(Object.entries(VIEWPORTS))('access log on %s', (name, viewport) => {
  it('lists, pages, filters and exports the log; a person shows who changed it; other roles are refused', async () => {
    const owner = await createClub(server.deps, { fullName: `ASD Registro ${name}`, firstname: 'Olga', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, owner);
    // The season the app's top bar asks for is created on first need, with a line of its own: made first, so the
    // lines below are the newest.
    await currentSeason(ctx);
    // 27 people saved (27 lines: more than a page of 25) and a failed sign-in with the owner's email.
    for (let i = 0; i < 26; i++) await createPerson(ctx, 'athlete', { profile: { firstname: 'Atleta', lastname: `Numero ${String(i).padStart(2, '0')}` } });
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Mario', lastname: 'Rossi' }, details: { allergies: 'Graminacee' } });
    await rest(server.app, '/login', { email: owner.email, password: 'password-sbagliata' }, undefined, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0' });
    await server.deps.accessLog.flush();

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, owner);
      await page.goto(`${server.url}/dashboard`);
      expect(await profileMenuEntries(page)).toContain('Registro accessi');
      await followProfileMenu(page, 'Registro accessi', /^\/registro-accessi$/);
      await page.getByRole('heading', { name: 'Registro accessi', level: 1 }).waitFor();

      // Newest first: the failed sign-in, then Mario's creation, by the owner.
      if (name === 'phone') {
        const cards = page.getByRole('list', { name: 'Registro accessi' }).getByRole('listitem');
        await cards.first().waitFor();
        expect(await cards.count()).toBe(25);
        await expect(cards.first().innerText()).resolves.toContain('Accesso non riuscito');
        await expect(cards.nth(1).innerText()).resolves.toMatch(/Creazione[\s\S]*Mario Rossi[\s\S]*Olga Titolare/);
      } else {
        const rows = page.getByRole('table').getByRole('row');
        await rows.nth(1).waitFor();
        expect(await rows.count()).toBe(26); // the header and 25 lines
        await expect(rows.nth(1).innerText()).resolves.toMatch(/Accesso non riuscito[\s\S]*Firefox su Windows/);
        await expect(rows.nth(2).innerText()).resolves.toMatch(/Creazione[\s\S]*Mario Rossi[\s\S]*Olga Titolare/);
      }
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/access-log-${name}.png`, fullPage: name === 'desktop' });
        if (name === 'phone') {
          await page.getByRole('list', { name: 'Registro accessi' }).getByRole('listitem').nth(1).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/access-log-cards-${name}.png` });
        }
      }

      // The next page holds the rest.
      await page.getByText('Pagina 1 di 2').waitFor();
      await page.getByRole('button', { name: 'Successiva' }).click();
      await page.getByText('Pagina 2 di 2').waitFor();
      await page.getByText('Atleta Numero 00').waitFor();

      // Filters: only sign-ins; then a period with nothing in it (the empty state clears them).
      await page.getByLabel('Azione', { exact: true }).selectOption({ label: 'Accessi e tentativi' });
      await page.getByText('Accesso non riuscito', { exact: true }).first().waitFor();
      await page.getByText('Mario Rossi').waitFor({ state: 'hidden' });
      await page.getByLabel('Dal', { exact: true }).fill('2020-01-01');
      await page.getByLabel('Al', { exact: true }).fill('2020-01-31');
      await page.getByText('Nessuna voce corrisponde ai filtri scelti.').waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/access-log-empty-${name}.png`, fullPage: name === 'desktop' });
      await page.getByRole('button', { name: 'Cancella filtri' }).click();
      await page.getByText('Mario Rossi').first().waitFor();

      // Export: the filtered log as CSV (here: the words "Mario Rossi").
      await page.getByLabel('Cerca nel registro').fill('Mario Rossi');
      await page.getByText('Atleta Numero 25').waitFor({ state: 'hidden' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^registro-accessi-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(csv[0]).toBe('Data;Azione;Chi;Email;Tipo;Cosa;Dettaglio;Identificativo;Indirizzo IP;Dispositivo');
      expect(csv.slice(1).filter((row) => !row.includes('Mario Rossi'))).toEqual([]);

      // Mario's record: "Modifiche" says who created him; the link opens his lines in the log.
      await page.goto(`${server.url}/athlete`);
      await page.getByLabel('Cerca atleti').fill('Rossi');
      await page.getByRole('button', { name: 'Mario Rossi', exact: true }).click();
      const changes = page.getByRole('region', { name: 'Modifiche' });
      await changes.getByText('Creazione').waitFor();
      await changes.getByText('Olga Titolare').waitFor();
      if (SHOTS) {
        await changes.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/person-changes-${name}.png` });
      }
      // Opening the record read his allergies: written to the log by the buffer (now, rather than within a second).
      await server.deps.accessLog.flush();
      await changes.getByRole('link', { name: 'Vedi tutto nel registro accessi' }).click();
      await page.waitForURL(/\/registro-accessi\?person=/);
      await page.getByText('Persona: Mario Rossi').waitFor();
      // His allergies were read when the record opened: a health-data read by the owner.
      await page.getByText('Lettura dati sanitari', { exact: true }).first().waitFor();
    } finally {
      await browser.close();
    }

    // A read-only collaborator: no menu entry, and the address refuses them.
    const reader = await addCollaborator(server.deps, owner, 'lettura');
    const readerBrowser = await launchBrowser(viewport);
    const other = await readerBrowser.context.newPage();
    other.setDefaultTimeout(15_000);
    try {
      await storeSession(other, server.url, reader);
      await other.goto(`${server.url}/dashboard`);
      expect(await profileMenuEntries(other)).not.toContain('Registro accessi');
      await other.goto(`${server.url}/registro-accessi`);
      await other.getByText(/Non hai i permessi per questa pagina|Solo il titolare e gli amministratori/).first().waitFor();
      await expect(other.getByRole('table').count()).resolves.toBe(0);
    } finally {
      await readerBrowser.close();
    }
  });
});
