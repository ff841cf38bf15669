// A club president asks to be contacted, on a phone and on a desktop: errors under the fields first, then the
// request from a flyer's link (?fn=volantino-2026) is stored with its funnel and mailed to sales; /inscription
// without `fn` records 'direct'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '../../schema/messages';
import { launchBrowser, VIEWPORTS } from '../support/browser';
import { startLiveServer } from '../support/live-server';
import { readOutbox } from '../support/test-app';

const SALES = 'vendite@campobase.test';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer({ salesEmail: SALES });
});
afterAll(() => server?.close());

/** The cookie banner covers the bottom of a phone screen: answer it first, as a visitor would. */
async function dismissCookieBanner(page: Page) {
  const reject = page.getByRole('button', { name: 'Rifiuta' });
  if (await reject.isVisible().catch(() => false)) await reject.click();
}

async function fillValidLead(page: Page, email: string) {
  await page.getByLabel('Nome e cognome').fill('Giulia Ferrari');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Telefono').fill('333 123 4567');
  await page.getByLabel('Nome della società').fill('ASD Pallavolo Riviera');
  await page.getByRole('radio', { name: 'Presidente' }).check();
  await page.getByLabel('Regione').selectOption('Liguria');
  await page.getByRole('radio', { name: '51 - 200' }).check();
}

/** The message shown under a field, found through the field's aria-describedby. */
async function errorUnder(page: Page, fieldId: string): Promise<string | null> {
  return page.evaluate((id) => {
    const field = document.getElementById(id);
    const describedBy = field?.getAttribute('aria-describedby');
    return field?.getAttribute('aria-invalid') === 'true' && describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
  }, fieldId);
}

describe.each(Object.entries(VIEWPORTS))('lead request on %s', (name, viewport) => {
  it('shows the errors under their fields, then records the lead with the fn funnel', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const email = `giulia-${name}-${Date.now()}@example.it`;
    try {
      await page.goto(`${server.url}/richiedi-informazioni?fn=volantino-2026`);
      await dismissCookieBanner(page);
      const submit = page.getByRole('button', { name: 'Invia Richiesta' });
      await page.getByText('Cliccando su «Invia Richiesta» acconsenti al trattamento').waitFor();
      expect(await page.getByRole('link', { name: 'informativa sulla privacy' }).getAttribute('href')).toBe('/privacy');

      // nothing filled in: every required field says why, the first one has the focus
      await submit.click();
      await page.getByText(MSG.invalidFields).waitFor();
      expect(await errorUnder(page, 'lead-name')).toBe(MSG.leadNameRequired);
      expect(await errorUnder(page, 'lead-email')).toBe(MSG.leadEmailRequired);
      expect(await errorUnder(page, 'lead-phone')).toBe(MSG.leadPhoneRequired);
      expect(await errorUnder(page, 'lead-clubName')).toBe(MSG.leadClubRequired);
      expect(await page.getByText(MSG.leadRoleRequired).isVisible()).toBe(true);
      expect(await page.getByText(MSG.leadMembersRequired).isVisible()).toBe(true);
      expect(await errorUnder(page, 'lead-region')).toBeNull(); // optional
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-name');

      // a wrong email and phone: their own messages
      await fillValidLead(page, 'giulia-at-example.it');
      await page.getByLabel('Telefono').fill('333 abc');
      await submit.click();
      await page.getByText(MSG.emailInvalid).waitFor();
      expect(await errorUnder(page, 'lead-email')).toBe(MSG.emailInvalid);
      expect(await errorUnder(page, 'lead-phone')).toBe(MSG.leadPhoneInvalid);
      expect(await errorUnder(page, 'lead-name')).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-email');

      // the server's own field errors land under the same fields: here the request loses club_name on the way
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Telefono').fill('333 123 4567');
      await page.route('**/api/lead', async (route) => {
        const { club_name: _dropped, ...rest } = route.request().postDataJSON() as Record<string, unknown>;
        await route.continue({ postData: JSON.stringify(rest) });
      });
      await submit.click();
      await page.getByText(MSG.leadClubRequired).waitFor();
      expect(await errorUnder(page, 'lead-clubName')).toBe(MSG.leadClubRequired);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-clubName');
      await page.unroute('**/api/lead');
      expect(await server.deps.systemDb.lead.count({ where: { email } })).toBe(0);

      // valid: step 2, stored with the flyer's funnel, mailed to sales
      await submit.click();
      await page.getByRole('heading', { name: 'Grazie, abbiamo ricevuto la tua richiesta' }).waitFor();
      await page.getByText(MSG.leadSent).waitFor();
      const lead = await server.deps.systemDb.lead.findFirstOrThrow({ where: { email } });
      expect(lead).toMatchObject({ funnelName: 'volantino-2026', name: 'Giulia Ferrari', phone: '3331234567', clubName: 'ASD Pallavolo Riviera', role: 'Presidente', region: 'Liguria', members: '51 - 200' });
      expect((await readOutbox(server.dataDir)).some((m) => m.to === SALES && m.text.includes(email))).toBe(true);
      // the funnel is recorded, never shown
      expect(await page.locator('body').textContent()).not.toContain('volantino-2026');

      await page.getByRole('link', { name: 'Torna alla home' }).click();
      await page.waitForURL(`${server.url}/`);
    } finally {
      await browser.close();
    }
  });

  it("records 'direct' from /inscription without fn", async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const email = `marco-${name}-${Date.now()}@example.it`;
    try {
      await page.goto(`${server.url}/inscription`);
      await dismissCookieBanner(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await fillValidLead(page, email);
      await page.getByRole('button', { name: 'Invia Richiesta' }).click();
      await page.getByRole('link', { name: 'Torna alla home' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Grazie, abbiamo ricevuto la tua richiesta');
      expect((await server.deps.systemDb.lead.findFirstOrThrow({ where: { email } })).funnelName).toBe('direct');
    } finally {
      await browser.close();
    }
  });
});
