// The person page's "Stagioni" section (issue 35 point 2) in a real browser against the real server, on a phone and
// on a desktop: an athlete with no history ("Non è socio e non ha tessere."), admitted to the libro soci from the
// page, a renewal with its quota shown in its season, a card added (the shared rules first, then the server's
// refusal of a taken number under its field), edited, deleted after a confirmation; a coach (no members.read)
// does not see the section. Server and pages run on 15 November 2026. CAMPOBASE_SCREENSHOTS=<dir> saves the section.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');

const server = clockedLiveServer(NOW);

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

describe.each(Object.entries(VIEWPORTS))('the seasons of a person on %s', (name, viewport) => {
  it('admits to the libro soci, shows the renewal, adds, edits and deletes a card; a coach does not see it', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Tessere ${name}` });
    const { roleId, personId } = await createPerson(await clubContext(server.deps, club), 'athlete', { profile: { firstname: 'Giulia', lastname: 'Verdi' } });
    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000); // a loaded machine is slow to draw the page
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/persona/${roleId}`);
      await page.getByRole('heading', { name: 'Giulia Verdi', level: 1 }).waitFor();
      const section = page.getByRole('region', { name: 'Stagioni' });
      await section.getByText('Non è socio e non ha tessere.').waitFor();

      // --- admitted from the page: the club's first number
      await section.getByRole('button', { name: 'Ammetti nel libro soci' }).click();
      const admit = page.getByRole('dialog', { name: 'Ammetti Giulia Verdi nel libro soci' });
      expect(await admit.getByLabel('Data di ammissione').inputValue()).toBe('2026-11-15');
      await admit.getByLabel('Data di ammissione').fill('2026-10-02');
      await admit.getByLabel('Delibera del consiglio').fill('Verbale n. 2');
      await admit.getByLabel('Data della delibera').fill('2026-10-01');
      await admit.getByRole('button', { name: 'Ammetti' }).click();
      await toast(page, MSG.memberAdmitted(1));
      await admit.waitFor({ state: 'detached' });
      await section.getByText('Socio n. 1').waitFor();
      await section.getByText('Ammissione: 02/10/2026').waitFor();
      await section.getByText('Delibera: Verbale n. 2 del 01/10/2026').waitFor();
      expect(await section.getByRole('button', { name: 'Ammetti nel libro soci' }).count()).toBe(0);

      // --- the season's renewal (recorded elsewhere) with its quota
      const { memberRegister, currentSeason } = await liveGql(server.url, club, '{ currentSeason { id } memberRegister(first: 1) { edges { node { id } } } }');
      await liveGql(server.url, club, 'mutation($input: RenewMembershipInput!) { renewMembership(input: $input) { __typename } }', {
        input: { memberId: memberRegister.edges[0].node.id, seasonId: currentSeason.id, renewedOn: '2026-10-03', quotaCents: 3550 },
      });
      await page.reload();
      await section.getByRole('heading', { name: 'Stagione 2026/27' }).waitFor();
      await section.getByText('Rinnovo del 03/10/2026, quota 35,50 €').waitFor();

      // --- a card: the shared rules, the season's dates proposed, then saved (already expired on the 15th)
      await section.getByRole('button', { name: 'Aggiungi tessera' }).click();
      const add = page.getByRole('dialog', { name: 'Nuova tessera di Giulia Verdi' });
      const stagione = add.getByLabel('Stagione');
      await stagione.waitFor();
      expect(await stagione.locator('option:checked').innerText()).toBe('2026/27');
      expect([await add.getByLabel('Inizio validità').inputValue(), await add.getByLabel('Scadenza').inputValue()]).toEqual(['2026-09-01', '2027-08-31']);
      await add.getByRole('button', { name: 'Salva' }).click();
      await add.getByText(MSG.cardBodyRequired).waitFor();
      await add.getByText(MSG.cardNumberRequired).waitFor();
      // the usual bodies are offered as suggestions
      expect(await add.locator('datalist option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toContain('FIGC-LND');
      await add.getByLabel('Ente o federazione').fill('FIGC');
      await add.getByLabel('Numero tessera').fill('123');
      await add.getByLabel('Scadenza').fill('2026-11-10');
      await add.getByRole('button', { name: 'Salva' }).click();
      await toast(page, MSG.cardSaved);
      await add.waitFor({ state: 'detached' });
      const cards = section.getByRole('list', { name: 'Tessere della stagione 2026/27' });
      await cards.getByText('Tessera FIGC n. 123').waitFor();
      await cards.getByText('Dal 01/09/2026 al 10/11/2026').waitFor();
      await cards.getByText('Scaduta', { exact: true }).waitFor();

      // --- the same body and number again: the server's message under the number
      await section.getByRole('button', { name: 'Aggiungi tessera' }).click();
      await add.getByLabel('Stagione').waitFor();
      await add.getByLabel('Ente o federazione').fill('FIGC');
      await add.getByLabel('Numero tessera').fill('123');
      await add.getByRole('button', { name: 'Salva' }).click();
      await add.getByText(MSG.cardNumberTaken).first().waitFor();
      expect(await add.getByLabel('Numero tessera').getAttribute('aria-invalid')).toBe('true');
      await add.getByRole('button', { name: 'Annulla' }).click();
      // the values typed would be lost: asked first
      await page.getByRole('alertdialog', { name: 'Modifiche non salvate' }).getByRole('button', { name: 'Esci senza salvare' }).click();
      await add.waitFor({ state: 'detached' });

      if (name === 'phone') await expectNoHorizontalScroll(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `F2-person-seasons-${name}`, { fullPage: false });
      if (process.env.CAMPOBASE_SCREENSHOTS) await section.screenshot({ path: `${process.env.CAMPOBASE_SCREENSHOTS}/F2-person-seasons-section-${name}.png` });

      // --- edited: a new number and expiry, no longer expired
      await cards.getByRole('button', { name: 'Modifica la tessera FIGC n. 123' }).click();
      const edit = page.getByRole('dialog', { name: 'Modifica tessera FIGC n. 123' });
      expect(await edit.getByLabel('Numero tessera').inputValue()).toBe('123');
      await edit.getByLabel('Numero tessera').fill('456');
      await edit.getByLabel('Scadenza').fill('2027-06-30');
      await edit.getByRole('button', { name: 'Salva' }).click();
      await toast(page, MSG.cardSaved);
      await edit.waitFor({ state: 'detached' });
      await cards.getByText('Tessera FIGC n. 456').waitFor();
      expect(await cards.getByText('Scaduta', { exact: true }).count()).toBe(0);

      // --- deleted after a confirmation
      await cards.getByRole('button', { name: 'Elimina la tessera FIGC n. 456' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Eliminare la tessera?' });
      await confirm.getByText('La tessera FIGC n. 456 della stagione 2026/27 sarà eliminata.').waitFor();
      await confirm.getByRole('button', { name: 'Elimina' }).click();
      await toast(page, MSG.cardDeleted);
      await cards.waitFor({ state: 'detached' });
      const history = await liveGql(server.url, club, 'query($id: ID!) { personSeasons(personId: $id) { cards { id } memberships { number } } }', { id: personId });
      expect(history.personSeasons).toEqual({ cards: [], memberships: [{ number: 1 }] });

      // --- a coach of the athlete's category (no members.read) sees the person, not the section
      const category = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', [roleId]);
      const coach = await addCollaborator(server.deps, club, 'allenatore');
      await server.deps.systemDb.membership.update({ where: { token: coach.clubToken }, data: { groupIds: [category.id] } });
      const coachPage = await (await launchBrowser(viewport)).context.newPage();
      coachPage.setDefaultTimeout(30_000);
      await storeSession(coachPage, server.url, coach);
      await coachPage.goto(`${server.url}/persona/${roleId}`);
      await coachPage.getByRole('heading', { name: 'Giulia Verdi', level: 1 }).waitFor();
      await coachPage.getByRole('region', { name: 'Ruoli nella società' }).waitFor();
      expect(await coachPage.getByRole('region', { name: 'Stagioni' }).count()).toBe(0);
      await coachPage.context().close();
    } finally {
      await browser.close();
    }
  });
});
