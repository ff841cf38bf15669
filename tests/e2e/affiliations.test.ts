// The Affiliazioni page (issue 13 point 2's club side) in Chromium at 375 and 1440 px: an organisation's request
// approved with the data chosen, the choice narrowed, the affiliation revoked after a confirmation, and an
// application sent with another organisation's code; what the organisation may read is checked on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentedScopes, requestAffiliation } from '../../server/modules/organisations/affiliations.service';
import { createOrganisation } from '../../server/modules/organisations/organisations.service';
import { followProfileMenu, launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';

const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;
let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe.each(Object.entries(VIEWPORTS))('affiliations on %s', (name, viewport) => {
  it('approves a request choosing the data, narrows it, revokes it; applies to another organisation by code', async () => {
    const club = await createClub(server.deps);
    const vat = `8${String(Date.now()).slice(-10)}`;
    await server.deps.systemDb.club.update({ where: { id: club.clubId }, data: { vatNumber: vat } });
    const orgAdmin = await createClub(server.deps);
    const federation = await createOrganisation(server.deps.systemDb, { name: `Federazione Prova ${name}`, kind: 'federation', adminEmail: orgAdmin.email });
    const league = await createOrganisation(server.deps.systemDb, { name: `Lega Prova ${name}`, kind: 'league', adminEmail: orgAdmin.email });
    await requestAffiliation(server.deps.systemDb, orgAdmin.accountId, federation.id, vat);

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const shot = async (step: string) => {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/affiliations-${step}-${name}.png`, fullPage: true });
    };
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/dashboard`);
      await followProfileMenu(page, 'Affiliazioni', /\/affiliazioni$/);
      await page.getByRole('heading', { name: 'Affiliazioni', level: 1 }).waitFor();
      const card = page.getByRole('listitem', { name: federation.name });
      await card.getByText('Da approvare').waitFor();
      await shot('1-request');

      // approve sharing the profile and the registry
      await card.getByText('Profilo della società e conteggi dei tesserati', { exact: true }).click();
      await card.getByText('Anagrafica dei tesserati (nome, codice fiscale, nascita, ruoli, categorie)', { exact: true }).click();
      await card.getByRole('button', { name: 'Approva' }).click();
      await page.getByText(`Affiliazione a ${federation.name} approvata.`).first().waitFor();
      await card.getByText('Attiva').waitFor();
      expect(await consentedScopes(server.deps.systemDb, federation.id, club.clubId)).toEqual(['club.profile', 'people.registry']);

      // narrowed: the registry no longer shared, at once
      await card.getByText('Anagrafica dei tesserati (nome, codice fiscale, nascita, ruoli, categorie)', { exact: true }).click();
      await card.getByRole('button', { name: 'Salva i dati condivisi' }).click();
      await page.getByText(`Dati condivisi con ${federation.name} aggiornati.`).first().waitFor();
      await expect.poll(() => consentedScopes(server.deps.systemDb, federation.id, club.clubId)).toEqual(['club.profile']);
      await shot('2-active');

      // revoked after the confirmation
      await card.getByRole('button', { name: 'Revoca' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Revocare l'affiliazione a ${federation.name}?` });
      await dialog.getByRole('button', { name: 'Revoca' }).click();
      await page.getByText(`Affiliazione a ${federation.name} revocata.`).first().waitFor();
      await card.getByText('Non condivide alcun dato.').waitFor();
      expect(await consentedScopes(server.deps.systemDb, federation.id, club.clubId)).toEqual([]);

      // an application with the league's code
      const form = page.getByRole('form', { name: "Candidati a un'organizzazione" });
      await form.getByLabel("Codice dell'organizzazione").fill(league.code.toLowerCase());
      await form.getByText('Stato dei certificati medici, senza i documenti', { exact: true }).click();
      await form.getByRole('button', { name: 'Invia la candidatura' }).click();
      await page.getByText("Candidatura inviata: l'affiliazione vale quando l'organizzazione la accetta.").first().waitFor();
      await page.getByRole('listitem', { name: league.name }).getByText("In attesa dell'organizzazione").waitFor();
      await shot('3-applied');
    } finally {
      await browser.close();
    }
  });
});
