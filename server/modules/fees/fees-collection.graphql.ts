// GraphQL face of collecting fees (issue 37 points 4 and 5): the reminders' settings and what was sent, the club's
// SEPA creditor data, the payers' mandates and the preview of a collection (the file itself is an HTTP download,
// fees.http.ts). Thin adapters over fee-reminders and sepa services; who may call each field is the operation
// table's (fees.read, fees.write).
import { FEE_REMINDER_TEMPLATE } from '../../../schema/messages-fees';
import { clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import { builder } from '../../graphql/builder';
import { dayOf } from '../../lib/date-columns';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { feeReminderLog, updateFeeReminders } from './fee-reminders.service';
import { revokeSepaMandate, saveSepaMandate, sepaCollection, sepaCreditor, sepaMandates, updateSepaCreditor, type SepaCollection, type SepaCreditor } from './sepa.service';

const writeErrors = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];

interface ReminderSettings {
  enabled: boolean;
  days: number[];
  template: string | null;
}

const FeeReminderSettingsRef = builder.objectRef<ReminderSettings>('FeeReminderSettings').implement({
  description: 'Fee reminders: sent at each of `days` from a due date (negative: before it) while the charge is open.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled'),
    days: t.exposeIntList('days'),
    template: t.exposeString('template', { nullable: true, description: "The club's own text; null: the default (defaultTemplate)." }),
    defaultTemplate: t.string({ resolve: () => FEE_REMINDER_TEMPLATE, description: 'Placeholders: {destinatario}, {elenco}, {totale}, {societa}.' }),
  }),
});

async function reminderSettings(ctx: Parameters<typeof clubMember>[0]): Promise<ReminderSettings> {
  const { clubId } = clubMember(ctx);
  const club = await clubDb(ctx).club.findUniqueOrThrow({ where: { id: clubId }, select: { feeRemindersEnabled: true, feeReminderDays: true, feeReminderTemplate: true } });
  return { enabled: club.feeRemindersEnabled, days: club.feeReminderDays, template: club.feeReminderTemplate };
}

type LogRow = Awaited<ReturnType<typeof feeReminderLog>>[number];
const FeeReminderEntryRef = builder.objectRef<LogRow>('FeeReminderEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    day: t.string({ description: "The club's day it was due, YYYY-MM-DD.", resolve: (r) => dayOf(r.day)! }),
    offsetDays: t.exposeInt('offsetDays', { description: 'Days from the due date (negative: before it).' }),
    recipient: t.exposeString('recipient', { nullable: true, description: 'Null when no one who pays has an e-mail address.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last attempt failed (it is retried).' }),
    chargeId: t.exposeID('chargeId'),
    personId: t.exposeID('personId'),
    personName: t.string({ resolve: (r) => `${r.charge.person.firstname} ${r.charge.person.lastname}` }),
    description: t.string({ resolve: (r) => r.charge.description }),
    dueOn: t.string({ resolve: (r) => dayOf(r.charge.dueOn)! }),
  }),
});

const SepaCreditorRef = builder.objectRef<SepaCreditor>('SepaCreditor').implement({
  description: "The club's SEPA creditor data: the name is the club's.",
  fields: (t) => ({
    name: t.exposeString('name'),
    creditorId: t.exposeString('creditorId', { nullable: true }),
    iban: t.exposeString('iban', { nullable: true }),
    bic: t.exposeString('bic', { nullable: true }),
  }),
});

builder.prismaObject('SepaMandate', {
  fields: (t) => ({
    id: t.exposeID('id'),
    payerId: t.exposeID('payerId'),
    reference: t.exposeString('reference'),
    iban: t.exposeString('iban'),
    bic: t.exposeString('bic', { nullable: true }),
    signedOn: t.string({ description: 'YYYY-MM-DD', resolve: (m) => dayOf(m.signedOn)! }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
  }),
});

const SepaDebitRef = builder.objectRef<SepaCollection['debits'][number]>('SepaDebit').implement({
  fields: (t) => ({
    payerId: t.exposeID('payerId'),
    payerName: t.exposeString('payerName'),
    mandateReference: t.exposeString('mandateReference'),
    iban: t.exposeString('iban'),
    amountCents: t.exposeInt('amountCents'),
    charges: t.exposeInt('charges'),
    remittance: t.exposeString('remittance'),
  }),
});
const SepaExcludedRef = builder.objectRef<SepaCollection['excluded'][number]>('SepaExcluded').implement({
  fields: (t) => ({
    payerId: t.exposeID('payerId'),
    payerName: t.exposeString('payerName'),
    reason: t.exposeString('reason'),
    amountCents: t.exposeInt('amountCents'),
    charges: t.exposeInt('charges'),
  }),
});
const SepaCollectionRef = builder.objectRef<SepaCollection>('SepaCollection').implement({
  description: 'A collection on a date: one debit per mandate for the open charges due by then; the excluded with the reason.',
  fields: (t) => ({
    collectionDate: t.exposeString('collectionDate'),
    debits: t.field({ type: [SepaDebitRef], resolve: (c) => c.debits }),
    excluded: t.field({ type: [SepaExcludedRef], resolve: (c) => c.excluded }),
    controlSumCents: t.exposeInt('controlSumCents'),
  }),
});

builder.queryFields((t) => ({
  feeReminderSettings: t.field({ type: FeeReminderSettingsRef, resolve: (_r, _a, ctx) => reminderSettings(ctx) }),
  feeReminderLog: t.field({
    type: [FeeReminderEntryRef],
    description: "The fee reminders of the club, newest first; with payerId, those about the payer's family.",
    args: { first: t.arg.int({ description: '1 to 200, default 50.' }), payerId: t.arg.id() },
    resolve: (_r, { first, payerId }, ctx) => feeReminderLog(ctx, { first, payerId }),
  }),
  sepaCreditor: t.field({ type: SepaCreditorRef, resolve: (_r, _a, ctx) => sepaCreditor(ctx) }),
  sepaMandates: t.prismaField({ type: ['SepaMandate'], args: { payerId: t.arg.id({ required: true }) }, resolve: (_q, _r, { payerId }, ctx) => sepaMandates(ctx, payerId) }),
  sepaCollection: t.field({
    type: SepaCollectionRef,
    description: 'The preview of a SEPA collection on collectionDate (YYYY-MM-DD, from tomorrow to 6 months); the file: GET /api/fees/addebiti-sepa.xml.',
    args: { collectionDate: t.arg.string({ required: true }) },
    errors: { types: [ValidationError, ForbiddenError, UnauthenticatedError] },
    resolve: (_r, { collectionDate }, ctx) => sepaCollection(ctx, { collectionDate }),
  }),
}));

const FeeReminderSettingsInput = builder.inputType('FeeReminderSettingsInput', {
  fields: (t) => ({
    enabled: t.boolean(),
    days: t.intList({ description: '1 to 6 different days from -60 (before the due date) to 120 (after).' }),
    template: t.string({ description: 'Must contain {elenco}; blank: back to the default.' }),
  }),
});
const SepaCreditorInput = builder.inputType('SepaCreditorInput', { fields: (t) => ({ creditorId: t.string({ required: true }), iban: t.string({ required: true }), bic: t.string() }) });
const SepaMandateInput = builder.inputType('SepaMandateInput', {
  fields: (t) => ({
    id: t.id({ description: 'Set to correct an active mandate.' }),
    payerId: t.id({ required: true }),
    reference: t.string({ required: true, description: 'The mandate reference (RUM), unique in the club, up to 35 characters.' }),
    iban: t.string({ required: true }),
    bic: t.string(),
    signedOn: t.string({ required: true, description: 'YYYY-MM-DD, not in the future.' }),
  }),
});

builder.mutationFields((t) => ({
  updateFeeReminders: t.field({
    type: builder.objectRef<{ message: string; settings: ReminderSettings }>('FeeReminderSettingsPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), settings: f.field({ type: FeeReminderSettingsRef, resolve: (p) => p.settings }) }),
    }),
    args: { input: t.arg({ type: FeeReminderSettingsInput, required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { message } = await updateFeeReminders(ctx, input);
      return { message, settings: await reminderSettings(ctx) };
    },
  }),
  updateSepaCreditor: t.field({
    type: builder.objectRef<{ message: string; creditor: SepaCreditor }>('SepaCreditorPayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), creditor: f.field({ type: SepaCreditorRef, resolve: (p) => p.creditor }) }),
    }),
    args: { input: t.arg({ type: SepaCreditorInput, required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { input }, ctx) => updateSepaCreditor(ctx, input),
  }),
  saveSepaMandate: t.field({
    type: builder.objectRef<{ message: string; mandate: { id: string } }>('SepaMandatePayload').implement({
      fields: (f) => ({
        message: f.exposeString('message'),
        mandate: f.prismaField({ type: 'SepaMandate', resolve: (query, p, _a, ctx) => clubDb(ctx).sepaMandate.findUniqueOrThrow({ ...query, where: { id: p.mandate.id } }) }),
      }),
    }),
    args: { input: t.arg({ type: SepaMandateInput, required: true }) },
    errors: { types: writeErrors },
    resolve: (_r, { input }, ctx) => saveSepaMandate(ctx, input),
  }),
  revokeSepaMandate: t.field({
    type: builder.objectRef<{ message: string; id: string }>('RevokeSepaMandatePayload').implement({ fields: (f) => ({ message: f.exposeString('message'), id: f.exposeID('id') }) }),
    args: { id: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { id }, ctx) => {
      const { mandate, message } = await revokeSepaMandate(ctx, id);
      return { message, id: mandate.id };
    },
  }),
}));
