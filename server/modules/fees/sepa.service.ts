// SEPA direct debit (issue 37 point 5): the club's creditor data, the payers' mandates (reference, IBAN, signature
// date; revoked, never deleted), and the collection file for a date: ISO 20022 pain.008.001.02 (SEPA Core), written
// by the `sepa` library, one transaction per mandate for what its payer's family owes up to that date. A charge
// whose payer has no active mandate, or whose mandate's IBAN fails its checksum, is listed as excluded with the
// reason, and the file is still made for the rest; its control sums add up what it holds.
import SEPA from 'sepa';
import { FEES_MSG } from '../../../schema/messages-fees';
import { euro, sepaCollectionInput, sepaCreditorInput, sepaMandateInput } from '../../../schema/validation/fees';
import { logExport } from '../../access/access-log';
import { authorize, authorizeMember, clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { SepaMandate } from '../../generated/prisma/client.js';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUniqueViolation } from '../../db/sql-state';
import { parseInput } from '../../lib/validate';
import { todayOf } from './fee-plans.service';
import { withPaid } from './payments.service';

SEPA.enableValidations(true);

/** The SEPA character set (EPC guidance): accents dropped, anything else outside it becomes a space. */
const sepaText = (text: string, max: number) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

export interface SepaCreditor {
  name: string;
  creditorId: string | null;
  iban: string | null;
  bic: string | null;
}

export async function sepaCreditor(ctx: RequestContext): Promise<SepaCreditor> {
  const { clubId } = clubMember(ctx);
  const club = await clubDb(ctx).club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true, sepaCreditorId: true, sepaIban: true, sepaBic: true } });
  return { name: club.fullName, creditorId: club.sepaCreditorId, iban: club.sepaIban, bic: club.sepaBic };
}

export async function updateSepaCreditor(ctx: RequestContext, raw: unknown): Promise<{ message: string; creditor: SepaCreditor }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(sepaCreditorInput, raw);
  if (!SEPA.validateCreditorID(input.creditorId)) throw new ValidationError({ creditorId: FEES_MSG.sepaCreditorIdInvalid }, FEES_MSG.sepaCreditorIdInvalid);
  if (!SEPA.validateIBAN(input.iban)) throw new ValidationError({ iban: FEES_MSG.sepaIbanInvalid }, FEES_MSG.sepaIbanInvalid);
  await clubDb(ctx).$transaction(async (tx) => {
    await tx.club.update({ where: { id: clubId }, data: { sepaCreditorId: input.creditorId, sepaIban: input.iban, sepaBic: input.bic ?? null } });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: 'Dati SEPA della società modificati' });
  });
  return { message: FEES_MSG.sepaCreditorSaved, creditor: await sepaCreditor(ctx) };
}

/** A payer's mandates, the active ones first, the newest signature first. */
export async function sepaMandates(ctx: RequestContext, payerId: unknown): Promise<SepaMandate[]> {
  const { clubId } = clubMember(ctx);
  if (!isUuid(payerId)) return [];
  return clubDb(ctx).sepaMandate.findMany({ where: { clubId, payerId }, orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { signedOn: 'desc' }, { createdAt: 'desc' }] });
}

export async function saveSepaMandate(ctx: RequestContext, raw: unknown): Promise<{ mandate: SepaMandate; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(sepaMandateInput(todayOf(ctx)), raw);
  if (!SEPA.validateIBAN(input.iban)) throw new ValidationError({ iban: FEES_MSG.sepaIbanInvalid }, FEES_MSG.sepaIbanInvalid);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const payer = await tx.person.findFirst({ where: clubRowWhere(clubId, input.payerId), select: { id: true, firstname: true, lastname: true } });
      if (!payer) throw new NotFoundError();
      const data = { reference: input.reference, iban: input.iban, bic: input.bic ?? null, signedOn: dateColumn(input.signedOn) };
      let mandate: SepaMandate;
      if (input.id) {
        const existing = await tx.sepaMandate.findFirst({ where: { ...clubRowWhere(clubId, input.id), payerId: payer.id } });
        if (!existing) throw new NotFoundError();
        if (existing.revokedAt) throw new ConflictError(FEES_MSG.sepaMandateAlreadyRevoked);
        mandate = await tx.sepaMandate.update({ where: { id: existing.id }, data });
      } else {
        mandate = await tx.sepaMandate.create({ data: { clubId, payerId: payer.id, ...data } });
      }
      describeChange(tx, { action: input.id ? 'update' : 'create', entityType: 'person', entityId: payer.id, personId: payer.id, entityLabel: `${payer.firstname} ${payer.lastname}`, detail: `Mandato SEPA ${mandate.reference} ${input.id ? 'modificato' : 'registrato'}` });
      return { mandate, message: FEES_MSG.sepaMandateSaved };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(FEES_MSG.sepaMandateReferenceTaken, { reference: FEES_MSG.sepaMandateReferenceTaken });
    throw e;
  }
}

export async function revokeSepaMandate(ctx: RequestContext, id: unknown): Promise<{ mandate: SepaMandate; message: string }> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const mandate = isUuid(id) ? await tx.sepaMandate.findFirst({ where: clubRowWhere(clubId, id), include: { payer: { select: { firstname: true, lastname: true } } } }) : null;
    if (!mandate) throw new NotFoundError();
    if (mandate.revokedAt) throw new ConflictError(FEES_MSG.sepaMandateAlreadyRevoked);
    const revoked = await tx.sepaMandate.update({ where: { id: mandate.id }, data: { revokedAt: ctx.deps.now() } });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: mandate.payerId, personId: mandate.payerId, entityLabel: `${mandate.payer.firstname} ${mandate.payer.lastname}`, detail: `Mandato SEPA ${mandate.reference} revocato` });
    return { mandate: revoked, message: FEES_MSG.sepaMandateRevoked };
  });
}

export interface SepaDebit {
  payerId: string;
  payerName: string;
  mandateReference: string;
  iban: string;
  amountCents: number;
  charges: number;
  remittance: string;
}

export interface SepaExcluded {
  payerId: string;
  payerName: string;
  reason: string;
  amountCents: number;
  charges: number;
}

export interface SepaCollection {
  collectionDate: string;
  debits: SepaDebit[];
  excluded: SepaExcluded[];
  controlSumCents: number;
}

/**
 * What a collection on `collectionDate` holds: every open charge due by then, under the mandate of whoever pays for
 * it (the person, else a paying guardian: the newest active mandate), one debit per mandate.
 */
async function collectionOf(db: Db, clubId: string, collectionDate: string): Promise<SepaCollection & { mandates: Map<string, SepaMandate> }> {
  const charges = (await withPaid(db, await db.charge.findMany({ where: { clubId, cancelledAt: null, dueOn: { lte: dateColumn(collectionDate) } }, orderBy: [{ dueOn: 'asc' }, { id: 'asc' }] }))).filter((c) => c.openCents > 0);
  const personIds = [...new Set(charges.map((c) => c.personId))];
  const [guardians, mandateRows] = await Promise.all([
    db.guardianship.findMany({ where: { clubId, minorId: { in: personIds }, pays: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { minorId: true, guardianId: true } }),
    db.sepaMandate.findMany({ where: { clubId, revokedAt: null }, orderBy: [{ signedOn: 'desc' }, { createdAt: 'desc' }] }),
  ]);
  const mandateOf = new Map<string, SepaMandate>();
  for (const m of mandateRows) if (!mandateOf.has(m.payerId)) mandateOf.set(m.payerId, m);
  const payerIds = new Set([...personIds, ...guardians.map((g) => g.guardianId)]);
  const names = new Map((await db.person.findMany({ where: { clubId, id: { in: [...payerIds] } }, select: { id: true, firstname: true, lastname: true } })).map((p) => [p.id, `${p.firstname} ${p.lastname}`]));
  const debits = new Map<string, SepaDebit & { lines: string[] }>();
  const excluded = new Map<string, SepaExcluded>();
  for (const c of charges) {
    const payers = [c.personId, ...guardians.filter((g) => g.minorId === c.personId).map((g) => g.guardianId)];
    const payerId = payers.find((id) => mandateOf.has(id));
    const mandate = payerId ? mandateOf.get(payerId)! : undefined;
    if (!mandate || !SEPA.validateIBAN(mandate.iban)) {
      // Listed under whoever would pay: the first paying guardian of a minor, else the person.
      const who = payerId ?? payers[1] ?? c.personId;
      const reason = mandate ? FEES_MSG.sepaExcludedInvalidIban : FEES_MSG.sepaExcludedNoMandate;
      const row = excluded.get(who) ?? { payerId: who, payerName: names.get(who) ?? '', reason, amountCents: 0, charges: 0 };
      row.amountCents += c.openCents;
      row.charges++;
      excluded.set(who, row);
      continue;
    }
    const debit = debits.get(mandate.id) ?? { payerId: mandate.payerId, payerName: names.get(mandate.payerId) ?? '', mandateReference: mandate.reference, iban: mandate.iban, amountCents: 0, charges: 0, remittance: '', lines: [] };
    debit.amountCents += c.openCents;
    debit.charges++;
    debit.lines.push(`${c.person.firstname} ${c.description}`);
    debits.set(mandate.id, debit);
  }
  const list = [...debits.values()].map(({ lines, ...d }) => ({ ...d, remittance: sepaText(`Quote ${lines.join(', ')}`, 140) }));
  list.sort((a, b) => a.payerName.localeCompare(b.payerName, 'it'));
  return {
    collectionDate,
    debits: list,
    excluded: [...excluded.values()].sort((a, b) => a.payerName.localeCompare(b.payerName, 'it')),
    controlSumCents: list.reduce((s, d) => s + d.amountCents, 0),
    mandates: new Map(mandateRows.map((m) => [m.reference, m])),
  };
}

/** The preview of a collection (fees.read): what goes in, what is excluded and why, the control sum. */
export async function sepaCollection(ctx: RequestContext, raw: unknown): Promise<SepaCollection> {
  const { clubId } = clubMember(ctx);
  const { collectionDate } = parseInput(sepaCollectionInput(todayOf(ctx)), raw);
  const { mandates: _mandates, ...collection } = await collectionOf(clubDb(ctx), clubId, collectionDate);
  return collection;
}

/** The pain.008.001.02 file of a collection (fees.read and export.run), logged as an export. */
export async function sepaCollectionFile(ctx: RequestContext, raw: unknown): Promise<{ filename: string; body: Buffer; collection: SepaCollection }> {
  const actor = authorizeMember(ctx, 'fees.read');
  authorize(actor, 'export.run');
  const { collectionDate } = parseInput(sepaCollectionInput(todayOf(ctx)), raw);
  const db = clubDb(ctx);
  const club = await sepaCreditor(ctx);
  if (!club.creditorId || !club.iban) throw new ConflictError(FEES_MSG.sepaCreditorMissing);
  const { mandates, ...collection } = await collectionOf(db, actor.clubId, collectionDate);
  if (!collection.debits.length) throw new ConflictError(FEES_MSG.sepaNothingToCollect);
  const now = ctx.deps.now();
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const doc = new SEPA.Document('pain.008.001.02');
  // The library builds the payment block's id (and each instruction's) from the message id: 35 characters in all.
  doc.grpHdr.id = `CB${stamp}${actor.clubId.slice(0, 6).toUpperCase()}`;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = sepaText(club.name, 70);
  const info = doc.createPaymentInfo();
  info.collectionDate = new Date(`${collectionDate}T00:00:00Z`);
  info.localInstrumentation = 'CORE';
  // Since November 2016 a first collection may be sent as recurring (EPC rulebook 9.0): no FRST/RCUR bookkeeping.
  info.sequenceType = 'RCUR';
  info.creditorId = club.creditorId;
  info.creditorName = sepaText(club.name, 70);
  info.creditorIBAN = club.iban;
  info.creditorBIC = club.bic ?? '';
  doc.addPaymentInfo(info);
  collection.debits.forEach((d, n) => {
    const mandate = mandates.get(d.mandateReference)!;
    const tx = info.createTransaction();
    tx.end2endId = `${doc.grpHdr.id}-${n + 1}`;
    tx.debtorName = sepaText(d.payerName, 70) || 'Pagante';
    tx.debtorIBAN = mandate.iban;
    tx.debtorBIC = mandate.bic ?? '';
    tx.mandateId = mandate.reference;
    tx.mandateSignatureDate = new Date(`${dayOf(mandate.signedOn)}T00:00:00Z`);
    tx.amount = d.amountCents / 100;
    tx.currency = 'EUR';
    tx.remittanceInfo = d.remittance;
    info.addTransaction(tx);
  });
  const body = Buffer.from(doc.toString(), 'utf8');
  logExport(ctx, { entityType: 'club', entityId: actor.clubId, detail: `Addebiti SEPA del ${collectionDate}: ${collection.debits.length} mandati, ${euro(collection.controlSumCents)}; esclusi ${collection.excluded.length}` });
  return { filename: `addebiti-sepa-${collectionDate}.xml`, body, collection };
}
