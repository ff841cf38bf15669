// The organisation portal (issue 13 point 8, the organisation's side) in Chromium at 375 and 1440 px: the admin of
// a federation opens it from the profile menu, accepts a club's application, asks another club to affiliate by VAT
// number (after an unknown number's refusal), creates a key with two scopes whose secret is shown once, reads the
// clubs with it over real HTTP, sees that request in the usage after a reload, revokes the key after a confirmation
// and the next request with it is refused (401). A reader sees the clubs, the staff, the webhooks and the usage (with
// the key's name) without key management or any button that changes something; an account outside the staff gets
// the server's refusal at the address.
// Then the staff and the webhooks: the admin cannot demote themself as the only admin (the server's refusal shown),
// invites an account by email (an invalid address refused under the field); the mailed link, opened signed out,
// leads through the login back to itself and the account joins; the admin sees the new member, promotes and removes
// them after a confirmation; refuses a club's application; registers a webhook to a local receiver (the signing
// secret shown once), a person created in an affiliated club reaches the receiver signed with that secret, the
// delivery shows as delivered after a reload; the webhook is disabled and an affiliation in force ended, both
// after a confirmation. The server runs its job queue and scans for webhooks every half second; the test polls.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../schema/messages';
import { applyToOrganisation } from '../../server/modules/organisations/affiliations.service';
import { createOrganisation } from '../../server/modules/organisations/organisations.service';
import { PORTAL_MSG } from '../../server/modules/organisations/organisation-portal.service';
import { STAFF_MSG } from '../../server/modules/organisations/organisation-staff.service';
import { chooseMenuItem, followProfileMenu, launchBrowser, profileMenuEntries, storeSession, VIEWPORTS } from '../support/browser';
import { createClub } from '../support/factories';
import { startLiveServer } from '../support/live-server';
import { affiliate } from '../support/organisation-factories';
import { clubContext, createPerson } from '../support/people-factories';
import { readOutbox } from '../support/test-app';

const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;

/** What the local webhook receiver got: the headers, the raw body and its JSON. */
interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  payload: { id: string; organisationId: string; records: Array<{ event: string; id: string; clubId: string }> };
}
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

let server: Awaited<ReturnType<typeof startLiveServer>>;
beforeAll(async () => {
  // a receiver as an organisation's software would run one, answering 204 to every delivery
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body, payload: JSON.parse(body) as Received['payload'] });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/campobase`;
  // the job queue runs (webhook deliveries), the local receiver's address alone is admitted (plain http:// to it
  // too), scans are frequent
  server = await startLiveServer({ webhookAllowAddresses: ['127.0.0.1'], jobsEnabled: true, webhookScanSeconds: 0.5, webhookRetrySeconds: 1 });
  await server.deps.jobs?.ready;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Polls `probe` until it answers something (the webhook scan runs every half second): never a fixed sleep. */
async function until<T>(probe: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The receiver's check, as docs/api/federation.md gives it: HMAC-SHA256 of "t.body" with the secret, in constant time. */
function signedWith(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return !!parts.v1 && parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

/** A request made with an API key, as an organisation's software would. */
async function readClubs(secret: string) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query: '{ organisationClubs(first: 10) { nodes { id status } } }' }),
  });
  return { status: response.status, body: (await response.json()) as { data?: { organisationClubs: { nodes: { id: string; status: string }[] } } } };
}

const clubName = async (clubId: string) => (await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } })).fullName;

/** The row of a club: a table row on wide screens, a card (list item named after it) on phones. */
const clubRow = (page: Page, name: string): Locator =>
  page.getByRole('list', { name: 'Società affiliate' }).getByRole('listitem', { name }).or(page.getByRole('table', { name: 'Società affiliate' }).getByRole('row').filter({ hasText: name }));

/** The row of a staff member (by their email): a table row on wide screens, a card on phones. */
const staffRow = (page: Page, email: string): Locator =>
  page
    .getByRole('list', { name: "Staff dell'organizzazione" })
    .getByRole('listitem')
    .or(page.getByRole('table', { name: "Staff dell'organizzazione" }).getByRole('row'))
    .filter({ hasText: email });

describe.each(Object.entries(VIEWPORTS))('organisation portal on %s', (name, viewport) => {
  it('accepts an application, asks a club by VAT number, creates a key that reads, sees its usage, revokes it', async () => {
    const admin = await createClub(server.deps);
    const organisation = await createOrganisation(server.deps.systemDb, { name: `Federazione Portale ${name}`, kind: 'federation', adminEmail: admin.email });
    // a club in force, sharing its profile and its registry, with one athlete
    const member = await createClub(server.deps);
    await affiliate(server.deps, organisation.id, member.clubId, ['club.profile', 'people.registry']);
    await createPerson(await clubContext(server.deps, member), 'athlete', { profile: { firstname: 'Tesserata' } });
    // a club that applied with the organisation's code
    const applicant = await createClub(server.deps);
    await applyToOrganisation(await clubContext(server.deps, applicant), organisation.code, { scopes: ['club.profile'] });
    // a club the organisation will ask by its VAT number
    const target = await createClub(server.deps);
    const vat = `7${String(Date.now()).slice(-10)}`;
    await server.deps.systemDb.club.update({ where: { id: target.clubId }, data: { vatNumber: vat } });
    const [memberName, applicantName, targetName] = [await clubName(member.clubId), await clubName(applicant.clubId), await clubName(target.clubId)];
    const keyName = `Gestionale ${name}`;

    const browser = await launchBrowser(viewport);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    // dialogs are shot as seen (a full page would stretch them over the page behind)
    const shot = async (step: string, fullPage = true) => {
      if (!SHOTS) return;
      if (!fullPage) await page.waitForTimeout(400); // the dialog's opening animation
      await page.screenshot({ path: `${SHOTS}/organisation-portal-${step}-${name}.png`, fullPage });
    };
    try {
      await storeSession(page, server.url, admin);
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => profileMenuEntries(page), { timeout: 20_000 }).toContain('Organizzazione');
      // one organisation: the menu's /organizzazione goes straight to it
      await followProfileMenu(page, 'Organizzazione', /^\/organizzazione/);
      await page.waitForURL((u) => u.pathname === `/organizzazione/${organisation.id}`);
      await page.getByRole('heading', { name: organisation.name, level: 1 }).waitFor();
      expect(await page.getByTestId('organisation-code').innerText()).toBe(organisation.code);
      // the code copied for the clubs
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.getByRole('button', { name: 'Copia il codice' }).click();
      await page.getByRole('button', { name: 'Codice copiato' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(organisation.code);
      await clubRow(page, memberName).getByText('Attiva').waitFor();
      await clubRow(page, memberName).getByText('Anagrafica').waitFor();
      await shot('1-overview');

      // the club's application, accepted: in force with what the club chose
      const applications = page.getByRole('list', { name: 'Candidature delle società' });
      await applications.getByRole('listitem', { name: applicantName }).getByText('Da accettare').waitFor();
      await page.getByRole('button', { name: `Accetta la candidatura di ${applicantName}` }).click();
      await page.getByText(`Affiliazione di ${applicantName} accettata: è in vigore da ora.`).first().waitFor();
      await clubRow(page, applicantName).getByText('Attiva').waitFor();
      await page.getByText('Nessuna richiesta in attesa.').waitFor();
      expect((await server.deps.systemDb.affiliation.findFirstOrThrow({ where: { organisationId: organisation.id, clubId: applicant.clubId } })).status).toBe('active');

      // asking a club by VAT number: an unknown number is refused in the server's words, the right one is pending
      const form = page.getByRole('form', { name: "Chiedi l'affiliazione a una società" });
      const number = form.getByLabel('Partita IVA o codice fiscale');
      await number.fill('00000000001');
      await number.press('Enter');
      await form.getByText('Nessuna società con questa partita IVA o codice fiscale.').waitFor();
      await number.fill(vat);
      await form.getByRole('button', { name: 'Invia la richiesta' }).click();
      await page.getByText('Richiesta inviata: vale quando la società la approva.').first().waitFor();
      await page.getByRole('list', { name: 'Richieste inviate' }).getByRole('listitem', { name: targetName }).getByText('In attesa della società').waitFor();
      await shot('2-requests');

      // a key with two scopes: the secret shown once
      await page.getByRole('button', { name: 'Crea una chiave' }).click();
      const createDialog = page.getByRole('dialog', { name: 'Nuova chiave API' });
      await createDialog.getByLabel('Nome', { exact: true }).fill(keyName);
      await createDialog.getByText('Profilo della società e conteggi dei tesserati', { exact: true }).click();
      await createDialog.getByText('Anagrafica dei tesserati (nome, codice fiscale, nascita, ruoli, categorie)', { exact: true }).click();
      expect(await createDialog.getByLabel('Durata in giorni').inputValue()).toBe('365');
      await shot('3-create-key', false);
      await createDialog.getByRole('button', { name: 'Crea la chiave' }).click();
      const secretDialog = page.getByRole('alertdialog', { name: `Chiave «${keyName}» creata` });
      await secretDialog.getByText('non verrà più mostrata', { exact: false }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), { timeout: 5_000 }).toBe('Ho salvato la chiave');
      const secret = (await secretDialog.getByTestId('api-key-secret').innerText()).trim();
      expect(secret).toMatch(/^cbk_[\w-]{40,}$/);
      await shot('4-secret', false);
      await secretDialog.getByRole('button', { name: 'Copia la chiave' }).click();
      await secretDialog.getByRole('button', { name: 'Chiave copiata' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      // closed from the keyboard (the focus starts on this button when the dialog opens)
      await secretDialog.getByRole('button', { name: 'Ho salvato la chiave' }).focus();
      await page.keyboard.press('Enter');
      await secretDialog.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(secret);
      const keyItem = page.getByRole('list', { name: 'Chiavi API' }).getByRole('listitem', { name: keyName });
      await keyItem.getByText('Mai usata').waitFor();
      await keyItem.getByText(secret.slice(0, 12)).waitFor();
      const stored = await server.deps.systemDb.organisationApiKey.findFirstOrThrow({ where: { organisationId: organisation.id }, select: { scopes: true } });
      expect(stored.scopes).toEqual(['club.profile', 'people.registry']);

      // the key reads the organisation's clubs over real HTTP
      const read = await readClubs(secret);
      expect(read.status).toBe(200);
      expect(read.body.data?.organisationClubs.nodes).toEqual(
        expect.arrayContaining([
          { id: member.clubId, status: 'active' },
          { id: applicant.clubId, status: 'active' },
          { id: target.clubId, status: 'pending' },
        ]),
      );
      await server.deps.background.idle();

      // the usage counts it after a reload, and the key shows its last use
      await page.reload();
      const usage = page.getByRole('region', { name: "Utilizzo dell'API" });
      await usage.getByTestId('usage-Richieste').waitFor();
      expect(await usage.getByTestId('usage-Richieste').innerText()).toBe('1');
      await usage.getByText('organisationClubs').first().waitFor();
      await usage.getByText(keyName).first().waitFor();
      await expect.poll(() => keyItem.getByText('Mai usata').count()).toBe(0);
      await shot('5-usage');

      // revoked after the confirmation: the next request is refused
      await page.getByRole('button', { name: `Revoca la chiave ${keyName}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Revocare la chiave «${keyName}»?` });
      await confirm.getByRole('button', { name: 'Revoca la chiave' }).click();
      await page.getByText(`Chiave «${keyName}» revocata: da ora le sue richieste sono rifiutate.`).first().waitFor();
      await keyItem.getByText('Revocata', { exact: true }).first().waitFor();
      await expect(keyItem.getByRole('button', { name: `Revoca la chiave ${keyName}` }).count()).resolves.toBe(0);
      expect((await readClubs(secret)).status).toBe(401);
      await shot('6-revoked');
    } finally {
      await browser.close();
    }

    // a reader sees the clubs, the requests and the usage, but no key management and no button that changes anything
    const reader = await createClub(server.deps);
    await server.deps.systemDb.organisationStaff.create({ data: { organisationId: organisation.id, accountId: reader.accountId, role: 'reader' } });
    const outsider = await createClub(server.deps);
    const second = await launchBrowser(viewport);
    try {
      const readerPage = await second.context.newPage();
      readerPage.setDefaultTimeout(20_000);
      await storeSession(readerPage, server.url, reader);
      await readerPage.goto(`${server.url}/organizzazione`);
      await readerPage.getByRole('heading', { name: organisation.name, level: 1 }).waitFor();
      await readerPage.getByText('Sola lettura').first().waitFor();
      await clubRow(readerPage, memberName).waitFor();
      await readerPage.getByRole('list', { name: 'Richieste inviate' }).getByRole('listitem', { name: targetName }).waitFor();
      await readerPage.getByRole('region', { name: "Utilizzo dell'API" }).getByText('organisationClubs').first().waitFor();
      expect(await readerPage.getByRole('heading', { name: 'Chiavi API' }).count()).toBe(0);
      expect(await readerPage.getByRole('button', { name: 'Crea una chiave' }).count()).toBe(0);
      expect(await readerPage.getByRole('form', { name: "Chiedi l'affiliazione a una società" }).count()).toBe(0);
      // the key's name in the usage (no key list for readers: the server names it), the staff and webhooks read-only
      await readerPage.getByRole('region', { name: "Utilizzo dell'API" }).getByText(keyName).first().waitFor();
      await staffRow(readerPage, admin.email).getByText('Amministratore').waitFor();
      await readerPage.getByRole('region', { name: 'Webhook' }).getByText('Nessun webhook.').waitFor();
      expect(await readerPage.getByRole('form', { name: 'Invita nello staff' }).count()).toBe(0);
      expect(await readerPage.getByRole('button', { name: 'Aggiungi un webhook' }).count()).toBe(0);
      expect(await readerPage.getByRole('button', { name: /^(Azioni per|Termina|Rifiuta|Ritira)/ }).count()).toBe(0);
      if (SHOTS) await readerPage.screenshot({ path: `${SHOTS}/organisation-portal-7-reader-${name}.png`, fullPage: true });

      const outsiderPage = await second.context.newPage();
      outsiderPage.setDefaultTimeout(20_000);
      await storeSession(outsiderPage, server.url, outsider);
      await outsiderPage.goto(`${server.url}/organizzazione/${organisation.id}`);
      await outsiderPage.getByText(PORTAL_MSG.notStaff).waitFor();
      expect(await profileMenuEntries(outsiderPage)).not.toContain('Organizzazione');
      if (SHOTS) await outsiderPage.screenshot({ path: `${SHOTS}/organisation-portal-8-outsider-${name}.png`, fullPage: true });
    } finally {
      await second.close();
    }
  });
  it('invites a staff member who joins from the mailed link, refuses an application, delivers a signed webhook', async () => {
    const admin = await createClub(server.deps);
    const organisation = await createOrganisation(server.deps.systemDb, { name: `Federazione Staff ${name}`, kind: 'federation', adminEmail: admin.email });
    const invitee = await createClub(server.deps, { firstname: 'Marta', lastname: `Staff ${name}` });
    const inviteeName = `Marta Staff ${name}`;
    // a club in force sharing its registry (the webhook reports its people), and one applying with the code
    const member = await createClub(server.deps);
    await affiliate(server.deps, organisation.id, member.clubId, ['club.profile', 'people.registry']);
    const applicant = await createClub(server.deps);
    await applyToOrganisation(await clubContext(server.deps, applicant), organisation.code, { scopes: ['club.profile'] });
    const [memberName, applicantName] = [await clubName(member.clubId), await clubName(applicant.clubId)];

    const adminBrowser = await launchBrowser(viewport);
    const inviteeBrowser = await launchBrowser(viewport);
    const page = await adminBrowser.context.newPage();
    const other = await inviteeBrowser.context.newPage();
    page.setDefaultTimeout(20_000);
    other.setDefaultTimeout(20_000);
    const shot = async (p: Page, step: string, fullPage = true) => {
      if (!SHOTS) return;
      if (!fullPage) await p.waitForTimeout(400); // the dialog's opening animation
      await p.screenshot({ path: `${SHOTS}/organisation-portal-${step}-${name}.png`, fullPage });
    };
    try {
      await storeSession(page, server.url, admin);
      await page.goto(`${server.url}/organizzazione/${organisation.id}`);
      await page.getByRole('heading', { name: organisation.name, level: 1 }).waitFor();
      const staff = page.getByRole('region', { name: "Staff dell'organizzazione" });
      const adminRow = staffRow(page, admin.email);
      await adminRow.getByText('Tu', { exact: true }).waitFor();
      await adminRow.getByText('Amministratore').waitFor();
      await staff.getByText('Nessun invito in attesa.').waitFor();

      // the only admin cannot make themself a reader: the server's refusal is shown
      await chooseMenuItem(page, adminRow.getByRole('button', { name: /^Azioni per / }), 'Rendi di sola lettura');
      await staff.getByText(STAFF_MSG.lastAdmin).waitFor();
      await adminRow.getByText('Amministratore').waitFor();

      // the invitation: an invalid address refused under the field, then the invitee's as a reader
      const form = page.getByRole('form', { name: 'Invita nello staff' });
      await form.getByLabel('Email').fill('non-una-email');
      await form.getByRole('button', { name: 'Invia l’invito' }).click();
      await form.getByText(STAFF_MSG.emailInvalid).waitFor();
      await form.getByLabel('Email').fill(invitee.email);
      expect(await form.getByLabel('Ruolo').inputValue()).toBe('reader');
      await form.getByRole('button', { name: 'Invia l’invito' }).click();
      await form.getByText(STAFF_MSG.sent(invitee.email)).waitFor();
      expect(await form.getByLabel('Email').inputValue()).toBe('');
      const invitation = staff.getByRole('list', { name: 'Inviti allo staff in attesa' }).getByRole('listitem', { name: invitee.email });
      await invitation.getByText('Sola lettura').waitFor();
      await shot(page, '9-staff');

      // the mailed link, opened signed out: the login, then back to the link, where the account accepts
      const mail = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(invitee.email)).at(-1);
      expect(mail?.subject).toBe(STAFF_MSG.mailSubject(organisation.name));
      const link = /\/organizzazione\/invito\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      await other.goto(`${server.url}${link}`);
      // the door names what the link opens; an address with an account signs in first
      await other.getByRole('link', { name: 'Accedi per accettare' }).click();
      await other.waitForURL(/\/login\?returnTo=/);
      await other.getByLabel('Email').fill(invitee.email);
      await other.getByLabel('Password', { exact: true }).fill(invitee.password);
      await other.getByRole('button', { name: 'Accedi', exact: true }).click();
      await other.waitForURL((u) => u.pathname === '/organizzazione/invito' && u.searchParams.has('token'));
      await other.getByRole('heading', { name: "Invito nello staff di un'organizzazione", level: 1 }).waitFor();
      await other.getByRole('button', { name: 'Accetta l’invito' }).click();
      await other.getByText(STAFF_MSG.joined(organisation.name)).waitFor();
      await shot(other, '10-invitation');
      await other.getByRole('link', { name: `Apri ${organisation.name}` }).click();
      await other.waitForURL((u) => u.pathname === `/organizzazione/${organisation.id}`);
      await other.getByRole('heading', { name: organisation.name, level: 1 }).waitFor();
      await staffRow(other, invitee.email).getByText('Tu', { exact: true }).waitFor();
      expect(await other.getByRole('form', { name: 'Invita nello staff' }).count()).toBe(0);
      await expect.poll(() => profileMenuEntries(other), { timeout: 20_000 }).toContain('Organizzazione');
      // the same link again: used, said on load, with nothing to click
      await other.goto(`${server.url}${link}`);
      await other.getByText(MSG.invitationUsed).waitFor();
      expect(await other.getByRole('button', { name: 'Accetta l’invito' }).count()).toBe(0);

      // the admin sees the new member (no invitation pending), makes them an admin, then removes them
      await page.reload();
      const inviteeRow = staffRow(page, invitee.email);
      await inviteeRow.getByText(inviteeName).waitFor();
      await inviteeRow.getByText('Sola lettura').waitFor();
      await staff.getByText('Nessun invito in attesa.').waitFor();
      await chooseMenuItem(page, inviteeRow.getByRole('button', { name: `Azioni per ${inviteeName}` }), 'Rendi amministratore');
      await page.getByText(`${inviteeName} ora ha il ruolo Amministratore.`).first().waitFor();
      await inviteeRow.getByText('Amministratore').waitFor();
      await chooseMenuItem(page, inviteeRow.getByRole('button', { name: `Azioni per ${inviteeName}` }), 'Rimuovi dallo staff');
      const removal = page.getByRole('alertdialog', { name: `Rimuovere ${inviteeName} dallo staff?` });
      await removal.getByRole('button', { name: 'Rimuovi dallo staff' }).click();
      await page.getByText(`${inviteeName} non fa più parte dello staff.`).first().waitFor();
      await inviteeRow.waitFor({ state: 'detached' });
      expect(await server.deps.systemDb.organisationStaff.count({ where: { organisationId: organisation.id, accountId: invitee.accountId } })).toBe(0);

      // the club's application, refused after a confirmation: no longer pending, listed as refused
      await page.getByRole('button', { name: `Rifiuta la candidatura di ${applicantName}` }).click();
      const refusal = page.getByRole('alertdialog', { name: `Rifiutare la candidatura di ${applicantName}?` });
      await shot(page, '11-refuse', false);
      await refusal.getByRole('button', { name: 'Rifiuta la candidatura' }).click();
      await page.getByText(`Candidatura di ${applicantName} rifiutata.`).first().waitFor();
      await clubRow(page, applicantName).getByText('Rifiutata').waitFor();
      await page.getByText('Nessuna richiesta in attesa.').waitFor();
      expect((await server.deps.systemDb.affiliation.findFirstOrThrow({ where: { organisationId: organisation.id, clubId: applicant.clubId } })).status).toBe('rejected');

      // a webhook to the local receiver, every event chosen by default: the signing secret shown once
      const webhooks = page.getByRole('region', { name: 'Webhook' });
      await webhooks.getByText('Nessun webhook.', { exact: false }).waitFor();
      await webhooks.getByRole('button', { name: 'Aggiungi un webhook' }).click();
      const createDialog = page.getByRole('dialog', { name: 'Nuovo webhook' });
      for (const event of ['Nuovo tesserato', 'Modifica', 'Archiviazione', 'Eliminazione']) {
        expect(await createDialog.getByRole('checkbox', { name: new RegExp(`^${event}`) }).isChecked()).toBe(true);
      }
      await createDialog.getByRole('button', { name: 'Aggiungi il webhook' }).click();
      await createDialog.getByText("Indica l'indirizzo del tuo servizio.").waitFor();
      await createDialog.getByLabel('Indirizzo').fill(receiverUrl);
      await shot(page, '12-create-webhook', false);
      await createDialog.getByRole('button', { name: 'Aggiungi il webhook' }).click();
      const secretDialog = page.getByRole('alertdialog', { name: 'Webhook aggiunto' });
      await secretDialog.getByText('non verrà più mostrato', { exact: false }).waitFor();
      const secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
      expect(secret).toMatch(/^whsec_[\w-]{43}$/);
      await shot(page, '13-webhook-secret', false);
      await secretDialog.getByRole('button', { name: 'Ho salvato il segreto' }).click();
      await secretDialog.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(secret);
      const hook = webhooks.getByRole('listitem', { name: receiverUrl });
      await hook.getByText('Attivo', { exact: true }).waitFor();
      await hook.getByText('Nessuna consegna finora', { exact: false }).waitFor();

      // a person created in the affiliated club reaches the receiver, signed with that secret
      const person = await createPerson(await clubContext(server.deps, member), 'athlete', { profile: { firstname: 'Notificata' } });
      const got = await until(() => received.find((r) => r.payload.organisationId === organisation.id && r.payload.records.some((x) => x.id === person.roleId)), 'the delivery');
      expect(got.payload.records).toContainEqual(expect.objectContaining({ event: 'created', id: person.roleId, clubId: member.clubId }));
      expect(signedWith(secret, String(got.headers['campobase-signature']), got.body)).toBe(true);
      expect(signedWith(`${secret}x`, String(got.headers['campobase-signature']), got.body)).toBe(false);
      expect(got.headers['campobase-delivery']).toBe(got.payload.id);

      // delivered: listed so after a reload, with the receiver's status
      await expect
        .poll(async () => (await server.deps.systemDb.webhookDelivery.findUnique({ where: { id: got.payload.id }, select: { status: true } }))?.status, { timeout: 20_000, interval: 200 })
        .toBe('delivered');
      await page.reload();
      await hook.getByText('Consegnata', { exact: true }).first().waitFor();
      await hook.getByText('HTTP 204', { exact: false }).first().waitFor();
      await shot(page, '14-webhook-delivered');

      // disabled after a confirmation
      await hook.getByRole('button', { name: `Disattiva il webhook ${receiverUrl}` }).click();
      const disabling = page.getByRole('alertdialog', { name: 'Disattivare il webhook?' });
      await disabling.getByRole('button', { name: 'Disattiva il webhook' }).click();
      await page.getByText('Webhook disattivato: da ora non riceve più notifiche.').first().waitFor();
      await hook.getByText('Disattivato', { exact: true }).waitFor();
      expect(await hook.getByRole('button', { name: `Disattiva il webhook ${receiverUrl}` }).count()).toBe(0);
      expect((await server.deps.systemDb.organisationWebhook.findFirstOrThrow({ where: { organisationId: organisation.id } })).disabledAt).not.toBeNull();
      // the deliveries already made stay listed
      await hook.getByText('Consegnata', { exact: true }).first().waitFor();

      // an affiliation in force, ended after a confirmation
      await clubRow(page, memberName).getByRole('button', { name: `Termina l’affiliazione di ${memberName}` }).click();
      const ending = page.getByRole('alertdialog', { name: `Terminare l’affiliazione di ${memberName}?` });
      await ending.getByRole('button', { name: 'Termina l’affiliazione' }).click();
      await page.getByText(`Affiliazione di ${memberName} terminata: la società non condivide più alcun dato.`).first().waitFor();
      await clubRow(page, memberName).getByText('Revocata').waitFor();
      expect((await server.deps.systemDb.affiliation.findFirstOrThrow({ where: { organisationId: organisation.id, clubId: member.clubId } })).status).toBe('revoked');
      await shot(page, '15-after');
    } finally {
      await adminBrowser.close();
      await inviteeBrowser.close();
    }
  });
});
