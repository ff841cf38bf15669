// Notices (avvisi, issue 39) as the staff write them and families read them, in a real browser against the real server
// on 10 September 2026. The Under 14 holds a minor athlete (Luca Rossi, whose mother has an e-mail) and an adult one
// (Ada Adulta). At 1440 px the owner opens "Avvisi" (the empty state), writes a notice with no title (the shared rule's
// message under Oggetto), then an urgent one to the Under 14: the preview names the mother "per" Luca and Ada herself;
// "Invia avviso" asks first, then the server's message and the notice's history. The mother opens the mail's link in
// a fresh browser with no account, on a phone: the club, the text, whom it is for; "Confermo la lettura" confirms,
// and a reload says so. An unknown link says it is not valid. Back in the admin: the list counts 1/2 confirmed, the
// history shows her confirmed and "Da confermare" keeps Ada only. A coach opening another id gets "Avviso non
// trovato", and writing a notice sees only the group they coach. Every screen at 1440 and 375 px: no sideways
// scroll, axe clean. CAMPOBASE_SCREENSHOTS=<dir> saves each screen at both widths (notices-*.png).
// The second test (notices2-*.png): the owner's quiet hours (a wrong time is the field's message, then 21:30-07:00),
// a notice scheduled for tomorrow (a past time refused under the field first; "Partirà alle 18:00 di domani."),
// "Programmato per" in the list, cancelled from its history ("Annullato"); an urgent one sent now: "Email inviata" for
// the mother, "Senza email" for an adult with no address; the mother signed in on her phone finds it "Nuovo" in /area,
// opens it (recorded), confirms it, and the staff's history shows her confirmed.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../schema/messages';
import { NOTICE_MSG } from '../../schema/messages-notices';
import { SESSION_STORAGE_KEY } from '../../schema/constants';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { addCollaborator, createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith, createPerson } from '../support/people-factories';
import { screenChecks } from '../support/screen-checks';
import { readOutbox } from '../support/test-app';
import { pdf, png } from '../server/files/fixtures';

const NOW = clubMorning('2026-09-10');
const server = clockedLiveServer(NOW);
const TITLE = 'Allenamento di giovedì spostato';

describe('notices', () => {
  it('the owner sends an urgent notice, a parent confirms it from the mail with no account, the history shows it; a coach sees only their groups', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Avvisi Chiari', firstname: 'Paola', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, club);
    const rossi = await familyOf(ctx, ['2014-04-10'], 'Rossi');
    const ada = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ada', lastname: 'Adulta', birthday: '1996-04-04', emailPrimary: 'ada.adulta@example.it' } });
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14', [rossi.children[0].roleId, ada.roleId]);
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Prima squadra');
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
    try {
      // --- the owner at 1440 px: no notices yet
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/avvisi`);
      await page.getByRole('heading', { name: 'Avvisi', level: 1 }).waitFor();
      await page.getByText('Nessun avviso inviato finora.', { exact: false }).waitFor();
      // the menu's entry, in the Società group
      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Avvisi' }).waitFor();
      await both('notices-list-empty');

      // --- writing: no title is the shared rule's message under Oggetto
      await page.getByRole('link', { name: 'Nuovo avviso' }).click();
      await page.getByRole('heading', { name: 'Nuovo avviso', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'Nuovo avviso' });
      await form.getByLabel('Testo').fill('Giovedì l’allenamento è alle 18:30 invece che alle 17:30.\nPortate la borraccia.');
      await form.getByRole('checkbox', { name: /Under 14/ }).locator('xpath=..').click();
      expect(await form.getByRole('checkbox', { name: /Under 14/ }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Vedi destinatari' }).click();
      await form.getByText(NOTICE_MSG.titleRequired).waitFor();
      await expect.poll(() => form.getByLabel('Oggetto').evaluate((el) => el === document.activeElement), { timeout: 15_000 }).toBe(true);
      await check('notices-compose-errors');
      // nobody chosen is the audience's message; the roles, the season's soci and single people are offered
      await form.getByRole('group', { name: 'Ruoli' }).getByRole('checkbox', { name: 'Accompagnatori' }).waitFor({ state: 'attached' });
      await form.getByLabel('Soci di una stagione').waitFor();
      await form.getByLabel('Cerca una persona').waitFor();

      await form.getByLabel('Oggetto').fill(TITLE);
      await form.getByText('Urgente: chiede la conferma di lettura').click();
      // Allegati: a text file is refused in the server's words, a PDF is listed with its size and "Rimuovi"
      const attach = form.getByLabel('Allegati');
      await attach.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('ciao') });
      await form.getByText(`note.txt: ${MSG.fileTypeNotAllowed}`).waitFor();
      await attach.setInputFiles({ name: 'orari.pdf', mimeType: 'application/pdf', buffer: pdf() });
      const chosen = form.getByRole('list', { name: 'Allegati scelti' });
      await chosen.getByRole('listitem').filter({ hasText: 'orari.pdf' }).getByText('1 kB').waitFor();
      await chosen.getByRole('button', { name: 'Rimuovi orari.pdf' }).waitFor();
      expect(await form.getByText(MSG.fileTypeNotAllowed, { exact: false }).count()).toBe(0);
      await form.getByRole('button', { name: 'Vedi destinatari' }).click();
      const preview = page.getByRole('list', { name: "Chi riceverà l'avviso" });
      await page.getByRole('heading', { name: 'Destinatari: 2 destinatari', level: 2 }).waitFor();
      const mother = preview.getByRole('listitem', { name: 'Anna Rossi' });
      await mother.getByText('per Luca Rossi').waitFor();
      await mother.getByText(rossi.email).waitFor();
      await preview.getByRole('listitem', { name: 'Ada Adulta' }).getByText('ada.adulta@example.it').waitFor();
      await page.getByText('Tutti hanno un indirizzo email.').waitFor();
      await both('notices-compose');

      // --- sending: asked first, then the server's message and the history
      await page.getByRole('button', { name: 'Invia avviso' }).click();
      const ask = page.getByRole('alertdialog', { name: "Inviare l'avviso?" });
      await ask.getByText(/sarà inviato a 2 destinatari, con la richiesta di confermare la lettura, con 1 allegato/).waitFor();
      await ask.getByRole('button', { name: 'Invia a 2 destinatari' }).click();
      await toast(NOTICE_MSG.sent(2));
      await page.waitForURL(/\/avvisi\/[0-9a-f-]{36}$/);
      const historyUrl = page.url();
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Allegato' }).getByRole('button', { name: 'Apri orari.pdf' }).waitFor();

      // --- the mother's mail: the link of her own
      let link = '';
      await vi.waitFor(
        async () => {
          const mail = (await readOutbox(server.dataDir)).find((m) => m.to.includes(rossi.email) && m.subject.includes(TITLE));
          if (!mail) throw new Error('no mail to the mother yet');
          link = new URL(/https?:\/\/\S+\/avviso\/[\w-]+/.exec(mail.text)![0]).pathname;
        },
        { timeout: 30_000, interval: 250 },
      );

      // --- she opens it on a phone, with no account, and confirms
      const family = await launchBrowser(VIEWPORTS.phone);
      await setPagesDate(family.context, NOW);
      const phone = await family.context.newPage();
      phone.setDefaultTimeout(30_000);
      const phoneChecks = screenChecks(phone, failures);
      try {
        await phone.goto(`${server.url}${link}`);
        await phone.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
        await phone.getByText('ASD Avvisi Chiari').waitFor();
        await phone.getByText('Per Anna Rossi, riguardo a Luca Rossi').waitFor();
        await phone.getByText('Portate la borraccia.', { exact: false }).waitFor();
        // the attachment: a plain link, no session needed
        const attachment = phone.getByRole('link', { name: /^orari\.pdf, 1 kB$/ });
        const href = await attachment.getAttribute('href');
        expect(href).toMatch(/^\/avviso\/[\w-]+\/allegati\/[0-9a-f-]{36}$/);
        const got = await phone.evaluate(async (url) => {
          const response = await fetch(url);
          return { status: response.status, type: response.headers.get('content-type'), head: (await response.text()).slice(0, 5) };
        }, href!);
        expect(got).toEqual({ status: 200, type: expect.stringMatching(/^application\/pdf/) as unknown, head: '%PDF-' });
        await phoneChecks.check('notices-link');
        await phone.setViewportSize(VIEWPORTS.desktop);
        await phoneChecks.check('notices-link');
        await phone.setViewportSize(VIEWPORTS.phone);
        await phone.getByRole('button', { name: 'Confermo la lettura' }).click();
        await phone.getByText(NOTICE_MSG.confirmed).first().waitFor();
        await phone.getByRole('button', { name: 'Confermo la lettura' }).waitFor({ state: 'detached' });
        await phoneChecks.check('notices-link-confirmed');
        // again later: already confirmed, no button
        await phone.reload();
        await phone.getByText('Hai confermato la lettura.').waitFor();
        expect(await phone.getByRole('button', { name: 'Confermo la lettura' }).count()).toBe(0);
        // an unknown link
        await phone.goto(`${server.url}/avviso/${'x'.repeat(43)}`);
        await phone.getByRole('heading', { name: 'Avviso non trovato', level: 1 }).waitFor();
        await phoneChecks.check('notices-link-unknown');
      } finally {
        await family.close();
      }

      // --- back in the admin, through the menu: 1 of 2 confirmed, then the history
      await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Avvisi' }).click();
      const list = page.getByRole('list', { name: 'Avvisi inviati' });
      const row = list.getByRole('listitem').filter({ hasText: TITLE });
      await row.getByText('Urgente').waitFor();
      await row.getByText('2 destinatari').waitFor();
      await row.getByText('1/2 confermati').waitFor();
      await both('notices-list');
      await row.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(historyUrl);
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      const recipients = page.getByRole('table', { name: "Destinatari dell'avviso" });
      const motherRow = recipients.getByRole('row').filter({ hasText: 'Anna Rossi' });
      await motherRow.getByText('per Luca Rossi').waitFor();
      await motherRow.getByText(/^Sì, /).waitFor();
      await recipients.getByRole('row').filter({ hasText: 'Ada Adulta' }).getByText('Da confermare').waitFor();
      await page.getByRole('region', { name: 'Confermati' }).getByText('1/2').waitFor();
      await page.getByRole('button', { name: 'Da confermare (1)' }).click();
      await expect.poll(() => recipients.getByRole('row').count(), { timeout: 15_000 }).toBe(2); // the header and Ada
      await recipients.getByRole('row').filter({ hasText: 'Ada Adulta' }).waitFor();
      await page.getByRole('button', { name: 'Tutti' }).click();
      await check('notices-history');
      // on a phone: a card per recipient
      await page.setViewportSize(VIEWPORTS.phone);
      const cards = page.getByRole('list', { name: "Destinatari dell'avviso" });
      await cards.getByRole('listitem', { name: 'Anna Rossi' }).getByText('Confermato', { exact: true }).waitFor();
      await cards.getByRole('listitem', { name: 'Ada Adulta' }).getByText('Da confermare').waitFor();
      await check('notices-history');

      // --- Luca's page: what his mother received for him, confirmed; it opens the notice's history
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto(`${server.url}/persona/${rossi.children[0].roleId}`);
      const received = page.getByRole('region', { name: 'Avvisi ricevuti' });
      await received.getByRole('link', { name: TITLE }).waitFor();
      await received.getByText('Al genitore Anna Rossi').waitFor();
      await received.getByText(/^Confermato il /).waitFor();
      await both('notices-person-received');
      await received.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(/\/avvisi\/[0-9a-f-]{36}$/);

      // --- a coach: another id is not found; writing offers only the group they coach
      await page.setViewportSize(VIEWPORTS.desktop);
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/avvisi/${randomUUID()}`);
      await page.getByRole('heading', { name: 'Avviso non trovato', level: 1 }).waitFor();
      await check('notices-history-not-found');
      await page.getByRole('link', { name: 'Torna agli avvisi' }).click();
      await page.getByRole('link', { name: 'Nuovo avviso' }).click();
      const coachForm = page.getByRole('form', { name: 'Nuovo avviso' });
      await coachForm.getByRole('checkbox', { name: /Under 14/ }).waitFor({ state: 'attached' });
      expect(await coachForm.getByRole('checkbox', { name: /Prima squadra/ }).count()).toBe(0);
      expect(await coachForm.getByRole('group', { name: 'Ruoli' }).count()).toBe(0);
      expect(await coachForm.getByLabel('Soci di una stagione').count()).toBe(0);
      await coachForm.getByText('Scegli uno o più dei gruppi che alleni.').waitFor();
      await both('notices-compose-coach');
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a scheduled notice waits and is cancelled; the mails\' states; the quiet hours; a parent confirms in the personal area', async () => {
    const club = await createClub(server.deps, { fullName: 'ASD Avvisi Programmati', firstname: 'Piera', lastname: 'Titolare' });
    const ctx = await clubContext(server.deps, club);
    const verdi = await familyOf(ctx, ['2013-03-03'], 'Verdi');
    const bruno = await createPerson(ctx, 'athlete', { profile: { firstname: 'Bruno', lastname: 'Senzamail', birthday: '1990-01-01' } });
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Esordienti', [verdi.children[0].roleId, bruno.roleId]);
    const LATER = 'Festa di fine stagione';
    const NOW_TITLE = 'Campo chiuso domani';

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    const toast = (text: string | RegExp) => page.getByText(text, { exact: true }).first().waitFor();
    const menuLink = () => page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Avvisi' });
    try {
      await storeSession(page, server.url, club);
      await page.goto(`${server.url}/avvisi`);
      await page.getByRole('heading', { name: 'Avvisi', level: 1 }).waitFor();

      // --- the quiet hours: 22:00-07:00 by default; a wrong time is the shared rule's message under it
      const quiet = page.getByRole('region', { name: 'Ore di silenzio' });
      await quiet.getByText(/^22:00-07:00: /).waitFor();
      await quiet.getByRole('button', { name: 'Modifica le ore di silenzio' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ore di silenzio' });
      const settingsForm = dialog.getByRole('form', { name: 'Ore di silenzio' });
      await settingsForm.getByLabel('Dalle').fill('25:00');
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await settingsForm.getByText(NOTICE_MSG.quietHoursInvalid).waitFor();
      await both('notices2-quiet-hours-error');
      await settingsForm.getByLabel('Dalle').fill('21:30');
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await toast(NOTICE_MSG.settingsSaved);
      await quiet.getByText(/^21:30-07:00: /).waitFor();

      // --- a notice scheduled for tomorrow at 18:00: a past time is refused under the field first
      await page.getByRole('link', { name: 'Nuovo avviso' }).click();
      const form = page.getByRole('form', { name: 'Nuovo avviso' });
      await form.getByLabel('Oggetto').fill(LATER);
      await form.getByLabel('Testo').fill('Sabato alle 18:00 festa al campo per tutti.');
      await form.getByRole('checkbox', { name: /Esordienti/ }).locator('xpath=..').click();
      await form.getByText('Programma', { exact: true }).click();
      await form.getByLabel("Data dell'invio").fill('2026-09-09');
      await form.getByLabel("Ora dell'invio").fill('18:00');
      await form.getByRole('button', { name: 'Vedi destinatari' }).click();
      await form.getByText(NOTICE_MSG.sendAtPast).waitFor();
      await form.getByLabel("Data dell'invio").fill('2026-09-11');
      await form.getByRole('button', { name: 'Vedi destinatari' }).click();
      await page.getByRole('heading', { name: 'Destinatari: 2 destinatari', level: 2 }).waitFor();
      await page.getByText('Partirà alle 18:00 di domani.').waitFor();
      await both('notices2-compose-scheduled');
      await page.getByRole('button', { name: 'Invia avviso' }).click();
      await page.getByRole('alertdialog', { name: "Inviare l'avviso?" }).getByRole('button', { name: 'Programma per 2 destinatari' }).click();
      await toast(/^Avviso programmato per 2 destinatari: partirà /);
      await page.getByRole('heading', { name: LATER, level: 1 }).waitFor();

      // --- the list says it waits; its history cancels it
      await menuLink().click();
      const list = page.getByRole('list', { name: 'Avvisi inviati' });
      await list.getByRole('listitem').filter({ hasText: LATER }).getByText(/^Programmato per 11 set 2026, 18:00$/).waitFor();
      await list.getByRole('link', { name: LATER }).click();
      await page.getByRole('heading', { name: LATER, level: 1 }).waitFor();
      const table = page.getByRole('table', { name: "Destinatari dell'avviso" });
      await table.getByRole('row').filter({ hasText: 'Anna Verdi' }).getByText('In attesa').waitFor();
      await table.getByRole('row').filter({ hasText: 'Bruno Senzamail' }).getByText('Senza email: solo nell’area personale').waitFor();
      await both('notices2-history-scheduled');
      await page.getByRole('button', { name: 'Annulla invio' }).click();
      await page.getByRole('alertdialog', { name: "Annullare l'invio?" }).getByRole('button', { name: 'Annulla invio' }).click();
      await toast(NOTICE_MSG.cancelled);
      await page.getByText(/^Invio annullato il /).waitFor();
      // The dialog's own "Annulla invio" may still be closing: the page's is gone once it has.
      await expect.poll(() => page.getByRole('button', { name: 'Annulla invio' }).count(), { timeout: 10_000 }).toBe(0);
      await menuLink().click();
      await list.getByRole('listitem').filter({ hasText: LATER }).getByText('Annullato', { exact: true }).waitFor();
      await both('notices2-list');

      // --- an urgent notice now: it goes at once, the mother's mail is sent, Bruno reads it only in his area
      await page.getByRole('link', { name: 'Nuovo avviso' }).click();
      await form.getByLabel('Oggetto').fill(NOW_TITLE);
      await form.getByLabel('Testo').fill('Domani il campo è chiuso per lavori.');
      await form.getByLabel('Allegati').setInputFiles({ name: 'cartina.png', mimeType: 'image/png', buffer: png() });
      await form.getByText('Urgente: chiede la conferma di lettura').click();
      await form.getByRole('checkbox', { name: /Esordienti/ }).locator('xpath=..').click();
      await form.getByRole('button', { name: 'Vedi destinatari' }).click();
      await page.getByText('Partirà subito.').waitFor();
      await page.getByRole('button', { name: 'Invia avviso' }).click();
      await page.getByRole('alertdialog', { name: "Inviare l'avviso?" }).getByRole('button', { name: 'Invia a 2 destinatari' }).click();
      await toast(NOTICE_MSG.sent(2));
      await page.getByRole('heading', { name: NOW_TITLE, level: 1 }).waitFor();
      await vi.waitFor(
        async () => {
          if (!(await readOutbox(server.dataDir)).some((m) => m.to.includes(verdi.email) && m.subject.includes(NOW_TITLE))) throw new Error('no mail yet');
        },
        { timeout: 30_000, interval: 250 },
      );
      await vi.waitFor(
        async () => {
          await page.reload();
          await table.getByRole('row').filter({ hasText: 'Anna Verdi' }).getByText('Email inviata').waitFor({ timeout: 3_000 });
        },
        { timeout: 30_000, interval: 500 },
      );
      await table.getByRole('row').filter({ hasText: 'Bruno Senzamail' }).getByText('Senza email: solo nell’area personale').waitFor();
      await page.getByRole('region', { name: 'Email inviate' }).getByText('1 senza email').waitFor();
      await both('notices2-history-sent');

      // --- the mother, signed in on her phone: the urgent notice in her area, new; opened, then confirmed
      const family = await launchBrowser(VIEWPORTS.phone);
      await setPagesDate(family.context, NOW);
      const phone = await family.context.newPage();
      phone.setDefaultTimeout(30_000);
      const phoneChecks = screenChecks(phone, failures);
      try {
        await phone.goto(`${server.url}/healthz`);
        await phone.evaluate(({ key, token }) => localStorage.setItem(key, token), { key: SESSION_STORAGE_KEY, token: verdi.token });
        await phone.goto(`${server.url}/area`);
        const notices = phone.getByRole('region', { name: 'Avvisi' });
        const item = notices.getByRole('listitem', { name: NOW_TITLE });
        await item.getByText('Nuovo', { exact: true }).waitFor();
        await item.getByText('Urgente', { exact: true }).waitFor();
        await item.getByText(/ASD Avvisi Programmati · 10\/09\/2026 · per Luca Verdi/).waitFor();
        expect(await notices.getByRole('listitem', { name: LATER }).count()).toBe(0);
        await phoneChecks.check('notices2-area');
        await item.getByRole('button', { expanded: false }).click();
        await item.getByText('Domani il campo è chiuso per lavori.').waitFor();
        await item.getByText('Nuovo', { exact: true }).waitFor({ state: 'detached' });
        // its attachment, downloaded with the session
        const [download] = await Promise.all([phone.waitForEvent('download'), item.getByRole('button', { name: 'Scarica cartina.png' }).click()]);
        expect(download.suggestedFilename()).toBe('cartina.png');
        await phoneChecks.check('notices2-area-open');
        await item.getByRole('button', { name: 'Confermo la lettura' }).click();
        await phone.getByText(NOTICE_MSG.confirmed).first().waitFor();
        await item.getByRole('button', { name: 'Confermo la lettura' }).waitFor({ state: 'detached' });
        await phone.setViewportSize(VIEWPORTS.desktop);
        await phoneChecks.check('notices2-area-open');
        const opened = await server.deps.systemDb.noticeRecipient.findFirstOrThrow({ where: { personId: verdi.parentId, notice: { title: NOW_TITLE } } });
        expect(opened.openedAt).not.toBeNull();
      } finally {
        await family.close();
      }

      // --- the staff's history: she confirmed, opened
      await page.reload();
      const mother = table.getByRole('row').filter({ hasText: 'Anna Verdi' });
      await mother.getByText(/^Sì, /).waitFor();
      await page.getByRole('region', { name: 'Confermati' }).getByText('1/2').waitFor();
      await check('notices2-history-confirmed');
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
