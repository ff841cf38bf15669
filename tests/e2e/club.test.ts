// The club's own pages in a real browser against the real server, on a phone and on a desktop: /club (placeholder
// logo), /modifica-club (the spec's errors, a refused file, then a real save with a PNG logo), the logo on /club
// and in the top bar, the colours tinting the admin area across a reload, and /impostazioni (season, colours); the
// colours also reach what Chakra renders in portals (side panels, dialogs, toasts) and the signed-in 404.
import { pngImage } from '../server/files/fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { chooseProfileMenuAction, launchBrowser, screenshot, storeSession, VIEWPORTS } from '../support/browser';
import { createClub, type TestClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';


let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

/** A 64x64 PNG: a blue shield-like disc on yellow, so the logo is visible in screenshots. */
function logoPng(): Buffer {
  return pngImage(64, (x, y) => ((x - 32) ** 2 + (y - 32) ** 2 < 26 ** 2 ? [30, 64, 175] : [250, 204, 21]));
}

function signIn(page: Page, club: TestClub) {
  return storeSession(page, server.url, club);
}

/** The resolved background of an element, e.g. "rgb(30, 64, 175)". */
const background = (page: Page, selector: ReturnType<Page['locator']>) => selector.evaluate((el) => getComputedStyle(el).backgroundColor);

/** The brand colour the admin area resolves (the club tint overrides the CampoBase green). */
const brandVar = (page: Page) => page.locator('header').evaluate((el) => getComputedStyle(el).getPropertyValue('--chakra-colors-brand-solid').trim());

const shot = (page: Page, name: string) => screenshot(page, name);

describe.each(Object.entries(VIEWPORTS))('club pages on %s', (viewportName, viewport) => {
  it('edits the club with a logo, shows it on /club and in the top bar, and keeps the colours', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Polisportiva Aurora' });
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const header = page.locator('header');
    const main = page.locator('main');
    try {
      await signIn(page, club);

      // --- /club: read only, placeholder logo with the initial
      await page.goto(`${server.url}/club`);
      await page.getByRole('heading', { name: 'ASD Polisportiva Aurora', level: 1 }).waitFor();
      await main.getByTestId('club-logo-placeholder').waitFor();
      expect(await main.getByTestId('club-logo-placeholder').textContent()).toBe('P');
      expect(await header.getByTestId('club-logo-placeholder').textContent()).toBe('P');
      await main.getByText('12345678901', { exact: true }).waitFor();
      await shot(page, `club-before-${viewportName}`);

      // --- /modifica-club: the stored VAT number has a wrong check digit; the spec's summary and the field message
      await main.getByRole('link', { name: 'Modifica' }).click();
      await page.getByRole('heading', { name: 'Modifica club', level: 1 }).waitFor();
      const vat = page.getByRole('textbox', { name: 'Partita IVA' });
      expect(await vat.inputValue()).toBe('12345678901');
      await page.getByRole('textbox', { name: 'Email principale' }).fill('non-una-email');
      await page.getByRole('button', { name: 'Salva', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: MSG.invalidFields }).waitFor();
      await page.getByText(MSG.vatChecksum).waitFor();
      await page.getByText(MSG.emailInvalid).waitFor();

      // A file that is not an image is refused as soon as it is chosen.
      const picker = page.locator('input[type=file][name=logo]');
      await picker.setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 finto') });
      await page.getByText(MSG.logoTypeNotAllowed).waitFor();

      await vat.fill('01234567897');
      await page.getByRole('textbox', { name: 'Email principale' }).fill('segreteria@aurora.it');
      await page.getByRole('combobox', { name: 'Tipo di società' }).selectOption('ASD');
      await page.getByRole('combobox', { name: 'Sport' }).selectOption('pallavolo');
      await page.getByRole('textbox', { name: 'Città (sede legale)' }).fill('Rimini');
      await page.getByRole('textbox', { name: 'Colore principale', exact: true }).fill('#1e40af');
      await page.getByRole('textbox', { name: 'Colore secondario', exact: true }).fill('#facc15');
      await picker.setInputFiles({ name: 'stemma.png', mimeType: 'image/png', buffer: logoPng() });
      await main.getByTestId('club-logo-image').waitFor();
      await shot(page, `club-edit-${viewportName}`);
      await page.getByRole('button', { name: 'Salva', exact: true }).click();
      await page.getByText(MSG.clubUpdated).first().waitFor();

      // --- back on /club: the logo, the new data, and the top bar without a reload
      await page.waitForURL(`${server.url}/club`);
      await main.getByTestId('club-logo-image').waitFor();
      await header.getByTestId('club-logo-image').waitFor();
      await main.getByText('01234567897', { exact: true }).waitFor();
      await main.getByText('ASD - Associazione sportiva dilettantistica').waitFor();
      await main.getByText('#1e40af').waitFor();
      await main.getByText('#facc15').waitFor();
      // The tint: the brand colour of the admin area is now the club's.
      expect(await brandVar(page)).toBe('#1e40af');
      expect(await background(page, main.getByRole('link', { name: 'Modifica' }))).toBe('rgb(30, 64, 175)');
      await shot(page, `club-after-${viewportName}`);

      // --- after a reload (the session's own query): logo and tint are still there
      await page.reload();
      await header.getByTestId('club-logo-image').waitFor();
      const natural = await header.getByTestId('club-logo-image').evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return img.naturalWidth;
      });
      expect(natural).toBe(64);
      await main.getByRole('link', { name: 'Modifica' }).waitFor();
      expect(await background(page, main.getByRole('link', { name: 'Modifica' }))).toBe('rgb(30, 64, 175)');

      // --- /impostazioni: season and colours, saved for real, the top bar and tint follow at once
      await page.goto(`${server.url}/impostazioni`);
      await page.getByRole('heading', { name: 'Impostazioni', level: 1 }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Colore principale', exact: true }).inputValue()).toBe('#1e40af');
      await page.getByRole('textbox', { name: 'Stagione' }).fill('2024/2025');
      await page.getByRole('button', { name: 'Salva impostazioni' }).click();
      await page.getByText(MSG.seasonLabelInvalid).waitFor();
      await page.getByRole('textbox', { name: 'Stagione' }).fill('2024/25');
      await page.getByRole('textbox', { name: 'Colore principale', exact: true }).fill('#7c2d12');
      await page.getByRole('button', { name: 'Salva impostazioni' }).click();
      await page.getByText(MSG.changesSaved).first().waitFor();
      await header.getByText('Stagione 2024/25').waitFor();
      expect(await brandVar(page)).toBe('#7c2d12');
      // The pointer leaves the button, whose hover shade then settles on the new club colour.
      await page.mouse.move(0, 0);
      await expect.poll(() => background(page, page.getByRole('button', { name: 'Salva impostazioni' }))).toBe('rgb(124, 45, 18)');
      await shot(page, `club-settings-${viewportName}`);

      await page.reload();
      await header.getByText('Stagione 2024/25').waitFor();
      expect(await page.getByRole('textbox', { name: 'Colore principale', exact: true }).inputValue()).toBe('#7c2d12');

      const stored = await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { logoFile: true, legalAddress: true } });
      expect(stored).toMatchObject({ vatNumber: '01234567897', typeClub: 'ASD', sport: 'pallavolo', primaryColor: '#7c2d12', secondaryColor: '#facc15', seasonLabel: '2024/25' });
      expect(stored.logoFile).toMatchObject({ mimeType: 'image/png', filename: 'stemma.png' });
      expect(stored.legalAddress?.city).toBe('Rimini');
    } finally {
      await browser.close();
    }
  });

  it('tints side panels, dialogs, toasts and the 404 with the club colours', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Blu Mare' });
    await server.deps.systemDb.club.update({ where: { id: club.clubId }, data: { primaryColor: '#1e40af', secondaryColor: '#facc15' } });
    const blue = 'rgb(30, 64, 175)';
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, club);

      // --- a side panel (rendered in a portal, outside the admin layout) and the success toast after saving
      await page.goto(`${server.url}/groups`);
      await page.getByRole('heading', { name: 'Gruppi', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Nuovo gruppo' }).click();
      const groupPanel = page.getByRole('dialog', { name: 'Nuovo gruppo' });
      const save = groupPanel.getByRole('button', { name: 'Salva' });
      await save.waitFor();
      await page.mouse.move(0, 0);
      expect(await background(page, save)).toBe(blue);
      await groupPanel.getByLabel('Nome').fill('Staff tecnico');
      await groupPanel.getByLabel('Tipologia').selectOption({ label: 'Allenatori' });
      await shot(page, `portal-panel-${viewportName}`);
      await save.click();
      const toast = page.locator('[data-scope=toast][data-part=root]').filter({ hasText: MSG.groupCreated });
      await toast.waitFor();
      expect(await background(page, toast)).toBe(blue);
      // white text on the club blue
      expect(await toast.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
      await shot(page, `portal-toast-${viewportName}`);

      // --- a dialog (the feedback dialog of the profile menu)
      await chooseProfileMenuAction(page, 'Lascia un feedback');
      const feedback = page.getByRole('dialog', { name: 'Lascia un feedback' });
      await feedback.waitFor();
      await page.mouse.move(0, 0);
      expect(await background(page, feedback.getByRole('button', { name: 'Invia feedback' }))).toBe(blue);
      await shot(page, `portal-dialog-${viewportName}`);
      await page.keyboard.press('Escape');
      await feedback.waitFor({ state: 'hidden' });

      // --- the 404 of a signed-in user: inside the admin area, in the club colours
      await page.goto(`${server.url}/pagina-inesistente`);
      await page.getByRole('heading', { name: 'Pagina non trovata', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Menu del profilo' }).waitFor();
      const back = page.getByRole('link', { name: 'Torna alla dashboard' });
      await page.mouse.move(0, 0);
      expect(await background(page, back)).toBe(blue);
      await shot(page, `not-found-${viewportName}`);
      await back.click();
      await page.waitForURL(/\/dashboard$/);

      // --- signed out, the login page is CampoBase green again (the variables on <html> go with the admin area)
      await chooseProfileMenuAction(page, 'Esci');
      await page.waitForURL(/\/login/);
      expect(await page.locator('html').evaluate((el) => el.style.getPropertyValue('--chakra-colors-brand-solid'))).toBe('');
      expect(await background(page, page.getByRole('button', { name: 'Accedi', exact: true }))).not.toBe(blue);
    } finally {
      await browser.close();
    }
  });
});
