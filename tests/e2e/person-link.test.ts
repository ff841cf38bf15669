// Linking a person record to the person's own account, in a real browser: the club sends the invitation from the
// person's edit panel; the mail links to the invitation door (/invito, the `family` kind), where the person, who has an
// account already, signs in (the login brings them back), accepts, and opens the personal area with their record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { FAMILY_MSG } from '../../schema/messages-family';
import { launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { clubContext, createPerson } from '../support/people-factories';
import { readOutbox } from '../support/test-app';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe('person link', () => {
  it('invites from the edit panel, and the person accepts at the door after signing in and finds the record in the personal area', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Collega E2E' });
    const email = 'sara.collegata@example.it';
    const { personId } = await createPerson(await clubContext(server.deps, club), 'athlete', {
      profile: { firstname: 'Sara', lastname: 'Collegata', emailPrimary: email },
    });
    const person = await createClub(server.deps); // the person's own account

    const browser = await launchBrowser(VIEWPORTS.desktop);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('button', { name: 'Sara Collegata', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Modifica atleta' });
      await panel.getByRole('button', { name: 'Invita a collegare l’account' }).click();
      await page.getByText(MSG.personLinkInviteSent(email)).first().waitFor();

      const mail = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(email)).at(-1);
      const link = /\/invito\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
      expect(link, mail?.text).toBeDefined();
      expect(mail?.text).not.toContain('/collega-profilo');

      // the person, on a browser without a session: the door names the club, then the login brings them back
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${server.url}${link}`);
      await page.getByRole('heading', { name: 'Accesso all’area personale', level: 1 }).waitFor();
      await page.locator('dl').getByText(FAMILY_MSG.familyInvitationRole('Sara Collegata'), { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/login\?returnTo=/);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/invito\?token=/);
      await page.getByRole('button', { name: 'Accetta l’invito' }).click();
      await page.getByText(FAMILY_MSG.familyJoined('ASD Collega E2E')).waitFor();
      await page.getByRole('link', { name: 'Apri l’area personale' }).click();
      await page.waitForURL(/\/area$/);
      await page.getByRole('list', { name: 'Le persone della tua famiglia' }).getByRole('link', { name: 'Sara Collegata', exact: true }).waitFor();
      expect((await server.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } })).accountId).toBe(person.accountId);
    } finally {
      await browser.close();
    }
  });
});
