// Medical certificates (issue 14) in a real browser against the real server, on a phone and on a desktop: an athlete
// created with a valid tax code (birth data filled from it), their page opened from the list's "Visualizza", a
// certificate added through the dialog (the shared rules first, the server's refusal of a fake PDF under the field,
// the expiry proposed from the type) and seen "In scadenza" on the page, in the list's column and filter, on the
// dashboard; an old certificate deleted; the category's eligibility page and its CSV; the reminder job's mail.
// A read-only collaborator sees none of the health data. CAMPOBASE_SCREENSHOTS=<dir> saves pictures of each screen.
// The server and the pages run on a clock set to 26 February 2027 (server/lib/clock.ts, setPagesDate), so
// the states, counts and the reminder's words are the same whatever day the suite runs: the mail says
// "scade l'8 marzo 2027", an elided article (on 28 November 2026 the real "l'8 dicembre" failed a "scade il \d+").
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../schema/club-time';
import { addMonths, suggestedExpiry } from '../../schema/medical-certificates';
import { MSG } from '../../schema/messages';
import { runCertificateReminders } from '../../server/modules/certificates/certificate-reminders.service';
import { chooseMenuItem, expectNoHorizontalScroll, launchBrowser, openMenu, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub, type TestClub } from '../support/factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';
import { readOutbox } from '../support/test-app';


/** The club's day of these tests, and 10:00 on it in Italy: what the server's and the pages' clocks read first. */
const TODAY = '2027-02-26';
const NOW = clubMorning(TODAY);

const server = clockedLiveServer(NOW);

/** A GraphQL request as the club's administrator (what the admin client sends). */
const gql = <T = Record<string, any>>(club: TestClub, query: string, variables: Record<string, unknown>) => liveGql<T>(server.url, club, query, variables);

/** Nothing wider than the window: no horizontal scroll on a phone. */
const shot = (page: Page, step: string, name: string, fullPage = true) => screenshot(page, `certificates-${step}-${name}`, { fullPage });

/** The list's rows: cards on a phone, the table on a desktop (the certificate select holds the same words). */
const listRows = (page: Page) => page.getByRole('list', { name: 'Atleti' }).or(page.getByRole('table'));

const results = (page: Page, n: number) => page.getByText(n === 1 ? '1 risultato' : `${n} risultati`, { exact: true }).waitFor();

describe.each(Object.entries(VIEWPORTS))('medical certificates on %s', (name, viewport) => {
  it('adds a certificate from the person page and finds it on the list, the dashboard, the eligibility page and in a reminder', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Certificati ${name}` });
    const category = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 16');
    // Its own address on each run (a retry makes another club with the same athlete): one reminder to find.
    const email = `nicolo.bianchi.${randomUUID().slice(0, 8)}@example.it`;
    // Issued 12 months ago less 10 days: a non-agonistic certificate's usual year ends in 10 days, on 8 March.
    const issuedOn = addDays(addMonths(TODAY, -12), 10);
    const expiresOn = suggestedExpiry('non_agonistico', issuedOn);
    expect([issuedOn, expiresOn]).toEqual(['2026-03-08', '2027-03-08']);
    const italian = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW); // the pages' today (the form's bounds, ages) is the server's
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, club);

      // --- a new athlete: the valid tax code fills the birth data
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Nuovo', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Nuovo atleta' });
      await form.getByLabel('Nome', { exact: true }).fill('Nicolò');
      await form.getByLabel('Cognome').fill('Bianchi');
      await form.getByLabel('Codice fiscale').fill('bncncl10a01f205t');
      await form.getByLabel('Genere').selectOption({ label: 'Maschio' });
      await form.getByLabel('Email', { exact: true }).fill(email); // the code's blur: its birth data read
      await form.getByText('Compilati dal codice fiscale: Data di nascita, Luogo di nascita, Nazione di nascita.').waitFor();
      expect(await form.getByLabel('Data di nascita').inputValue()).toBe('2010-01-01');
      expect(await form.getByLabel('Luogo di nascita').inputValue()).toBe('Milano');
      await form.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.athleteCreated).first().waitFor();
      await form.waitFor({ state: 'detached' });
      await results(page, 1);
      // no certificate yet: "Mancante" in the column
      await listRows(page).getByText('Mancante', { exact: true }).waitFor();

      // --- "Visualizza" opens the person page ("Modifica" still opens the side panel)
      await openMenu(page, page.getByRole('button', { name: 'Azioni per Nicolò Bianchi' }));
      expect((await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim())).toEqual(['Visualizza', 'Modifica', 'Associa', 'Archivia']);
      await page.getByRole('menuitem', { name: 'Visualizza' }).click();
      await page.waitForURL(/\/persona\/[0-9a-f-]{36}$/);
      const personUrl = page.url();
      await page.getByRole('heading', { name: 'Nicolò Bianchi', level: 1 }).waitFor();
      await page.getByText('01/01/2010 (17 anni)').waitFor(); // on the pages' date: 16 in real November 2026
      await page.getByText('Nessun certificato registrato.').waitFor();
      const certificates = page.getByRole('region', { name: 'Certificati medici' });
      await certificates.getByText('Mancante', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Ruoli nella società' }).getByText('In nessuna categoria').waitFor();
      await page.getByRole('region', { name: 'Modifiche' }).getByText(/Creazione/).waitFor();

      // --- "Associa" from the page: into the category
      await page.getByRole('button', { name: 'Associa atleta' }).click();
      const assign = page.getByRole('dialog', { name: 'Associa Nicolò Bianchi' });
      await assign.getByRole('button', { name: 'Associa a Under 16' }).click();
      await page.getByText(MSG.assigned).first().waitFor();
      await assign.getByRole('button', { name: 'Chiudi' }).last().click();
      await assign.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Ruoli nella società' }).getByText('Under 16').waitFor();

      // --- "Modifica" opens the existing side panel for the role
      await page.getByRole('button', { name: 'Modifica atleta' }).click();
      const panel = page.getByRole('dialog', { name: 'Modifica atleta' });
      expect(await panel.getByLabel('Nome', { exact: true }).inputValue()).toBe('Nicolò');
      await panel.getByRole('button', { name: 'Annulla' }).click();
      await panel.waitFor({ state: 'detached' });
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, '1-person-new', name);

      // --- "Nuovo certificato": the shared rules, then the server's refusal of a file that is no PDF, then saved
      await certificates.getByRole('button', { name: 'Nuovo certificato' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo certificato di Nicolò Bianchi' });
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await dialog.getByText(MSG.invalidFields).waitFor();
      for (const message of [MSG.certificateTypeRequired, MSG.certificateIssuedOnRequired, MSG.certificateExpiresOnRequired]) {
        await dialog.getByText(message, { exact: true }).waitFor();
      }
      await dialog.getByLabel('Tipo di certificato').selectOption({ label: 'Non agonistico' });
      await dialog.getByLabel('Sport o disciplina').fill('Calcio');
      await dialog.getByLabel('Data di rilascio').fill(issuedOn);
      // the expiry proposed from the type's usual validity (12 months)
      await expect.poll(() => dialog.getByLabel('Data di scadenza').inputValue()).toBe(expiresOn);
      await dialog.getByText('Validità abituale 12 mesi').waitFor();
      await dialog.getByLabel('Medico o centro').fill('Centro di medicina dello sport');
      await dialog.getByLabel('File del certificato').setInputFiles({ name: 'certificato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('non sono un PDF') });
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await dialog.getByText(MSG.fileTypeNotAllowed, { exact: true }).waitFor();
      await shot(page, '2-certificate-dialog', name, false);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
      await dialog.getByLabel('File del certificato').setInputFiles({ name: 'certificato.pdf', mimeType: 'application/pdf', buffer: pdf });
      expect(await dialog.getByText(MSG.fileTypeNotAllowed, { exact: true }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(MSG.certificateSaved).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // --- on the page: "In scadenza", the history with the file, the change recorded
      await certificates.getByText('Non agonistico · Calcio').waitFor();
      await certificates.getByText(`Scade il ${italian(expiresOn)}`).waitFor();
      await certificates.getByText(`Rilasciato il ${italian(issuedOn)} da Centro di medicina dello sport`).waitFor();
      expect(await certificates.getByText('In scadenza', { exact: true }).count()).toBe(2); // today's state and the certificate's
      await certificates.getByRole('button', { name: 'Apri certificato.pdf' }).waitFor();
      await page.getByRole('region', { name: 'Modifiche' }).getByText(/Certificato medico non agonistico aggiunto/).waitFor();

      // --- an old certificate (recorded before) shows under it, and is deleted after a confirmation
      const person = await gql(club, `query($id: ID!) { personRole(id: $id) { person { id } } }`, { id: personUrl.split('/').pop() });
      const older = await gql(club, `mutation($i: AddMedicalCertificateInput!) { addMedicalCertificate(input: $i) { __typename } }`, {
        i: { personId: person.personRole.person.id, type: 'agonistico', issuedOn: addMonths(issuedOn, -12), expiresOn: addMonths(issuedOn, -1) },
      });
      expect(older.addMedicalCertificate.__typename).toBe('MutationAddMedicalCertificateSuccess');
      await page.reload();
      await certificates.getByText('Più recente').waitFor();
      await certificates.getByText('Scaduto', { exact: true }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, '3-person-certificates', name);
      await certificates.getByRole('button', { name: `Elimina il certificato con scadenza ${italian(addMonths(issuedOn, -1))}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Eliminare il certificato?' });
      await confirm.getByRole('button', { name: 'Elimina' }).click();
      await page.getByText(MSG.certificateDeleted).first().waitFor();
      await certificates.getByText('Scaduto', { exact: true }).waitFor({ state: 'detached' });
      expect(await certificates.getByText('In scadenza', { exact: true }).count()).toBe(2);

      // --- the athlete list: the column, and the select bound to ?certificato=
      await page.goto(`${server.url}/athlete`);
      await results(page, 1);
      await listRows(page).getByText('In scadenza', { exact: true }).waitFor();
      const filter = page.getByLabel('Certificato', { exact: true });
      await filter.selectOption({ label: 'Scaduto' });
      await page.waitForURL(/\?certificato=scaduto$/);
      await page.getByText('Nessuno corrisponde ai filtri scelti.').waitFor();
      await filter.selectOption({ label: 'In scadenza' });
      await page.waitForURL(/\?certificato=in-scadenza$/);
      await results(page, 1);
      await page.getByRole('button', { name: 'Nicolò Bianchi', exact: true }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, '4-athlete-list', name);
      await filter.selectOption({ label: 'Tutti' });
      await page.waitForURL((url) => !url.searchParams.has('certificato'));

      // --- the dashboard: the four counts, each linking to the filtered list
      await page.goto(`${server.url}/dashboard`);
      const stats = page.getByRole('region', { name: 'Certificati medici' });
      await stats.getByRole('link', { name: /^Certificati in scadenza 1/ }).waitFor();
      await stats.getByRole('link', { name: /^Certificati validi 0/ }).waitFor();
      await stats.getByRole('link', { name: /^Certificati scaduti 0/ }).waitFor();
      await stats.getByRole('link', { name: /^Certificati mancanti 0/ }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, '5-dashboard', name);
      await stats.getByRole('link', { name: /^Certificati in scadenza 1/ }).click();
      await page.waitForURL(/\/athlete\?certificato=in-scadenza$/);
      await results(page, 1);
      expect(await page.getByLabel('Certificato', { exact: true }).inputValue()).toBe('expiring');

      // --- the category's eligibility, from the categories list, and its CSV
      await page.goto(`${server.url}/category`);
      await page.getByRole('link', { name: 'Idoneità di Under 16' }).click();
      await page.waitForURL(new RegExp(`/category/${category.id}/idoneita$`));
      await page.getByRole('heading', { name: 'Idoneità · Under 16', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Possono giocare' }).getByText('1', { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Non possono giocare' }).getByText('0', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Bianchi Nicolò' }).waitFor();
      await page.getByText('Sì', { exact: true }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, '6-eligibility', name);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`idoneita-under-16-${TODAY}.csv`);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv.slice(1).trim().split('\r\n')).toEqual([
        'Cognome;Nome;Codice fiscale;Data di nascita;Certificato;Scadenza;Può giocare',
        `Bianchi;Nicolò;BNCNCL10A01F205T;01/01/2010;In scadenza;${italian(expiresOn)};Sì`,
      ]);
      await page.getByRole('link', { name: 'Bianchi Nicolò' }).click();
      await page.getByRole('heading', { name: 'Nicolò Bianchi', level: 1 }).waitFor();

      // --- an address that names no one
      await page.goto(`${server.url}/persona/${randomUUID()}`);
      await page.getByRole('heading', { name: 'Persona non trovata', level: 1 }).waitFor();

      // --- the reminder job: the certificate expires within the 14-day threshold, a mail goes to the athlete's address
      await runCertificateReminders(server.deps); // on the server's clock
      const mails = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(email));
      expect(mails).toHaveLength(1);
      // (the subject, with "Nicolò", is MIME-encoded in the outbox file: the body is checked)
      expect(mails[0].text).toContain('Gentile genitore o tutore di Nicolò Bianchi,'); // a minor: to the family
      expect(mails[0].text).toContain("il certificato medico non agonistico di Nicolò Bianchi scade l'8 marzo 2027 (tra 10 giorni).");
      expect(mails[0].text).toContain(`ASD Certificati ${name}`);

      // --- the club's settings: the reminders sent, and their days changed (the shared rules first)
      await page.goto(`${server.url}/impostazioni`);
      const reminders = page.getByRole('region', { name: 'Promemoria certificati' });
      await reminders.getByText('Nicolò Bianchi').waitFor();
      await reminders.getByText(/^Inviato /).waitFor();
      expect(await reminders.getByLabel('Invia i promemoria').isChecked()).toBe(true);
      const days = reminders.getByLabel('Giorni prima della scadenza');
      expect(await days.inputValue()).toBe('30, 14, 7, 0');
      await reminders.getByText('Promemoria 30, 14 e 7 giorni prima della scadenza e il giorno stesso.', { exact: false }).waitFor();
      await days.fill('400');
      await reminders.getByRole('button', { name: 'Salva promemoria' }).click();
      await reminders.getByText(MSG.reminderDaysInvalid, { exact: true }).waitFor();
      await days.fill('0, 21, 3');
      await reminders.getByRole('button', { name: 'Salva promemoria' }).click();
      await page.getByText(MSG.reminderSettingsSaved).first().waitFor();
      await expect.poll(() => days.inputValue()).toBe('21, 3, 0');
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await reminders.scrollIntoViewIfNeeded();
      await shot(page, '8-settings-reminders', name);
      const stored = await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } });
      expect(stored.certificateReminderDays).toEqual([21, 3, 0]);
    } finally {
      await browser.close();
    }
  });

  it('a read-only collaborator sees no health data: no column, filter, certificates, counts or eligibility', async () => {
    const owner = await createClub(server.deps, { fullName: `ASD Lettura certificati ${name}` });
    const ctx = await clubContext(server.deps, owner);
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Giulia', lastname: 'Neri' } });
    await createGroupWith(server.deps, owner.clubId, 'athlete', 'Under 12', [athlete.roleId]);
    const reader = await addCollaborator(server.deps, owner, 'lettura');

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await storeSession(page, server.url, reader);
      await page.goto(`${server.url}/athlete?certificato=scaduto`);
      await results(page, 1); // the parameter needs health data: ignored
      expect(await page.getByLabel('Certificato', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('columnheader', { name: 'Certificato' }).count()).toBe(0);
      await chooseMenuItem(page, page.getByRole('button', { name: 'Azioni per Giulia Neri' }), 'Visualizza');
      await page.getByRole('heading', { name: 'Giulia Neri', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Qualifiche' }).waitFor();
      expect(await page.getByRole('region', { name: 'Certificati medici' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Modifica|Associa|Archivia) / }).count()).toBe(0);
      await page.getByRole('button', { name: 'Scheda atleta' }).waitFor();
      await shot(page, '7-person-read-only', name);
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { name: /Benvenuto/ }).waitFor();
      await page.getByRole('region', { name: 'Oggi in società' }).waitFor();
      expect(await page.getByRole('region', { name: 'Certificati medici' }).count()).toBe(0);
      await page.goto(`${server.url}/category`);
      await page.getByText('Under 12').first().waitFor();
      expect(await page.getByRole('link', { name: /^Idoneità/ }).count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
