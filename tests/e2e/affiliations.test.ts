// The Affiliazioni page (issue 13 point 2's club side) in Chromium at 375 and 1440 px: an organisation's request
// approved with the data chosen, the choice narrowed, a read through the organisation's API key then listed under
// "Letture delle organizzazioni" (empty before, "Carica altri" for older reads), the affiliation revoked after a
// confirmation, and an application sent with another organisation's code; what the organisation may read is
// checked on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentedScopes, requestAffiliation } from '../../server/modules/organisations/affiliations.service';
import { createOrganisation } from '../../server/modules/organisations/organisations.service';
import { followProfileMenu, launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { keyOf, staffOf } from '../support/organisation-factories';
import { startLiveServer } from '../support/live-server';

const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;
let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

describe.each(Object.entries(VIEWPORTS))('affiliations on %s', (name, viewport) => {
  it("approves a request choosing the data, narrows it, sees the organisation's reads, revokes it; applies to another organisation by code", async () => {
    const club = await createClub(server.deps);
    const vat = `8${String(Date.now()).slice(-10)}`;
    await server.deps.systemDb.club.update({ where: { id: club.clubId }, data: { vatNumber: vat } });
    const orgAdmin = await createClub(server.deps);
    const federation = await createOrganisation(server.deps.systemDb, { name: `Federazione Prova ${name}`, kind: 'federation', adminEmail: orgAdmin.email });
    const league = await createOrganisation(server.deps.systemDb, { name: `Lega Prova ${name}`, kind: 'league', adminEmail: orgAdmin.email });
    await requestAffiliation(await staffOf(server.deps, orgAdmin.accountId, federation.id), vat);

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
      const reads = page.getByRole('region', { name: 'Letture delle organizzazioni' });
      await reads.getByText('Nessuna organizzazione ha ancora letto i dati della società.').waitFor();
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

      // the federation reads the club through its API key; older reads (logged an hour ago) make a second page
      const key = await keyOf(server.deps, orgAdmin, federation.id, ['club.profile', 'people.registry']);
      const older = new Date(Date.now() - 3_600_000);
      for (let i = 1; i <= 20; i++) {
        const at = new Date(older.getTime() - i * 1000);
        await server.deps.systemDb.apiRequest.create({
          data: {
            at,
            organisationId: federation.id,
            keyId: key.keyId,
            keyPrefix: key.secret.slice(0, 12),
            operation: `Sincronizzazione${i}`,
            cost: 1,
            rows: 1,
            scopes: ['club.profile'],
            outcome: 'ok',
            clubs: { create: [{ clubId: club.clubId, at, rows: 1, scopes: ['club.profile'] }] },
          },
        });
      }
      const answer = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key.secret}` },
        body: JSON.stringify({ query: 'query ProfiloSocieta { organisationClubs(first: 10) { nodes { id profile { name } } } }' }),
      });
      const read = (await answer.json()) as { data?: { organisationClubs: { nodes: Array<{ id: string; profile: { name: string } | null }> } }; errors?: unknown };
      expect(read.errors).toBeUndefined();
      expect(read.data?.organisationClubs.nodes.map((n) => n.id)).toEqual([club.clubId]);
      await server.deps.background.idle();

      await page.reload();
      const newest = reads.getByText('ProfiloSocieta', { exact: true });
      await newest.waitFor();
      const row = name === 'phone' ? reads.getByRole('listitem').first() : reads.getByRole('row').nth(1);
      await row.getByText(federation.name, { exact: true }).waitFor();
      await row.getByText('Profilo della società', { exact: true }).waitFor();
      await row.getByText(name === 'phone' ? '1 riga' : '1', { exact: true }).waitFor();
      await row.getByText(`${key.secret.slice(0, 12)}…`, { exact: true }).waitFor();
      expect(await row.getByText(/^\d{2}\/\d{2}\/\d{2,4}, \d{2}:\d{2}:\d{2}$/).count()).toBe(1);
      await reads.getByText('Sincronizzazione19', { exact: true }).waitFor();
      expect(await reads.getByText('Sincronizzazione20', { exact: true }).count()).toBe(0);
      await shot('3-reads');
      await reads.getByRole('button', { name: 'Carica altri' }).click();
      await reads.getByText('Sincronizzazione20', { exact: true }).waitFor();
      await expect.poll(() => reads.getByRole('button', { name: 'Carica altri' }).count()).toBe(0);

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
      await shot('4-applied');
    } finally {
      await browser.close();
    }
  });
});
