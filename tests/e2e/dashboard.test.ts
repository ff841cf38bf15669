// The dashboard in a real browser against the real server, on a phone and on a desktop: empty state, people created
// from the quick links in the modal (Escape closes it, 'Salvataggio in corso...' while saving, the spec's success
// message), counts, legend and the doughnut's slices matching the data, statistic links opening the filtered lists
// with a removable chip; the admin JavaScript stays within budget with nivo in its own lazy chunk.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../schema/club-time';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';
import { MSG } from '../../schema/messages';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { pinnedToday } from '../support/clock';
import { createClub, type TestClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

const SHOTS = process.env.CAMPOBASE_E2E_SHOTS; // e.g. /tmp/dashboard-shots: screenshots for a human to look at
/** Admin shell budget (DESIGN.md): compressed JavaScript of a signed-in page, lazy chunks such as the chart apart. */
const ADMIN_JS_BUDGET_BYTES = 300_000;
const RGB = { athlete: 'rgb(59, 130, 246)', coach: 'rgb(250, 204, 21)', manager: 'rgb(34, 197, 94)', staff: 'rgb(239, 68, 68)' };

// The server's calendar pinned to the file's today: "added today" and the certificates' states hold across midnight.
const { today, now } = pinnedToday();
let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer({}, { now });
});
afterAll(() => server?.close());

/** The tokens a sign-in stores, in place before the first page loads (no detour through /login). */
async function signIn(page: Page, club: TestClub) {
  await page.addInitScript(
    ({ keys, tokens }) => {
      if (!localStorage.getItem(keys.session)) {
        localStorage.setItem(keys.session, tokens.session);
        localStorage.setItem(keys.club, tokens.club);
      }
    },
    { keys: { session: SESSION_STORAGE_KEY, club: CLUB_STORAGE_KEY }, tokens: { session: club.token, club: club.clubToken } },
  );
}

interface NewPerson {
  firstname: string;
  lastname: string;
  taxIdCode: string;
  gender?: boolean;
  certificate?: string;
}

/** Opens the quick link, fills the form in the modal and saves; waits for the spec's message and the modal to go. */
async function createFromQuickLink(page: Page, label: string, person: NewPerson, created: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByLabel('Nome', { exact: true }).fill(person.firstname);
  await dialog.getByLabel('Cognome').fill(person.lastname);
  await dialog.getByLabel('Codice fiscale').fill(person.taxIdCode);
  if (person.gender) await dialog.getByLabel('Genere').selectOption({ label: 'Femmina' });
  if (person.certificate) await dialog.getByLabel('Scadenza visita medica').fill(person.certificate);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await page.getByText(created).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** The card linking to a kind's list shows this number. */
async function expectKindCard(page: Page, plural: string, value: number) {
  const section = page.getByRole('region', { name: 'Tesserati e staff' });
  await section.getByRole('link', { name: new RegExp(`^${plural} ${value}\\b`) }).waitFor();
}

describe.each(Object.entries(VIEWPORTS))('dashboard on %s', (name, viewport) => {
  it('creates people from the quick links; counts, legend and chart follow; statistics open the filtered lists', async () => {
    const club = await createClub(server.deps);
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    // Bytes on the wire (the server compresses) of every script, by path.
    const scripts = new Map<string, number>();
    page.on('requestfinished', async (request) => {
      if (!request.url().endsWith('.js')) return;
      const sizes = await request.sizes().catch(() => null);
      if (sizes) scripts.set(new URL(request.url()).pathname, sizes.responseBodySize);
    });
    const shot = async (step: string) => {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${step}.png`, fullPage: true });
    };
    try {
      // straight to /dashboard as a returning user: what it downloads is the admin shell plus the dashboard
      await signIn(page, club);
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { name: 'Benvenuto, Mario', level: 1 }).waitFor();
      await page.getByTestId('chart-empty').waitFor();
      await expectKindCard(page, 'Atleti', 0);
      await page.getByRole('region', { name: 'Totale persone' }).getByText('0', { exact: true }).waitFor();

      // --- budget: an empty club never needs the chart, so this is the admin shell plus the dashboard
      // the season comparison says there is nothing to compare yet, without its chart either
      await page.getByTestId('season-chart-empty').waitFor();
      await page.waitForLoadState('networkidle');
      expect([...scripts.keys()].some((p) => p.includes('kind-chart') || p.includes('season-chart'))).toBe(false);
      const shellBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
      console.log(`admin shell + dashboard on ${name}: ${(shellBytes / 1000).toFixed(1)} kB of compressed JavaScript`);
      expect(shellBytes).toBeLessThan(ADMIN_JS_BUDGET_BYTES);
      await shot('empty');

      // --- the modal: Escape closes it and nothing is saved
      await page.getByRole('button', { name: 'Nuovo allenatore', exact: true }).click();
      const coachDialog = page.getByRole('dialog', { name: 'Nuovo allenatore' });
      await coachDialog.getByLabel('Nome', { exact: true }).waitFor();
      await shot('modal');
      await page.keyboard.press('Escape');
      await coachDialog.waitFor({ state: 'detached' });

      // --- a save held on the wire shows 'Salvataggio in corso...' until the server answers
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/graphql', async (route: Route) => {
        if (route.request().postData()?.includes('savePerson')) await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Nuovo atleta', exact: true }).click();
      const athleteDialog = page.getByRole('dialog', { name: 'Nuovo atleta' });
      await athleteDialog.getByLabel('Nome', { exact: true }).fill('Giulia');
      await athleteDialog.getByLabel('Cognome').fill('Neri');
      await athleteDialog.getByLabel('Codice fiscale').fill('NRIGLI10A41F205Y');
      await athleteDialog.getByLabel('Genere').selectOption({ label: 'Femmina' });
      await athleteDialog.getByLabel('Scadenza visita medica').fill(addDays(today, 10));
      await athleteDialog.getByRole('button', { name: 'Salva' }).click();
      await athleteDialog.getByRole('button', { name: 'Salvataggio in corso...' }).waitFor();
      expect(await athleteDialog.getByRole('button', { name: 'Salvataggio in corso...' }).isDisabled()).toBe(true);
      release();
      await page.getByText(MSG.athleteCreated).first().waitFor();
      await athleteDialog.waitFor({ state: 'detached' });
      await page.unroute('**/graphql');
      await expectKindCard(page, 'Atleti', 1);

      // --- more people of several kinds, each from its quick link
      await createFromQuickLink(page, 'Nuovo atleta', { firstname: 'Marco', lastname: 'Bruni', taxIdCode: 'BRNMRC11A01F205G', gender: true, certificate: addDays(today, -3) }, MSG.athleteCreated);
      await createFromQuickLink(page, 'Nuovo allenatore', { firstname: 'Paolo', lastname: 'Gialli', taxIdCode: 'GLLPLA80A01F205O', gender: true }, MSG.coachCreated);
      await createFromQuickLink(page, 'Nuovo accompagnatore', { firstname: 'Sara', lastname: 'Rosa', taxIdCode: 'RSOSRA85A41F205L' }, MSG.staffSaved);
      await createFromQuickLink(page, 'Nuovo socio', { firstname: 'Luca', lastname: 'Verdi', taxIdCode: 'VRDLCU70A01F205H', gender: true }, MSG.memberCreated);

      // --- the numbers refreshed after the saves
      await expectKindCard(page, 'Atleti', 2);
      await expectKindCard(page, 'Allenatori', 1);
      await expectKindCard(page, 'Dirigenti', 0);
      await expectKindCard(page, 'Accompagnatori', 1);
      await expectKindCard(page, 'Soci', 1);
      await expectKindCard(page, 'Volontari', 0);
      await page.getByRole('region', { name: 'Totale persone' }).getByText('5', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Aggiunti oggi' }).getByText('5', { exact: true }).waitFor();

      // --- legend (HTML, under the chart) and the chart's slices: athletes, coaches, accompagnatori; no managers
      const legend = page.getByRole('list', { name: 'Legenda' });
      await expect.poll(() => legend.getByRole('listitem').allInnerTexts()).toEqual([
        'Atleti 2 (50%)',
        'Allenatori 1 (25%)',
        'Dirigenti 0 (0%)',
        'Accompagnatori 1 (25%)',
      ]);
      const chart = page.getByRole('img', { name: 'Grafico ad anello: Atleti 2, Allenatori 1, Dirigenti 0, Accompagnatori 1' });
      await chart.locator('svg').waitFor();
      const fills = () =>
        chart.locator('svg path').evaluateAll((paths) => paths.map((p) => getComputedStyle(p).fill).filter((f) => f !== 'none'));
      await expect.poll(async () => (await fills()).sort()).toEqual([RGB.athlete, RGB.coach, RGB.staff].sort());
      expect(await chart.locator('svg path').first().evaluate((p) => getComputedStyle(p).strokeWidth)).toBe('1px');
      expect([...scripts.keys()].some((p) => p.includes('kind-chart'))).toBe(true);
      await shot('filled');

      // --- a certificate statistic opens the filtered athletes, with a removable chip
      await page.getByRole('link', { name: /^Certificati in scadenza 1/ }).click();
      await page.waitForURL(/\/athlete\?certificato=in-scadenza$/);
      await page.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await page.getByText('1 risultato', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Giulia Neri', exact: true }).waitFor();
      await shot('filtered-list');
      await page.getByRole('button', { name: 'Rimuovi filtro Certificato in scadenza' }).click();
      await page.getByText('2 risultati', { exact: true }).waitFor();
      expect(new URL(page.url()).search).toBe('');

      // --- "aggiunti oggi" per kind, and the expired certificates
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('region', { name: 'Aggiunti oggi' }).getByRole('link', { name: '2 atleti' }).click();
      await page.waitForURL(/\/athlete\?aggiunti=oggi$/);
      await page.getByText('Aggiunti oggi', { exact: true }).waitFor();
      await page.getByText('2 risultati', { exact: true }).waitFor();
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('link', { name: /^Certificati scaduti 1/ }).click();
      await page.getByText('1 risultato', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Marco Bruni', exact: true }).waitFor();

      // --- posts of the week link to the feed with its chip
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('link', { name: /^Post della settimana 0/ }).click();
      await page.waitForURL(/\/feed\?creati=settimana$/);
      await page.getByRole('button', { name: 'Rimuovi filtro Creati questa settimana' }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
