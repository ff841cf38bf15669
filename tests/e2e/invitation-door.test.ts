// The invitation door in a real browser (issue 34 point 2), on a phone and on a desktop: the owner invites a coach
// who has no account; the mailed link opens the door, which names the club, the role and who invited before any
// click; the coach creates an account there (name and password, the address filled in and fixed), lands in the club
// as its coach, opens the athletes of their group, and owns no club (one club in the top bar, no switcher; on the
// server no owner membership). The used link then says so on load, with no button. "Registrati ora" on /login
// offers both ways in; an account with no club lands on a page that says what to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { hashSecret } from '../../server/lib/passwords';
import { expectAccessible } from '../support/accessibility';
import { expectNoHorizontalScroll, launchBrowser, screenshot, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';
import { readOutbox } from '../support/test-app';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe.each(Object.entries(VIEWPORTS))('the invitation door on %s', (name, viewport) => {
  it('a coach without an account joins from the mail, works in the club and owns none; the used link says so', async () => {
    const clubName = `ASD Porta ${name}`;
    const owner = await createClub(server.deps, { fullName: clubName, firstname: 'Paola', lastname: 'Presidente' });
    const ctx = await clubContext(server.deps, owner);
    const anna = await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname: 'Mia' } });
    const carla = await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla', lastname: 'Altrui' } });
    await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 10', [anna.roleId]);
    await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 12', [carla.roleId]);
    const email = `nuovo-mister-${name}-${Date.now()}@example.it`;

    const ownerBrowser = await launchBrowser(viewport);
    const coachBrowser = await launchBrowser(viewport);
    const page = await ownerBrowser.context.newPage();
    const coach = await coachBrowser.context.newPage();
    page.setDefaultTimeout(15_000);
    coach.setDefaultTimeout(15_000);
    try {
      // --- the owner invites the new coach for Under 10
      await storeSession(page, server.url, owner);
      await page.goto(`${server.url}/collaboratori`);
      await page.getByRole('button', { name: 'Invita collaboratore' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invita collaboratore' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Ruolo').selectOption({ label: 'Allenatore' });
      await dialog.getByText('Under 10', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Invia invito' }).click();
      await page.getByText(MSG.collaboratorInviteSent(email)).first().waitFor();

      // --- the mail's link opens the door: club, role and who invited, before any click
      const mail = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(email)).at(-1);
      const link = /\/invito\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      await coach.goto(`${server.url}${link}`);
      await coach.getByRole('heading', { name: 'Invito a collaborare', level: 1 }).waitFor();
      expect(coach.url()).toContain('/invito?token=');
      await coach.getByText(`Paola Presidente ti invita a collaborare con ${clubName} su CampoBase.`).waitFor();
      const facts = coach.locator('dl');
      for (const text of [clubName, 'Allenatore', 'Paola Presidente', email]) await facts.getByText(text, { exact: true }).waitFor();
      await expectAccessible(coach, `invitation door, sign-up (${name})`);
      await expectNoHorizontalScroll(coach);
      await screenshot(coach, `invitation-door-signup-${name}`);

      // --- the account-only sign-up: the address is the invitation's, not editable
      const form = coach.getByRole('form', { name: 'Crea il tuo account' });
      const address = form.getByLabel('Email');
      expect(await address.inputValue()).toBe(email);
      expect(await address.isEditable()).toBe(false);
      // an empty submit says what is missing, in Italian
      await form.getByRole('button', { name: 'Crea l’account e accetta' }).click();
      await form.getByText(MSG.invitationNameRequired).first().waitFor();
      await form.getByLabel('Nome', { exact: true }).fill('Marco');
      await form.getByLabel('Cognome').fill('Nuovo');
      await form.getByLabel('Password', { exact: true }).fill('password-del-mister');
      await form.getByLabel('Conferma password').fill('password-del-mister');
      await form.getByRole('button', { name: 'Crea l’account e accetta' }).click();

      // --- in the club, as its coach
      await coach.waitForURL(/\/dashboard$/);
      await coach.getByTestId('top-bar-club').getByText(clubName).waitFor();
      await coach.goto(`${server.url}/athlete`);
      await coach.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await coach.getByText('1 risultato', { exact: true }).waitFor();
      await coach.getByText('Anna').first().waitFor();
      expect(await coach.getByText('Altrui').count()).toBe(0);

      // --- owns no club: one club, no switcher; on the server, no owner membership and no club of its own
      expect(await coach.getByRole('button', { name: /Cambia società/ }).count()).toBe(0);
      const account = await server.deps.systemDb.account.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
      expect(account.memberships.map((m) => [m.clubId, m.role])).toEqual([[owner.clubId, 'allenatore']]);
      expect(await server.deps.systemDb.membership.count({ where: { accountId: account.id, role: 'owner' } })).toBe(0);

      // --- the used link says so on load, signed in or not, without "Accetta l'invito"
      await page.goto(`${server.url}${link}`);
      await page.getByText(MSG.invitationUsed).waitFor();
      expect(await page.getByRole('button', { name: 'Accetta l’invito' }).count()).toBe(0);
      const stranger = await launchBrowser(viewport);
      try {
        const anyone = await stranger.context.newPage();
        await anyone.goto(`${server.url}${link}`);
        await anyone.getByText(MSG.invitationUsed).waitFor();
        await anyone.getByText(clubName, { exact: true }).waitFor();
        await expectAccessible(anyone, `invitation door, used link (${name})`);
        expect(await anyone.getByRole('button', { name: 'Accetta l’invito' }).count()).toBe(0);
        expect(await anyone.getByRole('form', { name: 'Crea il tuo account' }).count()).toBe(0);

        // --- "Registrati ora" on /login: join with an invitation, or register a club
        await anyone.goto(`${server.url}/login`);
        await anyone.getByRole('button', { name: 'Registrati ora' }).click();
        await anyone.getByText(MSG.joinByInvitationHelp).waitFor();
        await expectAccessible(anyone, `login, Registrati ora open (${name})`);
        await screenshot(anyone, `login-sign-up-choice-${name}`);
        await anyone.getByRole('link', { name: 'Registra la tua società' }).click();
        await anyone.waitForURL(/\/signup$/);

        // --- an account with no club at all (no membership, no staff) lands on what to do, not an empty admin
        const lonely = `senza-societa-${name}-${Date.now()}@example.it`;
        await server.deps.systemDb.account.create({
          data: { email: lonely, passwordHash: await hashSecret('password-solitaria'), profile: { create: { firstname: 'Sole', lastname: 'Solitario' } } },
        });
        await anyone.goto(`${server.url}/login`);
        await anyone.getByLabel('Email').fill(lonely);
        await anyone.getByLabel('Password', { exact: true }).fill('password-solitaria');
        await anyone.getByRole('button', { name: 'Accedi', exact: true }).click();
        await anyone.waitForURL(/\/dashboard$/);
        await anyone.getByRole('heading', { name: 'Cosa puoi fare', level: 2 }).waitFor();
        await anyone.getByText(MSG.noClubHelp).waitFor();
        await anyone.getByRole('button', { name: 'Esci e registra una società' }).waitFor();
        await expectAccessible(anyone, `dashboard without a club (${name})`);
        await screenshot(anyone, `no-club-dashboard-${name}`);
      } finally {
        await stranger.close();
      }
    } finally {
      await ownerBrowser.close();
      await coachBrowser.close();
    }
  });
});
