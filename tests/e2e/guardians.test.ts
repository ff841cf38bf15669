// The person page's "Genitori e tutori" section (issue 36 point 1) in a real browser against the real server, on a
// phone and on a desktop: a minor athlete with no guardian ("Nessun genitore o tutore indicato."), a new parent added
// by name and e-mail (the shared rules first) and listed with the three choices as badges and no tax code; the same
// parent added to a second child by searching the registry (then refused a second time under the search); the
// choices edited ("Paga le quote" unticked), the parent removed after a confirmation; the parent of a minor sees
// "Genitore o tutore di" on their own page; a lettura account sees the section without buttons, a coach does not see
// it. Server and pages run on 15 November 2026. CAMPOBASE_SCREENSHOTS=<dir> saves the section and the dialog.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');

const server = clockedLiveServer(NOW);

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
/** Ticks or unticks a checkbox the way a user does: a click on its box (the input itself is visually hidden). */
const tick = (scope: Locator, name: string) => scope.getByRole('checkbox', { name }).locator('xpath=..').click();
const shots = process.env.CAMPOBASE_SCREENSHOTS;

describe.each(Object.entries(VIEWPORTS))('the guardians of a minor on %s', (name, viewport) => {
  it('adds a new parent, adds them to a sibling from the registry, edits the choices, removes; lettura reads, a coach does not see it', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Famiglie ${name}` });
    const ctx = await clubContext(server.deps, club);
    const luca = await createPerson(ctx, 'athlete', { profile: { firstname: 'Luca', lastname: 'Bianchi', birthday: '2015-04-10' } });
    const sofia = await createPerson(ctx, 'athlete', { profile: { firstname: 'Sofia', lastname: 'Bianchi', birthday: '2017-06-01' } });
    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000); // a loaded machine is slow to draw the page
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/persona/${luca.roleId}`);
      await page.getByRole('heading', { name: 'Luca Bianchi', level: 1 }).waitFor();
      const section = page.getByRole('region', { name: 'Genitori e tutori' });
      await section.getByText('Nessun genitore o tutore indicato.').waitFor();

      // --- a new parent: the shared rules first, then saved by name and e-mail (no tax code)
      const addButton = section.getByRole('button', { name: 'Aggiungi genitore o tutore' });
      await addButton.click();
      const add = page.getByRole('dialog', { name: 'Aggiungi genitore o tutore' });
      await add.getByLabel("Cerca nell'anagrafica").waitFor();
      expect(await add.getByLabel('Legame').locator('option:checked').innerText()).toBe('Genitore');
      for (const choice of ["Può ritirare l'atleta", 'Riceve le comunicazioni', 'Paga le quote']) expect(await add.getByRole('checkbox', { name: choice }).isChecked()).toBe(true);
      await add.getByRole('button', { name: 'Salva' }).click();
      await add.getByText(MSG.guardianMissing).waitFor();
      await add.getByLabel('Nome', { exact: true }).fill('Anna');
      await add.getByLabel('Cognome', { exact: true }).fill('Bianchi');
      await add.getByLabel('Email', { exact: true }).fill('anna.bianchi@example.it');
      if (shots) await add.screenshot({ path: `${shots}/F3-guardian-add-dialog-${name}.png` });
      await add.getByRole('button', { name: 'Salva' }).click();
      await toast(page, MSG.guardianSaved);
      await add.waitFor({ state: 'detached' });
      // the focus goes back to the button that opened the dialog
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Aggiungi genitore o tutore');
      const lucaGuardians = section.getByRole('list', { name: 'Genitori e tutori di Luca Bianchi' });
      const anna = lucaGuardians.getByRole('listitem').filter({ hasText: 'Anna Bianchi' });
      await anna.waitFor();
      await anna.getByText('Genitore', { exact: true }).waitFor();
      expect(await anna.getByRole('link', { name: 'anna.bianchi@example.it' }).getAttribute('href')).toBe('mailto:anna.bianchi@example.it');
      await anna.getByText('Senza codice fiscale').waitFor();
      const badges = anna.getByRole('group', { name: 'Scelte di Anna Bianchi' });
      for (const badge of ['Può ritirare', 'Riceve le comunicazioni', 'Paga le quote']) await badges.getByText(badge, { exact: true }).waitFor();

      if (name === 'phone') await expectNoHorizontalScroll(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `F3-person-guardians-${name}`, { fullPage: false });
      if (shots) await section.screenshot({ path: `${shots}/F3-person-guardians-section-${name}.png` });

      // --- the same parent for the sister: found in the registry and chosen
      await page.goto(`${server.url}/persona/${sofia.roleId}`);
      await page.getByRole('heading', { name: 'Sofia Bianchi', level: 1 }).waitFor();
      await section.getByText('Nessun genitore o tutore indicato.').waitFor();
      await section.getByRole('button', { name: 'Aggiungi genitore o tutore' }).click();
      await add.getByLabel("Cerca nell'anagrafica").fill('anna bian');
      const found = add.getByRole('list', { name: 'Persone trovate' });
      await found.getByRole('button', { name: /Anna Bianchi/ }).click();
      await add.getByText('Scelto: Anna Bianchi').waitFor();
      // the new person's fields are not asked for once someone is chosen
      expect(await add.getByLabel('Nome', { exact: true }).count()).toBe(0);
      if (shots) await add.screenshot({ path: `${shots}/F3-guardian-chosen-dialog-${name}.png` });
      await add.getByRole('button', { name: 'Salva' }).click();
      await toast(page, MSG.guardianSaved);
      await add.waitFor({ state: 'detached' });
      const sofiaGuardians = section.getByRole('list', { name: 'Genitori e tutori di Sofia Bianchi' });
      const annaOfSofia = sofiaGuardians.getByRole('listitem').filter({ hasText: 'Anna Bianchi' });
      await annaOfSofia.waitFor();

      // --- chosen again: the server's refusal under the search
      await section.getByRole('button', { name: 'Aggiungi genitore o tutore' }).click();
      await add.getByLabel("Cerca nell'anagrafica").fill('anna.bianchi@example.it');
      await found.getByRole('button', { name: /Anna Bianchi/ }).click();
      await add.getByRole('button', { name: 'Salva' }).click();
      await add.getByText(MSG.guardianExists).first().waitFor();
      await add.getByRole('button', { name: 'Annulla' }).click();
      await page.getByRole('alertdialog', { name: 'Modifiche non salvate' }).getByRole('button', { name: 'Esci senza salvare' }).click();
      await add.waitFor({ state: 'detached' });
      const annaPerson = await liveGql(server.url, club, 'query($id: ID!) { personFamily(personId: $id) { guardians { guardian { personId } } } }', { id: sofia.personId });
      expect(annaPerson.personFamily.guardians).toHaveLength(1);

      // --- the choices edited: "Paga le quote" unticked, its badge goes
      await annaOfSofia.getByRole('button', { name: 'Modifica Anna Bianchi' }).click();
      const edit = page.getByRole('dialog', { name: 'Modifica Anna Bianchi' });
      expect(await edit.getByRole('checkbox', { name: 'Paga le quote' }).isChecked()).toBe(true);
      await tick(edit, 'Paga le quote');
      await edit.getByLabel('Legame').selectOption({ label: 'Tutore' });
      await edit.getByRole('button', { name: 'Salva' }).click();
      await toast(page, MSG.guardianSaved);
      await edit.waitFor({ state: 'detached' });
      await annaOfSofia.getByText('Tutore', { exact: true }).waitFor();
      await annaOfSofia.getByText('Riceve le comunicazioni', { exact: true }).waitFor();
      expect(await annaOfSofia.getByText('Paga le quote', { exact: true }).count()).toBe(0);

      // --- removed after a confirmation: the sister has none again, the brother keeps her
      await annaOfSofia.getByRole('button', { name: 'Rimuovi Anna Bianchi' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Rimuovere il genitore o tutore?' });
      await confirm.getByText(/Anna Bianchi non sarà più indicato come genitore o tutore di Sofia Bianchi/).waitFor();
      await confirm.getByRole('button', { name: 'Rimuovi' }).click();
      await toast(page, MSG.guardianRemoved);
      await section.getByText('Nessun genitore o tutore indicato.').waitFor();
      const lucaFamily = await liveGql(server.url, club, 'query($id: ID!) { personFamily(personId: $id) { guardians { pays guardian { firstname } } } }', { id: luca.personId });
      expect(lucaFamily.personFamily.guardians).toEqual([{ pays: true, guardian: { firstname: 'Anna' } }]);

      // --- a parent with a page of their own (a coach of the club) sees whom they are guardian of
      const marco = await createPerson(ctx, 'coach', { profile: { firstname: 'Marco', lastname: 'Bianchi', birthday: '1980-02-02' } });
      await liveGql(server.url, club, 'mutation($input: SaveGuardianshipInput!) { saveGuardianship(input: $input) { __typename } }', {
        input: { minorId: luca.personId, guardianId: marco.personId, relationship: 'genitore', pays: false },
      });
      await page.goto(`${server.url}/persona/${marco.roleId}`);
      await page.getByRole('heading', { name: 'Marco Bianchi', level: 1 }).waitFor();
      await section.getByRole('list', { name: 'Genitore o tutore di' }).getByText('Luca Bianchi').waitFor();
      await section.getByText('Nessun genitore o tutore indicato.').waitFor();

      // --- lettura reads the section, with no button
      const reader = await addCollaborator(server.deps, club, 'lettura');
      const readerBrowser = await launchBrowser(viewport);
      const readerPage = await readerBrowser.context.newPage();
      readerPage.setDefaultTimeout(30_000);
      await storeSession(readerPage, server.url, reader);
      await readerPage.goto(`${server.url}/persona/${luca.roleId}`);
      await readerPage.getByRole('heading', { name: 'Luca Bianchi', level: 1 }).waitFor();
      const readerSection = readerPage.getByRole('region', { name: 'Genitori e tutori' });
      await readerSection.getByRole('listitem').filter({ hasText: 'Anna Bianchi' }).waitFor();
      await readerSection.getByRole('listitem').filter({ hasText: 'Marco Bianchi' }).waitFor();
      expect(await readerSection.getByRole('button').count()).toBe(0);
      await readerBrowser.close();

      // --- a coach of the athlete's category (no families.read) sees the person, not the section
      const category = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', [luca.roleId]);
      const coach = await addCollaborator(server.deps, club, 'allenatore');
      await server.deps.systemDb.membership.update({ where: { token: coach.clubToken }, data: { groupIds: [category.id] } });
      const coachBrowser = await launchBrowser(viewport);
      const coachPage = await coachBrowser.context.newPage();
      coachPage.setDefaultTimeout(30_000);
      await storeSession(coachPage, server.url, coach);
      await coachPage.goto(`${server.url}/persona/${luca.roleId}`);
      await coachPage.getByRole('heading', { name: 'Luca Bianchi', level: 1 }).waitFor();
      await coachPage.getByRole('region', { name: 'Ruoli nella società' }).waitFor();
      expect(await coachPage.getByRole('region', { name: 'Genitori e tutori' }).count()).toBe(0);
      await coachBrowser.close();
    } finally {
      await browser.close();
    }
  });
});
