// Receipts (issue 37 point 3): for the part of a payment that settled one person's charges, numbered per club and
// year without gaps (the counter row is taken in the receipt's own transaction: parallel issuance never duplicates
// or skips a number), with every field DM 28 March 2007 asks for the 19 % deduction of a 5-18 year old's sports
// fees (art. 15 c. 1 lett. i-quinquies TUIR): the club's name, seat and tax code, the reason, the sport, the amount,
// the athlete's data, the payer's tax code, and the payment method; a cash payment is never presented as deductible
// (the deduction needs a traceable payment since 2020, L. 160/2019 art. 1 c. 679). The stamp-duty line follows the
// club's setting. Frozen once issued (the database refuses an edit); a cancelled receipt stays, marked, and a new
// number replaces it. The payer is told by mail; the family finds it in the personal area.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { FEES_MSG } from '../../../schema/messages-fees';
import { cancelInput, euro, periodInput, FEE_KIND_LABELS, isTraceable, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../schema/validation/fees';
import { ageOn } from '../../../schema/validation/consents';
import { authorizeMember, clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { familyDoor } from '../../access/cross-club';
import { CLUB, clubSql } from '../../access/club-sql';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Prisma, Receipt } from '../../generated/prisma/client.js';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { renderPdf } from '../../lib/pdf';
import { parseInput } from '../../lib/validate';
import { todayOf } from './fee-plans.service';
import { postalAddressLine } from '../../lib/postal-address';

/** Stamp duty: 2 euro on a receipt over 77.47 euro, unless the club is exempt (a recognised ASD/SSD). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;
/** The ages the deduction covers (art. 15 c. 1 lett. i-quinquies TUIR). */
const DEDUCTIBLE_AGES = { from: 5, to: 18 };

/** What a receipt prints, frozen when it is issued. */
export interface ReceiptContent {
  club: { name: string; seat: string; taxCode: string };
  number: string;
  issuedOn: string;
  athlete: { name: string; taxCode: string | null; birthday: string | null; birthplace: string | null };
  payer: { name: string; taxCode: string | null };
  reason: string;
  sport: string | null;
  lines: Array<{ description: string; amountCents: number }>;
  amountCents: number;
  method: PaymentMethod;
  methodLabel: string;
  paidOn: string;
  reference: string | null;
  /** The deduction statement, or why there is none. */
  deduction: string;
  deductible: boolean;
  stampDuty: string | null;
  replaces: string | null;
}

/** Takes the next number of the club's year: the counter row is locked until the receipt's transaction ends. */
async function nextNumber(tx: Db, clubId: string, year: number): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ last: number }>>(clubSql(clubId)`
    INSERT INTO receipt_counters (club_id, year, last) VALUES (${CLUB}, ${year}, 1)
    ON CONFLICT (club_id, year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last`);
  return Number(row.last);
}

/** The content of a receipt for `personId`'s part of a payment. */
async function contentOf(tx: Db, clubId: string, paymentId: string, personId: string, issuedOn: string, number: string, replaces: string | null): Promise<{ content: ReceiptContent; amountCents: number; payerId: string }> {
  const payment = await tx.payment.findFirstOrThrow({
    where: { clubId, id: paymentId },
    include: { payer: true, allocations: { where: { charge: { personId } }, include: { charge: { include: { plan: true } } } } },
  });
  const [club, person] = await Promise.all([
    tx.club.findUniqueOrThrow({ where: { id: clubId }, include: { legalAddress: true, clubAddress: true } }),
    tx.person.findFirstOrThrow({ where: { clubId, id: personId } }),
  ]);
  // What a later refund gave back of this person's charges is not receipted again: the net of this payment.
  const refunded = await tx.paymentAllocation.findMany({ where: { clubId, payment: { refundOfId: payment.id }, charge: { personId } } });
  const lines = payment.allocations.map((a) => ({ description: a.charge.description, amountCents: a.amountCents + refunded.filter((r) => r.chargeId === a.chargeId).reduce((s, r) => s + r.amountCents, 0) })).filter((l) => l.amountCents > 0);
  const amountCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const plans = payment.allocations.map((a) => a.charge.plan).filter((p): p is NonNullable<typeof p> => !!p);
  const sport = plans.find((p) => p.sport)?.sport ?? club.sport ?? null;
  const birthday = dayOf(person.birthday);
  const age = birthday ? ageOn(birthday, `${issuedOn.slice(0, 4)}-12-31`) : null;
  const inAge = age !== null && age >= DEDUCTIBLE_AGES.from && age <= DEDUCTIBLE_AGES.to;
  const traceable = isTraceable(payment.method);
  const deduction = !inAge
    ? "Spesa esclusa dalla detrazione per l'attività sportiva dei ragazzi (art. 15 c. 1 lett. i-quinquies TUIR): l'atleta non ha tra 5 e 18 anni."
    : traceable
      ? "Spesa per attività sportiva di ragazzi tra 5 e 18 anni, detraibile ai sensi dell'art. 15 c. 1 lett. i-quinquies TUIR (D.M. 28 marzo 2007), pagata con mezzo tracciabile."
      : 'Pagamento in contanti: la spesa non è detraibile (art. 1 c. 679 L. 160/2019 richiede un pagamento tracciabile).';
  const stampDuty = !club.stampDutyExempt && amountCents > STAMP_DUTY_THRESHOLD_CENTS ? `Imposta di bollo di ${euro(STAMP_DUTY_CENTS)} assolta sull'originale.` : club.stampDutyExempt ? "Esente dall'imposta di bollo (art. 27-bis Tabella B D.P.R. 642/1972)." : null;
  const kinds = [...new Set(plans.map((p) => FEE_KIND_LABELS[p.kind].toLowerCase()))];
  return {
    amountCents,
    payerId: payment.payerId,
    content: {
      club: { name: club.companyName || club.fullName, seat: postalAddressLine(club.legalAddress ?? club.clubAddress), taxCode: club.fiscalCode || club.vatNumber || '' },
      number,
      issuedOn,
      athlete: { name: `${person.firstname} ${person.lastname}`, taxCode: person.taxIdCode, birthday, birthplace: person.birthplace },
      payer: { name: `${payment.payer.firstname} ${payment.payer.lastname}`, taxCode: payment.payer.taxIdCode },
      reason: `Pagamento ${kinds.length ? kinds.join(', ') : 'quote'} per l'attività sportiva di ${person.firstname} ${person.lastname}`,
      sport,
      lines,
      amountCents,
      method: payment.method,
      methodLabel: PAYMENT_METHOD_LABELS[payment.method],
      paidOn: dayOf(payment.paidOn)!,
      reference: payment.reference,
      deduction,
      deductible: inAge && traceable,
      stampDuty,
      replaces,
    },
  };
}

const italianDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

export function receiptPdfDefinition(c: ReceiptContent): TDocumentDefinitions {
  const row = (label: string, value: string | null | undefined): Content[] => [{ text: label, bold: true }, { text: value || '—' }];
  return {
    info: { title: `Ricevuta n. ${c.number}` },
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    defaultStyle: { fontSize: 10 },
    content: [
      { text: c.club.name, fontSize: 14, bold: true, color: '#1a365d' },
      { text: `Sede: ${c.club.seat || '—'}` },
      { text: `Codice fiscale: ${c.club.taxCode || '—'}` },
      { text: `Ricevuta n. ${c.number} del ${italianDay(c.issuedOn)}`, fontSize: 13, bold: true, margin: [0, 18, 0, 4] },
      ...(c.replaces ? [{ text: `Sostituisce la ricevuta n. ${c.replaces}, annullata.`, italics: true }] : []),
      {
        table: {
          widths: [150, '*'],
          body: [
            row('Ricevuto da', `${c.payer.name}${c.payer.taxCode ? `, codice fiscale ${c.payer.taxCode}` : ''}`),
            row('Atleta', c.athlete.name),
            row("Codice fiscale dell'atleta", c.athlete.taxCode),
            row('Nato/a il', c.athlete.birthday ? `${italianDay(c.athlete.birthday)}${c.athlete.birthplace ? ` a ${c.athlete.birthplace}` : ''}` : null),
            row('Causale', c.reason),
            row('Attività sportiva', c.sport),
            row('Importo', euro(c.amountCents)),
            row('Pagato il', italianDay(c.paidOn)),
            row('Modalità di pagamento', `${c.methodLabel}${c.reference ? ` (rif. ${c.reference})` : ''}`),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 10, 0, 10],
      },
      { text: 'Dettaglio', bold: true, margin: [0, 6, 0, 2] },
      { table: { widths: ['*', 90], body: [...c.lines.map((l) => [l.description, { text: euro(l.amountCents), alignment: 'right' as const }]), [{ text: 'Totale', bold: true }, { text: euro(c.amountCents), bold: true, alignment: 'right' as const }]] }, layout: 'lightHorizontalLines' },
      { text: c.deduction, margin: [0, 14, 0, 0] },
      ...(c.stampDuty ? [{ text: c.stampDuty, margin: [0, 6, 0, 0] as [number, number, number, number] }] : []),
      { text: 'Firma del legale rappresentante o del tesoriere', margin: [0, 40, 0, 0], color: '#555555' },
    ],
  };
}

/**
 * Writes one receipt (number, content and, unless `later`, its PDF) inside `tx`. In bulk the PDF is made from the
 * frozen content at its first download (receiptPdf), so a thousand receipts are numbered in seconds.
 */
async function writeReceipt(ctx: RequestContext, tx: Db, clubId: string, paymentId: string, personId: string, replaces: Receipt | null, later = false): Promise<Receipt | null> {
  const issuedOn = todayOf(ctx);
  const year = Number(issuedOn.slice(0, 4));
  const draft = await contentOf(tx, clubId, paymentId, personId, issuedOn, '', replaces ? `${replaces.number}/${replaces.year}` : null);
  if (draft.amountCents <= 0) return null;
  const number = await nextNumber(tx, clubId, year);
  const content: ReceiptContent = { ...draft.content, number: `${number}/${year}` };
  const file = later ? null : await storeReceiptPdf(tx, clubId, content, number, year);
  const receipt = await tx.receipt.create({
    data: { clubId, year, number, paymentId, personId, payerId: draft.payerId, issuedOn: dateColumn(issuedOn), amountCents: draft.amountCents, content: content as unknown as Prisma.InputJsonValue, pdfFileId: file?.id ?? null },
  });
  describeChange(tx, { action: 'create', entityType: 'person', entityId: personId, personId, entityLabel: content.athlete.name, detail: `Ricevuta n. ${content.number} di ${euro(content.amountCents)}` });
  return receipt;
}

async function storeReceiptPdf(tx: Db, clubId: string, content: ReceiptContent, number: number, year: number) {
  const pdf = await renderPdf(receiptPdfDefinition(content));
  return tx.storedFile.create({ data: { clubId, purpose: 'receipt', filename: `ricevuta-${number}-${year}.pdf`, mimeType: 'application/pdf', size: pdf.length, content: new Uint8Array(pdf) } });
}

/** A receipt's PDF: the stored one, or made now from its frozen content and kept (the first download of a bulk issue). */
export async function receiptPdf(db: Db, receipt: Receipt): Promise<{ filename: string; body: Buffer }> {
  if (!receipt.pdfFileId) {
    const file = await storeReceiptPdf(db, receipt.clubId, receipt.content as unknown as ReceiptContent, receipt.number, receipt.year);
    // Two first downloads at once: the first kept wins; the other's file is dropped and the winner's read.
    const { count } = await db.receipt.updateMany({ where: { id: receipt.id, pdfFileId: null }, data: { pdfFileId: file.id } });
    if (count === 1) return { filename: file.filename, body: Buffer.from(file.content) };
    await db.storedFile.delete({ where: { id: file.id } });
    receipt = await db.receipt.findFirstOrThrow({ where: { clubId: receipt.clubId, id: receipt.id } });
  }
  const file = await db.storedFile.findFirstOrThrow({ where: { clubId: receipt.clubId, id: receipt.pdfFileId! } });
  return { filename: file.filename, body: Buffer.from(file.content) };
}

/** Receipts issued in bulk per transaction. */
const BULK_CHUNK = 100;
export const BULK_MAX = 5000;

/**
 * Issues the receipts of every payment made between `from` and `to` (inclusive) that has none yet, one per person it
 * paid for, in transactions of BULK_CHUNK (each all or nothing; the numbers stay without gaps), mailing the payers.
 * At most BULK_MAX at a time: the answer says how many are left.
 */
export async function issueReceiptsForPeriod(ctx: RequestContext, rawFrom: unknown, rawTo: unknown): Promise<{ issued: number; left: number; message: string }> {
  const { clubId } = clubMember(ctx);
  const { from, to } = parseInput(periodInput, { from: rawFrom, to: rawTo });
  const db = clubDb(ctx);
  const pending = await db.$queryRaw<Array<{ payment_id: string; person_id: string }>>(clubSql(clubId)`
    SELECT DISTINCT p.id AS payment_id, c.person_id, p.paid_on
    FROM payments p JOIN payment_allocations a ON a.payment_id = p.id JOIN charges c ON c.id = a.charge_id
    WHERE p.club_id = ${CLUB} AND p.amount_cents > 0 AND p.paid_on BETWEEN ${from}::date AND ${to}::date
      AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.payment_id = p.id AND r.person_id = c.person_id AND r.cancelled_at IS NULL)
    ORDER BY p.paid_on, p.id, c.person_id`);
  const batch = pending.slice(0, BULK_MAX);
  let issued = 0;
  for (let start = 0; start < batch.length; start += BULK_CHUNK) {
    issued += await db.$transaction(async (tx) => {
      let n = 0;
      for (const row of batch.slice(start, start + BULK_CHUNK)) {
        const receipt = await writeReceipt(ctx, tx, clubId, row.payment_id, row.person_id, null, true);
        if (!receipt) continue;
        await mailReceipt(ctx, tx, clubId, receipt);
        n++;
      }
      return n;
    });
  }
  return { issued, left: pending.length - batch.length, message: FEES_MSG.receiptsIssued(issued) };
}

async function mailReceipt(ctx: RequestContext, tx: Db, clubId: string, receipt: Receipt) {
  const payer = await tx.person.findFirstOrThrow({ where: { clubId, id: receipt.payerId }, select: { emailPrimary: true, firstname: true } });
  if (!payer.emailPrimary) return;
  const c = receipt.content as unknown as ReceiptContent;
  await ctx.deps.mailer.send(
    {
      to: payer.emailPrimary,
      subject: `Ricevuta n. ${c.number}: ${c.club.name}`,
      text: `Ciao ${payer.firstname},\n\nla società ha emesso la ricevuta n. ${c.number} di ${euro(c.amountCents)} per ${c.athlete.name}.\n${c.deduction}\n\nLa trovi, in PDF, nell'area personale: ${ctx.deps.config.publicUrl}/area\n\n${c.club.name}\n`,
    },
    { club: clubId, account: ctx.viewer?.accountId },
    { tx },
  );
  await tx.receipt.update({ where: { id: receipt.id }, data: { emailedAt: ctx.deps.now() } });
}

/**
 * Issues the receipts of a payment: one per person whose charges it settled, each with the next number of the year,
 * and mails the payer. A payment already receipted (for a person) is not receipted twice.
 */
export async function issueReceipts(ctx: RequestContext, paymentId: unknown): Promise<{ receipts: Receipt[]; message: string }> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const payment = await tx.payment.findFirst({ where: { ...clubRowWhere(clubId, paymentId), amountCents: { gt: 0 } }, include: { allocations: { include: { charge: { select: { personId: true } } } }, receipts: { where: { cancelledAt: null } } } });
    if (!payment) throw new NotFoundError();
    const people = [...new Set(payment.allocations.map((a) => a.charge.personId))].filter((p) => !payment.receipts.some((r) => r.personId === p));
    if (!people.length) throw new ConflictError(FEES_MSG.receiptAlreadyIssued);
    const receipts: Receipt[] = [];
    for (const personId of people.sort()) {
      const receipt = await writeReceipt(ctx, tx, clubId, payment.id, personId, null);
      if (receipt) receipts.push(receipt);
    }
    for (const r of receipts) await mailReceipt(ctx, tx, clubId, r);
    return { receipts, message: FEES_MSG.receiptsIssued(receipts.length) };
  });
}

/** Cancels a receipt (kept, marked, with the reason) and issues its replacement with a new number. */
export async function cancelReceipt(ctx: RequestContext, raw: unknown): Promise<{ cancelled: Receipt; replacement: Receipt | null; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(cancelInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const receipt = await tx.receipt.findFirst({ where: clubRowWhere(clubId, input.id) });
    if (!receipt) throw new NotFoundError();
    if (receipt.cancelledAt) throw new ConflictError(FEES_MSG.receiptAlreadyCancelled);
    await tx.receipt.update({ where: { id: receipt.id }, data: { cancelledAt: ctx.deps.now(), cancelReason: input.reason } });
    const replacement = await writeReceipt(ctx, tx, clubId, receipt.paymentId, receipt.personId, receipt);
    if (replacement) await tx.receipt.update({ where: { id: receipt.id }, data: { replacedById: replacement.id } });
    if (replacement) await mailReceipt(ctx, tx, clubId, replacement);
    const cancelled = await tx.receipt.findUniqueOrThrow({ where: { id: receipt.id } });
    return { cancelled, replacement, message: FEES_MSG.receiptCancelled(`${receipt.number}/${receipt.year}`) };
  });
}

/** The deduction's ceiling per child and year (art. 15 c. 1 lett. i-quinquies TUIR): 210 euro of expense. */
export const DEDUCTIBLE_CAP_CENTS = 21000;

/**
 * A family's yearly statement for the tax return: the payer's receipts of `year` (not cancelled), per person, with
 * what of it is deductible (traceable payments for a 5-18 year old, up to 210 euro a child), as a PDF.
 */
export async function yearlyStatementPdf(db: Db, clubId: string, payerId: string, year: number): Promise<{ filename: string; body: Buffer }> {
  const [club, payer, receipts] = await Promise.all([
    db.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true, companyName: true, fiscalCode: true, vatNumber: true } }),
    db.person.findFirstOrThrow({ where: { clubId, id: payerId }, select: { firstname: true, lastname: true, taxIdCode: true } }),
    db.receipt.findMany({ where: { clubId, payerId, year, cancelledAt: null }, orderBy: [{ number: 'asc' }] }),
  ]);
  const byPerson = new Map<string, ReceiptContent[]>();
  for (const r of receipts) byPerson.set(r.personId, [...(byPerson.get(r.personId) ?? []), r.content as unknown as ReceiptContent]);
  const sections: Content[] = [...byPerson.values()].flatMap((list) => {
    const deductible = list.filter((c) => c.deductible).reduce((s, c) => s + c.amountCents, 0);
    const athlete = list[0].athlete;
    return [
      { text: `${athlete.name}${athlete.taxCode ? ` (${athlete.taxCode})` : ''}`, bold: true, margin: [0, 14, 0, 4] as [number, number, number, number] },
      {
        table: {
          widths: [70, 70, '*', 80, 70],
          body: [
            ['Ricevuta', 'Data', 'Modalità', 'Importo', 'Detraibile'].map((h) => ({ text: h, bold: true })),
            ...list.map((c) => [c.number, italianDay(c.issuedOn), c.methodLabel, { text: euro(c.amountCents), alignment: 'right' as const }, c.deductible ? 'Sì' : 'No']),
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 9,
      },
      { text: `Spesa detraibile: ${euro(Math.min(deductible, DEDUCTIBLE_CAP_CENTS))}${deductible > DEDUCTIBLE_CAP_CENTS ? ` (su ${euro(deductible)} pagati: il limite è ${euro(DEDUCTIBLE_CAP_CENTS)} per figlio)` : ''}.`, margin: [0, 4, 0, 0] as [number, number, number, number] },
    ];
  });
  const body = await renderPdf({
    info: { title: `Riepilogo ${year} per la dichiarazione dei redditi` },
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    defaultStyle: { fontSize: 10 },
    content: [
      { text: club.companyName || club.fullName, fontSize: 14, bold: true, color: '#1a365d' },
      { text: `Codice fiscale: ${club.fiscalCode || club.vatNumber || '—'}` },
      { text: `Riepilogo delle ricevute ${year} per la dichiarazione dei redditi`, fontSize: 13, bold: true, margin: [0, 16, 0, 4] },
      { text: `Pagante: ${payer.firstname} ${payer.lastname}${payer.taxIdCode ? `, codice fiscale ${payer.taxIdCode}` : ''}` },
      ...(sections.length ? sections : [{ text: `Nessuna ricevuta emessa nel ${year}.`, italics: true, margin: [0, 14, 0, 0] as [number, number, number, number] }]),
      { text: "Detrazione del 19 % per l'attività sportiva dei ragazzi tra 5 e 18 anni (art. 15 c. 1 lett. i-quinquies TUIR), su un massimo di 210 euro per figlio; valgono solo i pagamenti tracciabili. Conserva le ricevute: questo riepilogo non le sostituisce.", fontSize: 9, color: '#555555', margin: [0, 20, 0, 0] },
    ],
  });
  return { filename: `riepilogo-${year}-${payer.lastname.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`, body };
}

/** The staff's copy of a payer's yearly statement (fees.read): an unknown person or another club's is NotFoundError. */
export async function yearlyStatementForStaff(ctx: RequestContext, payerId: unknown, year: number): Promise<{ filename: string; body: Buffer }> {
  const { clubId } = authorizeMember(ctx, 'fees.read');
  const db = clubDb(ctx);
  if (!isUuid(payerId) || !(await db.person.findFirst({ where: { clubId, id: payerId }, select: { id: true } }))) throw new NotFoundError();
  return yearlyStatementPdf(db, clubId, payerId, year);
}

/** The payer's own yearly statement in the personal area: `personId` is the account's own person (family.export). */
export async function yearlyStatementForFamily(ctx: RequestContext, personId: unknown, year: number): Promise<{ filename: string; body: Buffer }> {
  const { db, clubId, personId: payerId } = await familyDoor(ctx, personId, 'family.export');
  return yearlyStatementPdf(db, clubId, payerId, year);
}

async function receiptOf(db: Db, clubId: string, id: unknown, personId?: string): Promise<{ filename: string; body: Buffer }> {
  const receipt = isUuid(id) ? await db.receipt.findFirst({ where: { clubId, id, ...(personId ? { personId } : {}) } }) : null;
  if (!receipt) throw new NotFoundError();
  return receiptPdf(db, receipt);
}

/** A receipt's PDF for the staff (fees.read); another club's is NotFoundError. */
export function receiptForStaff(ctx: RequestContext, id: unknown): Promise<{ filename: string; body: Buffer }> {
  return receiptOf(clubDb(ctx), authorizeMember(ctx, 'fees.read').clubId, id);
}

/** A receipt of one person of the family, in the personal area; another family's is NotFoundError. */
export async function receiptForFamily(ctx: RequestContext, personId: unknown, id: unknown): Promise<{ filename: string; body: Buffer }> {
  const { db, clubId, personId: whose } = await familyDoor(ctx, personId, 'family.read');
  return receiptOf(db, clubId, id, whose);
}
