// Where the keyboard focus goes (issue 34 point 4), on a phone and a desktop, driven from the keyboard: a panel or
// dialog that closes (Escape, "Annulla", "Esci senza salvare", saved) gives the focus back to what opened it, a
// row menu's entry to that row's menu button; the pager keeps it on the button pressed, or on the page's heading
// when that button is now disabled; a failed submit puts it on the first wrong field (sign-in, person, group,
// club); a table that scrolls inside its box (the import preview) is reached with Tab and scrolled with the arrows.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { launchBrowser, openMenu, storeSession, VIEWPORTS } from '../support/browser';
import { createClub, type TestClub } from '../support/factories';
import { scrollingPreviewCsv } from '../support/import-factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let dir: string;
beforeAll(async () => {
  server = await startLiveServer();
  dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-focus-e2e-'));
});
afterAll(() => server?.close());

/** A club with 17 athletes: three pages of 8. */
async function clubWithAthletes(fullName: string): Promise<TestClub> {
  const club = await createClub(server.deps, { fullName });
  const ctx = await clubContext(server.deps, club);
  for (let i = 1; i <= 17; i++) {
    await createPerson(ctx, 'athlete', { profile: { firstname: `Atleta${String(i).padStart(2, '0')}`, lastname: 'Fuoco' } });
  }
  return club;
}

/** Whether `locator` holds the focus now (polled: focus moves after animations and renders). */
const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement).catch(() => false);
const expectFocused = (locator: Locator) => expect.poll(() => hasFocus(locator), { timeout: 10_000 }).toBe(true);
/** What holds the focus, for a failure's message. */
const focusedElement = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? null);

/** Opens with the keyboard: the focus on `opener`, then Enter. */
async function pressOpen(opener: Locator) {
  await opener.focus();
  await opener.press('Enter');
}

describe.each(Object.entries(VIEWPORTS))('focus on %s', (name, viewport) => {
  it('a closed panel or dialog gives the focus back to what opened it: Escape, Annulla, "Esci senza salvare", saved', async () => {
    const club = await clubWithAthletes(`ASD Fuoco Pannelli ${name}`);
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/groups`);
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      const newGroup = page.getByRole('button', { name: 'Nuovo gruppo' });
      const panel = page.getByRole('dialog', { name: 'Nuovo gruppo' });
      const question = page.getByRole('alertdialog', { name: 'Modifiche non salvate' });

      // Escape on an untouched panel
      await pressOpen(newGroup);
      await panel.getByLabel('Nome').waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      await expectFocused(newGroup);

      // "Annulla" on an untouched panel
      await pressOpen(newGroup);
      await panel.getByRole('button', { name: 'Annulla' }).click();
      await panel.waitFor({ state: 'hidden' });
      await expectFocused(newGroup);

      // typed, Escape, "Esci senza salvare" (the question and the panel close together)
      await pressOpen(newGroup);
      await panel.getByLabel('Nome').fill('Direttivo');
      await page.keyboard.press('Escape');
      await question.getByRole('button', { name: 'Esci senza salvare' }).click();
      await panel.waitFor({ state: 'hidden' });
      await question.waitFor({ state: 'hidden' });
      await expectFocused(newGroup);

      // typed, "Annulla", "Esci senza salvare"
      await pressOpen(newGroup);
      await panel.getByLabel('Nome').fill('Direttivo');
      await panel.getByRole('button', { name: 'Annulla' }).click();
      await question.getByRole('button', { name: 'Esci senza salvare' }).click();
      await panel.waitFor({ state: 'hidden' });
      await expectFocused(newGroup);

      // saved
      await pressOpen(newGroup);
      await panel.getByLabel('Nome').fill('Direttivo');
      await panel.getByLabel('Tipologia').selectOption({ label: 'Dirigente' });
      await panel.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.groupCreated).first().waitFor();
      await panel.waitFor({ state: 'hidden' });
      await expectFocused(newGroup);

      // a row menu's "Modifica": back on that row's menu button once the panel closes
      await page.goto(`${server.url}/athlete`);
      const rowMenu = page.getByRole('button', { name: 'Azioni per Atleta01 Fuoco' });
      await openMenu(page, rowMenu);
      await page.getByRole('menuitem', { name: 'Modifica' }).click();
      const edit = page.getByRole('dialog').filter({ has: page.getByLabel('Nome', { exact: true }) });
      await edit.getByLabel('Nome', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'hidden' });
      await expectFocused(rowMenu);

      // the archive question, cancelled
      await openMenu(page, rowMenu);
      await page.getByRole('menuitem', { name: 'Archivia' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Annulla' }).waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      await expectFocused(rowMenu);

      // a centred dialog (the dashboard's quick link)
      await page.goto(`${server.url}/dashboard`);
      const quick = page.getByRole('button', { name: 'Nuovo atleta', exact: true });
      await pressOpen(quick);
      const dialog = page.getByRole('dialog', { name: 'Nuovo atleta' });
      await dialog.getByLabel('Nome', { exact: true }).fill('Marta');
      await page.keyboard.press('Escape');
      await question.getByRole('button', { name: 'Esci senza salvare' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectFocused(quick);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nfocused: ${await focusedElement(page)}`, { cause: error });
    } finally {
      await browser.close();
    }
  });

  it('the pager keeps the focus on the button pressed, or on the heading when that button is now disabled', async () => {
    const club = await clubWithAthletes(`ASD Fuoco Pagine ${name}`);
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/athlete`);
      const pager = page.getByRole('navigation', { name: 'Paginazione' });
      const next = pager.getByRole('button', { name: 'Successiva' });
      const prev = pager.getByRole('button', { name: 'Precedente' });
      await pager.getByText('Pagina 1 di 3').waitFor();

      await pressOpen(next);
      await pager.getByText('Pagina 2 di 3').waitFor();
      await page.getByRole('button', { name: 'Atleta09 Fuoco' }).first().waitFor();
      await expectFocused(next);

      // the last page: "Successiva" is disabled now, the heading above the new rows has the focus
      await next.press('Enter');
      await pager.getByText('Pagina 3 di 3').waitFor();
      await page.getByRole('button', { name: 'Atleta17 Fuoco' }).first().waitFor();
      expect(await next.isDisabled()).toBe(true);
      await expectFocused(page.getByRole('heading', { name: 'Atleti', level: 1 }));

      await pressOpen(prev);
      await pager.getByText('Pagina 2 di 3').waitFor();
      await expectFocused(prev);
      await prev.press('Enter');
      await pager.getByText('Pagina 1 di 3').waitFor();
      await expectFocused(page.getByRole('heading', { name: 'Atleti', level: 1 }));
    } catch (error) {
      throw new Error(`${(error as Error).message}\nfocused: ${await focusedElement(page)}`, { cause: error });
    } finally {
      await browser.close();
    }
  });

  it('a failed submit puts the focus on the first wrong field: sign-in, person, group, club', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Fuoco Moduli ${name}` });
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      // sign-in, empty
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.getByText(MSG.credentialsRequired).first().waitFor();
      await expectFocused(page.getByLabel('Email'));
      // only the password missing: the password
      await page.getByLabel('Email').fill(club.email);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await expectFocused(page.getByLabel('Password', { exact: true }));

      await storeSession(page, server.url, club);
      // the person form, empty: "Nome" (the button that submitted keeps nothing)
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('button', { name: 'Nuovo', exact: true }).click();
      const person = page.getByRole('dialog', { name: 'Nuovo atleta' });
      await person.getByRole('button', { name: 'Salva' }).click();
      await person.locator('[data-part="error-text"]:visible').first().waitFor();
      await expectFocused(person.getByLabel('Nome', { exact: true }));
      // with a name, the next wrong one: "Cognome"
      await person.getByLabel('Nome', { exact: true }).fill('Lia');
      await person.getByRole('button', { name: 'Salva' }).click();
      await expectFocused(person.getByLabel('Cognome', { exact: true }));
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog', { name: 'Modifiche non salvate' }).getByRole('button', { name: 'Esci senza salvare' }).click();
      await person.waitFor({ state: 'hidden' });

      // the group form, empty
      await page.goto(`${server.url}/groups`);
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      const group = page.getByRole('dialog', { name: 'Nuovo gruppo' });
      await group.getByRole('button', { name: 'Salva' }).click();
      await expectFocused(group.getByLabel('Nome'));
      await group.getByLabel('Nome').fill('Direttivo');
      await group.getByRole('button', { name: 'Salva' }).click();
      await expectFocused(group.getByLabel('Tipologia'));
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog', { name: 'Modifiche non salvate' }).getByRole('button', { name: 'Esci senza salvare' }).click();

      // the club's form, its name emptied
      await page.goto(`${server.url}/modifica-club`);
      const clubName = page.getByRole('textbox', { name: 'Nome della società' });
      await clubName.fill('');
      await page.getByRole('button', { name: 'Salva', exact: true }).click();
      await expectFocused(clubName);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nfocused: ${await focusedElement(page)}`, { cause: error });
    } finally {
      await browser.close();
    }
  });

  it('the import preview tables scroll inside their box and are reached with Tab, scrolled with the arrows', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Fuoco Anteprima ${name}` });
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('filechooser', () => undefined);
    try {
      await storeSession(page, server.url, club);
      const file = path.join(dir, `anteprima-${name}.csv`);
      await writeFile(file, scrollingPreviewCsv(name === 'phone' ? 300 : 400));
      await page.goto(`${server.url}/import/athlete`);
      await page.getByRole('heading', { name: 'Importa atleti', level: 1 }).waitFor();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Trascina qui il file oppure scegline uno' }).click()]);
      await chooser.setFiles(file);
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByRole('heading', { name: '2. Anteprima' }).waitFor();

      // from the preview's heading, Tab reaches each table; End scrolls it to its last row
      for (const label of ['Righe non valide', 'Persone che cambiano']) {
        const region = page.getByRole('region', { name: label, exact: true });
        expect(await region.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
        await page.getByRole('heading', { name: '2. Anteprima' }).click();
        let presses = 0;
        while (!(await hasFocus(region)) && presses < 40) {
          await page.keyboard.press('Tab');
          presses++;
        }
        await expectFocused(region);
        await page.keyboard.press('End');
        await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\nfocused: ${await focusedElement(page)}`, { cause: error });
    } finally {
      await browser.close();
    }
  });
});
