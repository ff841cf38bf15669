// Headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

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
