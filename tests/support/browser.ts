// Headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';

export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;

// One Chromium per test worker, started on first use: the e2e files share their worker's module graph (isolate: false
// in tests/vitest.config.ts), so this module, and the browser, outlive a file. Every launchBrowser() gets a new
// context of it: its own cookies, storage, cache and viewport, as isolated as a fresh profile, without a browser
// start (1-2 s here) per file or per test. Playwright closes it when the worker exits; one that crashed is replaced.
let shared: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  const launched = shared?.then((browser) => (browser.isConnected() ? browser : launch()));
  return (shared = launched ?? launch());
}

/** Contexts still open; the e2e set-up file closes them after each file, so none outlives its file. */
const openContexts = new Set<BrowserContext>();
export async function closeOpenContexts(): Promise<void> {
  await Promise.all([...openContexts].map((context) => context.close().catch(() => {})));
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      // Chromium renders the address bar's suggestion popups as WebUI pages, one renderer per window even headless:
      // a tenth of an e2e file's CPU (roles.test.ts: 12 of 134 CPU-seconds), for a popup no test opens.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
}

/**
 * A fresh browsing context (a new profile, in effect) at `viewport`; close() closes it. It asks for reduced motion,
 * as a user may: the app then skips its slides and fades (theme.ts), and nothing waits for them. `motion: true`
 * for what tests motion itself (the home page's slideshow pauses under reduced motion).
 */
export async function launchBrowser(viewport: { width: number; height: number }, { motion = false } = {}) {
  const context: BrowserContext = await (await sharedBrowser()).newContext({ viewport, locale: 'it-IT', reducedMotion: motion ? 'no-preference' : 'reduce' });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return {
    context,
    close: () => context.close(),
  };
}

/**
 * The context's pages read `now` as the date (and it runs on from there), like a server on a test clock
 * (server/lib/clock.ts): the same "today" on both sides. Only Date moves: timers, animation frames and
 * performance.now() stay real. (Playwright's context.clock fakes those too, and under it a closing Chakra dialog
 * stayed in the page: certificates.test.ts timed out waiting for it.) Before the context's first page.
 */
export async function setPagesDate(context: BrowserContext, now: Date): Promise<void> {
  await context.addInitScript((offset: number) => {
    const RealDate = Date;
    // new Date() and Date.now() shifted; a Date of given parts or milliseconds, and Date.parse/UTC, unchanged.
    function ShiftedDate(this: unknown, ...args: unknown[]) {
      if (!new.target) return new RealDate(RealDate.now() + offset).toString();
      return args.length ? new (RealDate as unknown as new (...a: unknown[]) => Date)(...args) : new RealDate(RealDate.now() + offset);
    }
    ShiftedDate.prototype = RealDate.prototype;
    ShiftedDate.now = () => RealDate.now() + offset;
    ShiftedDate.parse = RealDate.parse;
    ShiftedDate.UTC = RealDate.UTC;
    globalThis.Date = ShiftedDate as unknown as DateConstructor;
  }, now.getTime() - Date.now());
}

/**
 * Signs `page` in as `club`'s account the way a login does: both tokens stored, on the app's origin. Stored from
 * /healthz, a page of that origin without the app: the app still starting on a page of its own (a logout's
 * /login, say) could otherwise clear them after they are written.
 */
export async function storeSession(page: Page, baseUrl: string, club: { token: string; clubToken: string }) {
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(
    ({ keys, tokens }) => {
      localStorage.setItem(keys.session, tokens.session);
      localStorage.setItem(keys.club, tokens.club);
    },
    { keys: { session: SESSION_STORAGE_KEY, club: CLUB_STORAGE_KEY }, tokens: { session: club.token, club: club.clubToken } },
  );
}

// Menus (Chakra's, on zag): an open menu takes the focus a frame or more after it opens, and until then an Escape
// goes elsewhere and an entry's click can open nothing. On a loaded machine that window is long, so these helpers
// wait for the open menu to hold the focus before they press or click anything in it.

/** Waits until the open menu holds the focus: from then on keys and clicks reach it. */
async function menuReady(page: Page) {
  const menu = page.getByRole('menu');
  await vi.waitFor(
    async () => {
      if (!(await menu.evaluate((el) => el.contains(document.activeElement)))) throw new Error('the menu does not hold the focus yet');
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Opens a menu with its trigger and waits until it is ready for keys and clicks. */
export async function openMenu(page: Page, trigger: Locator) {
  await trigger.click();
  await menuReady(page);
}

/** Opens a menu with `trigger` (a row's "Azioni per ...") and chooses its entry `name`. */
export async function chooseMenuItem(page: Page, trigger: Locator, name: string) {
  await openMenu(page, trigger);
  await page.getByRole('menuitem', { name }).click();
}

/** Opens the profile menu and waits until it is ready for keys and clicks. */
export const openProfileMenu = (page: Page) => openMenu(page, page.getByRole('button', { name: 'Menu del profilo' }));

/** Closes the open menu with Escape, as a user would, once it holds the focus. */
export async function closeMenu(page: Page) {
  await menuReady(page);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/** The profile menu's entries, in order (the menu is closed again). */
export async function profileMenuEntries(page: Page): Promise<string[]> {
  await openProfileMenu(page);
  const entries = (await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim());
  await closeMenu(page);
  return entries;
}

/**
 * Chooses an action of the profile menu (Esci, Lascia un feedback), the menu ready. Under heavy load a click on an
 * entry was seen to choose nothing (the menu stayed open, with the focus, for 15 s): while the menu is still open the
 * entry is clicked again. Choosing closes the menu, so a click that did choose is never repeated.
 */
export async function chooseProfileMenuAction(page: Page, name: string) {
  await openProfileMenu(page);
  const menu = page.getByRole('menu');
  const entry = page.getByRole('menuitem', { name, exact: true });
  await vi.waitFor(
    async () => {
      if (await menu.isVisible()) await entry.click({ timeout: 3_000 });
      await menu.waitFor({ state: 'hidden', timeout: 3_000 });
    },
    { timeout: 20_000, interval: 250 },
  );
}

/**
 * Follows the profile menu's entry `name` to a page whose address matches `url`, clicked again while the address
 * is not reached (following a link twice is harmless).
 */
export async function followProfileMenu(page: Page, name: string, url: RegExp) {
  const entry = page.getByRole('menuitem', { name, exact: true });
  await vi.waitFor(
    async () => {
      if (url.test(new URL(page.url()).pathname)) return;
      if (!(await entry.isVisible())) await openProfileMenu(page);
      await entry.click({ timeout: 3_000 });
      await page.waitForURL((u) => url.test(u.pathname), { timeout: 3_000 });
    },
    { timeout: 20_000, interval: 250 },
  );
}

/**
 * A picture for a person to look at, written only when CAMPOBASE_SCREENSHOTS names a folder (never compared): the
 * whole page, or (`fullPage: false`, for a dialog or a menu) what the window shows. It waits for fades first, and
 * only then: a run without pictures never waits.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.CAMPOBASE_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** The page fits the window's width (375 px phones included): nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}
