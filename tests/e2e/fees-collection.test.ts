// Collecting fees (issue 37 points 1, 4 and 5) in a real browser against the real server, on 10 September 2026 (the
// server's and the pages' clock). A treasurer opens "Impostazioni quote" from /quote: turns the fee reminders on,
// changes their days (a day out of range and a text without {elenco} refused by the shared rules first), keeps the
// proposed text; writes the club's SEPA creditor data (an IBAN failing its checksum refused by the server, under the
// field). A plan with a 5 % early-payment discount (its day asked for with the percent); assigned to three children
// of three families. The Verdini family's statement tells what it saves paying whole by 30 September; the whole
// payment gets the discount, the server's message in the dialog and the toast. The Rossetti family: a mandate added
// with a wrong IBAN first (the server's message under it), another revoked after its confirmation, one corrected.
// /quote/sepa: a week ahead, the Rossetti debit in, the Bianchini family out ("Nessun mandato SEPA attivo"), count
// and control sum; a day with nothing to collect answers the server's words; the XML holds the mandate and the sum.
// The reminder job (runFeeReminders on the server's clock) mails both open families; the statement lists it under
// "Promemoria inviati". Every screen at 1440 and 375 px: no sideways scroll, axe clean.
// CAMPOBASE_SCREENSHOTS=<dir> saves each screen at both widths.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FEE_REMINDER_TEMPLATE, FEES_MSG } from '../../schema/messages-fees';
import { runFeeReminders } from '../../server/modules/fees/fee-reminders.job';
import { launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { screenChecks } from '../support/screen-checks';
import { addCollaborator, createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning } from '../support/live-server';
import { clubContext, createGroupWith } from '../support/people-factories';
import { readOutbox } from '../support/test-app';

const NOW = clubMorning('2026-09-10');
const server = clockedLiveServer(NOW);
const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;

const CREDITOR_ID = 'IT66ZZZA1B2C3D4E5F6G7H8';
const CLUB_IBAN = 'IT60X0542811101000000123456';
const MANDATE_IBAN = 'IT24X0306909606100000063451';
const MANDATE = 'RUM-2026-ROSSETTI-01';

describe('collecting fees: early payment, reminders, SEPA direct debit', () => {
  // 45-52 s alone on an idle 2-core machine; over 120 s (vitest's e2e limit) twice in CI under a load of 12.
  it('a treasurer sets reminders and SEPA, gives an early discount, adds mandates, previews and downloads a collection, reads the reminders sent', { timeout: 300_000 }, async () => {
    // --- the club, its treasurer, three families each paying for one child of the Under 12
    const club = await createClub(server.deps, { fullName: 'ASD Incassi Sereni', firstname: 'Paola', lastname: 'Titolare' });
    const treasurer = await addCollaborator(server.deps, club, 'tesoriere');
    const ctx = await clubContext(server.deps, club);
    const rossetti = await familyOf(ctx, ['2015-04-10'], 'Rossetti');
    const bianchini = await familyOf(ctx, ['2015-06-20'], 'Bianchini');
    const verdini = await familyOf(ctx, ['2015-08-30'], 'Verdini');
    await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 12', [rossetti, bianchini, verdini].map((f) => f.children[0].roleId));

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { both } = screenChecks(page, failures);
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

    try {
      // --- "Impostazioni quote" from the header of /quote
      await storeSession(page, server.url, treasurer);
      await page.goto(`${server.url}/quote`);
      await page.getByRole('heading', { name: 'Quote', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Impostazioni quote' }).click();
      await page.waitForURL(/\/quote\/impostazioni$/);
      await page.getByRole('heading', { name: 'Impostazioni quote', level: 1 }).waitFor();

      // --- the reminders: off at first, the default days and text; on, the days changed, the proposed text kept
      const reminders = page.getByRole('region', { name: 'Promemoria delle quote' });
      const enabled = reminders.getByLabel('Invia i promemoria delle quote');
      expect(await enabled.isChecked()).toBe(false);
      const days = reminders.getByRole('list', { name: 'Giorni dei promemoria' });
      const day = (n: number) => days.getByRole('listitem', { name: `Promemoria ${n}` });
      await day(1).getByText('Inviato 7 giorni prima della scadenza.').waitFor();
      await reminders.getByText('Promemoria 7 giorni prima della scadenza, 7 giorni dopo e 30 giorni dopo.').waitFor();
      const text = reminders.getByLabel('Testo del promemoria');
      expect(await text.inputValue()).toBe(FEE_REMINDER_TEMPLATE);
      await reminders.getByText('Invia i promemoria delle quote').click();
      await expect.poll(() => enabled.isChecked()).toBe(true);
      await day(2).getByLabel('Quando').selectOption({ label: 'il giorno della scadenza' });
      await day(2).getByText('Inviato il giorno della scadenza.').waitFor();
      expect(await day(2).getByLabel('Giorni').isDisabled()).toBe(true);
      // a day past 120 and a text without {elenco}: the shared rules' messages, each under its field
      await day(3).getByLabel('Giorni').fill('200');
      await text.fill('Gentile {destinatario}, paga le quote.');
      await reminders.getByRole('button', { name: 'Salva promemoria' }).click();
      await day(3).getByText(FEES_MSG.feeReminderDaysInvalid).waitFor();
      // the day's message, under its whole row, describes the day's field (which took the focus)
      const described = await day(3).getByLabel('Giorni').getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).innerText()).toBe(FEES_MSG.feeReminderDaysInvalid);
      await expect.poll(() => day(3).getByLabel('Giorni').evaluate((el) => el === document.activeElement)).toBe(true);
      await reminders.getByText(FEES_MSG.feeReminderTemplateInvalid).waitFor();
      await both('C1-settings-reminders-errors');
      await day(3).getByLabel('Giorni').fill('30');
      await reminders.getByRole('button', { name: 'Ripristina il testo proposto' }).click();
      expect(await text.inputValue()).toBe(FEE_REMINDER_TEMPLATE);
      await reminders.getByText('Promemoria 7 giorni prima della scadenza, il giorno della scadenza e 30 giorni dopo.').waitFor();
      await reminders.getByRole('button', { name: 'Salva promemoria' }).click();
      await toast(FEES_MSG.feeReminderSettingsSaved);
      const stored = await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } });
      expect([stored.feeRemindersEnabled, stored.feeReminderDays, stored.feeReminderTemplate]).toEqual([true, [-7, 0, 30], null]);

      // --- the club's SEPA creditor data: an IBAN whose checksum fails is the server's refusal, under the field
      const sepa = page.getByRole('region', { name: 'Addebito diretto SEPA' });
      await sepa.getByText('ASD Incassi Sereni').waitFor();
      await sepa.getByLabel('Identificativo del creditore').fill(CREDITOR_ID.toLowerCase());
      expect(await sepa.getByLabel('Identificativo del creditore').inputValue()).toBe(CREDITOR_ID);
      await sepa.getByLabel('IBAN della società').fill('IT00X0542811101000000123456');
      await sepa.getByRole('button', { name: 'Salva dati SEPA' }).click();
      await sepa.getByText(FEES_MSG.sepaIbanInvalid).waitFor();
      await expect.poll(() => sepa.getByLabel('IBAN della società').evaluate((el) => el === document.activeElement)).toBe(true);
      await sepa.scrollIntoViewIfNeeded();
      await both('C2-settings-sepa-error');
      await sepa.getByLabel('IBAN della società').fill('IT60 X054 2811 1010 0000 0123 456');
      await sepa.getByRole('button', { name: 'Salva dati SEPA' }).click();
      await toast(FEES_MSG.sepaCreditorSaved);
      await expect.poll(() => sepa.getByLabel('IBAN della società').inputValue()).toBe('IT60 X054 2811 1010 0000 0123 456');
      const creditor = await server.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId } });
      expect([creditor.sepaCreditorId, creditor.sepaIban, creditor.sepaBic]).toEqual([CREDITOR_ID, CLUB_IBAN, null]);
      await both('C3-settings-saved');

      // --- a plan with an early-payment discount: the day is asked for with the percent
      await page.getByRole('link', { name: 'Quote', exact: true }).first().click();
      await page.waitForURL(/\/quote$/);
      await page.getByRole('button', { name: 'Crea il primo piano' }).click();
      const planDialog = dialog('Nuovo piano');
      const planForm = planDialog.getByRole('form', { name: 'Nuovo piano' });
      await planForm.getByLabel('Nome del piano').fill('Corso Under 12');
      await planForm.getByLabel('Tipo').selectOption({ label: 'Corso' });
      const first = planForm.getByRole('group', { name: 'Rata 1' });
      await first.getByLabel('Nome della rata').fill('Prima rata');
      await first.getByLabel('Scadenza').fill('2026-09-15');
      await first.getByLabel('Importo (€)').fill('200');
      await planForm.getByRole('button', { name: 'Aggiungi rata' }).click();
      const second = planForm.getByRole('group', { name: 'Rata 2' });
      await second.getByLabel('Nome della rata').fill('Seconda rata');
      await second.getByLabel('Scadenza').fill('2027-01-15');
      await second.getByLabel('Importo (€)').fill('160');
      await planForm.getByLabel('Sconto pagamento anticipato (%)').fill('5');
      await planDialog.getByRole('button', { name: 'Salva' }).click();
      await planForm.getByText(FEES_MSG.earlyPaymentIncomplete).waitFor();
      await planForm.getByText(FEES_MSG.earlyPaymentIncomplete).scrollIntoViewIfNeeded();
      await both('C4-plan-dialog-early', { fullPage: false });
      await planForm.getByLabel('Entro il').fill('2026-09-30');
      await planDialog.getByRole('button', { name: 'Salva' }).click();
      await toast(FEES_MSG.feePlanSaved);
      await planDialog.waitFor({ state: 'detached' });
      const plan = page.getByRole('list', { name: 'Piani quote' }).getByRole('listitem').filter({ hasText: 'Corso Under 12' }).first();
      await plan.getByText('pagamento anticipato −5% entro il 30/09/2026').waitFor();
      await plan.getByRole('button', { name: 'Assegna a un gruppo: Corso Under 12' }).click();
      const assign = dialog('Assegna «Corso Under 12» a un gruppo');
      await assign.getByLabel('Gruppo').selectOption({ label: 'Under 12 (Atleti)' });
      await assign.getByRole('button', { name: 'Assegna a 3 persone' }).click();
      await toast(FEES_MSG.feeAssigned(3));
      await assign.waitFor({ state: 'detached' });
      await plan.getByText('Assegnato a 3 persone').waitFor();
      await both('C5-quote-plan-card');

      // --- the Verdini family: what paying whole by 30 September saves; the whole payment gets the discount
      await page.goto(`${server.url}/quote/famiglia/${verdini.parentId}`);
      await page.getByRole('heading', { name: 'Estratto conto: Anna Verdini', level: 1 }).waitFor();
      const offers = page.getByRole('region', { name: 'Sconto per pagamento anticipato' });
      await offers.getByText("Corso Under 12: se paga 342,00 € in un'unica soluzione entro il 30/09/2026, risparmia 18,00 € (−5%)").waitFor();
      await both('C6-statement-early-offer');
      await page.getByRole('button', { name: 'Registra pagamento' }).click();
      const pay = dialog('Registra pagamento: Anna Verdini');
      const payForm = pay.getByRole('form', { name: 'Registra pagamento' });
      await payForm.getByText(/se paga 342,00 €/).waitFor();
      await payForm.getByLabel('Metodo').selectOption({ label: 'Bonifico bancario' });
      await payForm.getByLabel('Importo (€)').fill('342');
      await both('C7-payment-dialog-offer', { fullPage: false });
      await pay.getByRole('button', { name: 'Registra pagamento' }).click();
      const paid = `${FEES_MSG.paymentRecorded('342,00 €')} ${FEES_MSG.earlyPaymentApplied('18,00 €')}`;
      await pay.getByText(paid, { exact: true }).waitFor();
      await toast(paid);
      await pay.getByText('Chiudi', { exact: true }).click();
      await pay.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Totali della famiglia' }).getByText('342,00 €').first().waitFor();
      await page.getByRole('list', { name: 'Addebiti di Luca Verdini' }).getByText('Pagamento anticipato (−5%)').first().waitFor();
      expect(await offers.count()).toBe(0);

      // --- the Rossetti family: no mandate and no reminder yet; a mandate added (the server's IBAN check first),
      // an old one revoked after the question, the new one corrected
      await page.goto(`${server.url}/quote/famiglia/${rossetti.parentId}`);
      await page.getByRole('heading', { name: 'Estratto conto: Anna Rossetti', level: 1 }).waitFor();
      const mandates = page.getByRole('region', { name: 'Mandati SEPA' });
      await mandates.getByText(/^Nessun mandato SEPA/).waitFor();
      const sent = page.getByRole('region', { name: 'Promemoria inviati' });
      await sent.getByText('Nessun promemoria inviato.').waitFor();
      const addMandate = async (reference: string, iban: string, signedOn: string) => {
        await mandates.getByRole('button', { name: 'Aggiungi mandato' }).click();
        const add = dialog('Nuovo mandato SEPA: Anna Rossetti');
        await add.getByLabel('Riferimento del mandato').fill(reference);
        await add.getByLabel('IBAN').fill(iban);
        await add.getByLabel('Data di firma').fill(signedOn);
        await add.getByRole('button', { name: 'Aggiungi mandato' }).click();
        return add;
      };
      const old = await addMandate('RUM-2025-ROSSETTI-00', 'IT45A0200802435000104428964', '2025-09-01');
      await toast(FEES_MSG.sepaMandateSaved);
      await old.waitFor({ state: 'detached' });
      const add = await addMandate(MANDATE, 'IT00X0306909606100000063451', '2026-09-01');
      await add.getByText(FEES_MSG.sepaIbanInvalid).waitFor();
      await both('C8-mandate-dialog-error', { fullPage: false });
      await add.getByLabel('IBAN').fill(MANDATE_IBAN.toLowerCase());
      await add.getByRole('button', { name: 'Aggiungi mandato' }).click();
      await toast(FEES_MSG.sepaMandateSaved);
      await add.waitFor({ state: 'detached' });
      const list = mandates.getByRole('list', { name: 'Mandati SEPA' });
      const oldItem = list.getByRole('listitem', { name: 'Mandato RUM-2025-ROSSETTI-00' });
      await oldItem.getByRole('button', { name: 'Revoca il mandato RUM-2025-ROSSETTI-00' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revocare il mandato «RUM-2025-ROSSETTI-00»?' });
      await expect.poll(() => confirm.getByRole('button', { name: 'Annulla' }).evaluate((el) => el === document.activeElement)).toBe(true);
      // by keyboard: from "Annulla" to "Revoca"
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await toast(FEES_MSG.sepaMandateRevoked);
      await oldItem.getByText('Revocato', { exact: true }).waitFor();
      await oldItem.getByText(/revocato il 10\/09\/2026$/).waitFor();
      expect(await oldItem.getByRole('button').count()).toBe(0);
      const item = list.getByRole('listitem', { name: `Mandato ${MANDATE}` });
      await item.getByText('Attivo', { exact: true }).waitFor();
      await item.getByText('IBAN IT24 X030 6909 6061 0000 0063 451').waitFor();
      await item.getByRole('button', { name: `Correggi il mandato ${MANDATE}` }).click();
      const correct = dialog(`Correggi il mandato ${MANDATE}`);
      expect(await correct.getByLabel('IBAN').inputValue()).toBe('IT24 X030 6909 6061 0000 0063 451');
      await correct.getByLabel('BIC (facoltativo)').fill('bcititmm');
      await correct.getByRole('button', { name: 'Salva correzione' }).click();
      await toast(FEES_MSG.sepaMandateSaved);
      await correct.waitFor({ state: 'detached' });
      await item.getByText('BIC BCITITMM · firmato il 01/09/2026').waitFor();
      // the active mandate listed first
      expect(await list.getByRole('listitem').first().getAttribute('aria-label')).toBe(`Mandato ${MANDATE}`);
      await both('C9-statement-mandates');

      // --- /quote/sepa from /quote: a week ahead, the Rossetti debit in, the Bianchini family out
      await page.goto(`${server.url}/quote`);
      await page.getByRole('link', { name: 'Addebiti SEPA' }).click();
      await page.waitForURL(/\/quote\/sepa$/);
      await page.getByRole('heading', { name: 'Addebiti SEPA', level: 1 }).waitFor();
      const date = page.getByLabel('Addebita il');
      expect(await date.inputValue()).toBe('2026-09-17');
      await page.getByRole('heading', { name: "Anteprima dell'addebito del 17/09/2026", level: 2 }).waitFor();
      const debits = page.getByRole('table', { name: 'Addebiti del file' });
      const row = debits.getByRole('row').filter({ hasText: 'Anna Rossetti' });
      await row.waitFor();
      expect((await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['Anna Rossetti 1 quota', `${MANDATE} IT24 X030 6909 6061 0000 0063 451`, '200,00 €']);
      await debits.getByRole('row').filter({ hasText: 'Totale (1 addebito)' }).getByText('200,00 €').waitFor();
      const excluded = page.getByRole('list', { name: 'Esclusi dal file' });
      const out = excluded.getByRole('listitem').filter({ hasText: 'Anna Bianchini' });
      await out.getByText(FEES_MSG.sepaExcludedNoMandate, { exact: true }).waitFor();
      await out.getByText('200,00 €').waitFor();
      expect(await excluded.getByRole('listitem').count()).toBe(1);
      expect(await excluded.getByText(/Verdini|Rossetti/).count()).toBe(0);
      await page.getByRole('heading', { name: 'Esclusi dal file: 1 pagante, 200,00 €' }).waitFor();
      await both('C10-sepa');

      // a date not allowed (today) is refused as typed; a date with nothing due answers the server's words
      await date.fill('2026-09-10');
      await page.getByText(FEES_MSG.sepaCollectionDateInvalid).waitFor();
      expect(await page.getByRole('button', { name: 'Scarica il file SEPA (XML)' }).isDisabled()).toBe(true);
      await date.fill('2026-09-11');
      await page.getByText('Nessuna quota da addebitare con mandato SEPA fino al 11/09/2026.').waitFor();
      await page.getByRole('button', { name: 'Scarica il file SEPA (XML)' }).click();
      await page.getByRole('form', { name: 'File degli addebiti SEPA' }).getByRole('alert').getByText(FEES_MSG.sepaNothingToCollect).waitFor();
      await both('C11-sepa-nothing');

      // the file of the 17th: the mandate, its IBAN, the control sum
      await date.fill('2026-09-17');
      await row.waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Scarica il file SEPA (XML)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('addebiti-sepa-2026-09-17.xml');
      const xml = await readFile(await file.path(), 'utf8');
      expect(xml).toContain('pain.008.001.02');
      expect(xml).toContain(`<MndtId>${MANDATE}</MndtId>`);
      expect(xml).toContain(MANDATE_IBAN);
      expect(xml).toContain(CREDITOR_ID);
      expect(xml).toMatch(/<CtrlSum>200\.00<\/CtrlSum>/);
      expect(xml).not.toContain('Bianchini');

      // --- the reminder job on the server's clock: the first instalment is due in 5 days (the "7 giorni prima" day
      // passed without a scan), so both families with it open are mailed; the Verdini family paid
      // The scan is across clubs: a retry of this test finds the first try's club due too, so the club's own rows say it.
      const run = await runFeeReminders(server.deps, NOW);
      expect(run.failed).toBe(0);
      const clubReminders = await server.deps.systemDb.feeReminder.findMany({ where: { clubId: club.clubId } });
      expect(clubReminders.map((r) => ({ to: r.recipient, sent: r.sentAt !== null, error: r.error })).sort((a, b) => String(a.to).localeCompare(String(b.to)))).toEqual(
        [rossetti.email, bianchini.email].sort().map((to) => ({ to, sent: true, error: null })),
      );
      const mails = await readOutbox(server.dataDir);
      const toRossetti = mails.filter((m) => m.to.includes(rossetti.email));
      expect(toRossetti).toHaveLength(1);
      expect(toRossetti[0].text).toContain('Luca Rossetti: Corso Under 12: Prima rata, 200,00 €');
      expect(mails.some((m) => m.to.includes(verdini.email))).toBe(false);
      await page.goto(`${server.url}/quote/famiglia/${rossetti.parentId}`);
      const reminder = sent.getByRole('list', { name: 'Promemoria inviati' }).getByRole('listitem');
      await reminder.getByText('Luca Rossetti: Corso Under 12: Prima rata').waitFor();
      await reminder.getByText('Scadenza 15/09/2026 · 7 giorni prima della scadenza').waitFor();
      await reminder.getByText(`A ${rossetti.email}`).waitFor();
      await reminder.getByText(/^Inviato il /).waitFor();
      expect(await reminder.count()).toBe(1);
      await both('C12-statement-reminders');
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/C-failure.png`, fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await browser.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
