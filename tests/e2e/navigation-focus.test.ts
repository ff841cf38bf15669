// Focus after a change of page (issue 34 point 3): signing in, a link of the menu, back, and a link of the public
// site put the keyboard focus on the new page's main heading (once, in the routers: app/router.tsx and
// app/public-app.tsx), not on <body>; a change of the address's query only (typing a search) leaves it where it is.
// A bookmarked page keeps the browser's own start. On a phone and a desktop.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

/** The focused element: its tag, its text, whether it is the main heading. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? null, text: el?.textContent?.trim() ?? '', mainHeading: el !== null && el === document.querySelector('main h1') };
  });

async function expectHeadingFocused(page: Page, text: RegExp) {
  await expect.poll(() => focused(page), { timeout: 15_000 }).toMatchObject({ tag: 'h1', mainHeading: true });
  expect((await focused(page)).text).toMatch(text);
}

describe.each(Object.entries(VIEWPORTS))('focus after a change of page on %s', (name, viewport) => {
  const phone = name === 'phone';

  it('signing in, a menu link and back put the focus on the page heading; typing a search keeps it in the box', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      const club = await createClub(server.deps);
      // A bookmarked page: the browser's own start (the body), not a heading stolen from the skip link.
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email').fill(club.email);
      await page.getByLabel('Password', { exact: true }).fill(club.password);
      expect((await focused(page)).tag).toBe('input');
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(/\/dashboard$/);
      await expectHeadingFocused(page, /Mario/);

      if (phone) await page.getByRole('button', { name: 'Apri menu' }).click();
      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Atleti', exact: true }).click();
      await page.waitForURL(/\/athlete$/);
      await expectHeadingFocused(page, /Atleti/);

      // only the query changes: the focus stays in the search box while the address follows the typing
      const search = page.getByRole('searchbox').first();
      await search.click();
      await search.pressSequentially('ros');
      await page.waitForURL(/q=ros/);
      await page.waitForTimeout(300);
      expect(await focused(page)).toMatchObject({ tag: 'input', mainHeading: false });

      await page.goBack();
      await page.waitForURL(/\/dashboard$/);
      await expectHeadingFocused(page, /Mario/);
    } finally {
      await browser.close();
    }
  });

  it('a link of the public site puts the focus on the new page heading', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`${server.url}/`);
      await page.locator('main h1').waitFor();
      // the footer's link is there at every width (the top bar folds its links into a menu on phones)
      await page.getByRole('contentinfo').getByRole('link', { name: 'Prezzi', exact: true }).click();
      await page.waitForURL(/\/pricing$/);
      await expectHeadingFocused(page, /Un piano per ogni società/);
    } finally {
      await browser.close();
    }
  });
});
