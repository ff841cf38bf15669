// Online registration by link, the staff's screens (issue 36 point 3), in a real browser against the real server, on
// a phone and on a desktop: the owner opens "Iscrizioni online" (/iscrizioni), empty, and creates a form (title, a
// scelta question, the medical certificate required, the athlete group); the form's link and QR code. Then two
// parents register a child each through the public GraphQL operations (submit, certificate uploaded with no
// session, signed with the code from the mail outbox); the queue (/iscrizioni/da-approvare) lists both, the
// detail shows the answers under their question, the certificate, the consents and the signature; one is
// approved after a confirmation (the child is then in the athletes' list), the other sent back with a reason
// (it leaves the queue). axe finds nothing serious on the pages and the panel. A coach has no entry and is refused
// at the address. Server and pages run on 15 November 2026. CAMPOBASE_SCREENSHOTS=<dir> saves the pages (R1-*).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { expectAccessible as axeClean } from '../support/accessibility';
import { expectNoHorizontalScroll, launchBrowser, screenshot, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { clockFrom } from '../../server/lib/clock';
import { clubMorning, liveGql, startLiveServer, type LiveServer } from '../support/live-server';
import { createGroupWith } from '../support/people-factories';
import { taxCodeBornOn } from '../support/tax-code-factories';
import { readOutbox } from '../support/test-app';
import { graphqlMultipart, pdf } from '../server/files/fixtures';

const NOW = clubMorning('2026-11-15');

// Every public call comes from 127.0.0.1: the per-IP allowance of submissions and uploads (10 an hour) is widened,
// so a retried test (two viewports, two families each) is not refused.
let live: LiveServer | undefined;
beforeAll(async () => {
  live = await startLiveServer({ rateLimitFactor: 10 }, { now: clockFrom(NOW) });
}, 180_000);
afterAll(() => live?.close());
const server = {
  get url() {
    return live!.url;
  },
  get deps() {
    return live!.deps;
  },
  get dataDir() {
    return live!.dataDir;
  },
};

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
const shots = process.env.CAMPOBASE_SCREENSHOTS;

const SUBMIT = `mutation($token: String!, $input: RegistrationSubmissionInput!) { submitRegistration(token: $token, input: $input) { __typename ... on MutationSubmitRegistrationSuccess { data { accessToken } } ... on BaseError { message } } }`;
const UPLOAD = `mutation($a: String!, $i: Int!, $k: RegistrationDocumentKind!, $file: Upload) { uploadRegistrationDocument(accessToken: $a, personIndex: $i, kind: $k, file: $file) { __typename ... on BaseError { message } } }`;
const SIGN = `mutation($a: String!, $n: String!, $c: String!) { signRegistration(accessToken: $a, signerName: $n, code: $c) { __typename ... on BaseError { message } } }`;

/** A public GraphQL call, with no session (what the family's browser sends). */
async function publicGql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data: Record<string, any>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return Object.values(body.data)[0] as Record<string, any>;
}

/** A parent registers one child through the form's link: submitted, certificate uploaded, signed with the mailed code. */
async function registerAndSign(token: string, questionId: string, parent: { firstname: string; lastname: string; email: string }, child: { firstname: string; birthday: string }) {
  const input = {
    registrant: { ...parent, taxIdCode: taxCodeBornOn('1985-04-12', parent.lastname, { name: parent.firstname, female: true }), phonePrimary: '333 111 2222', relationship: 'genitore' },
    people: [
      {
        firstname: child.firstname,
        lastname: parent.lastname,
        taxIdCode: taxCodeBornOn(child.birthday, parent.lastname, { name: child.firstname }),
        answers: [{ questionId, text: 'M' }],
        certificate: { type: 'non_agonistico', issuedOn: '2026-11-01', expiresOn: '2027-10-31', issuer: 'Dott. Bianchi' },
      },
    ],
    consents: [{ purpose: 'trattamento_dati', granted: true }],
    acceptNotice: true,
  };
  const submitted = await publicGql(SUBMIT, { token, input });
  expect(submitted.__typename, JSON.stringify(submitted)).toBe('MutationSubmitRegistrationSuccess');
  const accessToken = submitted.data.accessToken as string;
  const body = graphqlMultipart(UPLOAD, { a: accessToken, i: 0, k: 'certificato_medico', file: null }, [{ path: 'file', filename: 'certificato.pdf', contentType: 'application/pdf', content: pdf() }]);
  const uploaded = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': body.contentType }, body: new Uint8Array(body.payload) });
  expect((await uploaded.json()).data.uploadRegistrationDocument.__typename).toBe('MutationUploadRegistrationDocumentSuccess');
  const mail = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(parent.email)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code, `no signing code mailed to ${parent.email}`).toBeDefined();
  const signed = await publicGql(SIGN, { a: accessToken, n: `${parent.firstname} ${parent.lastname}`, c: code });
  expect(signed.__typename, JSON.stringify(signed)).toBe('MutationSignRegistrationSuccess');
}

/** axe on the page as it is now, the pointer resting away from what was clicked (axe reads colours at rest). */
async function expectAccessible(page: Page, where: string) {
  await page.mouse.move(0, 0);
  await axeClean(page, where);
}

describe.each(Object.entries(VIEWPORTS))('registration staff screens on %s', (name, viewport) => {
  it('creates a form with its link and QR code, approves one signed registration and sends the other back; a coach has no access', async () => {
    const club = await createClub(server.deps, { fullName: `ASD Iscrizioni ${name}` });
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12');
    await liveGql(server.url, club, 'mutation($i: PublishPrivacyNoticeInput!) { publishPrivacyNotice(input: $i) { __typename } }', {
      i: { title: 'Informativa ai tesserati', text: 'Trattiamo i dati per il tesseramento.' },
    });
    const browser = await launchBrowser(viewport);
    await setPagesDate(browser.context, NOW);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000); // a loaded machine is slow to draw the page
    try {
      await storeSession(page, server.url, club);

      // --- no form yet: the empty state explains what a form is
      await page.goto(`${server.url}/iscrizioni`);
      await page.getByRole('heading', { name: 'Iscrizioni online', level: 1 }).waitFor();
      await page.getByText(/Nessun modulo di iscrizione\. Un modulo è una pagina pubblica/).waitFor();
      if (name === 'desktop') expect(await page.getByRole('link', { name: 'Iscrizioni online', exact: true }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, `R1-forms-empty-${name}`);

      // --- the editor: the shared rules first, then a form with a scelta question, the certificate, the group
      const newButton = page.getByRole('button', { name: 'Nuovo modulo' });
      await newButton.click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo modulo di iscrizione' });
      await dialog.getByLabel('Titolo').waitFor();
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await dialog.getByText(MSG.registrationTitleRequired).waitFor();
      await dialog.getByLabel('Titolo').fill('Iscrizioni Under 12');
      await dialog.getByLabel('Introduzione').fill('Compila il modulo per ogni figlio.');
      await dialog.getByLabel('Stato').selectOption({ label: 'Aperto' });
      await dialog.getByLabel('Gruppo').selectOption({ label: 'Under 12' });
      await dialog.getByLabel('Certificato medico').selectOption({ label: 'Richiesto' });
      // the processing of personal data is always asked
      const personalData = dialog.getByRole('checkbox', { name: /Trattamento dei dati personali/ });
      expect(await personalData.isChecked()).toBe(true);
      expect(await personalData.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Aggiungi domanda' }).click();
      await dialog.getByLabel('Testo della domanda').fill('Taglia della maglia');
      await dialog.getByLabel('Tipo di risposta').selectOption({ label: 'Scelta tra opzioni' });
      // one option only: the shared rule's message under the options
      await dialog.getByLabel('Opzioni').fill('S');
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await dialog.getByText(MSG.registrationOptionsRequired).waitFor();
      await dialog.getByLabel('Opzioni').fill('S\nM\nL');
      await dialog.getByText('Risposta obbligatoria').click();
      if (shots) await dialog.screenshot({ path: `${shots}/R1-form-editor-${name}.png` });
      await expectAccessible(page, 'the form editor');
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await toast(page, MSG.registrationFormSaved);
      await dialog.waitFor({ state: 'detached' });
      // the focus goes back to the button that opened the dialog
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Nuovo modulo');

      const forms = page.getByRole('list', { name: 'Moduli di iscrizione' });
      const row = forms.getByRole('listitem').filter({ hasText: 'Iscrizioni Under 12' });
      await row.getByText('Aperto', { exact: true }).waitFor();
      await row.getByText(/Stagione .* · Gruppo Under 12 · Creato il \d{2}\/\d{2}\/\d{4}/).waitFor();
      await row.getByText('Nessuna iscrizione da approvare').waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await screenshot(page, `R1-forms-list-${name}`);

      const stored = await liveGql(server.url, club, '{ registrationForms { id path settings { questions { id kind options required } documents { kind level } } group { name } } }');
      const [form] = stored.registrationForms;
      expect(form.settings.questions).toEqual([{ id: 'taglia_della_maglia', kind: 'scelta', options: ['S', 'M', 'L'], required: true }]);
      expect(form.settings.documents).toContainEqual({ kind: 'certificato_medico', level: 'richiesto' });
      expect(form.group.name).toBe('Under 12');
      const token = (form.path as string).split('/').pop()!;

      // --- copy the link (a toast), then the link and its QR code
      await row.getByRole('button', { name: 'Copia il link del modulo Iscrizioni Under 12' }).click();
      await toast(page, 'Link copiato negli appunti.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}${form.path}`);
      await row.getByRole('button', { name: 'Link e codice QR del modulo Iscrizioni Under 12' }).click();
      const linkDialog = page.getByRole('dialog', { name: 'Link del modulo: Iscrizioni Under 12' });
      expect(await linkDialog.getByTestId('form-link').innerText()).toBe(`${server.url}${form.path}`);
      const qr = linkDialog.getByRole('img', { name: /Codice QR del link al modulo «Iscrizioni Under 12»/ });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await linkDialog.getByRole('link', { name: /Apri il modulo/ }).getAttribute('href')).toBe(`${server.url}${form.path}`);
      const download = page.waitForEvent('download');
      await linkDialog.getByRole('button', { name: 'Scarica QR (PNG)' }).click();
      expect((await download).suggestedFilename()).toBe('iscrizioni-under-12-qr.png');
      await expectAccessible(page, 'the link dialog');
      await screenshot(page, `R1-form-link-${name}`, { fullPage: false });
      await linkDialog.getByRole('button', { name: 'Chiudi' }).first().click();
      await linkDialog.waitFor({ state: 'detached' });

      // --- two families register a child each and sign
      await registerAndSign(token, 'taglia_della_maglia', { firstname: 'Maria', lastname: 'Rossi', email: `rossi-${name}@example.it` }, { firstname: 'Luca', birthday: '2015-03-10' });
      await registerAndSign(token, 'taglia_della_maglia', { firstname: 'Paola', lastname: 'Verdi', email: `verdi-${name}@example.it` }, { firstname: 'Marco', birthday: '2016-05-20' });
      await page.reload();
      const pendingLink = row.getByRole('link', { name: '2 iscrizioni da approvare' });
      await pendingLink.click();

      // --- the queue, filtered by the form
      await page.getByRole('heading', { name: 'Iscrizioni da approvare', level: 1 }).waitFor();
      expect(page.url()).toContain(`modulo=${form.id}`);
      const queue = page.getByRole('list', { name: 'Iscrizioni' });
      await queue.getByRole('listitem').filter({ hasText: 'Maria Rossi' }).getByText('Iscrive: Luca Rossi').waitFor();
      await queue.getByRole('listitem').filter({ hasText: 'Paola Verdi' }).getByText('Iscrive: Marco Verdi').waitFor();
      await page.getByText('2 iscrizioni').waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page, 'the queue');
      await screenshot(page, `R1-queue-${name}`);

      // --- the detail: registrant, the child with the answer under its question, the certificate, consents, signature
      const detailsButton = page.getByRole('button', { name: "Dettagli dell'iscrizione di Maria Rossi" });
      await detailsButton.click();
      const panel = page.getByRole('dialog', { name: 'Iscrizione di Maria Rossi' });
      await panel.getByRole('heading', { name: 'Persona iscritta: Luca Rossi' }).waitFor();
      await panel.getByText('Taglia della maglia').waitFor();
      await panel.getByText(/Non agonistico, rilasciato il 01\/11\/2026, scade il 31\/10\/2027/).waitFor();
      await panel.getByRole('button', { name: /Certificato medico: certificato\.pdf/ }).waitFor();
      await panel.getByText('Firmato da').waitFor();
      await panel.getByText(/^[0-9a-f]{64}$/).waitFor();
      await panel.getByRole('button', { name: 'Scarica PDF firmato' }).waitFor();
      const pdfDownload = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Scarica PDF firmato' }).click();
      expect((await pdfDownload).suggestedFilename()).toBe('iscrizione-rossi-firmata.pdf');
      await expectAccessible(page, 'the submission panel');
      await screenshot(page, `R1-queue-detail-${name}`, { fullPage: false });

      // --- approved after a confirmation: it leaves the queue, the child is an athlete
      await panel.getByRole('button', { name: 'Approva', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: "Approvare l'iscrizione?" });
      await confirm.getByRole('button', { name: 'Approva' }).click();
      await toast(page, MSG.registrationApproved(1));
      await panel.waitFor({ state: 'detached' });
      await page.getByText('1 iscrizione', { exact: true }).waitFor();
      expect(await queue.getByRole('listitem').filter({ hasText: 'Maria Rossi' }).count()).toBe(0);

      // --- the other sent back with a reason (required)
      await page.getByRole('button', { name: "Dettagli dell'iscrizione di Paola Verdi" }).click();
      const other = page.getByRole('dialog', { name: 'Iscrizione di Paola Verdi' });
      await other.getByRole('button', { name: 'Chiedi modifiche' }).click();
      const changes = page.getByRole('dialog', { name: 'Chiedi modifiche: Paola Verdi' });
      await changes.getByRole('button', { name: 'Invia richiesta' }).click();
      await changes.getByText(MSG.registrationReasonRequired).waitFor();
      await changes.getByLabel('Cosa correggere').fill('Il certificato caricato non è leggibile: caricalo di nuovo.');
      if (shots) await changes.screenshot({ path: `${shots}/R1-changes-dialog-${name}.png` });
      await changes.getByRole('button', { name: 'Invia richiesta' }).click();
      await toast(page, MSG.registrationChangesRequested);
      await page.getByText('Nessuna iscrizione da approvare.').waitFor();
      await screenshot(page, `R1-queue-empty-${name}`);
      // the status filter shows it with the reason
      await page.getByLabel('Stato').selectOption({ label: 'Modifiche richieste' });
      await queue.getByRole('listitem').filter({ hasText: 'Paola Verdi' }).getByText('Modifiche richieste').waitFor();

      // --- the approved child is in the athletes' list
      await page.goto(`${server.url}/athlete`);
      await page.getByRole('heading', { name: 'Atleti', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Luca Rossi', exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Marco Verdi', exact: true }).count()).toBe(0);

      // --- a coach: no entry in the menu, refused at the address
      const coach = await addCollaborator(server.deps, club, 'allenatore');
      const coachBrowser = await launchBrowser(viewport);
      const coachPage = await coachBrowser.context.newPage();
      coachPage.setDefaultTimeout(30_000);
      try {
        await storeSession(coachPage, server.url, coach);
        await coachPage.goto(`${server.url}/iscrizioni`);
        await coachPage.getByRole('heading', { name: 'Non hai i permessi per questa pagina' }).waitFor();
        expect(await coachPage.getByRole('link', { name: 'Iscrizioni online', exact: true }).count()).toBe(0);
        await coachPage.goto(`${server.url}/iscrizioni/da-approvare`);
        await coachPage.getByRole('heading', { name: 'Non hai i permessi per questa pagina' }).waitFor();
      } finally {
        await coachBrowser.close();
      }
    } finally {
      await browser.close();
    }
  });
});
