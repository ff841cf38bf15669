// Fee plans (issue 37 point 1): what a season's fee is (membership, course, kit), in which instalments, with which
// family discounts; assigning a plan to a group (or to chosen people) creates each person's charges, once per
// instalment. Both the assignment and a change of a charged plan can be asked as a preview first (`dryRun`): who it
// affects and what each will owe, nothing written. A change never touches a charge already paid, even in part.
import { clubDate } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { FEES_MSG } from '../../../schema/messages-fees';
import { assignFeePlanInput, saveFeePlanInput, type SaveFeePlanInput } from '../../../schema/validation/fees';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { FeePlan, FeePlanInstalment } from '../../generated/prisma/client.js';
import { isUniqueViolation } from '../../db/sql-state';
import { clubRowWhere, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';

type PlanWithInstalments = FeePlan & { instalments: FeePlanInstalment[] };

export interface SavedPlan {
  plan: PlanWithInstalments;
  /** People whose unpaid charges follow the change (the preview lists them before anything is written). */
  affected: Array<{ personId: string; name: string }>;
  message: string;
  dryRun: boolean;
}

async function findPlan(db: Db, clubId: string, id: unknown): Promise<PlanWithInstalments> {
  const plan = await db.feePlan.findFirst({ where: clubRowWhere(clubId, id), include: { instalments: { orderBy: { position: 'asc' } } } });
  if (!plan) throw new NotFoundError();
  return plan;
}

/** The charges of a plan that a change may still follow: not cancelled and with nothing paid. */
const openUnpaid = (planId: string) => ({ planId, cancelledAt: null, allocations: { none: {} } });

/**
 * Creates or changes a plan. A plan with charges keeps its season; a change of its instalments (amounts, due dates,
 * labels; added ones) is carried to the unpaid charges of its people, and an instalment removed cancels its unpaid
 * charges. `dryRun`: the same answer, nothing written.
 */
export async function saveFeePlan(ctx: RequestContext, raw: unknown, dryRun = false): Promise<SavedPlan> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(saveFeePlanInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const season = await tx.clubSeason.findFirst({ where: clubRowWhere(clubId, input.seasonId) });
      if (!season) throw new ValidationError({ seasonId: MSG.registrationSeasonRequired }, MSG.registrationSeasonRequired);
      const existing = input.id ? await findPlan(tx, clubId, input.id) : null;
      const charged = existing ? await tx.charge.count({ where: { planId: existing.id } }) : 0;
      if (existing && charged && existing.seasonId !== input.seasonId) throw new ValidationError({ seasonId: FEES_MSG.feePlanSeasonLocked }, FEES_MSG.feePlanSeasonLocked);
      const affected = existing && charged ? await affectedByChange(tx, existing, input) : [];
      if (dryRun) {
        const preview = { ...(existing ?? ({ id: '', clubId, createdAt: ctx.deps.now(), updatedAt: ctx.deps.now(), archivedAt: null } as FeePlan)), ...planColumns(input) };
        return { plan: { ...preview, instalments: instalmentRows(preview.id, clubId, input) }, affected, message: FEES_MSG.feePlanSaved, dryRun };
      }
      const plan = existing
        ? await tx.feePlan.update({ where: { id: existing.id }, data: planColumns(input) })
        : await tx.feePlan.create({ data: { clubId, ...planColumns(input) } });
      await saveInstalments(tx, clubId, plan.id, existing?.instalments ?? [], input, accountId);
      describeChange(tx, { action: existing ? 'update' : 'create', entityType: 'club', entityId: clubId, detail: `Piano quote «${plan.name}» ${existing ? 'modificato' : 'creato'}` });
      return {
        plan: await findPlan(tx, clubId, plan.id),
        affected,
        message: affected.length ? FEES_MSG.feePlanSavedAffecting(affected.length) : FEES_MSG.feePlanSaved,
        dryRun,
      };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(FEES_MSG.feePlanNameTaken, { name: FEES_MSG.feePlanNameTaken });
    throw e;
  }
}

const planColumns = (input: SaveFeePlanInput) => ({
  seasonId: input.seasonId,
  name: input.name,
  kind: input.kind,
  sport: input.sport ?? null,
  secondChildPercent: input.secondChildPercent,
  thirdChildPercent: input.thirdChildPercent,
  earlyPaymentPercent: input.earlyPaymentPercent,
  earlyPaymentBy: input.earlyPaymentBy ? dateColumn(input.earlyPaymentBy) : null,
});

const instalmentRows = (planId: string, clubId: string, input: SaveFeePlanInput): FeePlanInstalment[] =>
  input.instalments.map((i, position) => ({ id: '', clubId, planId, position, label: i.label, dueOn: dateColumn(i.dueOn), amountCents: i.amountCents }));

/** Who a change of a charged plan's instalments reaches: the people with an unpaid charge of it. */
async function affectedByChange(tx: Db, plan: PlanWithInstalments, input: SaveFeePlanInput) {
  const same = plan.instalments.length === input.instalments.length
    && plan.instalments.every((i, n) => i.label === input.instalments[n].label && dayOf(i.dueOn) === input.instalments[n].dueOn && i.amountCents === input.instalments[n].amountCents);
  if (same) return [];
  const rows = await tx.charge.findMany({ where: openUnpaid(plan.id), select: { personId: true, person: { select: { firstname: true, lastname: true } } }, distinct: ['personId'] });
  return rows.map((r) => ({ personId: r.personId, name: `${r.person.firstname} ${r.person.lastname}` })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

/** Writes the instalments in place (by position), carrying each change to the unpaid charges of that instalment. */
async function saveInstalments(tx: Db, clubId: string, planId: string, before: FeePlanInstalment[], input: SaveFeePlanInput, accountId: string) {
  for (const [position, i] of input.instalments.entries()) {
    const old = before.find((b) => b.position === position);
    const data = { label: i.label, dueOn: dateColumn(i.dueOn), amountCents: i.amountCents };
    if (!old) {
      const created = await tx.feePlanInstalment.create({ data: { clubId, planId, position, ...data } });
      // A new instalment reaches everyone already charged by the plan, with their family discount's percent.
      const people = await tx.charge.findMany({ where: { planId, cancelledAt: null }, select: { personId: true, seasonId: true, amountCents: true, discountCents: true, discountReason: true }, distinct: ['personId'] });
      await tx.charge.createMany({
        data: people.map((p) => ({
          clubId,
          personId: p.personId,
          seasonId: p.seasonId,
          planId,
          instalmentId: created.id,
          description: `${input.name}: ${i.label}`,
          dueOn: data.dueOn,
          amountCents: i.amountCents,
          discountCents: p.amountCents ? Math.round((i.amountCents * p.discountCents) / p.amountCents) : 0,
          discountReason: p.discountReason,
          createdBy: accountId,
        })),
        skipDuplicates: true,
      });
      continue;
    }
    await tx.feePlanInstalment.update({ where: { id: old.id }, data });
    if (old.amountCents !== i.amountCents || dayOf(old.dueOn) !== i.dueOn || old.label !== i.label) {
      const open = await tx.charge.findMany({ where: { ...openUnpaid(planId), instalmentId: old.id } });
      for (const c of open) {
        // The family discount keeps its percent of the new amount; a person's own reduction keeps its amount.
        const discountCents = c.discountReason?.startsWith('Sconto famiglia') && c.amountCents ? Math.round((i.amountCents * c.discountCents) / c.amountCents) : Math.min(c.discountCents, i.amountCents);
        await tx.charge.update({ where: { id: c.id }, data: { amountCents: i.amountCents, dueOn: data.dueOn, description: `${input.name}: ${i.label}`, discountCents } });
      }
    }
  }
  for (const old of before.filter((b) => b.position >= input.instalments.length)) {
    await tx.charge.updateMany({ where: { ...openUnpaid(planId), instalmentId: old.id }, data: { cancelledAt: new Date(), cancelReason: `Rata «${old.label}» tolta dal piano` } });
  }
}

export interface AssignmentRow {
  personId: string;
  name: string;
  /** 1 for the first child of a family charged by the plan, 2 for the second...; null: no family discount applies. */
  childOrder: number | null;
  discountPercent: number;
  totalCents: number;
  discountCents: number;
  /** Already charged by this plan: nothing new for them. */
  alreadyCharged: boolean;
}

/**
 * Assigns a plan to a group's athletes (or to chosen people): one charge per instalment per person, the family
 * discount applied by the children's order (oldest first) among the children of the same paying guardian that the
 * plan charges. `dryRun`: the rows, nothing written. A person already charged by the plan is left as is.
 */
export async function assignFeePlan(ctx: RequestContext, raw: unknown, dryRun = false): Promise<{ rows: AssignmentRow[]; message: string; dryRun: boolean }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(assignFeePlanInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const plan = await findPlan(tx, clubId, input.planId);
    if (plan.archivedAt) throw new ConflictError(FEES_MSG.feePlanArchived);
    const targets = await targetPeople(tx, clubId, input.groupId, input.personIds);
    const charged = new Set((await tx.charge.findMany({ where: { planId: plan.id, cancelledAt: null }, select: { personId: true }, distinct: ['personId'] })).map((c) => c.personId));
    const order = await familyOrder(tx, clubId, [...new Set([...charged, ...targets.map((t) => t.id)])]);
    const total = plan.instalments.reduce((sum, i) => sum + i.amountCents, 0);
    const rows = targets.map((p): AssignmentRow => {
      const childOrder = order.get(p.id) ?? null;
      const discountPercent = childOrder === 2 ? plan.secondChildPercent : childOrder !== null && childOrder >= 3 ? plan.thirdChildPercent : 0;
      const discountCents = plan.instalments.reduce((sum, i) => sum + Math.round((i.amountCents * discountPercent) / 100), 0);
      return { personId: p.id, name: `${p.firstname} ${p.lastname}`, childOrder, discountPercent, totalCents: total - discountCents, discountCents, alreadyCharged: charged.has(p.id) };
    });
    const fresh = rows.filter((r) => !r.alreadyCharged);
    if (dryRun) return { rows, message: FEES_MSG.feeAssigned(fresh.length), dryRun };
    if (!fresh.length) throw new ConflictError(FEES_MSG.feeNothingToAssign);
    await tx.charge.createMany({
      data: fresh.flatMap((r) =>
        plan.instalments.map((i) => ({
          clubId,
          personId: r.personId,
          seasonId: plan.seasonId,
          planId: plan.id,
          instalmentId: i.id,
          description: `${plan.name}: ${i.label}`,
          dueOn: i.dueOn,
          amountCents: i.amountCents,
          discountCents: Math.round((i.amountCents * r.discountPercent) / 100),
          discountReason: r.discountPercent ? `Sconto famiglia: ${r.childOrder}° figlio (${r.discountPercent}%)` : null,
          createdBy: accountId,
        })),
      ),
      skipDuplicates: true,
    });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Piano quote «${plan.name}» assegnato a ${fresh.length} persone` });
    return { rows, message: FEES_MSG.feeAssigned(fresh.length), dryRun };
  });
}

async function targetPeople(tx: Db, clubId: string, groupId: string | undefined, personIds: string[] | undefined) {
  const where = groupId
    ? { clubId, roles: { some: { archivedAt: null, groups: { some: { groupId } } } } }
    : { clubId, id: { in: personIds ?? [] }, roles: { some: { archivedAt: null } } };
  if (groupId && !(await tx.group.findFirst({ where: clubRowWhere(clubId, groupId), select: { id: true } }))) throw new NotFoundError();
  const people = await tx.person.findMany({ where, select: { id: true, firstname: true, lastname: true }, orderBy: [{ sortName: 'asc' }, { id: 'asc' }] });
  if (!groupId && people.length !== new Set(personIds).size) throw new NotFoundError();
  return people;
}

/**
 * Each person's place among the children of their family that `personIds` holds: a family is the children sharing a
 * guardian who pays; the oldest is 1. People with no paying guardian (adults) have no place.
 */
async function familyOrder(tx: Db, clubId: string, personIds: string[]): Promise<Map<string, number>> {
  const links = await tx.guardianship.findMany({ where: { clubId, minorId: { in: personIds }, pays: true }, select: { minorId: true, guardianId: true, minor: { select: { birthday: true } } } });
  const byGuardian = new Map<string, Array<{ id: string; birthday: Date | null }>>();
  for (const l of links) byGuardian.set(l.guardianId, [...(byGuardian.get(l.guardianId) ?? []), { id: l.minorId, birthday: l.minor.birthday }]);
  const order = new Map<string, number>();
  for (const children of byGuardian.values()) {
    children.sort((a, b) => (a.birthday?.getTime() ?? 0) - (b.birthday?.getTime() ?? 0) || a.id.localeCompare(b.id));
    // With two guardians the same children come twice: the best place (the smallest number) is kept.
    children.forEach((c, n) => order.set(c.id, Math.min(order.get(c.id) ?? Infinity, n + 1)));
  }
  return order;
}

/** The club's plans (of a season), newest first, archived ones last: the query's arguments, for the GraphQL face's selection. */
export function feePlansQuery(ctx: RequestContext, seasonId?: string) {
  const { clubId } = clubMember(ctx);
  return {
    where: { clubId, ...(seasonId ? { seasonId } : {}) },
    orderBy: [{ archivedAt: { sort: 'desc' as const, nulls: 'first' as const } }, { createdAt: 'desc' as const }, { id: 'asc' as const }],
    take: 200,
  };
}

export async function archiveFeePlan(ctx: RequestContext, id: unknown): Promise<{ plan: PlanWithInstalments; message: string }> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const plan = await findPlan(tx, clubId, id);
    await tx.feePlan.update({ where: { id: plan.id }, data: { archivedAt: plan.archivedAt ?? new Date() } });
    describeChange(tx, { action: 'archive', entityType: 'club', entityId: clubId, detail: `Piano quote «${plan.name}» archiviato` });
    return { plan: await findPlan(tx, clubId, plan.id), message: FEES_MSG.feePlanArchived };
  });
}

export const todayOf = (ctx: RequestContext) => clubDate(ctx.deps.now());
