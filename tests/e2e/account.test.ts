// The account's own pages from the user menu, in a real browser against the real server, on a phone and on a
// desktop: the menu entries, the profile saved for real (the top bar's name changes at once and after a reload),
// the security page (sessions, ending one, changing the password, then signing in with the new one), the feedback
// dialog (stored and mailed) and the help centre's search.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { login } from '../../server/modules/accounts/login.service';
import { chooseProfileMenuAction, closeMenu, followProfileMenu, launchBrowser, openProfileMenu, VIEWPORTS, storeSession } from '../support/browser';
import { createClub, type TestClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { readOutbox } from '../support/test-app';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

function signIn(page: Page, club: TestClub) {
  return storeSession(page, server.url, club);
}


/** The full name in the open profile menu's header (the trigger shows it too on wide screens). */
async function menuShowsName(page: Page, fullName: string) {
  await openProfileMenu(page);
  await page.getByRole('menu').getByText(fullName, { exact: true }).waitFor();
  await closeMenu(page);
}

describe.each(Object.entries(VIEWPORTS))('account pages on %s', (name, viewport) => {
  it('edits the profile (persists across reload), ends a session, changes the password, sends feedback, searches help', async () => {
    const club = await createClub(server.deps);
    // another device signed in to the same account
    await login({ deps: server.deps, meta: { ip: '10.9.9.9', userAgent: FIREFOX_LINUX }, viewer: null }, { email: club.email, password: club.password });

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, club);
      await page.goto(`${server.url}/dashboard`);

      // --- the user menu: the spec's entries in order (Collaboratori: the owner manages them)
      await openProfileMenu(page);
      const items = await page.getByRole('menuitem').allInnerTexts();
      expect(items.map((s) => s.trim())).toEqual(['Profilo', 'Sicurezza', 'Area personale', 'Club', 'Collaboratori', 'Affiliazioni', 'Registro accessi', 'Possibili duplicati', 'Impostazioni', 'Lascia un feedback', 'Centro assistenza', 'Esci']);
      // keyboard: the first item is reached with the arrow key and opened with Enter
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/modifica-utente$/);

      // --- profile: filled from the server, the spec's messages, then a real save
      await page.getByRole('heading', { name: 'Il tuo profilo', level: 1 }).waitFor();
      const firstname = page.getByLabel('Nome', { exact: true });
      expect(await firstname.inputValue()).toBe('Mario');
      expect(await page.getByLabel('Codice fiscale').inputValue()).toBe('RSSMRA80A01H501U');
      expect(await page.getByLabel('Email di accesso').getAttribute('readonly')).not.toBeNull();
      await firstname.fill('');
      await page.getByRole('button', { name: 'Salva modifiche' }).click();
      await page.getByText(MSG.firstnameRequired).waitFor();
      await page.getByText(MSG.invalidFields).waitFor();

      await firstname.fill('Giovanna');
      await page.getByLabel('Soprannome').fill('Gio');
      // her own codice fiscale (a woman's: day of birth +40), so the dashboard greets her 'Benvenuta'
      await page.getByLabel('Codice fiscale').fill('RSSGNN80A41H501R');
      await page.getByRole('button', { name: 'Salva modifiche' }).click();
      await page.getByText(MSG.changesSaved).first().waitFor();
      // the top bar's name follows without a reload...
      await menuShowsName(page, 'Giovanna Rossi');
      if (name === 'desktop') await page.getByTestId('user-menu-name').getByText('Giovanna Rossi').waitFor();
      // ...and after one
      await page.reload();
      await page.getByRole('heading', { name: 'Il tuo profilo', level: 1 }).waitFor();
      await expect.poll(() => page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Giovanna');
      expect(await page.getByLabel('Soprannome').inputValue()).toBe('Gio');
      await menuShowsName(page, 'Giovanna Rossi');
      const stored = await server.deps.systemDb.accountProfile.findUniqueOrThrow({ where: { accountId: club.accountId } });
      expect(stored).toMatchObject({ firstname: 'Giovanna', nickname: 'Gio', taxIdCode: 'RSSGNN80A41H501R' });

      // --- security: this device marked, the other one ended after a confirmation
      await followProfileMenu(page, 'Sicurezza', /^\/account\/sicurezza$/);
      await page.getByText('Questo dispositivo', { exact: true }).waitFor();
      const endFirefox = page.getByRole('button', { name: /^Termina la sessione Firefox su Linux/ });
      await endFirefox.click();
      const confirm = page.getByRole('alertdialog', { name: 'Terminare la sessione «Firefox su Linux»?' });
      await confirm.getByRole('button', { name: 'Termina' }).click();
      await page.getByText(MSG.sessionRevoked).first().waitFor();
      await endFirefox.waitFor({ state: 'detached' });
      expect(await server.deps.systemDb.session.count({ where: { accountId: club.accountId, revokedAt: null } })).toBe(1);

      // --- password: the wrong current one is refused, then the change; this session stays signed in
      await page.getByLabel('Password attuale').fill('non-la-mia-1');
      await page.getByLabel('Nuova password', { exact: true }).fill('password-nuova-1');
      await page.getByLabel('Conferma nuova password').fill('password-nuova-1');
      await page.getByRole('button', { name: 'Aggiorna password' }).click();
      await page.getByText(MSG.currentPasswordWrong).first().waitFor();
      await page.getByLabel('Password attuale').fill(club.password);
      await page.getByRole('button', { name: 'Aggiorna password' }).click();
      await page.getByText(MSG.passwordUpdated).first().waitFor();
      expect(await page.getByLabel('Password attuale').inputValue()).toBe('');

      // --- feedback from the menu: the message is required, then stored with the page and mailed
      await chooseProfileMenuAction(page, 'Lascia un feedback');
      const dialog = page.getByRole('dialog', { name: 'Lascia un feedback' });
      await dialog.getByRole('button', { name: 'Invia feedback' }).click();
      await dialog.getByText(MSG.feedbackMessageRequired).waitFor();
      await dialog.getByText('Problema', { exact: true }).click();
      await dialog.getByLabel('Messaggio').fill(`Non trovo come cambiare email (${name}).`);
      await dialog.getByText(`${'Non trovo come cambiare email ('.length + name.length + 2}/4000 caratteri`).waitFor();
      await dialog.getByRole('button', { name: 'Invia feedback' }).click();
      const sent = page.getByRole('dialog', { name: 'Feedback inviato' });
      await sent.getByText(MSG.feedbackSent).waitFor();
      // exact: a toast's 'Chiudi notifica' may still be on screen
      await sent.getByRole('button', { name: 'Chiudi', exact: true }).click();
      await sent.waitFor({ state: 'detached' });
      const feedback = await server.deps.systemDb.feedback.findFirstOrThrow({ where: { clubId: club.clubId } });
      expect(feedback).toMatchObject({ topic: 'problem', message: `Non trovo come cambiare email (${name}).`, page: '/account/sicurezza', accountId: club.accountId });
      expect(feedback.emailedAt).not.toBeNull();
      expect((await readOutbox(server.dataDir)).some((m) => m.text.includes(`Non trovo come cambiare email (${name}).`))).toBe(true);

      // --- help centre: search without accents finds the answer, opened
      await followProfileMenu(page, 'Centro assistenza', /^\/aiuto$/);
      await page.getByRole('heading', { name: 'Centro assistenza', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Cerca nelle domande' }).fill('societa stagione');
      await page.getByText('Come cambio la stagione o i colori della società?').waitFor();
      await page.getByText(/In Impostazioni, dal menu del profilo/).waitFor();
      await expect.poll(() => page.getByText('Come cambio la password?').count()).toBe(0);

      // --- signed out, the new password signs in (the old one does not)
      await chooseProfileMenuAction(page, 'Esci');
      await page.waitForURL(/\/login/);
      await page.getByLabel('Email').fill(club.email);
      await page.getByLabel('Password', { exact: true }).fill(club.password);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.getByText(MSG.loginFailed).first().waitFor();
      await page.getByLabel('Password', { exact: true }).fill('password-nuova-1');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('heading', { name: 'Benvenuta, Giovanna', level: 1 }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
