// Fees, payments and receipts (issue 37) in a real browser against the real server. At 1440 px a treasurer (a
// `tesoriere` collaborator) opens "Quote" from the menu, creates a plan with two instalments and a 10 % second-child
// discount (the shared rules' message first), previews it on a group with two siblings (the parent pays for both)
// and assigns it; finds the overdue list from the overview, the children's statement and from it the family's;
// records a partial payment from the parent on the charges chosen, issues the receipts, downloads one (its text:
// number, athlete, amount, "Bonifico"), cancels and replaces it; adds a one-off charge, reduces it and cancels it (each
// with its reason); refunds part of the payment; downloads the family's yearly statement; reaches the
// statement from a child's person page; changes the plan (who it affects named first); reads the overview's chart
// and its table, downloads the month's prima nota. The same screens at 375 px: no sideways scroll, axe clean (and at 1440 px). A coach sees no "Quote" and
// /quote refuses. The parent, in the personal area, finds the charges and the receipts and downloads the new one, and
// on their own page the yearly statement.
// CAMPOBASE_SCREENSHOTS=<dir> saves each screen at 375 and 1440 px.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLUB_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../schema/constants';
import { FEES_MSG } from '../../schema/messages-fees';
import { chooseMenuItem, launchBrowser, setPagesDate, storeSession, VIEWPORTS } from '../support/browser';
import { screenChecks } from '../support/screen-checks';
import { addCollaborator, createClub } from '../support/factories';
import { familyOf } from '../support/family-factories';
import { clockedLiveServer, clubMorning, liveGql } from '../support/live-server';
import { pdfText } from '../support/pdf-text';
import { clubContext, createGroupWith } from '../support/people-factories';

const NOW = clubMorning('2026-11-15');
const server = clockedLiveServer(NOW);
const SHOTS = process.env.CAMPOBASE_SCREENSHOTS;

describe('fees, payments and receipts', () => {
  // One flow: 48 s alone, over 120 s (twice) under the full suite's load on a 2-core host (30 Nov).
  it('a treasurer plans, assigns, collects and receipts; a coach sees no money; the parent finds the receipt', { timeout: 300_000 }, async () => {
    // --- the club: its seat and tax code (printed on receipts), a treasurer and a coach, a parent paying for two
    // children of the Under 14 (the parent is a socio: a payer is a person of the club)
    const club = await createClub(server.deps, { fullName: 'ASD Quote Felici', firstname: 'Paola', lastname: 'Titolare' });
    const address = await server.deps.systemDb.address.create({ data: { clubId: club.clubId, address: 'Via dello Sport', streetNumber: '7', postalCode: '43121', city: 'Parma', province: 'PR' } });
    await server.deps.systemDb.club.update({ where: { id: club.clubId }, data: { fiscalCode: '92012345678', legalAddressId: address.id } });
    // (a membership row: inviting a tesoriere is refused by the shared rule today, see the report of this change)
    const treasurer = await addCollaborator(server.deps, club, 'tesoriere');
    const coach = await addCollaborator(server.deps, club, 'allenatore');
    const family = await familyOf(await clubContext(server.deps, club), ['2012-03-15', '2015-06-20'], 'Quotati');
    const [luca, sara] = family.children;
    const group = await createGroupWith(server.deps, club.clubId, 'athlete', 'Under 14', [luca.roleId, sara.roleId]);
    await server.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [group.id] } });
    const season = (await liveGql(server.url, club, '{ currentSeason { startsOn endsOn } }')).currentSeason;
    expect(season.startsOn <= '2026-10-01' && season.endsOn >= '2027-01-15', JSON.stringify(season)).toBe(true);

    const browser = await launchBrowser(VIEWPORTS.desktop);
    await setPagesDate(browser.context, NOW);
    const page = await browser.context.newPage();
    page.setDefaultTimeout(30_000);
    const failures: string[] = [];
    const { check, both } = screenChecks(page, failures);
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

    try {
      // --- the treasurer: "Quote" in the menu, no health data screens
      await storeSession(page, server.url, treasurer);
      await page.goto(`${server.url}/dashboard`);
      const nav = page.getByRole('navigation', { name: 'Menu principale' });
      await nav.getByRole('link', { name: 'Quote', exact: true }).click();
      await page.waitForURL(/\/quote$/);
      await page.getByRole('heading', { name: 'Quote', level: 1 }).waitFor();
      expect(await nav.getByRole('link', { name: 'Richieste famiglie' }).count()).toBe(0);
      await page.getByTestId('fees-chart-empty').waitFor();
      await page.getByText('Nessun piano quote in questa stagione.', { exact: false }).waitFor();
      await check('Q1-quote-empty');

      // --- a plan: two instalments, 10 % off the second child; the shared rules' message first
      await page.getByRole('button', { name: 'Crea il primo piano' }).click();
      const planDialog = dialog('Nuovo piano');
      const planForm = planDialog.getByRole('form', { name: 'Nuovo piano' });
      await planForm.getByLabel('Nome del piano').fill('Corso Under 14');
      await planForm.getByLabel('Tipo').selectOption({ label: 'Corso' });
      await planForm.getByLabel('Sport').fill('Pallavolo');
      const first = planForm.getByRole('group', { name: 'Rata 1' });
      await first.getByLabel('Nome della rata').fill('Prima rata');
      await first.getByLabel('Scadenza').fill('2026-10-01');
      await first.getByLabel('Importo (€)').fill('150');
      await planForm.getByRole('button', { name: 'Aggiungi rata' }).click();
      const second = planForm.getByRole('group', { name: 'Rata 2' });
      await second.getByLabel('Nome della rata').fill('Seconda rata');
      await second.getByLabel('Scadenza').fill('2027-01-15');
      await planForm.getByLabel('Secondo figlio (%)').fill('10');
      await planDialog.getByRole('button', { name: 'Salva' }).click();
      await second.getByText(FEES_MSG.feeAmountInvalid).waitFor();
      await both('Q2-plan-dialog', { fullPage: false });
      await second.getByLabel('Importo (€)').fill('150,00');
      await planDialog.getByRole('button', { name: 'Salva' }).click();
      await page.getByText(FEES_MSG.feePlanSaved).first().waitFor();
      await planDialog.waitFor({ state: 'detached' });
      const plans = page.getByRole('list', { name: 'Piani quote' });
      const plan = plans.getByRole('listitem').filter({ hasText: 'Corso Under 14' }).first();
      await plan.getByText('Corso · Pallavolo · 300,00 € in 2 rate').waitFor();
      await plan.getByText('2° figlio −10%').waitFor();
      await plan.getByText('Non ancora assegnato').waitFor();

      // --- assigned to the Under 14 after its preview: the younger sister is the second child
      await plan.getByRole('button', { name: 'Assegna a un gruppo: Corso Under 14' }).click();
      const assign = dialog('Assegna «Corso Under 14» a un gruppo');
      await assign.getByLabel('Gruppo').selectOption({ label: 'Under 14 (Atleti)' });
      const preview = assign.getByRole('table', { name: "Anteprima dell'assegnazione" });
      const lucaRow = preview.getByRole('row').filter({ hasText: 'Luca Quotati' });
      const saraRow = preview.getByRole('row').filter({ hasText: 'Sara Quotati' });
      await lucaRow.waitFor();
      expect((await lucaRow.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['Luca Quotati', '1', '—', '300,00 €', 'nuovo']);
      expect((await saraRow.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['Sara Quotati', '2', '10% (30,00 €)', '270,00 €', 'nuovo']);
      await both('Q3-assign-preview', { fullPage: false });
      await assign.getByRole('button', { name: 'Assegna a 2 persone' }).click();
      await page.getByText(FEES_MSG.feeAssigned(2)).first().waitFor();
      await assign.waitFor({ state: 'detached' });
      await plan.getByText('Assegnato a 2 persone').waitFor();

      // --- the overview: the chart, what is overdue by group (the first instalment fell due on 1 October)
      await page.getByTestId('fees-chart').waitFor();
      const byGroup = page.getByRole('list', { name: 'Scaduto per gruppo' });
      await byGroup.getByText('285,00 €').waitFor();
      await check('Q4-quote');
      // the search finds the family: the children (athletes) and the parent (a socio), each a link to a statement
      await page.getByRole('searchbox', { name: 'Cerca una persona' }).fill('Quotati');
      const found = page.getByRole('list', { name: 'Persone trovate' });
      expect(await found.getByRole('link', { name: 'Anna Quotati' }).getAttribute('href')).toBe(`/quote/famiglia/${family.parentId}`);
      expect(await found.getByRole('link', { name: 'Luca Quotati' }).getAttribute('href')).toBe(`/quote/famiglia/${luca.personId}`);

      // --- the overdue list of the group, from the overview
      await byGroup.getByRole('link', { name: 'Quote scadute di Under 14: 285,00 €' }).click();
      await page.waitForURL(/\/quote\/scaduti\?gruppo=/);
      await page.getByRole('heading', { name: 'Quote scadute', level: 1 }).waitFor();
      expect(await page.getByLabel('Gruppo').inputValue()).toBe(group.id);
      const overdue = page.getByRole('list', { name: 'Quote scadute' });
      await overdue.getByRole('listitem').filter({ hasText: 'Luca Quotati' }).getByText('150,00 €').waitFor();
      await overdue.getByRole('listitem').filter({ hasText: 'Sara Quotati' }).getByText('135,00 €').waitFor();
      await overdue.getByText('Scaduta il 01/10/2026 (da 45 giorni)').first().waitFor();
      await both('Q5-overdue');

      // --- Luca's statement says who pays for him: the family's statement
      await overdue.getByRole('link', { name: 'Estratto conto di Luca Quotati' }).click();
      await page.getByRole('heading', { name: 'Estratto conto: Luca Quotati', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Estratto conto di Anna Quotati' }).click();
      await page.waitForURL(new RegExp(`/quote/famiglia/${family.parentId}$`));
      await page.getByRole('heading', { name: 'Estratto conto: Anna Quotati', level: 1 }).waitFor();
      const totals = page.getByRole('region', { name: 'Totali della famiglia' });
      await totals.getByText('570,00 €').first().waitFor();
      const lucaCharges = page.getByRole('list', { name: 'Addebiti di Luca Quotati' });
      await lucaCharges.getByRole('listitem').filter({ hasText: 'Corso Under 14: Prima rata' }).getByText('Scaduto').waitFor();
      await page.getByRole('list', { name: 'Addebiti di Sara Quotati' }).getByText('Sconto famiglia: 2° figlio (10%)').first().waitFor();
      const familyUrl = page.url();

      // --- a partial payment by bank transfer on the two first instalments, Luca's first; then the receipts
      await page.getByRole('button', { name: 'Registra pagamento' }).click();
      const pay = dialog('Registra pagamento: Anna Quotati');
      const payForm = pay.getByRole('form', { name: 'Registra pagamento' });
      expect(await payForm.getByLabel('Data del pagamento').inputValue()).toBe('2026-11-15');
      await payForm.getByLabel('Metodo').selectOption({ label: 'Bonifico bancario' });
      await payForm.getByLabel('Importo (€)').fill('200');
      await payForm.getByLabel('Riferimento').fill('CRO 0001');
      // (a click on the box, as a user does: the input itself is visually hidden)
      await payForm.getByRole('checkbox', { name: /^Luca Quotati: Corso Under 14: Prima rata/ }).locator('xpath=..').click();
      await payForm.getByRole('checkbox', { name: /^Sara Quotati: Corso Under 14: Prima rata/ }).locator('xpath=..').click();
      await expect.poll(() => payForm.getByRole('checkbox', { checked: true }).count()).toBe(2);
      await both('Q6-payment-dialog', { fullPage: false });
      await pay.getByRole('button', { name: 'Registra pagamento' }).click();
      await pay.getByText(FEES_MSG.paymentRecorded('200,00 €')).first().waitFor();
      await pay.getByRole('button', { name: 'Emetti ricevute' }).click();
      await page.getByText(FEES_MSG.receiptsIssued(2)).first().waitFor();
      await pay.waitFor({ state: 'detached' });
      const payments = page.getByRole('list', { name: 'Pagamenti' });
      const payment = payments.getByRole('listitem', { name: 'Pagamento del 15/11/2026 di 200,00 €' });
      await payment.getByText('Bonifico bancario').waitFor();
      const receipts = payment.getByRole('list', { name: /^Ricevute:/ });
      await expect.poll(() => receipts.getByText('Detraibile', { exact: true }).count()).toBe(2);
      await totals.getByText('370,00 €').first().waitFor();
      await both('Q7-statement');

      // --- Luca's receipt: its PDF reads as the law asks (number, athlete, amount, method)
      const lucaReceipt = receipts.getByRole('listitem').filter({ hasText: 'Luca Quotati' });
      await lucaReceipt.getByText('Luca Quotati · 150,00 € · emessa il 15/11/2026 · inviata per email').waitFor();
      await receipts.getByRole('listitem').filter({ hasText: 'Sara Quotati · 50,00 €' }).waitFor();
      const number = ((await lucaReceipt.getAttribute('aria-label')) ?? '').replace('Ricevuta n. ', '');
      expect(number).toMatch(/^\d+\/2026$/);
      const download = page.waitForEvent('download');
      await lucaReceipt.getByRole('button', { name: `Scarica PDF della ricevuta n. ${number}` }).click();
      const text = await pdfText(await readFile(await (await download).path()));
      for (const expected of [number, 'Luca', 'Quotati', '150,00', 'Bonifico']) expect(text, text).toContain(expected);

      // --- cancelled and replaced: the reason required, the old one kept and marked, a new number
      await lucaReceipt.getByRole('button', { name: `Annulla e sostituisci la ricevuta n. ${number}` }).click();
      const cancel = dialog(`Annulla e sostituisci la ricevuta n. ${number}`);
      await cancel.getByRole('button', { name: 'Annulla e sostituisci' }).click();
      await cancel.getByText(FEES_MSG.feeReasonRequired).waitFor();
      await both('Q8-cancel-receipt', { fullPage: false });
      await cancel.getByLabel('Motivo').fill('Manca la causale corretta');
      await cancel.getByRole('button', { name: 'Annulla e sostituisci' }).click();
      await page.getByText(FEES_MSG.receiptCancelled(number)).first().waitFor();
      const old = receipts.getByRole('listitem', { name: `Ricevuta n. ${number}` });
      await old.getByText('Annullata', { exact: true }).waitFor();
      await old.getByText(/^Annullata: Manca la causale corretta\. Sostituita dalla n\. \d+\/2026\.$/).waitFor();
      const replacement = (/Sostituita dalla n\. (\d+\/2026)/.exec(await old.innerText()) ?? [])[1];
      expect(replacement).toBeDefined();
      await receipts.getByRole('listitem', { name: `Ricevuta n. ${replacement}` }).getByText('Detraibile').waitFor();

      // --- a one-off charge for Sara, reduced with a reason, then cancelled with one: struck through, kept
      await page.getByRole('button', { name: 'Nuovo addebito' }).click();
      const charge = dialog('Nuovo addebito');
      await charge.getByLabel('Persona').selectOption({ label: 'Sara Quotati' });
      await charge.getByLabel('Descrizione').fill('Trasferta a Rimini');
      await charge.getByLabel('Scadenza').fill('2026-12-10');
      await charge.getByLabel('Importo (€)').fill('25');
      await charge.getByRole('button', { name: 'Aggiungi addebito' }).click();
      await page.getByText(FEES_MSG.chargeAdded).first().waitFor();
      await charge.waitFor({ state: 'detached' });
      const saraCharges = page.getByRole('list', { name: 'Addebiti di Sara Quotati' });
      const trip = saraCharges.getByRole('listitem').filter({ hasText: 'Trasferta a Rimini' });
      await chooseMenuItem(page, trip.getByRole('button', { name: 'Azioni per Trasferta a Rimini (Sara Quotati)' }), 'Riduzione');
      const discount = dialog('Riduzione: Trasferta a Rimini');
      await discount.getByLabel('Riduzione (€)').fill('5');
      await discount.getByRole('button', { name: 'Salva riduzione' }).click();
      await discount.getByText(FEES_MSG.feeReasonRequired).waitFor();
      await both('Q8b-discount-dialog', { fullPage: false });
      await discount.getByLabel('Motivo').fill('Fratelli in trasferta');
      await discount.getByRole('button', { name: 'Salva riduzione' }).click();
      await page.getByText(FEES_MSG.chargeDiscountSaved).first().waitFor();
      await trip.getByText('Scadenza 10/12/2026 · 25,00 € − 5,00 € = 20,00 €').waitFor();
      await trip.getByText('Riduzione: Fratelli in trasferta').waitFor();
      await chooseMenuItem(page, trip.getByRole('button', { name: 'Azioni per Trasferta a Rimini (Sara Quotati)' }), 'Annulla addebito');
      const cancelCharge = dialog('Annulla addebito: Trasferta a Rimini');
      await cancelCharge.getByLabel('Motivo').fill('Trasferta annullata');
      await cancelCharge.getByRole('button', { name: 'Annulla addebito' }).click();
      await page.getByText(FEES_MSG.chargeCancelled).first().waitFor();
      await trip.getByText('Annullato: Trasferta annullata').waitFor();
      expect(await trip.getByRole('button', { name: /^Azioni per/ }).count()).toBe(0);

      // --- part of the payment given back: a negative payment, with its reason (a charge it paid is open again)
      await payment.getByRole('button', { name: 'Rimborso: Pagamento del 15/11/2026 di 200,00 €' }).click();
      const refund = dialog('Rimborso');
      await refund.getByLabel('Importo da rimborsare (€)').fill('20');
      await refund.getByLabel('Motivo').fill('Pagato due volte il kit');
      await refund.getByRole('button', { name: 'Registra rimborso' }).click();
      await page.getByText(FEES_MSG.refundRecorded('20,00 €')).first().waitFor();
      await payments.getByRole('listitem', { name: 'Rimborso del 15/11/2026 di 20,00 €' }).getByText('Motivo: Pagato due volte il kit').waitFor();
      await both('Q7b-statement-after');

      // --- the family's yearly statement for the tax return: both children, the deductible expense
      const yearly = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Scarica PDF del riepilogo 2026' }).click();
      const yearlyText = await pdfText(await readFile(await (await yearly).path()));
      for (const expected of ['Luca Quotati', 'Sara Quotati', replacement, 'Spesa detraibile']) expect(yearlyText, yearlyText).toContain(expected);

      // --- Luca's person page: his fees, and the way to the family's statement
      await page.goto(`${server.url}/persona/${luca.roleId}`);
      const personFees = page.getByRole('region', { name: 'Quote e pagamenti' });
      await personFees.getByText(/^Dovuto 300,00 € · pagato/).waitFor();
      await personFees.getByRole('link', { name: 'Estratto conto della famiglia (paga Anna Quotati)' }).click();
      await page.waitForURL(new RegExp(`/quote/famiglia/${family.parentId}$`));
      await page.getByRole('heading', { name: 'Estratto conto: Anna Quotati', level: 1 }).waitFor();

      // --- a change of the plan names whom it reaches before it is saved
      await page.goto(`${server.url}/quote`);
      await plan.getByRole('button', { name: 'Modifica il piano Corso Under 14' }).click();
      const edit = dialog('Modifica piano: Corso Under 14');
      await edit.getByRole('group', { name: 'Rata 2' }).getByLabel('Importo (€)').fill('160');
      await edit.getByRole('button', { name: 'Salva' }).click();
      await edit.getByText('Questa modifica cambia gli addebiti non pagati di: Luca Quotati, Sara Quotati.').waitFor();
      await check('Q9-plan-change-confirm', { fullPage: false });
      await edit.getByRole('button', { name: 'Conferma e salva' }).click();
      await page.getByText(FEES_MSG.feePlanSavedAffecting(2)).first().waitFor();
      await edit.waitFor({ state: 'detached' });

      // --- the overview: November's 200 euro collected less the 20 given back, in the chart's summary and its table
      const chart = page.getByTestId('fees-chart');
      await expect.poll(() => chart.getAttribute('aria-label')).toContain('novembre 2026: previsto 0,00 €, incassato 180,00 €');
      await page.getByRole('button', { name: 'Mostra i numeri' }).click();
      const table = page.getByRole('table', { name: 'Previsto e incassato per mese' });
      expect((await table.getByRole('row').filter({ hasText: 'ottobre 2026' }).getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['Ottobre 2026', '285,00 €', '0,00 €']);
      await both('Q10-quote-after');
      // the accountant's prima nota of the month: the transfer's lines
      const ledger = page.waitForEvent('download');
      await page.getByRole('form', { name: 'Prima nota per il commercialista' }).getByRole('button', { name: 'Scarica CSV' }).click();
      const csv = await readFile(await (await ledger).path(), 'utf8');
      expect(csv).toContain('CRO 0001');
      expect(csv).toContain('Luca Quotati');

      // --- a coach sees no money: no menu entry, and /quote refuses
      await storeSession(page, server.url, coach);
      await page.goto(`${server.url}/dashboard`);
      await nav.getByRole('link', { name: 'Atleti' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Quote', exact: true }).count()).toBe(0);
      await page.goto(`${server.url}/quote`);
      await page.getByRole('heading', { name: 'Non hai i permessi per questa pagina', level: 1 }).waitFor();
      await page.goto(`${server.url}${new URL(familyUrl).pathname}`);
      await page.getByRole('heading', { name: 'Non hai i permessi per questa pagina', level: 1 }).waitFor();

      // --- the parent, on a phone, in the personal area: Luca's fees and receipts, the new one downloaded
      await page.goto(`${server.url}/healthz`);
      await page.evaluate(
        ({ keys, token }) => {
          localStorage.setItem(keys.session, token);
          localStorage.removeItem(keys.club);
        },
        { keys: { session: SESSION_STORAGE_KEY, club: CLUB_STORAGE_KEY }, token: family.token },
      );
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${server.url}/area/${luca.personId}`);
      await page.getByRole('heading', { name: 'Luca Quotati', level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Sezioni della scheda' }).getByRole('link', { name: 'Quote e ricevute' }).click();
      const fees = page.getByRole('region', { name: 'Quote e ricevute', exact: true });
      // (paid, or open again by the 20 euro refunded: which charge a refund reopens is the server's choice)
      await fees.getByRole('listitem', { name: 'Corso Under 14: Prima rata' }).getByText(/^Pagato 1[35]0,00 €/).waitFor();
      await fees.getByRole('listitem', { name: 'Corso Under 14: Seconda rata' }).getByText('Da pagare', { exact: true }).waitFor();
      const areaReceipts = fees.getByRole('list', { name: 'Ricevute' });
      await areaReceipts.getByRole('listitem', { name: `Ricevuta n. ${number}` }).getByText('Annullata').waitFor();
      const fresh = areaReceipts.getByRole('listitem', { name: `Ricevuta n. ${replacement}` });
      await fresh.getByText('Detraibile').waitFor();
      await check('Q11-area-fees');
      if (SHOTS) {
        await fees.screenshot({ path: `${SHOTS}/Q11-area-fees-section-375.png` });
        await page.setViewportSize(VIEWPORTS.desktop);
        await page.waitForTimeout(300);
        await fees.screenshot({ path: `${SHOTS}/Q11-area-fees-section-1440.png` });
        await page.setViewportSize(VIEWPORTS.phone);
      }
      const areaDownload = page.waitForEvent('download');
      await fresh.getByRole('button', { name: `Scarica PDF della ricevuta n. ${replacement}` }).click();
      const areaText = await pdfText(await readFile(await (await areaDownload).path()));
      for (const expected of [replacement, number, 'Luca', '150,00', 'Bonifico']) expect(areaText, areaText).toContain(expected);
      // the parent's own page: the yearly statement of what they paid for their children
      await page.goto(`${server.url}/area/${family.parentId}`);
      await page.getByRole('heading', { name: 'Anna Quotati', level: 1 }).waitFor();
      const own = page.getByRole('region', { name: 'Quote e ricevute', exact: true });
      const ownYearly = page.waitForEvent('download');
      await own.getByRole('button', { name: 'Scarica PDF del riepilogo 2026' }).click();
      const ownText = await pdfText(await readFile(await (await ownYearly).path()));
      for (const expected of ['Luca Quotati', 'Sara Quotati']) expect(ownText, ownText).toContain(expected);
      await check('Q12-area-parent');
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/Q-failure.png`, fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await browser.close();
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
