// Headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, vi } from 'vitest';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';

export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;

// One Chromium per test file (each file runs in its own module graph), started on first use and closed after the
// file. Every launchBrowser() gets a new context of it: its own cookies, storage, cache and viewport, as isolated
// as the fresh profile a browser per test used to have, without a browser start (1-2 s here) each time.
let shared: Promise<Browser> | undefined;
afterAll(async () => {
  const browser = shared;
  shared = undefined;
  await (await browser?.catch(() => undefined))?.close();
});

function sharedBrowser(): Promise<Browser> {
  return (shared ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  }));
}

/** A fresh browsing context (a new profile, in effect) at `viewport`; close() closes it. */
export async function launchBrowser(viewport: { width: number; height: number }) {
  const context: BrowserContext = await (await sharedBrowser()).newContext({ viewport, locale: 'it-IT' });
  return {
    context,
    close: () => context.close(),
  };
}

/** Signs `page` in as `club`'s account the way a login does: both tokens stored, on the app's origin. */
export async function storeSession(page: Page, baseUrl: string, club: { token: string; clubToken: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ({ keys, tokens }) => {
      localStorage.setItem(keys.session, tokens.session);
      localStorage.setItem(keys.club, tokens.club);
    },
    { keys: { session: SESSION_STORAGE_KEY, club: CLUB_STORAGE_KEY }, tokens: { session: club.token, club: club.clubToken } },
  );
}

/**
 * Opens the profile menu and follows its entry `name` to a page whose address matches `url`. Tried again while the
 * address is not reached: on a loaded machine a click can land while the menu is still being positioned and open
 * nothing. Following a link twice is harmless; actions (Esci, feedback) are clicked once by the tests themselves.
 */
export async function followProfileMenu(page: Page, name: string, url: RegExp) {
  const trigger = page.getByRole('button', { name: 'Menu del profilo' });
  const entry = page.getByRole('menuitem', { name, exact: true });
  await vi.waitFor(
    async () => {
      if (url.test(new URL(page.url()).pathname)) return;
      if (!(await entry.isVisible())) await trigger.click({ timeout: 3_000 });
      await entry.click({ timeout: 3_000 });
      await page.waitForURL((u) => url.test(u.pathname), { timeout: 3_000 });
    },
    { timeout: 20_000, interval: 250 },
  );
}
