// Collecting fees (issue 37 points 1, 4 and 5) over the real app and database (both), mail through a real SMTP
// server: the early-payment discount (a plan paid whole by its date, in one payment, costs less; late, partial or
// overpaid it does not); fee reminders driven by a controllable calendar (the club's days from the due date, one
// mail per payer with the club's own text, never twice, never once paid, two workers at once, the log of who was
// reminded when); SEPA direct debit (the creditor data and mandates checked, the collection previewed and written as
// pain.008.001.02, validated by xmllint against the ISO 20022 schema, the excluded payers listed and the control sums
// matching). Each refused to roles without money and to another club.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, clubMidnight } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { FEES_MSG } from '../../../schema/messages-fees';
import { euro } from '../../../schema/validation/fees';
import { runFeeReminders } from '../../../server/modules/fees/fee-reminders.job';
import { pinnedToday } from '../../support/clock';
import { createClub, type TestClub } from '../../support/factories';
import { familyOf, type TestFamily } from '../../support/family-factories';
import { rootField, type Credentials } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readMail, startSmtpServer, type TestSmtpServer } from '../../support/smtp-server';
import { startTestApp, type TestApp } from '../../support/test-app';

const SCHEMA = join(process.env.ISO20022_SCHEMA_DIR ?? '/usr/local/share/xml/iso20022', 'pain.008.001.02.xsd');

let t: TestApp;
let club: ClubWithRoles;
let treasurer: Credentials;
let coach: Credentials;
let other: TestClub;
let smtp: TestSmtpServer;
let family: TestFamily;
let adultId: string;
let loneId: string;
let seasonId: string;
const { today, now } = pinnedToday();
const dir = mkdtempSync(join(tmpdir(), 'fees-collection-'));
const year = Number(today.slice(0, 4));
const shift = (days: number) => addDays(today, days);
/** 09:00 in Rome, `days` from today: the reminders' calendar. */
const at = (days: number) => new Date(clubMidnight(shift(days)).getTime() + 9 * 3600_000);

const call = <T = any>(query: string, variables: Record<string, unknown>, creds: Credentials | null = treasurer): Promise<T> =>
  rootField<T>(t.app, query, variables, creds, (status, body) => expect(status, body).toBeLessThan(500));

const ERRORS = '... on BaseError { __typename message } ... on ValidationError { fields { field message } }';
const SAVE_PLAN = `mutation($input: SaveFeePlanInput!) { saveFeePlan(input: $input) { __typename ... on MutationSaveFeePlanSuccess { data { plan { id earlyPaymentPercent earlyPaymentBy } } } ${ERRORS} } }`;
const ASSIGN = `mutation($input: AssignFeePlanInput!) { assignFeePlan(input: $input) { __typename ... on MutationAssignFeePlanSuccess { data { message } } ${ERRORS} } }`;
const PAY = `mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { __typename ... on MutationRecordPaymentSuccess { data { message payment { id amountCents } } } ${ERRORS} } }`;
const STATEMENT = `query($id: ID!) { familyStatement(payerId: $id) { openCents people { personId openCents earlyOffers { planName percent until openCents discountCents payCents } charges { id planId: id description dueOn discountCents openCents } } } }`;
const REMINDER_SETTINGS = `mutation($input: FeeReminderSettingsInput!) { updateFeeReminders(input: $input) { __typename ... on MutationUpdateFeeRemindersSuccess { data { message settings { enabled days template } } } ${ERRORS} } }`;
const REMINDER_LOG = `query($p: ID) { feeReminderLog(payerId: $p) { day offsetDays recipient sentAt personName description dueOn } }`;
const CREDITOR = `mutation($input: SepaCreditorInput!) { updateSepaCreditor(input: $input) { __typename ... on MutationUpdateSepaCreditorSuccess { data { message creditor { creditorId iban bic } } } ${ERRORS} } }`;
const MANDATE = `mutation($input: SepaMandateInput!) { saveSepaMandate(input: $input) { __typename ... on MutationSaveSepaMandateSuccess { data { message mandate { id reference iban signedOn } } } ${ERRORS} } }`;
const COLLECTION = `query($d: String!) { sepaCollection(collectionDate: $d) { __typename ... on QuerySepaCollectionSuccess { data { controlSumCents debits { payerId payerName mandateReference amountCents charges } excluded { payerId payerName reason amountCents charges } } } ${ERRORS} } }`;

const IBAN_PARENT = 'IT60X0542811101000000123456';
const IBAN_OTHER = 'IT66A0306909606100000012345';
const CREDITOR_ID = 'IT90ZZZ0000092012345678';

async function savePlan(input: Record<string, unknown>): Promise<string> {
  const saved = await call(SAVE_PLAN, { input: { seasonId, kind: 'corso', sport: 'Basket', ...input } });
  expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveFeePlanSuccess');
  return saved.data.plan.id;
}
const assign = async (planId: string, personIds: string[]) => expect((await call(ASSIGN, { input: { planId, personIds } })).__typename).toBe('MutationAssignFeePlanSuccess');
const chargesOf = (personId: string, planId: string) => t.deps.systemDb.charge.findMany({ where: { personId, planId }, orderBy: { dueOn: 'asc' } });
const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(address)).map(readMail).filter((m) => subject.test(m.subject));

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'CampoBase <noreply@campobase.test>' }, { now });
  club = await clubWithEveryRole(t.deps, 'ASD Basket Incassi');
  treasurer = as(club.members.tesoriere);
  coach = as(club.members.allenatore);
  other = await createClub(t.deps, { fullName: 'ASD Altri Incassi' });
  const ctx = await clubContext(t.deps, club.members.owner);
  family = await familyOf(ctx, [`${year - 12}-04-10`, `${year - 9}-06-20`], 'Incassati');
  await t.deps.systemDb.person.update({ where: { id: family.parentId }, data: { emailPrimary: 'marta.incassati@example.it' } });
  adultId = (await createPerson(ctx, 'athlete', { profile: { firstname: 'Carlo', lastname: 'Adulti', birthday: '1988-01-01', emailPrimary: 'carlo.adulti@example.it' } })).personId;
  loneId = (await createPerson(ctx, 'athlete', { profile: { firstname: 'Nina', lastname: 'Senzamail', birthday: '1991-05-05' } })).personId;
  seasonId = (await call('{ currentSeason { id } }', {}, as(club.members.owner))).id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the early-payment discount', () => {
  let planId: string;
  const [luca, sara] = [0, 1].map((i) => () => family.children[i].personId);

  it('needs both the percent and the date, with the message under the date', async () => {
    const bad = await call(SAVE_PLAN, { input: { seasonId, name: 'Senza data', kind: 'corso', earlyPaymentPercent: 10, instalments: [{ label: 'Unica', dueOn: shift(30), amountCents: 10000 }] } });
    expect(bad).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'earlyPaymentBy', message: FEES_MSG.earlyPaymentIncomplete }] });
  });

  it("is offered on the statement while a person's plan is untouched and its date not past", async () => {
    planId = await savePlan({ name: 'Corso anticipato', earlyPaymentPercent: 10, earlyPaymentBy: shift(5), instalments: [{ label: 'Prima rata', dueOn: shift(20), amountCents: 10000 }, { label: 'Seconda rata', dueOn: shift(90), amountCents: 10050 }] });
    await assign(planId, [luca(), sara()]);
    const statement = await call(STATEMENT, { id: family.parentId });
    const offers = statement.people.filter((p: any) => p.earlyOffers.length).map((p: any) => p.earlyOffers[0]);
    expect(offers).toEqual([
      { planName: 'Corso anticipato', percent: 10, until: shift(5), openCents: 20050, discountCents: 2005, payCents: 18045 },
      { planName: 'Corso anticipato', percent: 10, until: shift(5), openCents: 20050, discountCents: 2005, payCents: 18045 },
    ]);
  });

  it('paid whole in one payment, the plan takes the discount (written on its charges with the reason)', async () => {
    const lucaCharges = await chargesOf(luca(), planId);
    const paid = await call(PAY, { input: { payerId: family.parentId, method: 'bonifico', paidOn: today, amountCents: 18045, chargeIds: lucaCharges.map((c) => c.id) } });
    expect(paid).toMatchObject({ __typename: 'MutationRecordPaymentSuccess', data: { message: `${FEES_MSG.paymentRecorded(euro(18045))} ${FEES_MSG.earlyPaymentApplied(euro(2005))}` } });
    const after = await chargesOf(luca(), planId);
    expect(after.reduce((s, c) => s + c.discountCents, 0)).toBe(2005);
    expect(after.every((c) => !c.discountCents || c.discountReason === 'Pagamento anticipato (−10%)')).toBe(true);
    const statement = await call(STATEMENT, { id: family.parentId });
    expect(statement.people.find((p: any) => p.personId === luca())).toMatchObject({ openCents: 0, earlyOffers: [] });
  });

  it('the whole amount without the discount is refused as more than owed, nothing written', async () => {
    const saraCharges = await chargesOf(sara(), planId);
    const payments = await t.deps.systemDb.payment.count({ where: { clubId: club.clubId } });
    const over = await call(PAY, { input: { payerId: family.parentId, method: 'bonifico', paidOn: today, amountCents: 20050, chargeIds: saraCharges.map((c) => c.id) } });
    expect(over).toMatchObject({ __typename: 'ValidationError', message: FEES_MSG.paymentOverpaid(euro(18045)) });
    expect(await t.deps.systemDb.payment.count({ where: { clubId: club.clubId } })).toBe(payments);
    expect((await chargesOf(sara(), planId)).every((c) => c.discountCents === 0)).toBe(true);
  });

  it('a partial payment gets no discount, and the plan is no longer offered it', async () => {
    const saraCharges = await chargesOf(sara(), planId);
    const paid = await call(PAY, { input: { payerId: family.parentId, method: 'pos', paidOn: today, amountCents: 5000, chargeIds: saraCharges.map((c) => c.id) } });
    expect(paid.data.message).toBe(FEES_MSG.paymentRecorded(euro(5000)));
    expect((await chargesOf(sara(), planId)).every((c) => c.discountCents === 0)).toBe(true);
    const statement = await call(STATEMENT, { id: family.parentId });
    expect(statement.people.find((p: any) => p.personId === sara()).earlyOffers).toEqual([]);
  });

  it('counts the payment date: paid on a date after the deadline, none; recorded late for a payment made in time, yes', async () => {
    const late = await savePlan({ name: 'Scaduto', earlyPaymentPercent: 20, earlyPaymentBy: shift(-3), instalments: [{ label: 'Unica', dueOn: shift(10), amountCents: 10000 }] });
    await assign(late, [adultId]);
    expect((await call(STATEMENT, { id: adultId })).people[0].earlyOffers).toEqual([]);
    const charge = (await chargesOf(adultId, late))[0];
    expect((await call(PAY, { input: { payerId: adultId, method: 'bonifico', paidOn: today, amountCents: 8000, chargeIds: [charge.id] } })).data.message).toBe(FEES_MSG.paymentRecorded(euro(8000)));
    expect((await chargesOf(adultId, late))[0].discountCents).toBe(0);
    const again = await savePlan({ name: 'In tempo', earlyPaymentPercent: 20, earlyPaymentBy: shift(-3), instalments: [{ label: 'Unica', dueOn: shift(10), amountCents: 10000 }] });
    await assign(again, [adultId]);
    const inTime = (await chargesOf(adultId, again))[0];
    const paid = await call(PAY, { input: { payerId: adultId, method: 'bonifico', paidOn: shift(-4), amountCents: 8000, chargeIds: [inTime.id] } });
    expect(paid.data.message).toBe(`${FEES_MSG.paymentRecorded(euro(8000))} ${FEES_MSG.earlyPaymentApplied(euro(2000))}`);
  });
});

describe('fee reminders', () => {
  let planId: string;

  it('settings are checked, with the messages, and refused to a coach and a club without them', async () => {
    expect(await call(REMINDER_SETTINGS, { input: { days: [200] } })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'days.0', message: FEES_MSG.feeReminderDaysInvalid }] });
    expect(await call(REMINDER_SETTINGS, { input: { template: 'Paga, grazie.' } })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'template', message: FEES_MSG.feeReminderTemplateInvalid }] });
    expect(await call(REMINDER_SETTINGS, { input: { enabled: true } }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    const saved = await call(REMINDER_SETTINGS, { input: { enabled: true, days: [7, -7, 0], template: 'Buongiorno {destinatario},\n{elenco}\nIn tutto {totale}.\n{societa}' } });
    expect(saved.data).toMatchObject({ message: FEES_MSG.feeReminderSettingsSaved, settings: { enabled: true, days: [-7, 0, 7] } });
    expect((await call('{ feeReminderSettings { enabled } }', {}, as(other))).enabled).toBe(false);
  });

  it('7 days before the due date: one mail per payer in the club\'s words, both children in it', async () => {
    planId = await savePlan({ name: 'Quota gennaio', instalments: [{ label: 'Unica', dueOn: shift(200), amountCents: 4000 }] });
    await assign(planId, [family.children[0].personId, family.children[1].personId, loneId]);
    expect(await runFeeReminders(t.deps, at(192))).toMatchObject({ claimed: 0, sent: 0 });
    const run = await runFeeReminders(t.deps, at(193));
    expect(run).toMatchObject({ claimed: 3, sent: 1, failed: 0 }); // Nina has no address: claimed, logged, not mailed
    await vi.waitFor(() => expect(mailsTo('marta.incassati@example.it', /promemoria quote/)).toHaveLength(1), { timeout: 20_000 });
    const [mail] = mailsTo('marta.incassati@example.it', /promemoria quote/);
    expect(mail.subject).toBe(`ASD Basket Incassi: promemoria quote da versare (${euro(8000)})`);
    expect(mail.text).toContain('Buongiorno Anna Incassati,');
    expect(mail.text).toContain(`- Luca Incassati: Quota gennaio: Unica, ${euro(4000)} (scade il`);
    expect(mail.text).toContain(`- Sara Incassati: Quota gennaio: Unica, ${euro(4000)}`);
    expect(mail.text).toContain(`In tutto ${euro(8000)}.\nASD Basket Incassi`);
    // The same day again, and the next days inside the window: nothing more.
    expect(await runFeeReminders(t.deps, at(193))).toMatchObject({ claimed: 0, sent: 0 });
    expect(await runFeeReminders(t.deps, at(196))).toMatchObject({ claimed: 0, sent: 0 });
  });

  it('a charge due for a reminder on a day the payer was already written to waits for the next day', async () => {
    const added = await call(`mutation($input: OneOffChargeInput!) { addCharge(input: $input) { __typename ... on MutationAddChargeSuccess { data { id } } ${ERRORS} } }`, {
      input: { personId: family.children[0].personId, seasonId, description: 'Trasferta', dueOn: shift(200), amountCents: 1500 },
    });
    expect(added.__typename, JSON.stringify(added)).toBe('MutationAddChargeSuccess');
    // On day 193, when the mail above went: nothing more that day; the next day, its own mail.
    expect(await runFeeReminders(t.deps, at(193))).toMatchObject({ claimed: 0, sent: 0 });
    expect(await runFeeReminders(t.deps, at(194))).toMatchObject({ claimed: 1, sent: 1 });
    await vi.waitFor(() => expect(mailsTo('marta.incassati@example.it', /promemoria quote/)).toHaveLength(2), { timeout: 20_000 });
    expect(mailsTo('marta.incassati@example.it', /promemoria quote/)[1].text).toContain(`- Luca Incassati: Trasferta, ${euro(1500)}`);
    await call(PAY, { input: { payerId: family.parentId, method: 'contanti', paidOn: today, amountCents: 1500, chargeIds: [added.data.id] } });
  });

  it('on the due date, only what is still open; two workers at once send it once', async () => {
    const luca = (await chargesOf(family.children[0].personId, planId))[0];
    await call(PAY, { input: { payerId: family.parentId, method: 'bonifico', paidOn: today, amountCents: 4000, chargeIds: [luca.id] } });
    const [a, b] = await Promise.all([runFeeReminders(t.deps, at(200)), runFeeReminders(t.deps, at(200))]);
    expect(a.claimed + b.claimed).toBe(2); // Sara's and Nina's, not Luca's (paid)
    expect(a.sent + b.sent).toBe(1);
    await vi.waitFor(() => expect(mailsTo('marta.incassati@example.it', /promemoria quote/)).toHaveLength(3), { timeout: 20_000 });
    const mail = mailsTo('marta.incassati@example.it', /promemoria quote/)[2];
    expect(mail.text).toContain('- Sara Incassati');
    expect(mail.text).not.toContain('Luca Incassati');
  });

  it('once paid, never again', async () => {
    const sara = (await chargesOf(family.children[1].personId, planId))[0];
    await call(PAY, { input: { payerId: family.parentId, method: 'bonifico', paidOn: today, amountCents: 4000, chargeIds: [sara.id] } });
    const run = await runFeeReminders(t.deps, at(207));
    expect(run.claimed).toBe(1); // Nina's, 7 days after
    expect(mailsTo('marta.incassati@example.it', /promemoria quote/)).toHaveLength(3);
  });

  it('the staff see who was reminded when; a coach and another club do not', async () => {
    const log = await call(REMINDER_LOG, { p: family.parentId });
    expect(log.map((r: any) => [r.personName, r.offsetDays, r.recipient, !!r.sentAt])).toEqual(
      expect.arrayContaining([
        ['Luca Incassati', -7, 'marta.incassati@example.it', true],
        ['Sara Incassati', -7, 'marta.incassati@example.it', true],
        ['Sara Incassati', 0, 'marta.incassati@example.it', true],
        ['Luca Incassati', -7, 'marta.incassati@example.it', true],
      ]),
    );
    expect(log).toHaveLength(4);
    const all = await call(REMINDER_LOG, { p: null });
    expect(all.filter((r: any) => r.personName === 'Nina Senzamail').map((r: any) => [r.offsetDays, r.recipient])).toEqual([[7, null], [0, null], [-7, null]]);
    expect(await call(REMINDER_LOG, { p: family.parentId }, coach)).toMatchObject({ errors: [{ message: MSG.permissionDenied }] });
    expect(await call(REMINDER_LOG, { p: family.parentId }, as(other))).toEqual([]);
  });
});

describe('SEPA direct debit', () => {
  let mandateId: string;
  const collectionDate = () => shift(50);

  it("checks the club's creditor data (checksums too) and keeps it", async () => {
    expect(await call(CREDITOR, { input: { creditorId: 'IT00ZZZ123', iban: IBAN_PARENT } })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'creditorId', message: FEES_MSG.sepaCreditorIdInvalid }] });
    expect(await call(CREDITOR, { input: { creditorId: CREDITOR_ID, iban: 'IT61X0542811101000000123456' } })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'iban', message: FEES_MSG.sepaIbanInvalid }] });
    expect(await call(CREDITOR, { input: { creditorId: CREDITOR_ID, iban: IBAN_OTHER } }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    const saved = await call(CREDITOR, { input: { creditorId: ` ${CREDITOR_ID.toLowerCase()} `, iban: 'it66 a030 6909 6061 0000 0012 345', bic: 'bcititmm' } });
    expect(saved.data).toMatchObject({ message: FEES_MSG.sepaCreditorSaved, creditor: { creditorId: CREDITOR_ID, iban: IBAN_OTHER, bic: 'BCITITMM' } });
  });

  it('records mandates: IBAN checked, reference unique, signature not in the future; another club\'s payer unknown', async () => {
    const mandate = (input: Record<string, unknown>, creds = treasurer) => call(MANDATE, { input: { payerId: family.parentId, reference: 'RUM-2026-001', iban: IBAN_PARENT, signedOn: shift(-30), ...input } }, creds);
    expect(await mandate({ iban: 'IT60X0542811101000000123457' })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'iban', message: FEES_MSG.sepaIbanInvalid }] });
    expect(await mandate({ signedOn: shift(1) })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'signedOn', message: FEES_MSG.sepaMandateSignedOnRequired }] });
    expect(await mandate({ reference: 'RUM#1' })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'reference', message: FEES_MSG.sepaMandateReferenceInvalid }] });
    expect(await mandate({}, coach)).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    expect(await mandate({}, as(other))).toMatchObject({ __typename: 'NotFoundError' });
    const saved = await mandate({});
    expect(saved.data).toMatchObject({ message: FEES_MSG.sepaMandateSaved, mandate: { reference: 'RUM-2026-001', iban: IBAN_PARENT, signedOn: shift(-30) } });
    mandateId = saved.data.mandate.id;
    expect(await mandate({ payerId: adultId })).toMatchObject({ __typename: 'ConflictError', message: FEES_MSG.sepaMandateReferenceTaken });
    expect(await t.deps.systemDb.sepaMandate.count({ where: { clubId: other.clubId } })).toBe(0);
    // A mandate kept from before the check (an import): its IBAN fails the checksum.
    await t.deps.systemDb.sepaMandate.create({ data: { clubId: club.clubId, payerId: adultId, reference: 'RUM-VECCHIO', iban: 'IT00X0000000000000000000000', signedOn: new Date(`${shift(-400)}T00:00:00Z`) } });
    expect((await call('query($p: ID!) { sepaMandates(payerId: $p) { reference } }', { p: family.parentId }, as(other)))).toEqual([]);
  });

  it('previews a collection: one debit per mandate for the family, the others excluded with the reason', async () => {
    const plan = await savePlan({ name: 'Rata SEPA', instalments: [{ label: 'Marzo', dueOn: shift(45), amountCents: 3333 }] });
    await assign(plan, [family.children[0].personId, family.children[1].personId, adultId, loneId]);
    expect(await call(COLLECTION, { d: today })).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'collectionDate', message: FEES_MSG.sepaCollectionDateInvalid }] });
    const preview = (await call(COLLECTION, { d: collectionDate() })).data;
    const family_ = await call(STATEMENT, { id: family.parentId });
    const familyOpen = family_.people.flatMap((p: any) => p.charges).filter((c: any) => c.dueOn <= collectionDate()).reduce((s: number, c: any) => s + c.openCents, 0);
    expect(preview.debits).toEqual([{ payerId: family.parentId, payerName: 'Anna Incassati', mandateReference: 'RUM-2026-001', amountCents: familyOpen, charges: expect.any(Number) }]);
    expect(preview.controlSumCents).toBe(familyOpen);
    const reasons = Object.fromEntries(preview.excluded.map((e: any) => [e.payerName, e.reason]));
    expect(reasons).toEqual({ 'Carlo Adulti': FEES_MSG.sepaExcludedInvalidIban, 'Nina Senzamail': FEES_MSG.sepaExcludedNoMandate });
    expect(await call(COLLECTION, { d: collectionDate() }, coach)).toMatchObject({ __typename: 'ForbiddenError', message: MSG.permissionDenied });
    expect((await call(COLLECTION, { d: collectionDate() }, as(other))).data).toEqual({ controlSumCents: 0, debits: [], excluded: [] });
  });

  it('writes pain.008.001.02 that the ISO 20022 schema accepts, its control sums matching, the excluded left out', async () => {
    expect(existsSync(SCHEMA), `${SCHEMA} is missing: run scripts/install-test-tools.sh`).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `/api/fees/addebiti-sepa.xml?collectionDate=${collectionDate()}`, headers: { authorization: `Bearer ${treasurer.token}`, 'x-club': treasurer.club! } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`addebiti-sepa-${collectionDate()}.xml`);
    const file = join(dir, 'collection.xml');
    writeFileSync(file, res.rawPayload);
    // xmllint exits non-zero, with the line and the rule, on any departure from the schema.
    try {
      execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], { stdio: 'pipe' });
    } catch (e) {
      expect.fail(`xmllint: ${(e as { stderr: Buffer }).stderr.toString()}`);
    }
    const xml = res.body;
    const preview = (await call(COLLECTION, { d: collectionDate() })).data;
    const sums = [...xml.matchAll(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)].map((m) => m[1]);
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((m) => Math.round(Number(m[1]) * 100));
    expect(sums).toEqual([(preview.controlSumCents / 100).toFixed(2), (preview.controlSumCents / 100).toFixed(2)]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(preview.controlSumCents);
    expect(xml).toMatch(/<NbOfTxs>1<\/NbOfTxs>/);
    expect(xml).toContain(`<MndtId>RUM-2026-001</MndtId>`);
    expect(xml).toContain(`<DtOfSgntr>${shift(-30)}</DtOfSgntr>`);
    expect(xml).toContain(`<Id>${CREDITOR_ID}</Id>`);
    expect(xml).toContain(`<IBAN>${IBAN_PARENT}</IBAN>`);
    expect(xml).toContain(`<ReqdColltnDt>${collectionDate()}</ReqdColltnDt>`);
    expect(xml).not.toContain('Adulti');
    expect(xml).not.toContain('Senzamail');
    // Every money operation is in the access log: the file, the creditor data and the mandates.
    await t.deps.accessLog.flush();
    const logged = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, OR: [{ detail: { contains: 'SEPA' } }, { detail: { contains: 'Promemoria' } }] }, select: { action: true, detail: true } });
    expect(logged.map((l) => `${l.action}: ${l.detail}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^export: Addebiti SEPA del .*: 1 mandati/),
        'update: Dati SEPA della società modificati',
        'create: Mandato SEPA RUM-2026-001 registrato',
        'update: Promemoria delle quote modificati',
      ]),
    );
  });

  it('refuses the file to a coach, to another club (nothing of this one), without creditor data or a valid date', async () => {
    const get = (creds: Credentials, date = collectionDate()) => t.app.inject({ method: 'GET', url: `/api/fees/addebiti-sepa.xml?collectionDate=${date}`, headers: { authorization: `Bearer ${creds.token}`, 'x-club': creds.club! } });
    expect((await get(coach)).statusCode).toBe(403);
    const others = await get(as(other));
    expect(others.statusCode).toBe(409);
    expect(others.json().message).toBe(FEES_MSG.sepaCreditorMissing);
    const bad = await get(treasurer, 'domani');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().context.errors, bad.body).toEqual({ collectionDate: FEES_MSG.sepaCollectionDateInvalid });
  });

  it('a revoked mandate is kept and no longer collects', async () => {
    const revoked = await call(`mutation($id: ID!) { revokeSepaMandate(id: $id) { __typename ... on MutationRevokeSepaMandateSuccess { data { message } } ${ERRORS} } }`, { id: mandateId });
    expect(revoked.data.message).toBe(FEES_MSG.sepaMandateRevoked);
    const preview = (await call(COLLECTION, { d: collectionDate() })).data;
    expect(preview.debits).toEqual([]);
    expect(preview.excluded.map((e: any) => e.payerName)).toContain('Anna Incassati');
    expect(await t.deps.systemDb.sepaMandate.count({ where: { id: mandateId, revokedAt: { not: null } } })).toBe(1);
  });
});
