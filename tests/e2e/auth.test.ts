// A club administrator's first day, in a real browser against the real server, on a phone and on a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { chooseProfileMenuAction, launchBrowser, VIEWPORTS } from '../support/browser';
import { startLiveServer } from '../support/live-server';
import { latestResetCode } from '../support/test-app';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe.each(Object.entries(VIEWPORTS))('account lifecycle on %s', (name, viewport) => {
  it('signs up, lands on /dashboard, logs out, logs in, recovers the password and logs in with it', async () => {
    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
  page.setDefaultTimeout(15_000);
    page.setDefaultTimeout(15_000);
    const email = `presidente-${name}-${Date.now()}@example.it`;
    try {
      await page.goto(`${server.url}/signup`);

      // step 1: the spec's message when fields are missing
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByText(MSG.signupStep1).first().waitFor();
      await page.getByLabel('Codice fiscale').fill('rssmra80a01h501u');
      await page.getByLabel('Nome', { exact: true }).fill('Mario');
      await page.getByLabel('Cognome').fill('Rossi');
      await page.getByLabel('Data di nascita').fill('1980-01-01');
      await page.getByLabel('Ruolo nella società').selectOption({ label: 'Presidente' });
      await page.getByRole('button', { name: 'Avanti' }).click();

      // step 2
      await page.getByLabel('Nome della società').fill(`ASD Rugby ${name}`);
      await page.getByLabel('Anno di fondazione').fill('1998');
      await page.getByLabel('Partita IVA').fill('12345678901');
      await page.getByLabel('Sport').selectOption({ label: 'Rugby' });
      await page.getByRole('button', { name: 'Avanti' }).click();

      // step 3: mismatch first, then valid
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('password-iniziale-1');
      await page.getByLabel('Conferma password').fill('altra-password-1');
      await page.getByRole('button', { name: 'Registrati' }).click();
      await page.getByText(MSG.passwordsDiffer).first().waitFor();
      await page.getByLabel('Conferma password').fill('password-iniziale-1');
      await page.getByRole('button', { name: 'Registrati' }).click();

      // step 4: success, then the dashboard of the new club
      await page.getByRole('link', { name: 'Vai alla dashboard' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByText('Benvenuto, Mario').waitFor();
      await page.getByText(`ASD Rugby ${name}`).first().waitFor();

      // logout from the profile menu
      await chooseProfileMenuAction(page, 'Esci');
      await page.waitForURL(/\/login/);
      expect(await page.evaluate(() => ({ ...localStorage }))).not.toHaveProperty('campobase.session');

      // the guard remembers where we were going
      await page.goto(`${server.url}/dashboard`);
      await page.waitForURL(/\/login\?returnTo=%2Fdashboard/);

      // wrong password: the spec's toast
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('sbagliata-123');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.getByText(MSG.loginFailed).first().waitFor();

      await page.getByLabel('Password', { exact: true }).fill('password-iniziale-1');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);

      // forgotten password: code from the outbox, new password, back to login
      await chooseProfileMenuAction(page, 'Esci');
      await page.getByRole('link', { name: 'Hai dimenticato la password?' }).click();
      await page.waitForURL(/\/forgot-password$/);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Invia codice' }).click();
      await page.getByText(MSG.codeSent).first().waitFor();
      const code = await latestResetCode(server.dataDir, email);
      await page.getByLabel('Codice di verifica').fill(code);
      await page.getByRole('button', { name: 'Verifica codice' }).click();
      await page.getByText(MSG.codeVerified).first().waitFor();
      await page.getByLabel('Nuova password', { exact: true }).fill('password-nuova-22');
      await page.getByLabel('Conferma nuova password').fill('password-nuova-22');
      await page.getByRole('button', { name: 'Salva la nuova password' }).click();
      await page.getByText(MSG.passwordUpdated).first().waitFor();
      await page.waitForURL(/\/login/, { timeout: 5000 });

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('password-nuova-22');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByText('Benvenuto, Mario').waitFor();

      // signed in, /signup goes straight to the dashboard
      await page.goto(`${server.url}/signup`);
      await page.waitForURL(/\/dashboard$/);

      // a reload keeps the session (checked with `me`)
      await page.reload();
      await page.getByText('Benvenuto, Mario').waitFor();
      // and an unknown address inside the app says so
      await page.goto(`${server.url}/non-esiste`);
      await page.getByText('Pagina non trovata').waitFor();
    } finally {
      await browser.close();
    }
  });
});

it('a revoked session stored in the browser is cleared on load', async () => {
  const browser = await launchBrowser(VIEWPORTS.desktop);
  const page = await browser.context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => {
      localStorage.setItem('campobase.session', 'revocato');
      localStorage.setItem('campobase.club', 'qualunque');
    });
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login\?returnTo=/);
    expect(await page.evaluate(() => localStorage.getItem('campobase.session'))).toBeNull();
  } finally {
    await browser.close();
  }
});
