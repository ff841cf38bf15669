// Headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';

export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;

export async function launchBrowser(viewport: { width: number; height: number }) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    locale: 'it-IT',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
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
