// Online registration by link (issue 36 point 3), the public side, in a real browser against the real server, on a
// phone (375 px): the owner publishes a privacy notice and opens a form (a choice and a yes/no question, the medical
// certificate required, two extra consents) through GraphQL; a parent without an account opens the link, registers
// two children (a script typed as a name shows as text and never runs), answers, gives the consents, uploads a PDF
// certificate for each child, reads the code mailed to them from the outbox, signs, sees the hash, downloads the
// signed PDF and checks the signature on /verifica-firma. The club asks for a change: the link shows its reason and
// the form filled in again, and the correction, signed again, replaces it. The staff approves it: both children are
// in the registry.
// An unknown link says so. Each step passes axe (no serious or critical finding). CAMPOBASE_SCREENSHOTS=<dir> saves
// every step at 375 and 1440 px (R2-*).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { formatFindings, seriousViolations } from '../support/accessibility';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { createGroupWith } from '../support/people-factories';
import { signingCode } from '../support/registration-flow';
import { taxCodeBornOn, taxCodeFor } from '../support/tax-code-factories';
import { fakePdf, oversizePng, pdf } from '../server/files/fixtures';
import { UPLOAD_MAX_BYTES } from '../../schema/constants';

const NOW = clubMorning('2026-11-15');
const server = clockedLiveServer(NOW);

const LUCA = taxCodeBornOn('2013-03-10', 'Bianchi', { name: 'LCU' });
const ANNA = taxCodeBornOn('2015-05-12', 'Bianchi', { name: 'NNA', female: true });

const SAVE_FORM = `mutation($input: SaveRegistrationFormInput!) { saveRegistrationForm(input: $input) { __typename ... on MutationSaveRegistrationFormSuccess { data { form { id path } } } } }`;

describe('the public registration form on a phone', () => {
  it('a parent registers two children, uploads their certificates, signs with the mailed code, checks the signature; the staff approves', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Pulcini Felici' });
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14');
    const season = await liveGql(server.url, club, '{ currentSeason { id } }');
    await liveGql(server.url, club, 'mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', {
      i: { title: 'Informativa ai soci', text: 'Titolare del trattamento: ASD Pulcini Felici.\nFinalità: tesseramento e attività sportiva.\n'.repeat(6) },
    });
    const saved = await liveGql(server.url, club, SAVE_FORM, {
      input: {
        seasonId: season.currentSeason.id,
        title: 'Iscrizioni Under 14 2026/27',
        intro: 'Compila il modulo per ogni figlio: ti servirà il certificato medico.',
        status: 'aperto',
        groupId: group.id,
        fields: [{ field: 'birthplace', level: 'no' }, { field: 'nationality', level: 'no' }, { field: 'emailPrimary', level: 'no' }, { field: 'phonePrimary', level: 'no' }],
        questions: [
          { id: 'taglia', label: 'Taglia della maglia', kind: 'scelta', options: ['S', 'M', 'L'], required: true },
          { id: 'allergie', label: 'Allergie note?', kind: 'si_no', required: true },
        ],
        documents: [{ kind: 'certificato_medico', level: 'richiesto' }],
        consents: ['dati_salute', 'foto_video'],
      },
    });
    expect(saved.saveRegistrationForm.__typename).toBe('MutationSaveRegistrationFormSuccess');
    const path: string = saved.saveRegistrationForm.data.form.path;
    expect(path).toMatch(/^\/iscrizione\/.+/);

    const dir = await mkdtemp(join(tmpdir(), 'r2-'));
    const certificateFile = join(dir, 'certificato.pdf');
    await writeFile(certificateFile, pdf());
    const oversizeFile = join(dir, 'certificato-enorme.png');
    await writeFile(oversizeFile, oversizePng(UPLOAD_MAX_BYTES));
    const disguisedFile = join(dir, 'certificato-finto.pdf');
    await writeFile(disguisedFile, fakePdf());

    const browser = await launchBrowser(VIEWPORTS.phone);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const failures: string[] = [];
    /** axe on the step, the page fits the phone, and (with CAMPOBASE_SCREENSHOTS) the step at 375 and 1440 px. */
    const step = async (name: string) => {
      await page.mouse.move(370, 800);
      const findings = await seriousViolations(page);
      if (findings.length) failures.push(formatFindings(name, findings));
      await expectNoHorizontalScroll(page);
      await shoot(page, name);
    };
    try {
      // --- an unknown link
      await page.goto(`${server.url}/iscrizione/${'x'.repeat(32)}`);
      await page.getByText(MSG.registrationFormNotFound).waitFor();
      await step('R2-0-not-found');

      // --- step 1: who, and the parent's data (direct load of the link)
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: 'Iscrizioni Under 14 2026/27', level: 1 }).waitFor();
      await page.getByText('ASD Pulcini Felici').first().waitFor();
      await page.getByText(/Stagione .* · Under 14/).waitFor();
      await page.getByRole('heading', { name: 'Chi iscrivi', level: 2 }).waitFor();
      expect(await page.getByRole('radio', { name: 'Iscrivo i miei figli' }).isChecked()).toBe(true);
      // the honeypot is out of sight and out of the tab order
      const honeypot = page.locator('input[name="website"]');
      expect(await honeypot.getAttribute('tabindex')).toBe('-1');
      expect(await honeypot.isVisible()).toBe(true); // in the layout (bots see it) but off screen:
      expect((await honeypot.boundingBox())!.x).toBeLessThan(0);
      // the shared rules: the server's messages, the focus on the first wrong field
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByText(MSG.firstnameRequired).first().waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('registrant.firstname');
      await step('R2-1-who-errors');
      const parentTax = taxCodeFor(801, 'Bianchi', { female: true });
      await page.getByLabel('Nome', { exact: true }).fill('Maria');
      await page.getByLabel('Cognome', { exact: true }).fill('Bianchi');
      await page.getByLabel('Codice fiscale', { exact: true }).fill(parentTax.toLowerCase());
      expect(await page.getByLabel('Codice fiscale', { exact: true }).inputValue()).toBe(parentTax);
      await page.getByLabel('Email', { exact: true }).fill('maria.bianchi@example.it');
      await page.getByLabel('Cellulare', { exact: true }).fill('333 123 4567');
      await step('R2-1-who');
      await page.getByRole('button', { name: 'Avanti' }).click();

      // --- step 2: the children (the heading takes the focus)
      const children = page.getByRole('heading', { name: 'I figli da iscrivere', level: 2 });
      await children.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('I figli da iscrivere');
      const first = page.getByRole('group', { name: 'Figlio/a 1' });
      await first.getByLabel('Nome', { exact: true }).fill('<script>alert(1)</script>');
      await first.getByLabel('Cognome', { exact: true }).fill('Bianchi');
      await first.getByLabel('Codice fiscale', { exact: true }).fill(LUCA);
      await first.getByText('Nato il 10/03/2013').waitFor();
      await first.getByRole('radio', { name: 'M', exact: true }).check({ force: true });
      await first.getByRole('group', { name: /Allergie note/ }).getByRole('radio', { name: 'No' }).check({ force: true });
      await first.getByLabel('Tipo di certificato').selectOption({ label: 'Non agonistico' });
      await first.getByLabel('Rilasciato il').fill('2026-10-01');
      await first.getByLabel('Scade il').fill('2027-10-01');
      await page.getByRole('button', { name: '+ Aggiungi un altro figlio/a' }).click();
      const second = page.getByRole('group', { name: 'Figlio/a 2' });
      // the new child's first field has the focus
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('people.1.firstname');
      // a child's missing answers: the messages under the fields
      await page.getByRole('button', { name: 'Avanti' }).click();
      await second.getByText(MSG.firstnameRequired, { exact: true }).waitFor();
      await step('R2-2-children-errors');
      await second.getByLabel('Nome', { exact: true }).fill('Anna');
      await second.getByLabel('Cognome', { exact: true }).fill('Bianchi');
      await second.getByLabel('Codice fiscale', { exact: true }).fill(ANNA);
      await second.getByText('Nata il 12/05/2015').waitFor();
      await second.getByRole('radio', { name: 'S', exact: true }).check({ force: true });
      await second.getByRole('group', { name: /Allergie note/ }).getByRole('radio', { name: 'Sì' }).check({ force: true });
      await second.getByLabel('Tipo di certificato').selectOption({ label: 'Agonistico' });
      await second.getByLabel('Rilasciato il').fill('2026-09-15');
      await second.getByLabel('Scade il').fill('2027-09-15');
      await step('R2-2-children');
      await page.getByRole('button', { name: 'Avanti' }).click();

      // --- step 3: privacy; the script typed as a name is text in the summary, and never ran
      await page.getByRole('heading', { name: 'Privacy e consensi', level: 2 }).waitFor();
      await page.getByText('<script>alert(1)</script> Bianchi').waitFor();
      expect(dialogs).toEqual([]);
      await page.getByRole('region', { name: /Testo dell'informativa/ }).getByText(/Titolare del trattamento/).first().waitFor();
      // every consent unanswered, the notice not accepted: the messages
      await page.getByRole('button', { name: 'Invia il modulo' }).click();
      await page.getByText(MSG.registrationNoticeRequired).waitFor();
      await page.getByText(MSG.consentAnswerRequired).first().waitFor();
      await step('R2-3-privacy-errors');
      // back to the children: the real name
      await page.getByRole('button', { name: 'Indietro' }).click();
      await page.getByRole('group', { name: 'Figlio/a 1' }).getByLabel('Nome', { exact: true }).fill('Luca');
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByRole('heading', { name: 'Privacy e consensi', level: 2 }).waitFor();
      const consent = (label: string) => page.getByRole('group', { name: `Consenso: ${label}` });
      await consent('Trattamento dei dati personali').getByRole('radio', { name: 'Sì' }).check({ force: true });
      await consent('Dati relativi alla salute').getByRole('radio', { name: 'Sì' }).check({ force: true });
      await consent('Foto e video').getByRole('radio', { name: 'No' }).check({ force: true });
      await page.getByRole('checkbox', { name: "Ho letto l'informativa privacy della società" }).check({ force: true });
      await step('R2-3-privacy');
      await page.getByRole('button', { name: 'Invia il modulo' }).click();

      // --- step 4: the documents, one PDF per child
      await page.getByRole('heading', { name: 'Documenti', level: 2 }).waitFor();
      await step('R2-4-documents-empty');
      // signing needs both: "Continua" names what is missing
      await page.getByRole('button', { name: 'Continua alla firma' }).click();
      await page.getByText(MSG.registrationDocumentRequired('Certificato medico')).first().waitFor();
      // abuse: a file over the size limit is refused at once; a text file named .pdf passes the browser's check and
      // is refused by the server, which reads its content; neither is kept
      await page.getByLabel('Certificato medico di Luca Bianchi').setInputFiles(oversizeFile);
      await page.getByRole('region', { name: 'Documenti di Luca Bianchi' }).getByText(MSG.fileTooLarge).waitFor();
      await page.getByLabel('Certificato medico di Luca Bianchi').setInputFiles(disguisedFile);
      await page.getByRole('region', { name: 'Documenti di Luca Bianchi' }).getByText(MSG.fileTypeNotAllowed).waitFor();
      expect(await server.deps.systemDb.registrationDocument.count({ where: { submission: { email: 'maria.bianchi@example.it' } } })).toBe(0);
      await page.getByLabel('Certificato medico di Luca Bianchi').setInputFiles(certificateFile);
      await page.getByRole('region', { name: 'Documenti di Luca Bianchi' }).getByText('Caricato: certificato.pdf').waitFor();
      await page.getByLabel('Certificato medico di Anna Bianchi').setInputFiles(certificateFile);
      await page.getByRole('region', { name: 'Documenti di Anna Bianchi' }).getByText('Caricato: certificato.pdf').waitFor();
      await step('R2-4-documents');
      await page.getByRole('button', { name: 'Continua alla firma' }).click();

      // --- step 5: the signature with the mailed code
      await page.getByRole('heading', { name: "Firma l'iscrizione", level: 2 }).waitFor();
      await page.getByText(/Ti abbiamo inviato un codice di 6 cifre a m•••@example\.it/).waitFor();
      const code = await signingCode(server.dataDir, 'maria.bianchi@example.it');
      expect(await page.getByLabel('Codice ricevuto per email').getAttribute('inputmode')).toBe('numeric');
      expect(await page.getByLabel('Codice ricevuto per email').getAttribute('autocomplete')).toBe('one-time-code');
      // a wrong code: the server's message under the field
      await page.getByLabel('Il tuo nome e cognome').fill('Maria Bianchi');
      await page.getByLabel('Codice ricevuto per email').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Firma e invia' }).click();
      await page.getByText(MSG.registrationCodeInvalid).waitFor();
      await step('R2-5-sign-error');
      await page.getByLabel('Codice ricevuto per email').fill(code);
      await step('R2-5-sign');
      await page.getByRole('button', { name: 'Firma e invia' }).click();

      // --- step 6: done, the hash, the PDF, the verification
      await page.getByRole('heading', { name: 'Iscrizione firmata', level: 2 }).waitFor();
      await page.getByText(MSG.registrationSigned).waitFor();
      const hash = (await page.getByTestId('registration-hash').innerText()).trim();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      // No sign-up offered until parents have an area of their own (a club's sign-up would make them a club).
      await page.getByText("Come seguire l'iscrizione").waitFor();
      expect(await page.getByRole('link', { name: /account/i }).count()).toBe(0);
      await step('R2-6-done');
      const pdfHref = await page.getByRole('link', { name: 'Scarica il modulo firmato (PDF)' }).getAttribute('href');
      const download = await page.request.get(`${server.url}${pdfHref}`);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // a reload comes back to the signed registration
      await page.reload();
      await page.getByRole('heading', { name: 'Iscrizione firmata', level: 2 }).waitFor();

      await page.getByRole('link', { name: 'Verifica la firma' }).click();
      await page.waitForURL(`**/verifica-firma/${hash}`);
      await page.getByRole('heading', { name: 'Firma verificata' }).waitFor();
      await page.getByText('ASD Pulcini Felici').first().waitFor();
      await page.getByText('Maria Bianchi', { exact: true }).waitFor();
      await page.getByText('Da approvare', { exact: true }).waitFor();
      await step('R2-7-verify');
      // another hash, pasted: none signed with it
      await page.getByLabel('Impronta SHA-256').fill('0'.repeat(64));
      await page.getByRole('button', { name: 'Verifica', exact: true }).click();
      await page.getByText('Nessuna iscrizione firmata con questa impronta.').waitFor();
      await step('R2-7-verify-unknown');

      // --- the club asks for changes: the link shows its reason and the form filled in again; the correction,
      // signed with a new code, replaces the first submission
      const sent = await liveGql(server.url, club, '{ registrationSubmissions(status: in_attesa) { items { id } } }');
      const asked = await liveGql(server.url, club, 'mutation($id: ID!, $reason: String!) { requestRegistrationChanges(id: $id, reason: $reason) { __typename } }', {
        id: sent.registrationSubmissions.items[0].id,
        reason: 'Indica anche il cellulare del genitore.',
      });
      expect(asked.requestRegistrationChanges.__typename).toBe('MutationRequestRegistrationChangesSuccess');
      await page.goto(`${server.url}${path}`);
      await page.getByText('Indica anche il cellulare del genitore.').waitFor();
      expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Maria');
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('maria.bianchi@example.it');
      await step('R2-8-changes');
      await page.getByLabel('Cellulare', { exact: true }).fill('333 765 4321');
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByRole('heading', { name: 'I figli da iscrivere', level: 2 }).waitFor();
      expect(await page.getByRole('group', { name: 'Figlio/a 2' }).getByLabel('Nome', { exact: true }).inputValue()).toBe('Anna');
      expect(await page.getByRole('group', { name: 'Figlio/a 2' }).getByLabel('Scade il').inputValue()).toBe('2027-09-15');
      await page.getByRole('button', { name: 'Avanti' }).click();
      await page.getByRole('heading', { name: 'Privacy e consensi', level: 2 }).waitFor();
      expect(await consent('Foto e video').getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: "Ho letto l'informativa privacy della società" }).check({ force: true });
      await page.getByRole('button', { name: 'Invia il modulo' }).click();
      await page.getByRole('heading', { name: 'Documenti', level: 2 }).waitFor();
      for (const child of ['Luca Bianchi', 'Anna Bianchi']) {
        await page.getByLabel(`Certificato medico di ${child}`).setInputFiles(certificateFile);
        await page.getByRole('region', { name: `Documenti di ${child}` }).getByText('Caricato: certificato.pdf').waitFor();
      }
      await page.getByRole('button', { name: 'Continua alla firma' }).click();
      await page.getByRole('heading', { name: "Firma l'iscrizione", level: 2 }).waitFor();
      const newCode = await signingCode(server.dataDir, 'maria.bianchi@example.it', code);
      await page.getByLabel('Il tuo nome e cognome').fill('maria bianchi');
      await page.getByLabel('Codice ricevuto per email').fill(newCode);
      await page.getByRole('button', { name: 'Firma e invia' }).click();
      await page.getByRole('heading', { name: 'Iscrizione firmata', level: 2 }).waitFor();
      expect((await page.getByTestId('registration-hash').innerText()).trim()).not.toBe(hash);
      expect(dialogs).toEqual([]);
    } catch (error) {
      if (process.env.CAMPOBASE_SCREENSHOTS) await page.screenshot({ path: `${process.env.CAMPOBASE_SCREENSHOTS}/R2-failure.png`, fullPage: true });
      throw error;
    } finally {
      await browser.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);

    // --- the staff approves: both children are in the registry
    const queue = await liveGql(server.url, club, '{ registrationSubmissions(status: in_attesa) { items { id email } } }');
    const waiting = queue.registrationSubmissions.items.find((s: { email: string }) => s.email === 'maria.bianchi@example.it');
    expect(waiting).toBeDefined();
    const approved = await liveGql(server.url, club, 'mutation($ids: [ID!]!) { approveRegistrations(ids: $ids) { __typename ... on MutationApproveRegistrationsSuccess { data { approved refused { message } } } } }', { ids: [waiting.id] });
    expect(approved.approveRegistrations.data).toEqual({ approved: [waiting.id], refused: [] });
    const done = await liveGql(server.url, club, '{ registrationSubmissions(status: approvata) { items { email personIds } } }');
    const personIds: string[] = done.registrationSubmissions.items.find((s: { email: string }) => s.email === 'maria.bianchi@example.it').personIds;
    expect(personIds).toHaveLength(2);
    for (const [taxIdCode, firstname, birthday] of [[LUCA, 'Luca', '2013-03-10'], [ANNA, 'Anna', '2015-05-12']]) {
      const found = await liveGql(server.url, club, 'query($t: String!) { personByTaxCode(taxIdCode: $t) { id firstname lastname birthday } }', { t: taxIdCode });
      expect(found.personByTaxCode).toMatchObject({ firstname, lastname: 'Bianchi' });
      expect(String(found.personByTaxCode.birthday)).toContain(birthday);
      expect(personIds).toContain(found.personByTaxCode.id);
    }
  });

  it('a flood of requests from one address is refused in Italian on the page, and nothing is written', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Sotto Assedio' });
    const season = await liveGql(server.url, club, '{ currentSeason { id } }');
    await liveGql(server.url, club, 'mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', { i: { title: 'Informativa', text: 'Trattiamo i dati dei soci.' } });
    const saved = await liveGql(server.url, club, SAVE_FORM, { input: { seasonId: season.currentSeason.id, title: 'Iscrizioni aperte', status: 'aperto' } });
    const path: string = saved.saveRegistrationForm.data.form.path;
    const browser = await launchBrowser(VIEWPORTS.phone);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    try {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: 'Iscrizioni aperte', level: 1 }).waitFor();
      // a script on the page reads the form over and over from this one address
      const answers = await page.evaluate(async (token) => {
        const ask = (query: string, variables: object) =>
          fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) }).then((r) => r.status);
        const statuses: number[] = [];
        for (let i = 0; i < 130; i++) statuses.push(await ask('query($t: String!) { publicRegistrationForm(token: $t) { title } }', { t: token }));
        return statuses;
      }, path.split('/').pop()!);
      expect(answers.every((status) => status < 500)).toBe(true);
      await page.reload();
      await page.getByText(/Troppi tentativi\. Riprova tra \d+ minut/).waitFor();
      await expectNoHorizontalScroll(page);
      expect(await server.deps.systemDb.registrationSubmission.count({ where: { form: { clubId: club.clubId } } })).toBe(0);
    } finally {
      await browser.close();
    }
  });
});

/** The step at 375 px (the test's phone) and at 1440 px, when CAMPOBASE_SCREENSHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (!process.env.CAMPOBASE_SCREENSHOTS) return;
  await screenshot(page, `${name}-375`);
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(VIEWPORTS.phone);
}
