// Collaborators in a real browser against the real server, on a phone and on a desktop: the owner opens
// Collaboratori from the user menu and invites an email as Segreteria (the invitation shows as pending); the invitee
// opens the mailed link, signs in (the guard brings them back), accepts, opens the club and works in it (a new
// category); the owner sees them in the list, makes them a coach of that category, removes them; the removed
// account's next request for that club is refused, and after a reload the app goes on in the account's own club.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { chooseMenuItem, followProfileMenu, launchBrowser, profileMenuEntries, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { readOutbox } from '../support/test-app';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

/** The row of a collaborator in the list (an <li> holding their email). */
const memberRow = (page: Page, email: string) => page.getByRole('list', { name: 'Collaboratori' }).getByRole('listitem').filter({ hasText: email });

describe.each(Object.entries(VIEWPORTS))('collaborators on %s', (name, viewport) => {
  it('invites, the invitee accepts from the mailed link and works in the club, then role change and removal', async () => {
    const clubName = `ASD Collaboratori ${name}`;
    const owner = await createClub(server.deps, { fullName: clubName });
    const invitee = await createClub(server.deps, { firstname: 'Lucia', lastname: 'Bianchi', fullName: `Polisportiva Lucia ${name}` });

    const ownerBrowser = await launchBrowser(viewport);
    const inviteeBrowser = await launchBrowser(viewport);
    const page = await ownerBrowser.context.newPage();
    const other = await inviteeBrowser.context.newPage();
    page.setDefaultTimeout(15_000);
    other.setDefaultTimeout(15_000);
    try {
      // --- the owner: Collaboratori in the user menu, in the spec's order
      await storeSession(page, server.url, owner);
      await page.goto(`${server.url}/dashboard`);
      expect(await profileMenuEntries(page)).toEqual(['Profilo', 'Sicurezza', 'Area personale', 'Club', 'Collaboratori', 'Affiliazioni', 'Registro accessi', 'Possibili duplicati', 'Impostazioni', 'Lascia un feedback', 'Centro assistenza', 'Esci']);
      await followProfileMenu(page, 'Collaboratori', /^\/collaboratori$/);
      await page.getByRole('heading', { name: 'Collaboratori', level: 1 }).waitFor();
      const ownerRow = memberRow(page, owner.email);
      await ownerRow.getByText('Tu', { exact: true }).waitFor();
      await ownerRow.getByText('Titolare', { exact: true }).waitFor();
      await page.getByText('Nessun invito in attesa.').waitFor();

      // --- the invitation: the shared rules under the fields, then a real one as Segreteria
      await page.getByRole('button', { name: 'Invita collaboratore' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invita collaboratore' });
      await dialog.getByRole('button', { name: 'Invia invito' }).click();
      await dialog.getByText(MSG.collaboratorEmailRequired).waitFor();
      await dialog.getByLabel('Email').fill(invitee.email);
      await dialog.getByLabel('Ruolo').selectOption({ label: 'Allenatore' });
      await dialog.getByText('Non ci sono ancora categorie di atleti').waitFor();
      await dialog.getByRole('button', { name: 'Invia invito' }).click();
      await dialog.getByText(MSG.collaboratorGroupsRequired).waitFor();
      await dialog.getByLabel('Ruolo').selectOption({ label: 'Segreteria' });
      await dialog.getByRole('button', { name: 'Invia invito' }).click();
      await page.getByText(MSG.collaboratorInviteSent(invitee.email)).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const pending = page.getByRole('list', { name: 'Inviti in attesa' }).getByRole('listitem').filter({ hasText: invitee.email });
      await pending.getByText('Segreteria', { exact: true }).waitFor();

      const mail = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(invitee.email)).at(-1);
      const link = /\/invito\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();

      // --- the invitee, on another browser without a session: login first, then back to the link
      await other.goto(`${server.url}${link}`);
      // the door names what the link opens; an address with an account signs in first
      await other.getByRole('link', { name: 'Accedi per accettare' }).click();
      await other.waitForURL(/\/login\?returnTo=/);
      await other.getByLabel('Email').fill(invitee.email);
      await other.getByLabel('Password', { exact: true }).fill(invitee.password);
      await other.getByRole('button', { name: 'Accedi', exact: true }).click();
      await other.waitForURL(/\/invito\?token=/);
      await other.getByRole('button', { name: 'Accetta l’invito' }).click();
      await other.getByText(MSG.collaboratorJoined(clubName)).waitFor();
      await other.getByRole('button', { name: `Vai a ${clubName}` }).click();
      await other.waitForURL(/\/dashboard$/);
      await other.getByTestId('top-bar-club').getByText(clubName).waitFor();
      // a secretary does not manage collaborators
      expect(await profileMenuEntries(other)).not.toContain('Collaboratori');
      // ...but works in the club: a new category, in this club (it survives a reload, the club stays chosen)
      await other.goto(`${server.url}/category`);
      await other.getByTestId('top-bar-club').getByText(clubName).waitFor();
      await other.getByRole('button', { name: 'Nuova categoria' }).click();
      const categoryPanel = other.getByRole('dialog', { name: 'Nuova categoria' });
      await categoryPanel.getByLabel('Nome').fill('Under 14');
      await categoryPanel.getByRole('button', { name: 'Salva' }).click();
      await other.getByText(MSG.categoryCreated).first().waitFor();
      expect(await server.deps.systemDb.group.count({ where: { clubId: owner.clubId, name: 'Under 14' } })).toBe(1);

      // --- the owner sees them (and no pending invitation), makes them the coach of that category
      await page.reload();
      const row = memberRow(page, invitee.email);
      await row.getByText('Lucia Bianchi').waitFor();
      await row.getByText('Segreteria', { exact: true }).waitFor();
      await page.getByText('Nessun invito in attesa.').waitFor();
      await chooseMenuItem(page, row.getByRole('button', { name: 'Azioni per Lucia Bianchi' }), 'Cambia ruolo');
      const roleDialog = page.getByRole('dialog', { name: 'Cambia ruolo di Lucia Bianchi' });
      expect(await roleDialog.getByLabel('Ruolo').inputValue()).toBe('segreteria');
      await roleDialog.getByLabel('Ruolo').selectOption({ label: 'Allenatore' });
      await roleDialog.getByRole('button', { name: 'Salva' }).click();
      await roleDialog.getByText(MSG.collaboratorGroupsRequired).waitFor();
      await roleDialog.getByText('Under 14').click();
      await roleDialog.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.collaboratorRoleChanged).first().waitFor();
      await roleDialog.waitFor({ state: 'hidden' });
      await row.getByText('Allenatore', { exact: true }).waitFor();
      await row.getByText('Gruppi: Under 14').waitFor();

      // --- removal, after a confirmation
      await chooseMenuItem(page, row.getByRole('button', { name: 'Azioni per Lucia Bianchi' }), 'Rimuovi');
      const confirm = page.getByRole('alertdialog', { name: 'Rimuovere Lucia Bianchi?' });
      await confirm.getByRole('button', { name: 'Rimuovi' }).click();
      await page.getByText(MSG.collaboratorRemoved).first().waitFor();
      await row.waitFor({ state: 'detached' });

      // --- the removed account: its next request for the club is refused...
      await followProfileMenu(other, 'Club', /^\/club$/);
      await other.getByText(MSG.clubForbidden).waitFor();
      // ...and after a reload the app goes on in the account's own club
      await other.reload();
      await other.getByTestId('top-bar-club').getByText(`Polisportiva Lucia ${name}`).waitFor();
    } finally {
      await ownerBrowser.close();
      await inviteeBrowser.close();
    }
  });
});
