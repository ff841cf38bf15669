// The people lists, the person form and the archive in a real browser against the real server, on a phone and on
// a desktop: errors then a valid athlete, accent-insensitive search, "Associa", the tp link, paging, "Archivia" and
// the archive (read only, nothing to associate).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { chooseMenuItem, launchBrowser, storeSession, VIEWPORTS } from '../support/browser';
import { createClub, type TestClub } from '../support/factories';
import { liveGql, startLiveServer } from '../support/live-server';
import { createLiveAthletes, createLiveGroup } from '../support/live-records';

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server?.close());

/** A GraphQL request as the club's administrator (what the admin client sends). */
const gql = <T = Record<string, any>>(club: TestClub, query: string, variables: Record<string, unknown>) => liveGql<T>(server.url, club, query, variables);

/** Eight more athletes, so that with the one typed in the form the list has two pages. */
const OTHERS = ['Alberti', 'Barbieri', 'Caruso', 'Conti', 'De Luca', 'Fontana', 'Galli', 'Lombardi'];
async function createOtherAthletes(club: TestClub) {
  await createLiveAthletes(server.url, club, OTHERS);
}

function signIn(page: Page, club: TestClub) {
  return storeSession(page, server.url, club);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const results = (page: Page, n: number) => page.getByText(n === 1 ? '1 risultato' : `${n} risultati`, { exact: true }).waitFor();

describe.each(Object.entries(VIEWPORTS))('people and archive on %s', (_name, viewport) => {
  it('creates an athlete, finds, associates, filters by tp, pages, archives', async () => {
    const club = await createClub(server.deps);
    const under12 = await createLiveGroup(server.url, club, 'Under 12');
    await createLiveGroup(server.url, club, 'Under 14');
    await createOtherAthletes(club);

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, club);
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await results(page, 8);

      // --- the form: the spec's messages first, then a valid athlete
      await page.getByRole('button', { name: 'Nuovo', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Nuovo atleta' });
      await form.getByRole('button', { name: 'Salva' }).click();
      await form.getByText(MSG.invalidFields).waitFor();
      for (const message of [MSG.firstnameRequired, MSG.lastnameRequired, MSG.taxCodeRequired, MSG.genderRequired]) {
        await form.getByText(message, { exact: true }).waitFor();
      }
      await form.getByLabel('Nome', { exact: true }).fill('Nicolò');
      await form.getByLabel('Cognome').fill('Bianchi');
      await form.getByLabel('Codice fiscale').fill('bncncl10a01f205x'); // the check character is T
      await form.getByLabel('Genere').selectOption({ label: 'Maschio' });
      await form.getByLabel('Data di nascita').fill(`${new Date().getFullYear() - 1}-03-01`);
      await form.getByLabel('Telefono', { exact: true }).fill('333 12a4567');
      await form.getByRole('button', { name: 'Salva' }).click();
      await form.getByText(MSG.minAge, { exact: true }).waitFor();
      await form.getByText(MSG.phonePrimaryDigits, { exact: true }).waitFor();
      await form.getByText(MSG.taxCodeCheckCharacter, { exact: true }).waitFor();
      await form.getByLabel('Codice fiscale').fill('bncncl10a01f205t');
      await form.getByLabel('Telefono', { exact: true }).fill('333 123.45.67'); // the code's blur: its birth data checked
      // the code says 01/01/2010 in Milano: the empty birthplace is filled, the date typed before is contradicted
      await form.getByText('Il codice fiscale indica nascita il 01/01/2010 a Milano, genere maschile: non corrisponde a Data di nascita.').waitFor();
      expect(await form.getByLabel('Luogo di nascita').inputValue()).toBe('Milano');
      expect(await form.getByLabel('Nazione di nascita').inputValue()).toBe('Italia');
      await form.getByRole('button', { name: 'Usa i dati del codice fiscale' }).click();
      expect(await form.getByLabel('Data di nascita').inputValue()).toBe('2010-01-01');
      await form.getByText('Compilati dal codice fiscale: Data di nascita, Luogo di nascita, Nazione di nascita.').waitFor();
      await form.getByLabel('Email', { exact: true }).click(); // blur: the phone helper tidies the number
      await expect.poll(() => form.getByLabel('Telefono', { exact: true }).inputValue()).toBe('3331234567');
      expect(await form.getByLabel('Codice fiscale').inputValue()).toBe('BNCNCL10A01F205T');
      // a file goes with the save (a multipart request)
      await form.getByLabel('Certificato medico').setInputFiles({ name: 'certificato.pdf', mimeType: 'application/pdf', buffer: PDF });
      await form.getByText('certificato.pdf').waitFor();
      await form.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.athleteCreated).first().waitFor();
      const { personByTaxCode } = await gql(club, 'query { personByTaxCode(taxIdCode: "BNCNCL10A01F205T") { roles { id } } }', {});
      const { personRole } = await gql(club, 'query($id: ID!) { personRole(id: $id) { athlete { medicalExaminationDocument { filename } } } }', {
        id: personByTaxCode.roles[0].id,
      });
      expect(personRole.athlete.medicalExaminationDocument.filename).toBe('certificato.pdf');
      await form.waitFor({ state: 'detached' });
      await results(page, 9);

      // --- search without the accent
      await page.getByRole('searchbox', { name: 'Cerca atleti' }).fill('nicolo');
      await results(page, 1);
      await page.getByRole('button', { name: 'Nicolò Bianchi', exact: true }).waitFor();
      await page.getByText('BNCNCL10A01F205T').waitFor();
      await page.getByRole('link', { name: '3331234567' }).waitFor();

      // --- Associa: join Under 12 from the row's menu
      await chooseMenuItem(page, page.getByRole('button', { name: 'Azioni per Nicolò Bianchi' }), 'Associa');
      const assign = page.getByRole('dialog', { name: 'Associa Nicolò Bianchi' });
      await assign.getByRole('button', { name: 'Associa a Under 12' }).click();
      await page.getByText(MSG.assigned).first().waitFor();
      await assign.getByRole('button', { name: 'Rimuovi da Under 12' }).waitFor();
      await assign.getByRole('button', { name: 'Chiudi' }).last().click();
      await assign.waitFor({ state: 'detached' });

      // --- the groups page links with tp = the group's name, the categories page with <id>_<name>
      await page.goto(`${server.url}/athlete?tp=${encodeURIComponent('under 12')}`);
      await results(page, 1);
      expect(await page.getByRole('button', { name: 'Under 12', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.goto(`${server.url}/athlete?tp=${encodeURIComponent(`${under12}_Under 12`)}`);
      await results(page, 1);
      await page.getByRole('button', { name: 'Nicolò Bianchi', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Under 14', exact: true }).click();
      await page.waitForURL(/tp=Under\+14|tp=Under%2014/);
      await page.getByText('Nessuno nel gruppo Under 14.').waitFor();
      await page.getByRole('button', { name: 'Tutti', exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has('tp'));
      await results(page, 9);

      // --- paging: 8 rows, then 1
      await page.getByText('Pagina 1 di 2').waitFor();
      await page.getByRole('button', { name: 'Successiva' }).click();
      await page.getByText('Pagina 2 di 2').waitFor();
      await page.getByRole('button', { name: 'Luca Lombardi', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /^Azioni per / }).count()).toBe(1);
      await page.getByRole('button', { name: 'Precedente' }).click();
      await page.getByText('Pagina 1 di 2').waitFor();
      expect(await page.getByRole('button', { name: /^Azioni per / }).count()).toBe(8);

      // --- Archivia, after the spec's warning
      await chooseMenuItem(page, page.getByRole('button', { name: 'Azioni per Nicolò Bianchi' }), 'Archivia');
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(MSG.archiveConfirm).waitFor();
      await confirm.getByRole('button', { name: 'Archivia' }).click();
      await page.getByText(MSG.archived).first().waitFor();
      await results(page, 8);
      await page.getByRole('searchbox', { name: 'Cerca atleti' }).fill('nicolo');
      await page.getByText('Nessun risultato per «nicolo».').waitFor();
      await page.getByRole('searchbox', { name: 'Cerca atleti' }).press('Escape'); // Escape clears the search
      await results(page, 8);

      // --- the archive: there, read only, nothing to associate
      await page.goto(`${server.url}/archive`);
      await page.getByRole('heading', { name: 'Archiviati', level: 1 }).waitFor();
      expect(await page.getByRole('tab', { name: 'Atleti' }).getAttribute('aria-selected')).toBe('true');
      await page.getByText('Nicolò Bianchi').waitFor();
      await page.getByText('BNCNCL10A01F205T').waitFor();
      await page.getByText('1 record archiviato').waitFor();
      expect(await page.getByRole('button', { name: /Associa|Azioni per/ }).count()).toBe(0);
      expect(await page.getByRole('menuitem').count()).toBe(0);
      await page.getByRole('tab', { name: 'Allenatori' }).click();
      await page.getByText('Nessun record archiviato tra allenatori.').waitFor();

      // and the server refuses to associate it (the UI offers no way, a crafted request gets the spec's rule)
      const archivedId = (
        await gql(club, `query { people(kind: athlete, archived: true, first: 1) { edges { node { id } } } }`, {})
      ).people.edges[0].node.id;
      const refused = await gql(club, `mutation($g: ID!, $r: ID!) { assignToGroup(groupId: $g, roleId: $r) { __typename ... on BaseError { message } } }`, {
        g: under12,
        r: archivedId,
      });
      expect(refused.assignToGroup.message).toBe(MSG.archivedNotAssignable);
    } finally {
      await browser.close();
    }
  });
});
