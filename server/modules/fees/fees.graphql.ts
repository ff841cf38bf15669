// GraphQL face of fees, payments and receipts (issue 37): thin adapters over fee-plans, payments and receipts
// services. Who may call each field is the operation table's (fees.read, fees.write). Amounts are euro cents.
import { FEE_KINDS, PAYMENT_METHODS } from '../../../schema/validation/fees';
import { clubDb } from '../../access/request-db';
import { builder } from '../../graphql/builder';
import { MAX_PAGE_SIZE } from '../../graphql/enums';
import { dayOf } from '../../lib/date-columns';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { archiveFeePlan, assignFeePlan, feePlansQuery, saveFeePlan, type AssignmentRow, type SavedPlan } from './fee-plans.service';
import { addOneOffCharge, cancelCharge, familyStatement, feesOverview, overdueCharges, personCharges, recordPayment, refundPayment, setChargeDiscount, type ChargeWithPaid, type FeesOverview, type Statement } from './payments.service';
import { cancelReceipt, issueReceipts, issueReceiptsForPeriod, type ReceiptContent } from './receipts.service';

const FeeKindEnum = builder.enumType('FeeKind', { description: 'quota_associativa, corso, kit, altro.', values: FEE_KINDS });
const PaymentMethodEnum = builder.enumType('PaymentMethod', { description: 'contanti (never traceable: not deductible), bonifico, pos, sepa.', values: PAYMENT_METHODS });
const day = (d: Date | null) => dayOf(d);

builder.prismaObject('FeePlanInstalment', {
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    label: t.exposeString('label'),
    dueOn: t.string({ resolve: (i) => day(i.dueOn)! }),
    amountCents: t.exposeInt('amountCents'),
  }),
});

const FeePlanRef = builder.prismaObject('FeePlan', {
  description: "A season's fee plan: instalments and family discounts.",
  fields: (t) => ({
    id: t.exposeID('id'),
    seasonId: t.exposeID('seasonId'),
    name: t.exposeString('name'),
    kind: t.expose('kind', { type: FeeKindEnum }),
    sport: t.exposeString('sport', { nullable: true }),
    secondChildPercent: t.exposeInt('secondChildPercent'),
    thirdChildPercent: t.exposeInt('thirdChildPercent'),
    earlyPaymentPercent: t.exposeInt('earlyPaymentPercent', { description: "Percent off for paying a person's whole plan in one payment by earlyPaymentBy (0: none)." }),
    earlyPaymentBy: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.earlyPaymentBy) }),
    archived: t.boolean({ resolve: (p) => p.archivedAt !== null }),
    totalCents: t.int({ select: { instalments: { select: { amountCents: true } } }, resolve: (p) => p.instalments.reduce((s, i) => s + i.amountCents, 0) }),
    instalments: t.relation('instalments', { query: { orderBy: { position: 'asc' } } }),
    chargedPeople: t.int({ description: 'People charged by the plan (charges not cancelled).', resolve: async (p, _a, ctx) => (await clubDb(ctx).charge.findMany({ where: { planId: p.id, cancelledAt: null }, distinct: ['personId'], select: { personId: true } })).length }),
  }),
});

// Previews and answers built by the services (not rows of the database yet).
const PlanPreviewRef = builder.objectRef<SavedPlan['plan']>('FeePlanPreview').implement({
  fields: (t) => ({
    id: t.id({ nullable: true, resolve: (p) => p.id || null }),
    name: t.exposeString('name'),
    totalCents: t.int({ resolve: (p) => p.instalments.reduce((s, i) => s + i.amountCents, 0) }),
  }),
});

const SaveFeePlanPayload = builder.objectRef<SavedPlan>('SaveFeePlanPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    dryRun: t.exposeBoolean('dryRun'),
    preview: t.field({ type: PlanPreviewRef, resolve: (r) => r.plan }),
    plan: t.prismaField({ type: 'FeePlan', nullable: true, description: 'Null for a dry run.', resolve: (query, r, _a, ctx) => clubDb(ctx).feePlan.findFirst({ ...query, where: { id: { in: r.dryRun ? [] : [r.plan.id] } } }) }),
    affected: t.stringList({ description: 'The people whose unpaid charges follow the change, by name.', resolve: (r) => r.affected.map((a) => a.name) }),
  }),
});

const AssignmentRowRef = builder.objectRef<AssignmentRow>('FeeAssignmentRow').implement({
  fields: (t) => ({
    personId: t.exposeID('personId'),
    name: t.exposeString('name'),
    childOrder: t.exposeInt('childOrder', { nullable: true, description: "1 for a family's first child charged by the plan, 2 for the second...; null without a paying guardian." }),
    discountPercent: t.exposeInt('discountPercent'),
    discountCents: t.exposeInt('discountCents'),
    totalCents: t.exposeInt('totalCents', { description: 'What the person will owe, discount applied.' }),
    alreadyCharged: t.exposeBoolean('alreadyCharged'),
  }),
});

const AssignPayload = builder.objectRef<{ rows: AssignmentRow[]; message: string; dryRun: boolean }>('AssignFeePlanPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), dryRun: t.exposeBoolean('dryRun'), rows: t.field({ type: [AssignmentRowRef], resolve: (r) => r.rows }) }),
});

const ChargeRef = builder.objectRef<ChargeWithPaid>('Charge').implement({
  description: 'What one person owes: an instalment of a plan or a one-off charge. Never deleted: cancelled with a reason.',
  fields: (t) => ({
    id: t.exposeID('id'),
    personId: t.exposeID('personId'),
    planId: t.exposeID('planId', { nullable: true }),
    description: t.exposeString('description'),
    dueOn: t.string({ resolve: (c) => day(c.dueOn)! }),
    amountCents: t.exposeInt('amountCents'),
    discountCents: t.exposeInt('discountCents'),
    discountReason: t.exposeString('discountReason', { nullable: true }),
    paidCents: t.exposeInt('paidCents'),
    openCents: t.exposeInt('openCents', { description: 'Still owed (0 once paid or cancelled).' }),
    cancelled: t.boolean({ resolve: (c) => c.cancelledAt !== null }),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    person: t.field({
      type: builder.objectRef<{ id: string; firstname: string; lastname: string }>('ChargePerson').implement({ fields: (f) => ({ id: f.exposeID('id'), firstname: f.exposeString('firstname'), lastname: f.exposeString('lastname') }) }),
      resolve: (c) => c.person,
    }),
  }),
});

const PaymentRef = builder.prismaObject('Payment', {
  description: 'Money received from a payer (negative: a refund), spread over charges.',
  fields: (t) => ({
    id: t.exposeID('id'),
    payerId: t.exposeID('payerId'),
    method: t.expose('method', { type: PaymentMethodEnum }),
    paidOn: t.string({ resolve: (p) => day(p.paidOn)! }),
    amountCents: t.exposeInt('amountCents'),
    reference: t.exposeString('reference', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    refundOfId: t.exposeID('refundOfId', { nullable: true }),
    receipts: t.relation('receipts', { query: { orderBy: [{ year: 'asc' }, { number: 'asc' }] } }),
  }),
});

builder.prismaObject('Receipt', {
  description: 'A receipt: number per club and year, frozen once issued; a cancelled one is kept and replaced. PDF: GET /api/receipts/{id}.pdf.',
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.string({ description: 'Number/year, as printed.', resolve: (r) => `${r.number}/${r.year}` }),
    personId: t.exposeID('personId'),
    payerId: t.exposeID('payerId'),
    issuedOn: t.string({ resolve: (r) => day(r.issuedOn)! }),
    amountCents: t.exposeInt('amountCents'),
    deductible: t.boolean({ resolve: (r) => (r.content as unknown as ReceiptContent).deductible }),
    cancelled: t.boolean({ resolve: (r) => r.cancelledAt !== null }),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    replacedById: t.exposeID('replacedById', { nullable: true }),
    emailed: t.boolean({ resolve: (r) => r.emailedAt !== null }),
  }),
});

const EarlyOfferRef = builder.objectRef<Statement['people'][number]['earlyOffers'][number]>('EarlyPaymentOffer').implement({
  description: "A plan the person may still pay whole with its early-payment discount: one payment of payCents by `until`.",
  fields: (t) => ({
    planName: t.exposeString('planName'),
    percent: t.exposeInt('percent'),
    until: t.exposeString('until', { description: 'YYYY-MM-DD' }),
    openCents: t.exposeInt('openCents'),
    discountCents: t.exposeInt('discountCents'),
    payCents: t.int({ resolve: (g) => g.openCents - g.discountCents }),
  }),
});

const StatementPersonRef = builder.objectRef<Statement['people'][number]>('StatementPerson').implement({
  fields: (t) => ({
    personId: t.exposeID('personId'),
    name: t.exposeString('name'),
    dueCents: t.exposeInt('dueCents'),
    paidCents: t.exposeInt('paidCents'),
    openCents: t.exposeInt('openCents'),
    overdueCents: t.exposeInt('overdueCents'),
    charges: t.field({ type: [ChargeRef], description: 'Overdue first, then by due date.', resolve: (p) => p.charges }),
    earlyOffers: t.field({ type: [EarlyOfferRef], resolve: (p) => p.earlyOffers }),
  }),
});

const StatementRef = builder.objectRef<Statement>('FamilyStatement').implement({
  description: "A family's statement: the payer and the minors they are a paying guardian of.",
  fields: (t) => ({
    payerId: t.exposeID('payerId'),
    people: t.field({ type: [StatementPersonRef], resolve: (s) => s.people }),
    payments: t.field({ type: [PaymentRef], resolve: (s) => s.payments }),
    dueCents: t.exposeInt('dueCents'),
    paidCents: t.exposeInt('paidCents'),
    openCents: t.exposeInt('openCents'),
    overdueCents: t.exposeInt('overdueCents'),
  }),
});

const OverduePage = builder.objectRef<{ totalCount: number; items: ChargeWithPaid[] }>('OverdueCharges').implement({
  fields: (t) => ({ totalCount: t.exposeInt('totalCount'), items: t.field({ type: [ChargeRef], resolve: (p) => p.items }) }),
});

const FeesMonthRef = builder.objectRef<FeesOverview['months'][number]>('FeesMonth').implement({
  fields: (t) => ({ month: t.exposeString('month', { description: 'YYYY-MM' }), expectedCents: t.exposeInt('expectedCents'), collectedCents: t.exposeInt('collectedCents') }),
});
const OverdueGroupRef = builder.objectRef<FeesOverview['overdueByGroup'][number]>('FeesOverdueGroup').implement({
  fields: (t) => ({ groupId: t.exposeID('groupId', { nullable: true }), groupName: t.exposeString('groupName'), people: t.exposeInt('people'), overdueCents: t.exposeInt('overdueCents') }),
});
const FeesOverviewRef = builder.objectRef<FeesOverview>('FeesOverview').implement({
  description: "The treasurer's view of a season (euro cents).",
  fields: (t) => ({
    months: t.field({ type: [FeesMonthRef], description: 'Each month of the season, and any month before or after it in which its charges fall due or are paid: what falls due and what was collected (net of refunds).', resolve: (o) => o.months }),
    dueThisMonthCents: t.exposeInt('dueThisMonthCents'),
    overdueByGroup: t.field({ type: [OverdueGroupRef], description: 'Overdue per group, the largest first; a person in no group under "Senza gruppo".', resolve: (o) => o.overdueByGroup }),
  }),
});

builder.queryFields((t) => ({
  feesOverview: t.field({
    type: FeesOverviewRef,
    nullable: true,
    description: "The treasurer's view of a season; null for an unknown season.",
    args: { seasonId: t.arg.id({ required: true }) },
    resolve: (_r, { seasonId }, ctx) =>
      feesOverview(ctx, seasonId).catch((e) => {
        if (e instanceof NotFoundError) return null;
        throw e;
      }),
  }),
  feePlans: t.prismaField({
    type: [FeePlanRef],
    description: "The club's fee plans (of a season), newest first; archived last. At most 200.",
    args: { seasonId: t.arg.id() },
    resolve: (query, _r, { seasonId }, ctx) => clubDb(ctx).feePlan.findMany({ ...query, ...feePlansQuery(ctx, seasonId ?? undefined) }),
  }),
  familyStatement: t.field({
    type: StatementRef,
    nullable: true,
    description: 'The statement of a payer (a person of the club) and the minors they pay for; null when unknown.',
    args: { payerId: t.arg.id({ required: true }) },
    resolve: (_r, { payerId }, ctx) =>
      familyStatement(ctx, payerId).catch((e) => {
        if (e instanceof NotFoundError) return null;
        throw e;
      }),
  }),
  personCharges: t.field({
    type: [ChargeRef],
    description: "One person's charges, by due date.",
    args: { personId: t.arg.id({ required: true }) },
    resolve: (_r, { personId }, ctx) => personCharges(ctx, personId),
  }),
  overdueCharges: t.field({
    type: OverduePage,
    description: `Open charges due before today, the oldest first (optionally of one group's people). first at most ${MAX_PAGE_SIZE}.`,
    args: { groupId: t.arg.id(), first: t.arg.int({ defaultValue: 50 }), offset: t.arg.int({ defaultValue: 0 }) },
    resolve: (_r, { groupId, first, offset }, ctx) => overdueCharges(ctx, groupId ? String(groupId) : null, Math.min(Math.max(first ?? 50, 1), MAX_PAGE_SIZE), Math.max(offset ?? 0, 0)),
  }),
}));

const InstalmentInput = builder.inputType('FeeInstalmentInput', { fields: (t) => ({ label: t.string({ required: true }), dueOn: t.string({ required: true, description: 'YYYY-MM-DD' }), amountCents: t.int({ required: true }) }) });
const SaveFeePlanInput = builder.inputType('SaveFeePlanInput', {
  fields: (t) => ({
    id: t.id(),
    seasonId: t.id({ required: true }),
    name: t.string({ required: true }),
    kind: t.field({ type: FeeKindEnum, required: true }),
    sport: t.string(),
    secondChildPercent: t.int(),
    thirdChildPercent: t.int(),
    earlyPaymentPercent: t.int({ description: "0-100: off a person's whole plan paid in one payment by earlyPaymentBy." }),
    earlyPaymentBy: t.string({ description: 'YYYY-MM-DD; required with earlyPaymentPercent.' }),
    instalments: t.field({ type: [InstalmentInput], required: true }),
  }),
});
const AssignFeePlanInput = builder.inputType('AssignFeePlanInput', { fields: (t) => ({ planId: t.id({ required: true }), groupId: t.id(), personIds: t.idList() }) });
const RecordPaymentInput = builder.inputType('RecordPaymentInput', {
  fields: (t) => ({
    payerId: t.id({ required: true }),
    method: t.field({ type: PaymentMethodEnum, required: true }),
    paidOn: t.string({ required: true, description: 'YYYY-MM-DD, not in the future.' }),
    amountCents: t.int({ required: true }),
    reference: t.string(),
    note: t.string(),
    chargeIds: t.idList({ description: "The charges it settles, in order; none: the family's open charges, the oldest due first." }),
  }),
});
const OneOffChargeInput = builder.inputType('OneOffChargeInput', {
  fields: (t) => ({ personId: t.id({ required: true }), seasonId: t.id({ required: true }), description: t.string({ required: true }), dueOn: t.string({ required: true }), amountCents: t.int({ required: true }) }),
});
const ChargeDiscountInput = builder.inputType('ChargeDiscountInput', { fields: (t) => ({ chargeId: t.id({ required: true }), discountCents: t.int({ required: true }), reason: t.string({ required: true }) }) });
const CancelWithReasonInput = builder.inputType('CancelWithReasonInput', { fields: (t) => ({ id: t.id({ required: true }), reason: t.string({ required: true }) }) });

const MessageRef = builder.objectRef<{ message: string; id: string }>('FeesMessagePayload').implement({ fields: (t) => ({ message: t.exposeString('message'), id: t.exposeID('id') }) });
const PaymentPayload = builder.objectRef<{ message: string; id: string }>('RecordPaymentPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    payment: t.prismaField({ type: 'Payment', resolve: (query, p, _a, ctx) => clubDb(ctx).payment.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});
const ReceiptsPayload = builder.objectRef<{ message: string; ids: string[] }>('ReceiptsPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    receipts: t.prismaField({ type: ['Receipt'], resolve: (query, p, _a, ctx) => clubDb(ctx).receipt.findMany({ ...query, where: { id: { in: p.ids } }, orderBy: [{ year: 'asc' }, { number: 'asc' }] }) }),
  }),
});

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];
const writeErrors = [ValidationError, ConflictError, ...refusals];

builder.mutationFields((t) => ({
  saveFeePlan: t.field({
    type: SaveFeePlanPayload,
    description: 'Creates or changes a fee plan. dryRun: who a change reaches (people with unpaid charges of it), nothing written.',
    args: { input: t.arg({ type: SaveFeePlanInput, required: true }), dryRun: t.arg.boolean({ defaultValue: false }) },
    errors: { types: writeErrors },
    resolve: (_r, { input, dryRun }, ctx) => saveFeePlan(ctx, input, dryRun ?? false),
  }),
  archiveFeePlan: t.field({
    type: MessageRef,
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: async (_r, { id }, ctx) => {
      const { plan, message } = await archiveFeePlan(ctx, id);
      return { message, id: plan.id };
    },
  }),
  assignFeePlan: t.field({
    type: AssignPayload,
    description: "Charges a plan's instalments to a group's people (or to chosen people), the family discount applied. dryRun: the rows, nothing written.",
    args: { input: t.arg({ type: AssignFeePlanInput, required: true }), dryRun: t.arg.boolean({ defaultValue: false }) },
    errors: { types: writeErrors },
    resolve: (_r, { input, dryRun }, ctx) => assignFeePlan(ctx, input, dryRun ?? false),
  }),
  addCharge: t.field({
    type: MessageRef,
    description: 'A one-off charge for one person.',
    args: { input: t.arg({ type: OneOffChargeInput, required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { charge, message } = await addOneOffCharge(ctx, input);
      return { message, id: charge.id };
    },
  }),
  setChargeDiscount: t.field({
    type: MessageRef,
    description: "A person's own reduction on a charge, with its reason.",
    args: { input: t.arg({ type: ChargeDiscountInput, required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { charge, message } = await setChargeDiscount(ctx, input);
      return { message, id: charge.id };
    },
  }),
  cancelCharge: t.field({
    type: MessageRef,
    description: 'Cancels a charge with nothing paid (kept, marked, with the reason).',
    args: { input: t.arg({ type: CancelWithReasonInput, required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { charge, message } = await cancelCharge(ctx, input);
      return { message, id: charge.id };
    },
  }),
  recordPayment: t.field({
    type: PaymentPayload,
    description: 'Records a payment and spreads it over the charges chosen or the family\'s open charges (oldest due first); more than open is refused.',
    args: { input: t.arg({ type: RecordPaymentInput, required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { payment, message } = await recordPayment(ctx, input);
      return { message, id: payment.id };
    },
  }),
  refundPayment: t.field({
    type: PaymentPayload,
    description: 'Gives back (part of) a payment: a negative payment, never a deletion.',
    args: { paymentId: t.arg.id({ required: true }), amountCents: t.arg.int({ required: true }), reason: t.arg.string({ required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { paymentId, amountCents, reason }, ctx) => {
      const { payment, message } = await refundPayment(ctx, paymentId, amountCents, reason);
      return { message, id: payment.id };
    },
  }),
  issueReceipts: t.field({
    type: ReceiptsPayload,
    description: 'Issues the receipts of a payment (one per person it paid for), numbered without gaps, and mails the payer.',
    args: { paymentId: t.arg.id({ required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: async (_r, { paymentId }, ctx) => {
      const { receipts, message } = await issueReceipts(ctx, paymentId);
      return { message, ids: receipts.map((r) => r.id) };
    },
  }),
  issueReceiptsForPeriod: t.field({
    type: builder.objectRef<{ issued: number; left: number; message: string }>('BulkReceiptsPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), issued: f.exposeInt('issued'), left: f.exposeInt('left', { description: 'Still without a receipt (more than 5,000 at once): call again.' }) }),
    }),
    description: 'Issues the receipts of every payment made in the period that has none yet (at most 5,000 at a time), and mails the payers. Their PDF is made at its first download.',
    args: { from: t.arg.string({ required: true }), to: t.arg.string({ required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { from, to }, ctx) => issueReceiptsForPeriod(ctx, from, to),
  }),
  cancelReceipt: t.field({
    type: ReceiptsPayload,
    description: 'Cancels a receipt (kept, marked) and issues its replacement with a new number.',
    args: { input: t.arg({ type: CancelWithReasonInput, required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { cancelled, replacement, message } = await cancelReceipt(ctx, input);
      return { message, ids: [cancelled.id, ...(replacement ? [replacement.id] : [])] };
    },
  }),
}));

