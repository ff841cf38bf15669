// The import screen (/import/{type}) in a real browser against the real server, on a phone and on a desktop:
// "Continua" without a file, both templates, a filled workbook with one invalid row (the preview's counts and the
// error), the file fixed and uploaded again, the mode, the confirmation and the import, the people in the athletes
// list, the same file again (nothing new), the history; an unknown type is the app's 404.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../schema/import-columns';
import { MSG } from '../../schema/messages';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { taxCodeFor } from '../support/tax-code-factories';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let dir: string;
beforeAll(async () => {
  server = await startLiveServer();
  dir = await mkdtemp(path.join(os.tmpdir(), 'campobase-import-e2e-'));
});
afterAll(() => server?.close());

const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;

/** The people of the file: three valid athletes, and one whose tax code has a wrong check character. */
function people(seed: number) {
  const rows = [
    { firstname: 'Giulia', lastname: 'Verdi', cf: taxCodeFor(seed + 1, 'VRD', { female: true }), gender: 'F', birthday: '15/03/2010' },
    { firstname: 'Marco', lastname: 'Neri', cf: taxCodeFor(seed + 2, 'NRE'), gender: 'M', birthday: '2011-06-01' },
    { firstname: 'Sara', lastname: 'Galli', cf: taxCodeFor(seed + 3, 'GLL', { female: true }), gender: 'Femmina', birthday: '01/09/2009' },
  ];
  const good = taxCodeFor(seed + 4, 'BRN');
  const wrongCheck = good.slice(0, 15) + (good[15] === 'A' ? 'B' : 'A');
  return { rows, invalid: { firstname: 'Luca', lastname: 'Bruno', cf: wrongCheck, gender: 'M', birthday: '20/02/2012' }, fixed: good };
}

/** The template's headers filled with `rows` under Nome, Cognome, Codice fiscale, Sesso, Data di nascita. */
function fill(headers: string[], rows: { firstname: string; lastname: string; cf: string; gender: string; birthday: string }[]) {
  const at = (header: string) => {
    const i = headers.indexOf(header);
    if (i < 0) throw new Error(`the template has no ${header} column`);
    return i;
  };
  return [
    headers,
    ...rows.map((r) => {
      const line: string[] = headers.map(() => '');
      line[at('Nome')] = r.firstname;
      line[at('Cognome')] = r.lastname;
      line[at('Codice fiscale')] = r.cf;
      line[at('Sesso')] = r.gender;
      line[at('Data di nascita')] = r.birthday;
      return line;
    }),
  ];
}

async function writeWorkbook(file: string, rows: string[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Atleti');
  await writeFile(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const count = (page: Page, label: string) => page.getByTestId(`count-${label}`).first();

describe.each(Object.entries(VIEWPORTS))('import on %s', (name, viewport) => {
  it('previews a filled template with an error, imports it fixed, shows the people and the history; an unknown type is a 404', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Importazioni ${name}` });
    const { rows, invalid, fixed } = people(name === 'phone' ? 100 : 200);
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const shot = async (step: string) => {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-${step}-${name}.png`, fullPage: true });
    };
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('link', { name: 'Importa' }).click();
      await page.waitForURL(/\/import\/athlete$/);
      await page.getByRole('heading', { name: 'Importa atleti', level: 1 }).waitFor();
      await page.getByText('Nessuna importazione finora').waitFor();
      await shot('1-file');

      // --- no file: the spec's message
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByText(IMPORT_MSG.noFile, { exact: true }).first().waitFor();

      // --- the templates: the spec's CSV, and the club's workbook
      const csv = await download(page, 'Scarica modello CSV');
      expect(csv.name).toBe('athlete_template.csv');
      await page.getByText(IMPORT_MSG.templateDownloaded, { exact: true }).first().waitFor();
      const headers = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split(';');
      expect(headers.slice(0, 3)).toEqual(['Nome', 'Cognome', 'Codice fiscale']);
      const xlsx = await download(page, 'Scarica modello Excel');
      expect(xlsx.name).toBe('athlete_template.xlsx');
      const template = XLSX.read(xlsx.bytes, { type: 'buffer' });
      const firstRow = XLSX.utils.sheet_to_json<string[]>(template.Sheets[template.SheetNames[0]], { header: 1 })[0];
      // (the workbook marks the mandatory columns: "Nome *")
      expect(firstRow.slice(0, 3).map((h) => h.replace(/\s*\*$/, ''))).toEqual(['Nome', 'Cognome', 'Codice fiscale']);

      // --- the CSV template filled with a spreadsheet library: three valid rows and one invalid
      const withError = path.join(dir, `atleti-${name}.xlsx`);
      await writeWorkbook(withError, fill(headers, [...rows, invalid]));
      await page.locator('input[type="file"]').setInputFiles(withError);
      await page.getByText(`atleti-${name}.xlsx`).first().waitFor();
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByRole('heading', { name: '2. Anteprima' }).waitFor();
      await expect.poll(() => count(page, 'Nuovi').innerText()).toBe('3');
      expect(await count(page, 'Non validi').innerText()).toBe('1');
      const invalidRows = page.getByRole('table', { name: 'Righe non valide' });
      await invalidRows.getByText(MSG.taxCodeCheckCharacter).waitFor();
      expect(await invalidRows.getByRole('row').nth(1).innerText()).toMatch(/^5\s+Codice fiscale\s+/);
      expect(await page.getByRole('button', { name: 'Importa', exact: true }).isDisabled()).toBe(true);
      await shot('2-preview-errors');

      // --- fixed and uploaded again
      const corrected = path.join(dir, `atleti-corretto-${name}.xlsx`);
      await writeWorkbook(corrected, fill(headers, [...rows, { ...invalid, cf: fixed }]));
      await page.getByRole('button', { name: 'Cambia file' }).click();
      await page.locator('input[type="file"]').setInputFiles(corrected);
      await page.getByText(`atleti-corretto-${name}.xlsx`).first().waitFor();
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByRole('heading', { name: '2. Anteprima' }).waitFor();
      await expect.poll(() => count(page, 'Nuovi').innerText()).toBe('4');
      expect(await count(page, 'Non validi').innerText()).toBe('0');
      expect(await page.getByRole('table', { name: 'Righe non valide' }).count()).toBe(0);
      // the columns as read: the five filled ones feed their column (the empty ones of the template too)
      await page.getByRole('list', { name: 'Colonne del file' }).getByText('Codice fiscale').first().waitFor();
      // the default mode, then another one re-runs the preview
      expect(await page.getByRole('radio', { name: /Completa i campi vuoti/ }).isChecked()).toBe(true);
      await page.getByText('Solo nuovi', { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: /Solo nuovi/ }).isChecked()).toBe(true);
      await expect.poll(() => count(page, 'Nuovi').innerText()).toBe('4');
      await page.getByText('Completa i campi vuoti', { exact: true }).click();
      await page.getByRole('table', { name: 'Persone che cambiano' }).getByText('Giulia Verdi').waitFor();
      await shot('3-preview-valid');

      // --- confirm and import
      await page.getByRole('button', { name: 'Importa', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Importa atleti' });
      await confirm.getByText('4 nuove persone aggiunte').waitFor();
      await shot('4-confirm');
      await confirm.getByRole('button', { name: 'Importa' }).click();
      await page.getByText(IMPORT_MSG.imported, { exact: true }).first().waitFor();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Importazione completata' }).waitFor();
      const history = page.getByRole('region', { name: 'Storico importazioni' });
      await history.getByText('4 nuovi').waitFor();
      await history.getByText('Completata').waitFor();
      await shot('5-done');

      // --- the people are in the athletes list
      await page.getByRole('link', { name: 'Vai a atleti' }).click();
      await page.waitForURL(/\/athlete$/);
      await page.getByText('4 risultati', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Giulia Verdi', exact: true }).waitFor();
      await page.getByText(fixed).waitFor();

      // --- the same file again: nothing new, nothing to import
      await page.goto(`${server.url}/import/athlete`);
      await page.locator('input[type="file"]').setInputFiles(corrected);
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByRole('heading', { name: '2. Anteprima' }).waitFor();
      await expect.poll(() => count(page, 'Invariati').innerText()).toBe('4');
      expect(await count(page, 'Nuovi').innerText()).toBe('0');
      await page.getByText('Nessuna modifica: le persone del file sono già presenti con gli stessi dati.').waitFor();
      expect(await page.getByRole('button', { name: 'Importa', exact: true }).isDisabled()).toBe(true);
      await shot('6-reimport');

      // --- an unknown type: the app's 404, not a blank page
      await page.goto(`${server.url}/import/pippo`);
      await page.getByRole('heading', { name: 'Pagina non trovata', level: 1 }).waitFor();
      await shot('7-unknown-type');
    } finally {
      await browser.close();
    }
  });
});
