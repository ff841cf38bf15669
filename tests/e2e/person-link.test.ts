// Linking a person record to the person's own account, in a real browser: the club sends the invitation from the
// person's edit panel, the person opens the mailed link, signs in (the guard brings them back) and confirms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
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
  it('invites from the edit panel, and the person confirms from the mailed link after signing in', async () => {
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
      const link = /\/collega-profilo\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();

      // the person, on a browser without a session: login first, then back to the link
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${server.url}${link}`);
      await page.waitForURL(/\/login\?returnTo=/);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/collega-profilo\?token=/);
      await page.getByRole('button', { name: 'Collega la scheda al mio account' }).click();
      await page.getByText(MSG.personLinkAccepted('ASD Collega E2E')).waitFor();
      expect((await server.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId } })).accountId).toBe(person.accountId);
    } finally {
      await browser.close();
    }
  });
});
