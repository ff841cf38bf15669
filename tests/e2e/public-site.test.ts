// The public site in a real browser against the real server, on a phone (375 px) and a desktop (1440 px):
// mega-menu, hero slides, pricing -> cart -> sign-up carrying the plan to the new club, cookie consent and
// analytics, feature tabs. The analytics id is configured for this server; the Google tag URL is intercepted
// (page.route), so nothing leaves the machine.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEGA_MENU_CLOSE_DELAY_MS } from '../../client/src/features/site/constants';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { startLiveServer } from '../support/live-server';

const ANALYTICS_ID = 'G-CAMPOBASE1';
const CONSENT_KEY = 'campobase.consent';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer({ analyticsId: ANALYTICS_ID });
});
afterAll(() => server?.close());

type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

/**
 * A fresh browser whose requests to Google are answered locally and recorded. `clock`: the page runs on
 * Playwright's clock (time still flows; `advance` jumps ahead), for tests that check nothing happens for a while.
 */
async function openBrowser(viewport: Viewport, options: { consent?: boolean | 'undecided'; clock?: boolean } = {}) {
  const browser = await launchBrowser(viewport, { motion: true });
  if (options.clock) await browser.context.clock.install();
  const analyticsRequests: string[] = [];
  await stubGoogle(browser.context, analyticsRequests);
  // Most tests are not about cookies: answer the banner beforehand (analytics off) so it covers nothing.
  const consent = options.consent ?? false;
  if (consent !== 'undecided') {
    await browser.context.addInitScript(
      ([key, analytics]) => localStorage.setItem(key as string, JSON.stringify({ analytics, decidedAt: new Date().toISOString() })),
      [CONSENT_KEY, consent] as const,
    );
  }
  const page = await browser.context.newPage();
  page.setDefaultTimeout(15_000);
  return { browser, page, analyticsRequests };
}

async function stubGoogle(context: BrowserContext, seen: string[]) {
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(googletagmanager|google-analytics|analytics\.google)\.com\//, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* gtag stub */' });
  });
}

/**
 * Moves the page's clock `ms` ahead, firing every timer due meanwhile (instead of sleeping that long), then lets
 * the page render what they changed: a MessageChannel round trip runs after the render tasks React queued.
 */
async function advance(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

const gtagRequests = (urls: string[]) => urls.filter((url) => url.startsWith('https://www.googletagmanager.com/gtag/js?id='));

describe.each(Object.entries(VIEWPORTS))('public site on %s', (name, viewport) => {
  const wide = viewport.width >= 992;

  it('mega-menu: opens, closes on Escape and outside clicks, follows its items', async () => {
    const { browser, page } = await openBrowser(viewport, { clock: true });
    try {
      await page.goto(server.url);
      const trigger = page.getByTestId('mega-menu-trigger');
      const panel = page.getByTestId('mega-menu');
      await expect(panel.isVisible()).resolves.toBe(false);

      if (wide) {
        // The close delay runs on the page's clock, paused from here: on a loaded machine the real time between two
        // steps could otherwise use up the delay (the menu closed before the pointer came back). The test moves it.
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
        // hover opens; leaving closes after the delay; coming back in time keeps it open
        await trigger.hover();
        await panel.waitFor({ state: 'visible' });
        await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
        await page.mouse.move(700, 700);
        await advance(page, 250);
        expect(await panel.isVisible()).toBe(true);
        await panel.hover();
        await advance(page, 900);
        expect(await panel.isVisible()).toBe(true);
        await page.mouse.move(700, 850);
        await advance(page, MEGA_MENU_CLOSE_DELAY_MS);
        await panel.waitFor({ state: 'hidden', timeout: 3000 });
        // the hover-open followed by a click keeps it open (the click is not a toggle off)
        await trigger.hover();
        await trigger.click();
        await advance(page, 100);
        expect(await panel.isVisible()).toBe(true);
        // categories on the left switch the items on the right
        await page.getByRole('button', { name: 'Documenti' }).hover();
        await panel.getByRole('link', { name: /Firma digitale/ }).waitFor();
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await page.clock.resume(); // the pages followed below run their own timers
      } else {
        // narrow: click opens the full-screen menu, which stays open and locks the page scroll
        await trigger.click();
        await panel.waitFor({ state: 'visible' });
        await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe('hidden');
        await page.mouse.move(200, 600);
        await page.mouse.move(10, 10);
        await advance(page, 1000);
        expect(await panel.isVisible()).toBe(true);
        await panel.getByRole('link', { name: 'Prezzi' }).waitFor();
        // Escape closes and gives the page its scroll back
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await expect(page.evaluate(() => document.body.style.overflow)).resolves.toBe('');
        await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('mega-menu-trigger');
      }

      // a click outside closes it
      await trigger.click();
      await panel.waitFor({ state: 'visible' });
      const bar = await page.locator('.pub-topbar').boundingBox();
      const triggerBox = await trigger.boundingBox();
      await page.mouse.click(triggerBox!.x + triggerBox!.width + 12, bar!.y + 4);
      await panel.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

      // an item opens its feature tab page and the menu closes
      await trigger.click();
      await page.getByRole('button', { name: 'Contabilità' }).click();
      await panel.getByRole('link', { name: /Scadenze e promemoria/ }).click();
      await page.waitForURL(/\/funzionalita\/contabilita\/scadenze$/);
      await page.getByRole('heading', { level: 2, name: 'Scadenze e promemoria' }).waitFor();
      await panel.waitFor({ state: 'hidden' });
    } finally {
      await browser.close();
    }
  });

  it(wide ? 'hero: rotates blurred-until-loaded slides' : 'hero: requests no image at all', async () => {
    const { browser, page } = await openBrowser(viewport, { clock: true });
    const heroRequests: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'image' || /\/hero\//.test(request.url())) heroRequests.push(request.url());
    });
    try {
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (wide) {
        const current = page.locator('.home-hero__slide[data-current]');
        await current.waitFor();
        await page.locator('.home-hero__slide[data-current][data-loaded]').waitFor();
        expect(heroRequests.filter((url) => url.includes('/hero/'))).toEqual([`${server.url}/hero/01-calcio.svg`]);
        // the next slide after 5 s, blurred until its image arrives
        await advance(page, 5000);
        await page.waitForFunction(() => document.querySelectorAll('.home-hero__slide').length === 2, null, { timeout: 8000 });
        await page.locator('.home-hero__slide[data-current][data-loaded]').waitFor();
        expect(await current.getAttribute('src')).toBe('/hero/02-basket.svg');
        expect(heroRequests.filter((url) => url.includes('/hero/'))).toHaveLength(2);
        // pausing stops the rotation
        await page.getByRole('button', { name: 'Metti in pausa le immagini' }).click();
        await advance(page, 5500);
        expect(await current.getAttribute('src')).toBe('/hero/02-basket.svg');
      } else {
        await advance(page, 5500);
        expect(await page.locator('.home-hero img').count()).toBe(0);
        expect(heroRequests).toEqual([]);
      }
    } finally {
      await browser.close();
    }
  });

  it('pricing -> cart -> sign-up records the chosen plan on the new club; Logout from the top bar', async () => {
    const { browser, page } = await openBrowser(viewport);
    try {
      await page.goto(`${server.url}/cart`);
      await page.getByTestId('cart-empty').waitFor();
      await page.getByRole('link', { name: 'Scegli un piano' }).click();
      await page.waitForURL(/\/pricing$/);
      for (const plan of ['Gratis', 'Pro', 'Club']) await page.getByRole('heading', { level: 2, name: plan, exact: true }).waitFor();
      await page.getByText('49 €', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Scegli piano Pro' }).click();
      await page.waitForURL(/\/cart$/);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('campobase.plan'))) ?? 'null')).toEqual({
        name: 'Pro',
        price: '9 €/mese',
      });
      await page.getByTestId('cart-plan').getByText('9 €/mese').waitFor();
      await page.getByTestId('cart-plan').getByText('Fino a 5 utenti').waitFor();
      await page.getByRole('link', { name: 'Continua con la registrazione' }).click();
      await page.waitForURL(/\/signup$/);

      await page.getByLabel('Codice fiscale').fill('rssmra80a01h501u');
      await page.getByLabel('Nome', { exact: true }).fill('Mario');
      await page.getByLabel('Cognome').fill('Rossi');
      await page.getByLabel('Data di nascita').fill('1980-01-01');
      await page.getByLabel('Ruolo nella società').selectOption({ label: 'Presidente' });
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByLabel('Nome della società').fill(`ASD Pallavolo ${name}`);
      await page.getByLabel('Anno di fondazione').fill('2004');
      await page.getByLabel('Partita IVA').fill('12345678901');
      await page.getByLabel('Sport').selectOption({ label: 'Pallavolo' });
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByText('Piano scelto:').waitFor();
      await page.getByLabel('Email').fill(`piano-${name}-${Date.now()}@example.it`);
      await page.getByLabel('Password', { exact: true }).fill('password-piano-1');
      await page.getByLabel('Conferma password').fill('password-piano-1');
      await page.getByRole('button', { name: 'Registrati' }).click();
      await page.getByRole('link', { name: 'Vai alla dashboard' }).waitFor();

      // the plan is on the club, as the server reports it to the signed-in account
      const token = await page.evaluate(() => localStorage.getItem('campobase.session'));
      expect(token).toBeTruthy();
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ me { profile { clubs { club { fullName plan } } } } }' }),
      });
      const body = (await response.json()) as { data: { me: { profile: { clubs: { club: { fullName: string; plan: string } }[] } } } };
      expect(body.data.me.profile.clubs.map(({ club }) => club)).toEqual([{ fullName: `ASD Pallavolo ${name}`, plan: 'Pro' }]);

      // back on the public site the top bar offers Logout instead of the login icon
      await page.goto(server.url);
      await page.getByRole('button', { name: 'Logout' }).click();
      // The top bar swaps Logout for the login link once the server answered and the tokens are gone (another
      // "Accedi" link may be on the page already, e.g. the phone's menu: not a sign that the logout is over).
      await page.getByRole('button', { name: 'Logout' }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Accedi' }).first().waitFor();
      expect(await page.evaluate(() => [localStorage.getItem('campobase.session'), localStorage.getItem('campobase.club')])).toEqual([null, null]);
      const me = await fetch(`${server.url}/api/me`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(401);
    } finally {
      await browser.close();
    }
  });

  it('wizard: four questions recommend a plan, chosen like on /pricing', async () => {
    const { browser, page } = await openBrowser(viewport);
    try {
      await page.goto(`${server.url}/wizard`);
      await page.getByText('Domanda 1 di 4').waitFor();
      const next = page.getByRole('button', { name: 'Avanti' });
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel('Da 31 a 150').check();
      await next.click();
      await page.getByLabel('Più di 5').check();
      await next.click();
      await page.getByLabel('Report mensili').check();
      await page.getByLabel('Quote e pagamenti').check();
      await next.click();
      await page.getByLabel('Fino a 10 €').check();
      await page.getByRole('button', { name: 'Scopri il piano' }).click();
      const result = page.getByTestId('wizard-result');
      await result.getByRole('heading', { name: 'Club' }).waitFor();
      await result.getByText('Costa più del budget').waitFor();
      await result.getByRole('button', { name: 'Scegli Club' }).click();
      await page.waitForURL(/\/cart$/);
      await page.getByTestId('cart-plan').getByText('49 €/mese').waitFor();
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('campobase.plan'))) ?? 'null')).toEqual({ name: 'Club', price: '49 €/mese' });
    } finally {
      await browser.close();
    }
  });

  it('cookie consent: no analytics before a choice or after rejection, the tag once after acceptance', async () => {
    const { browser, page, analyticsRequests } = await openBrowser(viewport, { consent: 'undecided' });
    try {
      // before any choice: banner, no request to Google
      await page.goto(server.url);
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await page.waitForLoadState('networkidle');
      expect(analyticsRequests).toEqual([]);

      // Escape dismisses for now, without consent
      await page.keyboard.press('Escape');
      await banner.waitFor({ state: 'hidden' });
      expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBeNull();

      // next page load asks again; rejecting stores the choice and loads nothing, also on later visits
      await page.reload();
      await banner.getByRole('button', { name: 'Rifiuta' }).click();
      await banner.waitFor({ state: 'hidden' });
      expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY))!)).toMatchObject({ analytics: false });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await banner.count()).toBe(0);
      expect(analyticsRequests).toEqual([]);
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);

      // "Gestisci cookie" in the footer reopens the preferences: necessary always on, analytics off as chosen
      await page.getByRole('button', { name: 'Gestisci cookie' }).click();
      const preferences = page.getByTestId('cookie-preferences');
      await preferences.waitFor();
      const analyticsSwitch = preferences.getByRole('switch', { name: 'Statistici' });
      expect(await analyticsSwitch.isChecked()).toBe(false);
      expect(await preferences.getByRole('checkbox', { name: 'Necessari' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await preferences.waitFor({ state: 'hidden' });
      expect(analyticsRequests).toEqual([]);

      // saving analytics on loads the Google tag once, with the configured id
      await page.getByRole('button', { name: 'Gestisci cookie' }).click();
      await analyticsSwitch.check();
      await preferences.getByRole('button', { name: 'Salva preferenze' }).click();
      await preferences.waitFor({ state: 'hidden' });
      await expect.poll(() => gtagRequests(analyticsRequests).length).toBe(1);
      expect(gtagRequests(analyticsRequests)).toEqual([`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`]);
      expect(await page.evaluate(() => Array.isArray((window as { dataLayer?: unknown[] }).dataLayer))).toBe(true);
    } finally {
      await browser.close();
    }

    // a new visitor who accepts on the banner gets the tag on that page at once, and on later visits
    const second = await openBrowser(viewport, { consent: 'undecided' });
    try {
      await second.page.goto(`${server.url}/pricing`);
      await second.page.getByTestId('cookie-banner').getByRole('button', { name: 'Accetta' }).click();
      await expect.poll(() => gtagRequests(second.analyticsRequests).length).toBe(1);
      await second.page.goto(`${server.url}/tester`);
      await second.page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => gtagRequests(second.analyticsRequests).length).toBe(2);
      expect(await second.page.getByTestId('cookie-banner').count()).toBe(0);
    } finally {
      await second.browser.close();
    }
  });

  it('feature pages: tabs are links, an unknown tab goes to the first tab, an unknown category is not found', async () => {
    const { browser, page } = await openBrowser(viewport);
    try {
      await page.goto(`${server.url}/funzionalita/tesserati/libro-soci`);
      await page.getByRole('heading', { level: 1, name: 'Tesserati e iscrizioni' }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'Sezioni di Tesserati e iscrizioni' });
      expect(await tabs.getByRole('link', { name: 'Libro soci' }).getAttribute('aria-current')).toBe('page');
      await tabs.getByRole('link', { name: 'Iscrizioni online' }).click();
      await page.waitForURL(/\/funzionalita\/tesserati\/iscrizioni-online$/);
      await page.getByRole('heading', { level: 2, name: 'Iscrizioni online' }).waitFor();
      expect(await page.locator('.feature-points li').count()).toBe(3);
      expect(await tabs.getByRole('link', { name: 'Iscrizioni online' }).getAttribute('aria-current')).toBe('page');

      await page.goto(`${server.url}/funzionalita/documenti/non-esiste`);
      await page.waitForURL(/\/funzionalita\/documenti\/ricevute$/);
      await page.getByRole('heading', { level: 2, name: 'Ricevute' }).waitFor();

      await page.goto(`${server.url}/feature/comunicazioni`);
      await page.waitForURL(/\/feature\/comunicazioni\/avvisi$/);
      await page.getByRole('heading', { level: 1, name: 'Comunicazioni' }).waitFor();

      for (const path of ['/funzionalita/inesistente/libro-soci', '/feature/tesserati/libro-soci']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
      }

      // a legal page names the controller from the server's configuration
      await page.goto(`${server.url}/privacy`);
      await page.getByTestId('legal-controller').getByText(server.deps.config.legal.name).waitFor();
    } finally {
      await browser.close();
    }
  });

  it('founding-tester offer: a date already past is not advertised (the copy follows the day, the dates the server)', async () => {
    const shots = process.env.CAMPOBASE_SCREENSHOTS;
    for (const [day, phase] of [
      ['2025-11-15T10:00:00', 'free'],
      ['2026-11-26T10:00:00', 'ended'],
    ] as const) {
      const { browser, page } = await openBrowser(viewport);
      try {
        await page.clock.install({ time: new Date(day) });
        await page.goto(server.url);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const hero = page.locator('.home-hero__note');
        const offer = page.getByRole('region', { name: 'Entra ora tra le società fondatrici.' });
        if (phase === 'free') {
          // before the spec's December 2025: both periods, as the spec words them
          await hero.getByText('Gratis fino a dicembre 2025. Nessuna carta di credito.').waitFor();
          await offer.getByText('Prezzo bloccato da gennaio a luglio 2026').waitFor();
        } else {
          // both periods over: no date at all, the current conditions
          await hero.getByText('Inizia con il piano Gratis. Nessuna carta di credito.').waitFor();
          await offer.getByText('Un referente dedicato').waitFor();
          expect(await page.locator('main').textContent()).not.toMatch(/fino a (dicembre 2025|luglio 2026)|da gennaio a luglio/i);
        }
        if (shots) await page.screenshot({ path: `${shots}/offer-home-${phase}-${name}.png`, fullPage: true });

        await page.goto(`${server.url}/tester`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (phase === 'free') await page.getByRole('heading', { level: 2, name: 'Le date dell’offerta' }).waitFor();
        else {
          await page.getByRole('heading', { level: 2, name: 'Come si parte' }).waitFor();
          expect(await page.locator('main').textContent()).not.toMatch(/2025|2026/);
        }
        if (shots) await page.screenshot({ path: `${shots}/offer-tester-${phase}-${name}.png`, fullPage: true });

        await page.goto(`${server.url}/pricing`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByText('Cosa succede a gennaio 2026?').count()).toBe(phase === 'free' ? 1 : 0);
      } finally {
        await browser.close();
      }
    }
  });
});
