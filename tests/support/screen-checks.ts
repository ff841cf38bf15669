// What an e2e file checks on every screen it visits: axe's serious findings (collected in `failures`, asserted empty
// at the end so one run lists them all), no sideways scroll on a phone, and a screenshot at its width
// (CAMPOBASE_SCREENSHOTS). `both` checks the screen at 1440 px, then at 375 px, and goes back to 1440.
import type { Page } from 'playwright-core';
import { formatFindings, seriousViolations } from './accessibility';
import { expectNoHorizontalScroll, screenshot, VIEWPORTS } from './browser';

export function screenChecks(page: Page, failures: string[]) {
  const check = async (name: string, { fullPage = true } = {}) => {
    const { width } = page.viewportSize()!;
    // the pointer off the page: no hover state in the picture or in axe's reading
    await page.mouse.move(width - 2, 2);
    const findings = await seriousViolations(page);
    if (findings.length) failures.push(formatFindings(`${name} at ${width}`, findings));
    if (width < 768) await expectNoHorizontalScroll(page);
    await screenshot(page, `${name}-${width}`, { fullPage });
  };
  const both = async (name: string, { fullPage = true } = {}) => {
    await check(name, { fullPage });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.waitForTimeout(300);
    await check(name, { fullPage });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.waitForTimeout(300);
  };
  return { check, both };
}
