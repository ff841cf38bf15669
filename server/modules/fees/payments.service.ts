// What each person and family owes and paid (issue 37 point 2): charges (from plans, or one-off), a person's own
// reduction with its reason, payments spread over the open charges (the oldest due first, or the ones chosen),
// refunds, and cancellations that keep the history: nothing of money is ever deleted. A family is a payer and the
// minors they are a paying guardian of.
import { MSG } from '../../../schema/messages';
import { FEES_MSG } from '../../../schema/messages-fees';
import { cancelInput, chargeDiscountInput, euro, oneOffChargeInput, recordPaymentInput } from '../../../schema/validation/fees';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { Prisma, type Charge, type Payment } from '../../generated/prisma/client.js';
import { CLUB, clubSql } from '../../access/club-sql';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { applyEarlyDiscount, earlyGroups, type EarlyGroup } from './early-payment';
import { todayOf } from './fee-plans.service';

export type ChargeWithPaid = Charge & { paidCents: number; openCents: number; person: { id: string; firstname: string; lastname: string } };

/**
 * What is still owed of each charge (its amount less discount less what was allocated to it; refunds reduce it), and
 * whose it is: two statements for any number of charges, never one per row.
 */
export async function withPaid(db: Db, charges: Charge[]): Promise<ChargeWithPaid[]> {
  if (!charges.length) return [];
  const clubId = charges[0].clubId;
  const [sums, people] = await Promise.all([
    db.paymentAllocation.groupBy({ by: ['chargeId'], where: { clubId, chargeId: { in: charges.map((c) => c.id) } }, _sum: { amountCents: true } }),
    db.person.findMany({ where: { clubId, id: { in: [...new Set(charges.map((c) => c.personId))] } }, select: { id: true, firstname: true, lastname: true } }),
  ]);
  const paid = new Map(sums.map((s) => [s.chargeId, s._sum.amountCents ?? 0]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return charges.map((c) => {
    const paidCents = paid.get(c.id) ?? 0;
    return { ...c, person: personOf.get(c.personId)!, paidCents, openCents: c.cancelledAt ? 0 : Math.max(0, c.amountCents - c.discountCents - paidCents) };
  });
}

/** One person's charges, by due date (none for an unknown id or another club's). */
export async function personCharges(ctx: RequestContext, personId: unknown): Promise<ChargeWithPaid[]> {
  const { clubId } = clubMember(ctx);
  if (!isUuid(personId)) return [];
  const db = clubDb(ctx);
  return withPaid(db, await db.charge.findMany({ where: { clubId, personId }, orderBy: [{ dueOn: 'asc' }, { id: 'asc' }] }));
}

/** The people a payer pays for: themselves and the minors they are a paying guardian of. */
export async function familyOf(db: Db, clubId: string, payerId: string): Promise<string[]> {
  const minors = await db.guardianship.findMany({ where: { clubId, guardianId: payerId, pays: true }, select: { minorId: true } });
  return [payerId, ...minors.map((m) => m.minorId)];
}

/** A person of the club: a payer may hold no role (a parent known only as a guardian). */
async function findPerson(db: Db, clubId: string, id: unknown) {
  const person = isUuid(id) ? await db.person.findFirst({ where: { clubId, id }, select: { id: true, firstname: true, lastname: true } }) : null;
  if (!person) throw new NotFoundError();
  return person;
}

const name = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/**
 * Records a payment from `payerId` and spreads it over the charges chosen (in order) or the family's open charges,
 * the oldest due first. More than what is open is refused (no silent credit).
 */
export async function recordPayment(ctx: RequestContext, raw: unknown): Promise<{ payment: Payment; allocated: Array<{ chargeId: string; amountCents: number }>; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(recordPaymentInput(todayOf(ctx)), raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const payer = await findPerson(tx, clubId, input.payerId);
    const family = await familyOf(tx, clubId, payer.id);
    // Locks the family's charges first: two payments at once cannot both settle the same euro.
    await tx.$queryRaw(clubSql(clubId)`SELECT id FROM charges WHERE club_id = ${CLUB} AND person_id = ANY(${family}::uuid[]) AND cancelled_at IS NULL FOR UPDATE`);
    const open = (await withPaid(tx, await tx.charge.findMany({ where: { clubId, personId: { in: family }, cancelledAt: null }, orderBy: [{ dueOn: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] }))).filter((c) => c.openCents > 0);
    let targets = open;
    if (input.chargeIds?.length) {
      targets = input.chargeIds.map((id) => open.find((c) => c.id === id)).filter((c): c is ChargeWithPaid => !!c);
      if (targets.length !== new Set(input.chargeIds).size) throw new ValidationError({ chargeIds: FEES_MSG.paymentChargeNotOpen }, FEES_MSG.paymentChargeNotOpen);
    }
    const openTotal = targets.reduce((sum, c) => sum + c.openCents, 0);
    if (!openTotal) throw new ConflictError(FEES_MSG.paymentNothingOpen);
    if (input.amountCents > openTotal) throw new ValidationError({ amountCents: FEES_MSG.paymentOverpaid(euro(openTotal)) }, FEES_MSG.paymentOverpaid(euro(openTotal)));
    const payment = await tx.payment.create({
      data: { clubId, payerId: payer.id, method: input.method, paidOn: dateColumn(input.paidOn), amountCents: input.amountCents, reference: input.reference ?? null, note: input.note ?? null, createdBy: accountId },
    });
    // A person's plan with an early-payment discount is decided at its first charge: paid whole (less the discount)
    // by what is left of this payment, it takes the discount and is settled at once; otherwise it is paid as usual.
    const early = await earlyGroups(tx, clubId, targets, input.paidOn);
    const settledEarly = new Set<string>();
    let earlyCents = 0;
    let left = input.amountCents;
    const allocated: Array<{ chargeId: string; amountCents: number }> = [];
    const allocate = (c: ChargeWithPaid) => {
      const part = Math.min(left, c.openCents);
      if (part) allocated.push({ chargeId: c.id, amountCents: part });
      left -= part;
    };
    for (const c of targets) {
      if (!left) break;
      const key = `${c.planId}:${c.personId}`;
      if (settledEarly.has(key)) continue;
      const group = early.get(key);
      early.delete(key);
      if (group && left >= group.openCents - group.discountCents) {
        await applyEarlyDiscount(tx, group);
        group.charges.forEach(allocate);
        settledEarly.add(key);
        earlyCents += group.discountCents;
        continue;
      }
      allocate(c);
    }
    // Paid whole early, a plan owes less than counted above: what is left over would be a silent credit.
    if (left) throw new ValidationError({ amountCents: FEES_MSG.paymentOverpaid(euro(input.amountCents - left)) }, FEES_MSG.paymentOverpaid(euro(input.amountCents - left)));
    await tx.paymentAllocation.createMany({ data: allocated.map((a) => ({ clubId, paymentId: payment.id, ...a })) });
    const discountNote = earlyCents ? ` ${FEES_MSG.earlyPaymentApplied(euro(earlyCents))}` : '';
    describeChange(tx, { action: 'create', entityType: 'person', entityId: payer.id, personId: payer.id, entityLabel: name(payer), detail: `Pagamento di ${euro(input.amountCents)} (${input.method}) registrato.${discountNote}` });
    return { payment, allocated, message: FEES_MSG.paymentRecorded(euro(input.amountCents)) + discountNote };
  });
}

/** Gives back (part of) a payment: a negative payment whose allocations undo the original's, the charge due last first. */
export async function refundPayment(ctx: RequestContext, paymentId: unknown, amountCents: unknown, reason: unknown): Promise<{ payment: Payment; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(cancelInput, { id: paymentId, reason });
  if (typeof amountCents !== 'number' || !Number.isInteger(amountCents) || amountCents <= 0) throw new ValidationError({ amountCents: FEES_MSG.feeAmountInvalid }, FEES_MSG.feeAmountInvalid);
  return clubDb(ctx).$transaction(async (tx) => {
    const original = await tx.payment.findFirst({ where: { ...clubRowWhere(clubId, input.id), amountCents: { gt: 0 } }, include: { payer: true, allocations: { orderBy: [{ charge: { dueOn: 'desc' } }, { charge: { createdAt: 'desc' } }, { chargeId: 'desc' }] }, refunds: true } });
    if (!original) throw new NotFoundError();
    const given = original.refunds.reduce((sum, r) => sum - r.amountCents, 0);
    const max = original.amountCents - given;
    if (amountCents > max) throw new ValidationError({ amountCents: FEES_MSG.refundTooHigh(euro(max)) }, FEES_MSG.refundTooHigh(euro(max)));
    const refund = await tx.payment.create({
      data: { clubId, payerId: original.payerId, method: original.method, paidOn: dateColumn(todayOf(ctx)), amountCents: -amountCents, note: input.reason, refundOfId: original.id, createdBy: accountId },
    });
    // What is left of each allocation (earlier refunds already took back part), undone from the charge due last.
    const taken = new Map<string, number>();
    for (const r of await tx.paymentAllocation.findMany({ where: { clubId, payment: { refundOfId: original.id } } })) taken.set(r.chargeId, (taken.get(r.chargeId) ?? 0) - r.amountCents);
    let left = amountCents;
    for (const a of original.allocations) {
      if (!left) break;
      const remaining = a.amountCents - (taken.get(a.chargeId) ?? 0);
      const part = Math.min(left, Math.max(0, remaining));
      if (!part) continue;
      await tx.paymentAllocation.create({ data: { clubId, paymentId: refund.id, chargeId: a.chargeId, amountCents: -part } });
      taken.set(a.chargeId, (taken.get(a.chargeId) ?? 0) + part);
      left -= part;
    }
    describeChange(tx, { action: 'create', entityType: 'person', entityId: original.payerId, personId: original.payerId, entityLabel: name(original.payer), detail: `Rimborso di ${euro(amountCents)}: ${input.reason}` });
    return { payment: refund, message: FEES_MSG.refundRecorded(euro(amountCents)) };
  });
}

/** A one-off charge (a trip, a fine, a second kit) for one person. */
export async function addOneOffCharge(ctx: RequestContext, raw: unknown): Promise<{ charge: Charge; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(oneOffChargeInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const person = await findPerson(tx, clubId, input.personId);
    if (!(await tx.clubSeason.findFirst({ where: clubRowWhere(clubId, input.seasonId), select: { id: true } }))) throw new ValidationError({ seasonId: MSG.registrationSeasonRequired }, MSG.registrationSeasonRequired);
    const charge = await tx.charge.create({ data: { clubId, personId: person.id, seasonId: input.seasonId, description: input.description, dueOn: dateColumn(input.dueOn), amountCents: input.amountCents, createdBy: accountId } });
    describeChange(tx, { action: 'create', entityType: 'person', entityId: person.id, personId: person.id, entityLabel: name(person), detail: `Addebito «${input.description}» di ${euro(input.amountCents)}` });
    return { charge, message: FEES_MSG.chargeAdded };
  });
}

async function findCharge(tx: Db, clubId: string, id: unknown) {
  const charge = isUuid(id) ? await tx.charge.findFirst({ where: { clubId, id }, include: { person: { select: { firstname: true, lastname: true } } } }) : null;
  if (!charge) throw new NotFoundError();
  return charge;
}

/** A person's own reduction on a charge (a hardship, a staff member's child), with its reason. */
export async function setChargeDiscount(ctx: RequestContext, raw: unknown): Promise<{ charge: Charge; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(chargeDiscountInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const charge = await findCharge(tx, clubId, input.chargeId);
    if (charge.cancelledAt) throw new ConflictError(FEES_MSG.chargeAlreadyCancelled);
    const [paid] = await withPaid(tx, [charge]);
    if (input.discountCents > charge.amountCents - paid.paidCents) throw new ValidationError({ discountCents: FEES_MSG.chargeDiscountTooHigh }, FEES_MSG.chargeDiscountTooHigh);
    const updated = await tx.charge.update({ where: { id: charge.id }, data: { discountCents: input.discountCents, discountReason: input.reason } });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: charge.personId, personId: charge.personId, entityLabel: name(charge.person), detail: `Riduzione di ${euro(input.discountCents)} su «${charge.description}»: ${input.reason}` });
    return { charge: updated, message: FEES_MSG.chargeDiscountSaved };
  });
}

/** Cancels a charge with nothing paid on it (the row stays, marked, with the reason). */
export async function cancelCharge(ctx: RequestContext, raw: unknown): Promise<{ charge: Charge; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(cancelInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const charge = await findCharge(tx, clubId, input.id);
    if (charge.cancelledAt) throw new ConflictError(FEES_MSG.chargeAlreadyCancelled);
    const [paid] = await withPaid(tx, [charge]);
    if (paid.paidCents > 0) throw new ConflictError(FEES_MSG.chargePaidCannotCancel);
    const updated = await tx.charge.update({ where: { id: charge.id }, data: { cancelledAt: ctx.deps.now(), cancelReason: input.reason } });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: charge.personId, personId: charge.personId, entityLabel: name(charge.person), detail: `Addebito «${charge.description}» annullato: ${input.reason}` });
    return { charge: updated, message: FEES_MSG.chargeCancelled };
  });
}

export interface Statement {
  payerId: string;
  people: Array<{ personId: string; name: string; charges: ChargeWithPaid[]; dueCents: number; paidCents: number; openCents: number; overdueCents: number; earlyOffers: EarlyGroup[] }>;
  payments: Payment[];
  dueCents: number;
  paidCents: number;
  openCents: number;
  overdueCents: number;
}

/** A family's statement: each person's charges (overdue first), what was paid, what is open; the payer's payments. */
export async function familyStatement(ctx: RequestContext, payerId: unknown): Promise<Statement> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const payer = await findPerson(db, clubId, payerId);
  const family = await familyOf(db, clubId, payer.id);
  return statementOf(db, clubId, payer.id, family, todayOf(ctx));
}

export async function statementOf(db: Db, clubId: string, payerId: string, family: string[], today: string): Promise<Statement> {
  const [people, charges, payments] = await Promise.all([
    db.person.findMany({ where: { clubId, id: { in: family } }, select: { id: true, firstname: true, lastname: true } }),
    db.charge.findMany({ where: { clubId, personId: { in: family } }, orderBy: [{ dueOn: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] }),
    db.payment.findMany({ where: { clubId, payerId }, orderBy: [{ paidOn: 'desc' }, { createdAt: 'desc' }] }),
  ]);
  const all = await withPaid(db, charges);
  const early = await earlyGroups(db, clubId, all.filter((c) => c.openCents > 0), today);
  const overdue = (c: ChargeWithPaid) => c.openCents > 0 && dayOf(c.dueOn)! < today;
  const rows = family
    .map((id) => people.find((p) => p.id === id))
    .filter((p): p is NonNullable<typeof p> => !!p)
    .map((p) => {
      const mine = all.filter((c) => c.personId === p.id).sort((a, b) => Number(overdue(b)) - Number(overdue(a)));
      const live = mine.filter((c) => !c.cancelledAt);
      return {
        personId: p.id,
        name: name(p),
        charges: mine,
        dueCents: live.reduce((s, c) => s + c.amountCents - c.discountCents, 0),
        paidCents: live.reduce((s, c) => s + c.paidCents, 0),
        openCents: live.reduce((s, c) => s + c.openCents, 0),
        overdueCents: live.filter(overdue).reduce((s, c) => s + c.openCents, 0),
        earlyOffers: [...early.values()].filter((g) => g.personId === p.id),
      };
    })
    .filter((r) => r.charges.length || r.personId === payerId);
  const sum = (key: 'dueCents' | 'paidCents' | 'openCents' | 'overdueCents') => rows.reduce((s, r) => s + r[key], 0);
  return { payerId, people: rows, payments, dueCents: sum('dueCents'), paidCents: sum('paidCents'), openCents: sum('openCents'), overdueCents: sum('overdueCents') };
}

/** The club's overdue charges (open, due before today), the oldest first; optionally one group's people. */
export async function overdueCharges(ctx: RequestContext, groupId: string | null, first: number, offset: number): Promise<{ totalCount: number; items: ChargeWithPaid[] }> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const today = todayOf(ctx);
  const inGroup = groupId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM person_roles r JOIN group_members gm ON gm.role_id = r.id WHERE r.person_id = c.person_id AND gm.group_id = ${groupId}::uuid)`
    : Prisma.empty;
  // What is open is computed in the statement (amount - discount - allocations), so the page and its count are exact.
  const rows = await db.$queryRaw<Array<{ id: string; total: bigint }>>(clubSql(clubId)`
    SELECT c.id, count(*) OVER () AS total
    FROM charges c
    WHERE c.club_id = ${CLUB} AND c.cancelled_at IS NULL AND c.due_on < ${today}::date ${inGroup}
      AND c.amount_cents - c.discount_cents > COALESCE((SELECT sum(a.amount_cents) FROM payment_allocations a WHERE a.charge_id = c.id), 0)
    ORDER BY c.due_on, c.id
    LIMIT ${first} OFFSET ${offset}`);
  const charges = await db.charge.findMany({ where: { clubId, id: { in: rows.map((r) => r.id) } } });
  const items = await withPaid(db, rows.map((r) => charges.find((c) => c.id === r.id)!));
  return { totalCount: Number(rows[0]?.total ?? 0), items };
}

export interface FeesOverview {
  /**
   * Per month (YYYY-MM) of the season, and of any month before or after it in which the season's charges fall due or
   * are paid: what falls due (charges, discount applied) and what was collected (payments, net of refunds).
   */
  months: Array<{ month: string; expectedCents: number; collectedCents: number }>;
  /** Still open on charges due in the current month. */
  dueThisMonthCents: number;
  /** Open on charges due before today, per group of the people (a person in two groups counts in both); `null`: in no group. */
  overdueByGroup: Array<{ groupId: string | null; groupName: string; people: number; overdueCents: number }>;
}

/** The treasurer's view of a season: expected against collected per month, what falls due this month, overdue by group. */
export async function feesOverview(ctx: RequestContext, seasonId: unknown): Promise<FeesOverview> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const season = isUuid(seasonId) ? await db.clubSeason.findFirst({ where: { clubId, id: seasonId } }) : null;
  if (!season) throw new NotFoundError();
  const today = todayOf(ctx);
  const open = Prisma.sql`c.amount_cents - c.discount_cents - COALESCE((SELECT sum(a.amount_cents) FROM payment_allocations a WHERE a.charge_id = c.id), 0)`;
  const [expected, collected, thisMonth, byGroup] = await Promise.all([
    db.$queryRaw<Array<{ month: string; cents: bigint }>>(clubSql(clubId)`
      SELECT to_char(c.due_on, 'YYYY-MM') AS month, sum(c.amount_cents - c.discount_cents) AS cents
      FROM charges c WHERE c.club_id = ${CLUB} AND c.season_id = ${season.id}::uuid AND c.cancelled_at IS NULL
      GROUP BY 1`),
    db.$queryRaw<Array<{ month: string; cents: bigint }>>(clubSql(clubId)`
      SELECT to_char(p.paid_on, 'YYYY-MM') AS month, sum(a.amount_cents) AS cents
      FROM payment_allocations a JOIN payments p ON p.id = a.payment_id JOIN charges c ON c.id = a.charge_id
      WHERE a.club_id = ${CLUB} AND c.season_id = ${season.id}::uuid
      GROUP BY 1`),
    db.$queryRaw<Array<{ cents: bigint | null }>>(clubSql(clubId)`
      SELECT sum(GREATEST(${open}, 0)) AS cents FROM charges c
      WHERE c.club_id = ${CLUB} AND c.season_id = ${season.id}::uuid AND c.cancelled_at IS NULL
        AND to_char(c.due_on, 'YYYY-MM') = ${today.slice(0, 7)}`),
    db.$queryRaw<Array<{ group_id: string | null; group_name: string | null; people: number; cents: bigint }>>(clubSql(clubId)`
      SELECT g.id AS group_id, g.name AS group_name, count(DISTINCT c.person_id)::int AS people, sum(${open}) AS cents
      FROM charges c
      LEFT JOIN person_roles r ON r.person_id = c.person_id AND r.archived_at IS NULL
      LEFT JOIN group_members gm ON gm.role_id = r.id
      LEFT JOIN groups g ON g.id = gm.group_id
      WHERE c.club_id = ${CLUB} AND c.season_id = ${season.id}::uuid AND c.cancelled_at IS NULL AND c.due_on < ${today}::date AND ${open} > 0
      GROUP BY g.id, g.name
      ORDER BY sum(${open}) DESC`),
  ]);
  // The season's months, widened to any month a charge of the season falls due or is paid in: a registration fee due
  // (or paid) in July for the season starting in September counts in July, not nowhere.
  const seen = [...expected, ...collected].map((row) => row.month).sort();
  const first = [season.startsOn.toISOString().slice(0, 7), ...seen.slice(0, 1)].sort()[0];
  const last = [season.endsOn.toISOString().slice(0, 7), ...seen.slice(-1)].sort().at(-1)!;
  const months: FeesOverview['months'] = [];
  for (let d = new Date(`${first}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= last; d.setUTCMonth(d.getUTCMonth() + 1)) {
    const month = d.toISOString().slice(0, 7);
    months.push({ month, expectedCents: Number(expected.find((e) => e.month === month)?.cents ?? 0), collectedCents: Number(collected.find((c) => c.month === month)?.cents ?? 0) });
  }
  return {
    months,
    dueThisMonthCents: Number(thisMonth[0]?.cents ?? 0),
    overdueByGroup: byGroup.map((g) => ({ groupId: g.group_id, groupName: g.group_name ?? 'Senza gruppo', people: g.people, overdueCents: Number(g.cents) })),
  };
}
