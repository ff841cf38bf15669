// The early-payment discount (issue 37 point 1): a plan may take a percent off a person's whole plan when it is paid
// in one payment by a date ("sconto per pagamento in un'unica soluzione entro il 30 settembre"). The charges keep
// their amounts; the discount is written on them when such a payment is recorded, with its reason, so receipts,
// statements and the prima nota all read what was really owed.
import type { Db } from '../../lib/club-rows';
import { dayOf } from '../../lib/date-columns';
import type { ChargeWithPaid } from './payments.service';

export interface EarlyGroup {
  planId: string;
  planName: string;
  personId: string;
  percent: number;
  /** YYYY-MM-DD: the last day to pay. */
  until: string;
  charges: ChargeWithPaid[];
  /** What is owed before the early discount, and the discount. */
  openCents: number;
  discountCents: number;
}

const reasonOf = (percent: number) => `Pagamento anticipato (−${percent}%)`;

/**
 * A person's plans still eligible on `paidOn` among `charges` (their open charges): the plan has an early discount
 * whose date is not past, and nothing of the person's charges of it was paid yet (a payment in one go), none
 * cancelled. Keyed by plan and person.
 */
export async function earlyGroups(db: Db, clubId: string, charges: ChargeWithPaid[], paidOn: string): Promise<Map<string, EarlyGroup>> {
  const planIds = [...new Set(charges.map((c) => c.planId).filter((id): id is string => !!id))];
  if (!planIds.length) return new Map();
  const plans = await db.feePlan.findMany({ where: { clubId, id: { in: planIds }, earlyPaymentPercent: { gt: 0 }, earlyPaymentBy: { gte: new Date(`${paidOn}T00:00:00Z`) } }, select: { id: true, name: true, earlyPaymentPercent: true, earlyPaymentBy: true } });
  if (!plans.length) return new Map();
  // Every charge of those plans for those people, to tell an untouched plan from a started or partly cancelled one.
  const all = await db.charge.findMany({
    where: { clubId, planId: { in: plans.map((p) => p.id) }, personId: { in: [...new Set(charges.map((c) => c.personId))] } },
    select: { id: true, planId: true, personId: true, cancelledAt: true, discountReason: true, allocations: { select: { id: true }, take: 1 } },
  });
  const groups = new Map<string, EarlyGroup>();
  for (const plan of plans) {
    for (const personId of new Set(charges.filter((c) => c.planId === plan.id).map((c) => c.personId))) {
      const theirs = all.filter((c) => c.planId === plan.id && c.personId === personId);
      const mine = charges.filter((c) => c.planId === plan.id && c.personId === personId);
      const untouched = theirs.every((c) => !c.cancelledAt && !c.allocations.length && !c.discountReason?.includes(reasonOf(plan.earlyPaymentPercent))) && mine.length === theirs.length;
      if (!untouched) continue;
      const openCents = mine.reduce((s, c) => s + c.openCents, 0);
      groups.set(`${plan.id}:${personId}`, {
        planId: plan.id,
        planName: plan.name,
        personId,
        percent: plan.earlyPaymentPercent,
        until: dayOf(plan.earlyPaymentBy)!,
        charges: mine,
        openCents,
        discountCents: Math.round((openCents * plan.earlyPaymentPercent) / 100),
      });
    }
  }
  return groups;
}

/** Writes the group's discount on its charges, the last instalment first; the charges' open amounts follow. */
export async function applyEarlyDiscount(tx: Db, group: EarlyGroup): Promise<void> {
  let left = group.discountCents;
  for (const c of [...group.charges].reverse()) {
    if (!left) break;
    const part = Math.min(left, c.openCents);
    left -= part;
    c.openCents -= part;
    const discountReason = [c.discountReason, reasonOf(group.percent)].filter(Boolean).join('; ');
    await tx.charge.update({ where: { id: c.id }, data: { discountCents: { increment: part }, discountReason } });
  }
}
