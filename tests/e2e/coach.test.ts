// A coach's whole path in a real browser against the real server, on a phone and on a desktop (issue 11 point 8):
// the owner invites a coach for the Under 10 athletes; the coach accepts from the mailed link; they see only the
// athletes of Under 10 (the Under 12 athlete is nowhere: list, count, search) with their health data read-only;
// the owner removes them and the coach's next request for the club is refused.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { chooseMenuItem, launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';
import { readOutbox } from '../support/test-app';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

const results = (page: Page, n: number) => page.getByText(n === 1 ? '1 risultato' : `${n} risultati`, { exact: true }).waitFor();

describe.each(Object.entries(VIEWPORTS))('a coach on %s', (name, viewport) => {
  it('is invited for one group, sees only its athletes, health data read-only, and loses access when removed', async () => {
    const clubName = `ASD Allenatori ${name}`;
    const owner = await createClub(server.deps, { fullName: clubName });
    const coach = await createClub(server.deps, { firstname: 'Marco', lastname: 'Mister', fullName: `Polisportiva Marco ${name}` });
    const ctx = await clubContext(server.deps, owner);
    const anna = await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname: 'Mia' }, details: { allergies: 'Arachidi' } });
    const carla = await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla', lastname: 'Altrui' }, details: { allergies: 'Kiwi' } });
    await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 10', [anna.roleId]);
    await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 12', [carla.roleId]);

    const ownerBrowser = await launchBrowser(viewport);
    const coachBrowser = await launchBrowser(viewport);
    const page = await ownerBrowser.context.newPage();
    const other = await coachBrowser.context.newPage();
    page.setDefaultTimeout(15_000);
    other.setDefaultTimeout(15_000);
    try {
      // --- the owner invites the coach for Under 10
      await storeSession(page, server.url, owner);
      await page.goto(`${server.url}/collaboratori`);
      await page.getByRole('button', { name: 'Invita collaboratore' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invita collaboratore' });
      await dialog.getByLabel('Email').fill(coach.email);
      await dialog.getByLabel('Ruolo').selectOption({ label: 'Allenatore' });
      await dialog.getByText('Under 10', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Invia invito' }).click();
      await page.getByText(MSG.collaboratorInviteSent(coach.email)).first().waitFor();

      // --- the coach accepts from the mailed link
      const mail = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(coach.email)).at(-1);
      const link = /\/invito\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      await other.goto(`${server.url}${link}`);
      // the door names what the link opens; an address with an account signs in first
      await other.getByRole('link', { name: 'Accedi per accettare' }).click();
      await other.waitForURL(/\/login\?returnTo=/);
      await other.getByLabel('Email').fill(coach.email);
      await other.getByLabel('Password', { exact: true }).fill(coach.password);
      await other.getByRole('button', { name: 'Accedi', exact: true }).click();
      await other.waitForURL(/\/invito\?token=/);
      await other.getByRole('button', { name: 'Accetta l’invito' }).click();
      await other.getByRole('button', { name: `Vai a ${clubName}` }).click();
      await other.waitForURL(/\/dashboard$/);

      // --- only the athletes of Under 10: the list, its count and a search
      await other.goto(`${server.url}/athlete`);
      await other.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await results(other, 1);
      await other.getByText('Anna').first().waitFor();
      expect(await other.getByText('Altrui').count()).toBe(0);
      await other.getByRole('searchbox').fill('Carla');
      await results(other, 0);
      await other.getByRole('searchbox').fill('');
      await results(other, 1);
      // a coach registers nobody new: no "Nuovo"
      expect(await other.getByRole('button', { name: 'Nuovo', exact: true }).count()).toBe(0);

      // --- their athlete's health data: shown, not editable
      await chooseMenuItem(other, other.getByRole('button', { name: 'Azioni per Anna Mia' }), 'Modifica');
      const form = other.getByRole('dialog', { name: 'Modifica atleta' });
      const allergies = form.getByLabel('Allergie');
      expect(await allergies.inputValue()).toBe('Arachidi');
      expect(await allergies.isEditable()).toBe(false);
      await form.getByRole('button', { name: 'Chiudi' }).last().click();

      // --- the owner removes the coach
      await page.reload();
      const row = page.getByRole('list', { name: 'Collaboratori' }).getByRole('listitem').filter({ hasText: coach.email });
      await chooseMenuItem(page, row.getByRole('button', { name: 'Azioni per Marco Mister' }), 'Rimuovi');
      await page.getByRole('alertdialog', { name: 'Rimuovere Marco Mister?' }).getByRole('button', { name: 'Rimuovi' }).click();
      await page.getByText(MSG.collaboratorRemoved).first().waitFor();

      // --- the coach's next request for the club is refused
      await other.getByRole('searchbox').fill('Anna');
      await other.getByText(MSG.clubForbidden).first().waitFor();
      await other.reload();
      await other.getByTestId('top-bar-club').getByText(`Polisportiva Marco ${name}`).waitFor();
    } finally {
      await ownerBrowser.close();
      await coachBrowser.close();
    }
  });
});
