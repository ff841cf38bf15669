// Fees, payments and receipts (issue 37) over the real app and database (both), mail through a real SMTP server: a
// family of three children through a season: a plan with two instalments and family discounts, previewed and
// assigned to a group; the plan changed (who it affects shown first, unpaid charges following it); a partial
// payment spread oldest-due first; the statement and the overdue list; a reminder of what is still open, in one
// mail; receipts numbered without gaps (also under parallel issuance), read back by pdftotext with every field DM 28 March 2007 asks, a cash payment never
// deductible, the stamp duty following the club's setting; a receipt cancelled and replaced, the database refusing
// to edit an issued one; refunds and cancellations that keep history; the personal area showing the family's own;
// the roles (a coach sees no money) and another club's ids refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { FEES_MSG } from '../../../schema/messages-fees';
import { euro } from '../../../schema/validation/fees';
import { runFeeReminders } from '../../../server/modules/fees/fee-reminders.job';
import { pinnedToday } from '../../support/clock';
import { createClub, type TestClub } from '../../support/factories';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;
let treasurer: Credentials;
let other: TestClub;
let smtp: TestSmtpServer;
let family: TestFamily;
let adultId: string;
let groupId: string;
let seasonId: string;
let planId: string;
const { today, now } = pinnedToday();
const dir = mkdtempSync(join(tmpdir(), 'fees-'));
const year = Number(today.slice(0, 4));
const shift = (days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const bornAgo = (years: number) => `${year - years}-03-15`;

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = treasurer): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SAVE_PLAN = `mutation($input: SaveFeePlanInput!, $dry: Boolean) { saveFeePlan(input: $input, dryRun: $dry) { __typename ... on MutationSaveFeePlanSuccess { data { message dryRun affected plan { id totalCents instalments { label amountCents } } } } ${ERRORS} } }`;
const ASSIGN = `mutation($input: AssignFeePlanInput!, $dry: Boolean) { assignFeePlan(input: $input, dryRun: $dry) { __typename ... on MutationAssignFeePlanSuccess { data { message dryRun rows { personId name childOrder discountPercent totalCents alreadyCharged } } } ${ERRORS} } }`;
const PAY = `mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { __typename ... on MutationRecordPaymentSuccess { data { message payment { id amountCents } } } ${ERRORS} } }`;
const STATEMENT = `query($id: ID!) { familyStatement(payerId: $id) { payerId dueCents paidCents openCents overdueCents people { personId name dueCents paidCents openCents overdueCents charges { id description dueOn amountCents discountCents paidCents openCents } } payments { id amountCents } } }`;
const ISSUE = `mutation($id: ID!) { issueReceipts(paymentId: $id) { __typename ... on MutationIssueReceiptsSuccess { data { message receipts { id number personId amountCents deductible emailed } } } ... on BaseError { __typename message } } }`;
const CANCEL_RECEIPT = `mutation($input: CancelWithReasonInput!) { cancelReceipt(input: $input) { __typename ... on MutationCancelReceiptSuccess { data { message receipts { id number cancelled replacedById } } } ${ERRORS} } }`;
const OVERDUE = `query($g: ID) { overdueCharges(groupId: $g, first: 100) { totalCount items { id personId dueOn openCents } } }`;

const plan = (overrides: Record<string, unknown> = {}) => ({
  seasonId,
  name: 'Corso pallavolo giovanile',
  kind: 'corso',
  sport: 'Pallavolo',
  secondChildPercent: 10,
  thirdChildPercent: 20,
  instalments: [
    { label: 'Prima rata', dueOn: shift(-10), amountCents: 15000 },
    { label: 'Seconda rata', dueOn: shift(60), amountCents: 15000 },
  ],
  ...overrides,
});

function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
async function receiptText(id: string, creds: Credentials = treasurer) {
  const res = await t.app.inject({ method: 'GET', url: `/api/receipts/${id}.pdf`, headers: { authorization: `Bearer ${creds.token}`, 'x-club': creds.club! } });
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload, `${id}.pdf`);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' }, { now });
  club = await clubWithEveryRole(t.deps, 'ASD Pallavolo Quote');
  owner = as(club.members.owner);
  treasurer = as(club.members.tesoriere);
  other = await createClub(t.deps, { fullName: 'ASD Altre Quote' });
  const address = await t.deps.systemDb.address.create({ data: { clubId: club.clubId, address: 'Via dello Sport', streetNumber: '7', postalCode: '43121', city: 'Parma', province: 'PR' } });
  await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { fiscalCode: '92012345678', legalAddressId: address.id } });
  const ctx = await clubContext(t.deps, club.members.owner);
  family = await familyOf(ctx, [bornAgo(14), bornAgo(11), bornAgo(8)], 'Quotati');
  await t.deps.systemDb.person.update({ where: { id: family.parentId }, data: { emailPrimary: 'anna.quotati@example.it' } });
  adultId = (await createPerson(ctx, 'athlete', { profile: { firstname: 'Piero', lastname: 'Adulto', birthday: '1990-01-01' } })).personId;
  const adultRole = await t.deps.systemDb.personRole.findFirstOrThrow({ where: { personId: adultId } });
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 15', [...family.children.map((c) => c.roleId), adultRole.id])).id;
  seasonId = (await call('{ currentSeason { id } }', {}, owner)).id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('a fee plan for the season', () => {
  it('refuses a plan without name or instalments, or with a zero amount, with the field messages', async () => {
    const bad = await call(SAVE_PLAN, { input: plan({ name: ' ', instalments: [] }) });
    expect(bad.__typename).toBe('ValidationError');
    expect(bad.fields).toEqual(expect.arrayContaining([{ field: 'name', message: FEES_MSG.feePlanNameRequired }, { field: 'instalments', message: FEES_MSG.feeInstalmentsRequired }]));
    const zero = await call(SAVE_PLAN, { input: plan({ instalments: [{ label: 'Unica', dueOn: today, amountCents: 0 }] }) });
    expect(zero.fields).toEqual([{ field: 'instalments.0.amountCents', message: FEES_MSG.feeAmountInvalid }]);
  });

  it('is saved, previewed on a group (family discounts by the children\'s order) and assigned once', async () => {
    const saved = await call(SAVE_PLAN, { input: plan() });
    expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveFeePlanSuccess');
    expect(saved.data.plan.totalCents).toBe(30000);
    planId = saved.data.plan.id;
    const preview = await call(ASSIGN, { input: { planId, groupId }, dry: true });
    const byName = Object.fromEntries(preview.data.rows.map((r: any) => [r.name, r]));
    expect(byName['Luca Quotati']).toMatchObject({ childOrder: 1, discountPercent: 0, totalCents: 30000 });
    expect(byName['Sara Quotati']).toMatchObject({ childOrder: 2, discountPercent: 10, totalCents: 27000 });
    expect(byName['Marco Quotati']).toMatchObject({ childOrder: 3, discountPercent: 20, totalCents: 24000 });
    expect(byName['Piero Adulto']).toMatchObject({ childOrder: null, discountPercent: 0, totalCents: 30000 });
    expect(await t.deps.systemDb.charge.count({ where: { planId } })).toBe(0);
    const assigned = await call(ASSIGN, { input: { planId, groupId } });
    expect(assigned.data.message).toBe(FEES_MSG.feeAssigned(4));
    expect(await t.deps.systemDb.charge.count({ where: { planId } })).toBe(8);
    expect(await call(ASSIGN, { input: { planId, groupId } })).toMatchObject({ __typename: 'ConflictError', message: FEES_MSG.feeNothingToAssign });
  });

  it('a change shows who it affects first, then reaches the unpaid charges, the family discount kept', async () => {
    const changed = plan({ id: planId, instalments: [{ label: 'Prima rata', dueOn: shift(-10), amountCents: 16000 }, { label: 'Seconda rata', dueOn: shift(60), amountCents: 15000 }] });
    const preview = await call(SAVE_PLAN, { input: changed, dry: true });
    expect(preview.__typename, JSON.stringify(preview)).toBe('MutationSaveFeePlanSuccess');
    expect(preview.data).toMatchObject({ dryRun: true, plan: null, affected: ['Luca Quotati', 'Marco Quotati', 'Piero Adulto', 'Sara Quotati'] });
    expect((await t.deps.systemDb.feePlanInstalment.findFirstOrThrow({ where: { planId, position: 0 } })).amountCents).toBe(15000);
    const saved = await call(SAVE_PLAN, { input: changed });
    expect(saved.data.message).toBe(FEES_MSG.feePlanSavedAffecting(4));
    const marco = await t.deps.systemDb.charge.findFirstOrThrow({ where: { planId, personId: family.children[2].personId, instalment: { position: 0 } } });
    expect(marco).toMatchObject({ amountCents: 16000, discountCents: 3200 });
  });
});

describe('payments, the statement and the overdue list', () => {
  let paymentId: string;

  it('spreads a partial payment over the family, the oldest due first; more than owed is refused', async () => {
    const payer = family.parentId;
    expect(await call(PAY, { input: { payerId: payer, method: 'bonifico', paidOn: shift(1), amountCents: 100 } })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'paidOn', message: FEES_MSG.paymentDateInFuture }] });
    expect((await call(PAY, { input: { payerId: payer, method: 'bonifico', paidOn: today, amountCents: 99_999_00 } })).__typename).toBe('ValidationError');
    const paid = await call(PAY, { input: { payerId: payer, method: 'bonifico', paidOn: today, amountCents: 30000, reference: 'CRO 123456' } });
    expect(paid).toMatchObject({ __typename: 'MutationRecordPaymentSuccess', data: { message: FEES_MSG.paymentRecorded(euro(30000)) } });
    paymentId = paid.data.payment.id;
    const statement = await call(STATEMENT, { id: payer });
    expect(statement).toMatchObject({ paidCents: 30000, dueCents: 16000 + 15000 + 14400 + 13500 + 12800 + 12000 });
    // the first instalments (due 10 days ago) are paid before the second ones
    const first = statement.people.flatMap((p: any) => p.charges).filter((c: any) => c.description.endsWith('Prima rata'));
    expect(first.map((c: any) => c.openCents).reduce((a: number, b: number) => a + b, 0)).toBe(16000 + 14400 + 12800 - 30000);
    expect(statement.overdueCents).toBe(16000 + 14400 + 12800 - 30000);
  });

  it("gives the treasurer's view: expected against collected per month, due this month, overdue by group", async () => {
    const overview = await call('query($s: ID!) { feesOverview(seasonId: $s) { months { month expectedCents collectedCents } dueThisMonthCents overdueByGroup { groupName people overdueCents } } }', { s: seasonId });
    const month = (day: string) => overview.months.find((m: any) => m.month === day.slice(0, 7));
    expect(overview.months.length).toBeGreaterThanOrEqual(12);
    expect(month(today).collectedCents).toBe(30000);
    expect(month(shift(-10)).expectedCents).toBeGreaterThanOrEqual(16000 + 14400 + 12800 + 16000);
    // Which child the payment settled first depends on the charges' order, the same on both sides of this check.
    const family_ = await call(STATEMENT, { id: family.parentId });
    const late = family_.people.filter((p: any) => p.overdueCents > 0).length + 1; // and the adult
    expect(overview.overdueByGroup).toEqual([{ groupName: 'Under 15', people: late, overdueCents: 16000 + 14400 + 12800 + 16000 - 30000 }]);
    expect(await call('query($s: ID!) { feesOverview(seasonId: $s) { dueThisMonthCents } }', { s: seasonId }, as(club.members.allenatore))).toMatchObject({ errors: [{ message: MSG.permissionDenied }] });
  });

  it("counts a fee due before its season starts in that month: the view runs from it to the season's end", async () => {
    // The next season, and its registration fee due (and paid) in the July before it: clubs collect it then.
    const next = await t.deps.systemDb.clubSeason.create({
      data: { clubId: club.clubId, label: `${year + 1}/${String(year + 2).slice(2)}`, startsOn: new Date(`${year + 1}-09-01T00:00:00Z`), endsOn: new Date(`${year + 2}-08-31T00:00:00Z`) },
    });
    const fee = await t.deps.systemDb.charge.create({ data: { clubId: club.clubId, personId: adultId, seasonId: next.id, description: 'Iscrizione', dueOn: new Date(`${year + 1}-07-15T00:00:00Z`), amountCents: 5000 } });
    const { months } = await call('query($s: ID!) { feesOverview(seasonId: $s) { months { month expectedCents collectedCents } } }', { s: next.id });
    expect(months.map((m: any) => m.month)).toEqual([`${year + 1}-07`, `${year + 1}-08`, ...[...Array(12).keys()].map((i) => `${year + 1 + Math.floor((i + 8) / 12)}-${String(((i + 8) % 12) + 1).padStart(2, '0')}`)]);
    expect(months[0]).toEqual({ month: `${year + 1}-07`, expectedCents: 5000, collectedCents: 0 });
    expect(months.slice(1).every((m: any) => m.expectedCents === 0)).toBe(true);
    // The later tests count this season's charges only.
    await t.deps.systemDb.charge.delete({ where: { id: fee.id } });
    await t.deps.systemDb.clubSeason.delete({ where: { id: next.id } });
  });

  it('lists the overdue charges (the adult, and what the family still owes), of the club or one group', async () => {
    const overdue = await call(OVERDUE, { g: groupId });
    expect(overdue.items.map((c: any) => c.personId)).toContain(adultId);
    expect(overdue.items.every((c: any) => c.dueOn < today && c.openCents > 0)).toBe(true);
    expect((await call(OVERDUE, { g: null })).totalCount).toBe(overdue.totalCount);
  });

  it('reminds the family of what is still open a week after the due date, in one mail, and tells the staff', async () => {
    await call('mutation { updateFeeReminders(input: { enabled: true }) { __typename } }', {});
    const run = await runFeeReminders(t.deps, new Date(now().getTime() + 3600_000));
    const open = (await call(STATEMENT, { id: family.parentId })).people.flatMap((p: any) => p.charges).filter((c: any) => c.openCents > 0 && c.dueOn < today);
    expect(run).toMatchObject({ claimed: open.length + 1, sent: 1 }); // and the adult's, who has no address
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes('anna.quotati@example.it')).map(readMail).filter((m) => /promemoria quote/.test(m.subject))).toHaveLength(1), { timeout: 20_000 });
    const mail = smtp.received.filter((m) => m.to.includes('anna.quotati@example.it')).map(readMail).find((m) => /promemoria quote/.test(m.subject))!;
    const total = open.reduce((s: number, c: any) => s + c.openCents, 0);
    expect(mail.subject).toBe(`ASD Pallavolo Quote: promemoria quote da versare (${euro(total)})`);
    expect(mail.text).toMatch(/^Gentile Anna Quotati,/);
    for (const c of open) expect(mail.text).toContain(`${c.description}, ${euro(c.openCents)} (scaduta il`);
    const log = await call('query($p: ID) { feeReminderLog(payerId: $p) { offsetDays recipient sentAt } }', { p: family.parentId });
    expect(log).toHaveLength(open.length);
    expect(log.every((r: any) => r.offsetDays === 7 && r.recipient === 'anna.quotati@example.it' && r.sentAt)).toBe(true);
    expect(await runFeeReminders(t.deps, new Date(now().getTime() + 7200_000))).toMatchObject({ claimed: 0, sent: 0 });
  });

  it('issues one receipt per child paid for, numbered in order, with every field the deduction needs', async () => {
    const before = smtp.received.filter((m) => m.to.includes('anna.quotati@example.it')).length;
    const issued = await call(ISSUE, { id: paymentId });
    expect(issued.__typename, JSON.stringify(issued)).toBe('MutationIssueReceiptsSuccess');
    const receipts = issued.data.receipts;
    expect(receipts.map((r: any) => r.number)).toEqual(receipts.map((_: any, i: number) => `${i + 1}/${year}`));
    expect(receipts.reduce((s: number, r: any) => s + r.amountCents, 0)).toBe(30000);
    expect(receipts.every((r: any) => r.deductible && r.emailed)).toBe(true);
    const luca = receipts.find((r: any) => r.personId === family.children[0].personId);
    const text = await receiptText(luca.id);
    const parent = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: family.parentId } });
    const child = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: luca.personId } });
    for (const field of ['ASD Pallavolo Quote', 'Via dello Sport 7, 43121 Parma (PR)', '92012345678', `Ricevuta n. ${luca.number}`, 'Luca Quotati', child.taxIdCode!, parent.taxIdCode!, 'Pallavolo', euro(luca.amountCents), 'Bonifico bancario', 'CRO 123456', 'i-quinquies TUIR', 'Esente']) {
      expect(text, field).toContain(field);
    }
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes('anna.quotati@example.it')).length).toBeGreaterThanOrEqual(before + receipts.length), { timeout: 20_000 });
    expect((readMail(smtp.received.filter((m) => m.to.includes('anna.quotati@example.it')).at(-1)!)).text).toContain('/area');
    expect(await call(ISSUE, { id: paymentId })).toMatchObject({ __typename: 'ConflictError', message: FEES_MSG.receiptAlreadyIssued });
  });

  it('never presents a cash payment as deductible; adds the stamp duty when the club is not exempt', async () => {
    await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { stampDutyExempt: false } });
    const marcoSecond = await t.deps.systemDb.charge.findFirstOrThrow({ where: { personId: family.children[2].personId, instalment: { position: 1 } } });
    const cash = await call(PAY, { input: { payerId: family.parentId, method: 'contanti', paidOn: today, amountCents: 9000, chargeIds: [marcoSecond.id] } });
    const [receipt] = (await call(ISSUE, { id: cash.data.payment.id })).data.receipts;
    expect(receipt.deductible).toBe(false);
    const text = await receiptText(receipt.id);
    expect(text).toContain('Contanti');
    expect(text).toContain('Pagamento in contanti: la spesa non è detraibile');
    expect(text).not.toContain('detraibile ai sensi');
    expect(text).toContain('Imposta di bollo di 2,00 €');
    await t.deps.systemDb.club.update({ where: { id: club.clubId }, data: { stampDutyExempt: true } });
  });

  it('cancels a receipt (kept, marked) and replaces it with a new number; an issued receipt is never edited', async () => {
    const receipt = await t.deps.systemDb.receipt.findFirstOrThrow({ where: { paymentId, cancelledAt: null }, orderBy: { number: 'asc' } });
    const last = (await t.deps.systemDb.receiptCounter.findFirstOrThrow({ where: { clubId: club.clubId } })).last;
    const cancelled = await call(CANCEL_RECEIPT, { input: { id: receipt.id, reason: 'Nome del pagante sbagliato' } });
    expect(cancelled.data.receipts).toMatchObject([{ cancelled: true }, { number: `${last + 1}/${year}`, cancelled: false }]);
    expect(cancelled.data.receipts[0].replacedById).toBe(cancelled.data.receipts[1].id);
    await expect(t.deps.systemDb.receipt.update({ where: { id: receipt.id }, data: { amountCents: 1 } })).rejects.toThrow();
    expect(await t.deps.systemDb.receipt.count({ where: { id: receipt.id } })).toBe(1);
  });

  it('numbers receipts issued in parallel without gaps or duplicates', async () => {
    const payments: string[] = [];
    for (const child of family.children) {
      const paid = await call(PAY, { input: { payerId: family.parentId, method: 'pos', paidOn: today, amountCents: 1000, chargeIds: [(await t.deps.systemDb.charge.findFirstOrThrow({ where: { personId: child.personId, instalment: { position: 1 } } })).id] } });
      payments.push(paid.data.payment.id);
    }
    for (let i = 0; i < 3; i++) payments.push((await call(PAY, { input: { payerId: adultId, method: 'pos', paidOn: today, amountCents: 1000 } })).data.payment.id);
    const before = (await t.deps.systemDb.receiptCounter.findFirstOrThrow({ where: { clubId: club.clubId } })).last;
    const results = await Promise.all(payments.map((id) => call(ISSUE, { id })));
    expect(results.every((r) => r.__typename === 'MutationIssueReceiptsSuccess'), JSON.stringify(results)).toBe(true);
    const numbers = (await t.deps.systemDb.receipt.findMany({ where: { clubId: club.clubId }, select: { number: true } })).map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.at(-1)).toBe(before + payments.length);
  });

  it('issues in bulk the receipts of a period, numbered on, each PDF made at its first download', async () => {
    const BULK = `mutation($f: String!, $t: String!) { issueReceiptsForPeriod(from: $f, to: $t) { __typename ... on MutationIssueReceiptsForPeriodSuccess { data { message issued left } } ${ERRORS} } }`;
    for (let i = 0; i < 2; i++) await call(PAY, { input: { payerId: adultId, method: 'bonifico', paidOn: today, amountCents: 500 } });
    const last = (await t.deps.systemDb.receiptCounter.findFirstOrThrow({ where: { clubId: club.clubId } })).last;
    expect(await call(BULK, { f: shift(1), t: today })).toMatchObject({ __typename: 'ValidationError' });
    const bulk = await call(BULK, { f: shift(-30), t: today });
    expect(bulk.data).toMatchObject({ issued: 2, left: 0, message: FEES_MSG.receiptsIssued(2) });
    const issued = await t.deps.systemDb.receipt.findMany({ where: { clubId: club.clubId, number: { gt: last } }, orderBy: { number: 'asc' } });
    expect(issued.map((r) => r.number)).toEqual([last + 1, last + 2]);
    expect(issued[0].pdfFileId).toBeNull();
    const [first, again] = await Promise.all([receiptText(issued[0].id), receiptText(issued[0].id)]);
    expect(first).toContain(`Ricevuta n. ${last + 1}/${year}`);
    expect(again).toBe(first);
    expect((await t.deps.systemDb.receipt.findUniqueOrThrow({ where: { id: issued[0].id } })).pdfFileId).not.toBeNull();
    expect((await call(BULK, { f: shift(-30), t: today })).data.issued).toBe(0);
  });

  it('refunds keep history: the charge is open again; a paid charge cannot be cancelled, an unpaid one can', async () => {
    const refund = await call(`mutation($p: ID!, $a: Int!, $r: String!) { refundPayment(paymentId: $p, amountCents: $a, reason: $r) { __typename ... on MutationRefundPaymentSuccess { data { message payment { amountCents refundOfId } } } ${ERRORS} } }`, { p: paymentId, a: 5000, r: 'Ritirato a ottobre' });
    expect(refund.data).toMatchObject({ message: FEES_MSG.refundRecorded(euro(5000)), payment: { amountCents: -5000, refundOfId: paymentId } });
    expect((await call(`mutation($p: ID!, $a: Int!, $r: String!) { refundPayment(paymentId: $p, amountCents: $a, reason: $r) { __typename ${ERRORS} } }`, { p: paymentId, a: 26000, r: 'Troppo' })).__typename).toBe('ValidationError');
    const statement = await call(STATEMENT, { id: family.parentId });
    expect(statement.paidCents).toBe(30000 + 9000 - 5000 + 3000);
    const paidCharge = statement.people.flatMap((p: any) => p.charges).find((c: any) => c.paidCents > 0);
    const CANCEL = `mutation($input: CancelWithReasonInput!) { cancelCharge(input: $input) { __typename ${ERRORS} } }`;
    expect(await call(CANCEL, { input: { id: paidCharge.id, reason: 'Errore' } })).toMatchObject({ __typename: 'ConflictError', message: FEES_MSG.chargePaidCannotCancel });
    const extra = await call(`mutation($input: OneOffChargeInput!) { addCharge(input: $input) { __typename ... on MutationAddChargeSuccess { data { id } } ${ERRORS} } }`, { input: { personId: adultId, seasonId, description: 'Trasferta a Roma', dueOn: shift(20), amountCents: 4500 } });
    expect(await call(CANCEL, { input: { id: extra.data.id, reason: 'Trasferta annullata' } })).toMatchObject({ __typename: 'MutationCancelChargeSuccess' });
    expect(await t.deps.systemDb.charge.findUniqueOrThrow({ where: { id: extra.data.id } })).toMatchObject({ cancelReason: 'Trasferta annullata' });
  });
});

describe("the accountant's prima nota", () => {
  it('exports the period\'s payments and refunds line by line as CSV and XLSX, amounts adding up; refused to a coach', async () => {
    const get = (format: string, creds: Credentials = treasurer, from = shift(-30)) =>
      t.app.inject({ method: 'GET', url: `/api/fees/prima-nota.${format}?from=${from}&to=${today}`, headers: { authorization: `Bearer ${creds.token}`, 'x-club': creds.club! } });
    const csv = await get('csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`prima-nota-${shift(-30)}-${today}.csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';').map((cell) => cell.replace(/^"(.*)"$/, '$1')));
    expect(lines[0]).toEqual(['Data', 'Movimento', 'Pagante', 'Codice fiscale pagante', 'Metodo', 'Riferimento', 'Importo (€)', 'Persona', 'Addebito', 'Ricevuta']);
    const total = lines.slice(1).reduce((sum, l) => sum + Number(l[6].replace(',', '.')), 0);
    const paid = await t.deps.systemDb.payment.aggregate({ where: { clubId: club.clubId }, _sum: { amountCents: true } });
    expect(Math.round(total * 100)).toBe(paid._sum.amountCents);
    expect(lines.some((l) => l[1] === 'Rimborso')).toBe(true);
    expect(lines.some((l) => l[4] === 'Bonifico bancario' && l[5] === 'CRO 123456' && /^\d+\/\d{4}$/.test(l[9]))).toBe(true);
    const xlsx = await get('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const { read, utils } = await import('@e965/xlsx');
    const sheet = read(xlsx.rawPayload).Sheets['Prima nota'];
    expect(utils.sheet_to_json<unknown[]>(sheet, { header: 1 })).toHaveLength(lines.length);
    expect((await get('pdf')).statusCode).toBe(400);
    expect((await get('csv', treasurer, shift(1))).statusCode).toBe(400);
    expect((await get('csv', as(club.members.allenatore))).statusCode).toBe(403);
    const theirs = await get('csv', as(other));
    expect(theirs.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });
});

describe('who sees money', () => {
  it('the family sees its own charges and receipts in the personal area, and downloads its receipt; not another family\'s', async () => {
    const page = await call(`query($id: ID!) { myFamilyPerson(personId: $id) { fees { dueCents paidCents openCents charges { description openCents } } receipts { id number cancelled deductible } } }`, { id: family.children[0].personId }, { token: family.token });
    expect(page.fees.charges).toHaveLength(2);
    expect(page.receipts.length).toBeGreaterThan(0);
    const receipt = page.receipts.find((r: any) => !r.cancelled);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/area/persone/${family.children[0].personId}/ricevute/${receipt.id}.pdf`, headers: { authorization: `Bearer ${family.token}` } });
    expect(pdf.statusCode).toBe(200);
    const stranger = await familyOf(await clubContext(t.deps, club.members.owner), [bornAgo(9)], 'Estranei');
    const refused = await t.app.inject({ method: 'GET', url: `/api/area/persone/${family.children[0].personId}/ricevute/${receipt.id}.pdf`, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.statusCode).toBe(404);
    const wrongPerson = await t.app.inject({ method: 'GET', url: `/api/area/persone/${stranger.children[0].personId}/ricevute/${receipt.id}.pdf`, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(wrongPerson.statusCode).toBe(404);
  });

  it("gives the payer a yearly statement for the tax return, per child, the deductible part capped; not another family's", async () => {
    const staffPdf = await t.app.inject({ method: 'GET', url: `/api/fees/famiglia/${family.parentId}/riepilogo-${year}.pdf`, headers: { authorization: `Bearer ${treasurer.token}`, 'x-club': treasurer.club! } });
    expect(staffPdf.statusCode, staffPdf.body).toBe(200);
    const text = pdfText(staffPdf.rawPayload, 'riepilogo.pdf');
    for (const expected of [`Riepilogo delle ricevute ${year}`, 'Anna Quotati', 'Luca Quotati', 'Marco Quotati', 'Spesa detraibile', 'Carta (POS)', 'Contanti']) expect(text, expected).toContain(expected);
    const own = await t.app.inject({ method: 'GET', url: `/api/area/persone/${family.parentId}/riepilogo-${year}.pdf`, headers: { authorization: `Bearer ${family.token}` } });
    expect(own.statusCode).toBe(200);
    const stranger = await familyOf(await clubContext(t.deps, club.members.owner), [bornAgo(7)], 'Curiosi');
    expect((await t.app.inject({ method: 'GET', url: `/api/area/persone/${family.parentId}/riepilogo-${year}.pdf`, headers: { authorization: `Bearer ${stranger.token}` } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/fees/famiglia/${family.parentId}/riepilogo-${year}.pdf`, headers: { authorization: `Bearer ${other.token}`, 'x-club': other.clubToken } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/fees/famiglia/${family.parentId}/riepilogo-1850.pdf`, headers: { authorization: `Bearer ${treasurer.token}`, 'x-club': treasurer.club! } })).statusCode).toBe(404);
  });

  it('a coach and a read-only member see no money; segreteria and the owner do', async () => {
    for (const role of ['allenatore', 'lettura'] as const) {
      expect(await call(STATEMENT, { id: family.parentId }, as(club.members[role]))).toMatchObject({ errors: [{ message: MSG.permissionDenied }] });
      expect(await call(PAY, { input: { payerId: family.parentId, method: 'pos', paidOn: today, amountCents: 100 } }, as(club.members[role]))).toMatchObject({ __typename: 'ForbiddenError' });
    }
    const bySecretary = await call(STATEMENT, { id: family.parentId }, as(club.members.segreteria));
    expect(bySecretary?.payerId, JSON.stringify(bySecretary)).toBe(family.parentId);
    const res = await t.app.inject({ method: 'GET', url: `/api/receipts/${(await t.deps.systemDb.receipt.findFirstOrThrow({ where: { clubId: club.clubId } })).id}.pdf`, headers: { authorization: `Bearer ${club.members.allenatore.token}`, 'x-club': club.members.allenatore.clubToken } });
    expect(res.statusCode).toBe(403);
  });

  it("another club's member reaches none of it: unknown ids, nothing written; the database refuses a row linking two clubs", async () => {
    const theirs = as(other);
    const payment = await t.deps.systemDb.payment.findFirstOrThrow({ where: { clubId: club.clubId } });
    const receipt = await t.deps.systemDb.receipt.findFirstOrThrow({ where: { clubId: club.clubId, cancelledAt: null } });
    const before = await t.deps.systemDb.charge.count({ where: { clubId: club.clubId } });
    expect(await call(STATEMENT, { id: family.parentId }, theirs)).toBeNull();
    expect(await call(PAY, { input: { payerId: family.parentId, method: 'pos', paidOn: today, amountCents: 100 } }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(ISSUE, { id: payment.id }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(CANCEL_RECEIPT, { input: { id: receipt.id, reason: 'Presa' } }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(ASSIGN, { input: { planId, groupId } }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await call(SAVE_PLAN, { input: plan({ id: planId, seasonId: (await call('{ currentSeason { id } }', {}, theirs)).id }) }, theirs)).toMatchObject({ __typename: 'NotFoundError' });
    expect((await call(OVERDUE, { g: null }, theirs)).totalCount).toBe(0);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/receipts/${receipt.id}.pdf`, headers: { authorization: `Bearer ${other.token}`, 'x-club': other.clubToken } });
    expect(pdf.statusCode).toBe(404);
    expect(await t.deps.systemDb.charge.count({ where: { clubId: club.clubId } })).toBe(before);
    const otherSeason = await t.deps.systemDb.clubSeason.findFirstOrThrow({ where: { clubId: other.clubId } });
    await expect(t.deps.systemDb.charge.create({ data: { clubId: other.clubId, personId: adultId, seasonId: otherSeason.id, description: 'Mista', dueOn: new Date(), amountCents: 100 } })).rejects.toThrow();
  });

  it('takes a payment from a parent known only as a guardian (no role of their own)', async () => {
    const ctx = await clubContext(t.deps, club.members.owner);
    const child = await createPerson(ctx, 'athlete', { profile: { firstname: 'Ugo', lastname: 'Soloigenitore', birthday: bornAgo(10) } });
    const guardian = await t.deps.systemDb.person.create({ data: { clubId: club.clubId, firstname: 'Gino', lastname: 'Soloigenitore', searchText: 'gino soloigenitore', sortName: 'soloigenitore gino' } });
    await t.deps.systemDb.guardianship.create({ data: { clubId: club.clubId, minorId: child.personId, guardianId: guardian.id, relationship: 'genitore' } });
    await call(ASSIGN, { input: { planId, personIds: [child.personId] } });
    const paid = await call(PAY, { input: { payerId: guardian.id, method: 'bonifico', paidOn: today, amountCents: 1000 } });
    expect(paid.__typename, JSON.stringify(paid)).toBe('MutationRecordPaymentSuccess');
    const statement = await call(STATEMENT, { id: guardian.id });
    expect(statement.people.map((p: any) => p.name)).toEqual(['Gino Soloigenitore', 'Ugo Soloigenitore']);
    expect(statement.paidCents).toBe(1000);
  });
});
