// Two-factor sign-in in a real browser against the real server, on a phone and on a desktop: turning it on from the
// Security page (the code computed from the key shown on screen), the recovery codes shown once, signing out and in
// again with the app's code (keyboard only) and with a recovery code; then a club that requires it: the owner's
// switch on /impostazioni, and a collaborator without it led to the Security page, in again once it is on.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { totpCode } from '../../server/modules/two-factor/totp';
import { chooseProfileMenuAction, launchBrowser, screenshot, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const shot = (page: Page, name: string) => screenshot(page, name);

/** Turns two-factor sign-in on from the open Security page; answers the key shown and the recovery codes. */
async function turnOn(page: Page, shotName?: string) {
  const card = page.getByRole('region', { name: 'Verifica in due passaggi' });
  await card.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
  await page.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" }).waitFor();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shotName) await shot(page, `${shotName}-setup`);

  // a wrong code first: the field says so and keeps the focus
  const field = page.getByLabel("Codice dell'app");
  const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Conferma e attiva' }).click();
  await page.getByText(MSG.twoFactorCodeInvalid).waitFor();

  await field.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Conferma e attiva' }).click();
  const list = page.getByRole('list', { name: 'Codici di recupero' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  if (shotName) await shot(page, `${shotName}-codes`);
  await page.getByRole('button', { name: 'Ho salvato i codici' }).click();
  await page.getByText(/Verifica in due passaggi attiva dal/).waitFor();
  await page.getByText('Codici di recupero ancora validi:').waitFor();
  return { secret, codes };
}

async function signOut(page: Page) {
  await chooseProfileMenuAction(page, 'Esci');
  await page.waitForURL(/\/login/);
}

async function enterPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: 'Verifica in due passaggi' }).waitFor();
}

describe.each(Object.entries(VIEWPORTS))('two-factor sign-in on %s', (name, viewport) => {
  it('turns it on from the Security page, signs out, signs in with the code, then with a recovery code', async () => {
    const club = await createClub(server.deps);
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/account/sicurezza`);
      await page.getByRole('heading', { name: 'Sicurezza', level: 1 }).waitFor();
      await shot(page, `${name}-security-off`);
      const { secret, codes } = await turnOn(page, name);
      await shot(page, `${name}-security-on`);

      // --- sign out and in: the password alone opens no session
      await signOut(page);
      await enterPassword(page, club.email, club.password);
      expect(await page.evaluate(() => localStorage.getItem('campobase.session'))).toBeNull();
      // the code field has the focus: typed and sent with the keyboard alone
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('code');
      await shot(page, `${name}-login-code`);
      await page.keyboard.type('12345');
      await page.keyboard.press('Enter');
      await page.getByText(MSG.twoFactorCodeRequired).waitFor();
      await page.getByLabel('Codice di verifica').fill('');
      // the next step's code: the one used to turn it on is not accepted twice
      await page.keyboard.type(totpCode(secret, Date.now() + 30_000));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/dashboard$/);
      await page.getByText('Benvenuto, Mario').waitFor();

      // --- a recovery code, once
      await signOut(page);
      await enterPassword(page, club.email, club.password);
      await page.getByRole('button', { name: 'Usa un codice di recupero' }).click();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('recoveryCode');
      await shot(page, `${name}-login-recovery`);
      await page.getByLabel('Codice di recupero').fill(codes[0].toUpperCase());
      await page.getByRole('button', { name: 'Verifica e accedi' }).click();
      await page.waitForURL(/\/dashboard$/);

      await signOut(page);
      await enterPassword(page, club.email, club.password);
      await page.getByRole('button', { name: 'Usa un codice di recupero' }).click();
      await page.getByLabel('Codice di recupero').fill(codes[0]);
      await page.getByRole('button', { name: 'Verifica e accedi' }).click();
      await page.getByText(MSG.twoFactorRecoveryCodeInvalid).waitFor();
      // back to the first step
      await page.getByRole('button', { name: "Torna all'accesso" }).click();
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
    } finally {
      await browser.close();
    }
  });

  it("a club requires it: the owner's switch, and a collaborator without it is led to the Security page", async () => {
    const owner = await createClub(server.deps, { fullName: `ASD Sanitaria ${name}` });
    const coach = await addCollaborator(server.deps, owner, 'segreteria');
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      // the owner: the switch waits for their own second factor, then requires it
      await storeSession(page, server.url, owner);
      await page.goto(`${server.url}/impostazioni`);
      const toggle = page.getByRole('checkbox', { name: 'Richiedi la verifica in due passaggi' });
      await toggle.waitFor({ state: 'attached' });
      expect(await toggle.isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'attiva la verifica in due passaggi sul tuo account' }).click();
      await page.waitForURL(/\/account\/sicurezza$/);
      await turnOn(page);
      await page.goto(`${server.url}/impostazioni`);
      await page.getByText('Richiedi la verifica in due passaggi').click();
      await page.getByText(MSG.clubTwoFactorRequired).first().waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await shot(page, `${name}-club-setting`);
      await signOut(page);

      // the collaborator (segreteria reads health data) without it: led to the Security page, which says why
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/dashboard`);
      await page.waitForURL(/\/account\/sicurezza$/);
      await page.getByRole('alert').filter({ hasText: MSG.twoFactorRequiredByClub }).waitFor();
      await shot(page, `${name}-club-refused`);
      // the club's pages stay closed meanwhile
      await page.goto(`${server.url}/athlete`);
      await page.waitForURL(/\/account\/sicurezza$/);

      await turnOn(page);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: MSG.twoFactorRequiredByClub }).count()).toBe(0);
      await page.goto(`${server.url}/dashboard`);
      await page.getByText(`ASD Sanitaria ${name}`).first().waitFor();
      expect(page.url()).toMatch(/\/dashboard$/);
    } finally {
      await browser.close();
    }
  });
});
