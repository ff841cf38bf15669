// Fees, payments and receipts (issue 37): the forms of the treasurer's screens and of both faces, one schema each,
// so the server refuses with the words the form shows. Amounts travel in euro cents (integers): no rounding anywhere.
import { z } from 'zod';
import { MSG } from '../messages';
import { FEES_MSG } from '../messages-fees';
import { blankToUndefined, isoDate, optionalText, requiredText } from './fields';

export const FEE_KINDS = ['quota_associativa', 'corso', 'kit', 'altro'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_KIND_LABELS: Record<FeeKind, string> = { quota_associativa: 'Quota associativa', corso: 'Corso', kit: 'Kit', altro: 'Altro' };

export const PAYMENT_METHODS = ['contanti', 'bonifico', 'pos', 'sepa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { contanti: 'Contanti', bonifico: 'Bonifico bancario', pos: 'Carta (POS)', sepa: 'Addebito SEPA' };
/** Traceable payments (the deduction needs one since 2020): all but cash. */
export const isTraceable = (method: PaymentMethod): boolean => method !== 'contanti';

/** At most 100,000 euro in one amount: a typo of a few zeros is refused, not stored. */
export const MAX_AMOUNT_CENTS = 10_000_000;
export const MAX_INSTALMENTS = 12;

const id = (message: string) => z.preprocess(blankToUndefined, z.uuid({ error: message }));
const optionalId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional());
const cents = z.number({ error: FEES_MSG.feeAmountInvalid }).int({ error: FEES_MSG.feeAmountInvalid }).positive({ error: FEES_MSG.feeAmountInvalid }).max(MAX_AMOUNT_CENTS, { error: FEES_MSG.feeAmountInvalid });
const percent = z.preprocess(blankToUndefined, z.number({ error: FEES_MSG.feePercentInvalid }).int({ error: FEES_MSG.feePercentInvalid }).min(0, { error: FEES_MSG.feePercentInvalid }).max(100, { error: FEES_MSG.feePercentInvalid }).default(0));
const shortName = (message: string) => requiredText(message).pipe(z.string().max(100, { error: MSG.textTooLong }));

export const feeInstalmentInput = z.object({
  label: shortName(FEES_MSG.feeInstalmentLabelRequired),
  dueOn: isoDate(FEES_MSG.feeDueOnRequired),
  amountCents: cents,
});

export const saveFeePlanInput = z.object({
  id: optionalId,
  seasonId: id(MSG.registrationSeasonRequired),
  name: shortName(FEES_MSG.feePlanNameRequired),
  kind: z.enum(FEE_KINDS, { error: FEES_MSG.feeKindInvalid }),
  sport: optionalText.pipe(z.string().max(100, { error: MSG.textTooLong }).optional()),
  secondChildPercent: percent,
  thirdChildPercent: percent,
  /** Percent off for paying a person's whole plan in one payment by `earlyPaymentBy`. */
  earlyPaymentPercent: percent,
  earlyPaymentBy: z.preprocess(blankToUndefined, isoDate(FEES_MSG.earlyPaymentIncomplete).optional()),
  instalments: z.array(feeInstalmentInput, { error: FEES_MSG.feeInstalmentsRequired }).min(1, { error: FEES_MSG.feeInstalmentsRequired }).max(MAX_INSTALMENTS, { error: FEES_MSG.feeTooManyInstalments(MAX_INSTALMENTS) }),
}).refine((p) => (p.earlyPaymentPercent > 0) === !!p.earlyPaymentBy, { path: ['earlyPaymentBy'], error: FEES_MSG.earlyPaymentIncomplete });
export type SaveFeePlanInput = z.output<typeof saveFeePlanInput>;

export const assignFeePlanInput = z
  .object({
    planId: id(MSG.idInvalid),
    groupId: optionalId,
    personIds: z.array(z.uuid({ error: MSG.idInvalid })).max(1000).optional(),
  })
  .refine((v) => v.groupId || v.personIds?.length, { path: ['groupId'], error: FEES_MSG.feeAssignTargetRequired });

export const recordPaymentInput = (today: string) =>
  z.object({
    payerId: id(FEES_MSG.feePayerRequired),
    method: z.enum(PAYMENT_METHODS, { error: FEES_MSG.paymentMethodInvalid }),
    paidOn: isoDate(FEES_MSG.paymentDateRequired).refine((d) => d <= today, { error: FEES_MSG.paymentDateInFuture }),
    amountCents: cents,
    reference: optionalText.pipe(z.string().max(200, { error: MSG.textTooLong }).optional()),
    note: optionalText.pipe(z.string().max(1000, { error: MSG.textTooLong }).optional()),
    /** The charges it settles, in order; none: the payer's family's open charges, the oldest due first. */
    chargeIds: z.array(z.uuid({ error: MSG.idInvalid })).max(200).optional(),
  });
export type RecordPaymentInput = z.output<ReturnType<typeof recordPaymentInput>>;

export const chargeDiscountInput = z.object({
  chargeId: id(MSG.idInvalid),
  discountCents: z.number({ error: FEES_MSG.feeAmountInvalid }).int({ error: FEES_MSG.feeAmountInvalid }).min(0, { error: FEES_MSG.feeAmountInvalid }).max(MAX_AMOUNT_CENTS, { error: FEES_MSG.feeAmountInvalid }),
  reason: requiredText(FEES_MSG.feeReasonRequired).pipe(z.string().max(500, { error: MSG.textTooLong })),
});

export const oneOffChargeInput = z.object({
  personId: id(MSG.idInvalid),
  seasonId: id(MSG.registrationSeasonRequired),
  description: shortName(FEES_MSG.feeDescriptionRequired),
  dueOn: isoDate(FEES_MSG.feeDueOnRequired),
  amountCents: cents,
});

export const cancelInput = z.object({
  id: id(MSG.idInvalid),
  reason: requiredText(FEES_MSG.feeReasonRequired).pipe(z.string().max(500, { error: MSG.textTooLong })),
});

/** Euro, Italian style: 1.234,50 €. */
export const euro = (cents: number): string =>
  `${(cents / 100).toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })} €`;

/** A period of payment dates (bulk receipts, exports): from <= to, at most a year and a day apart. */
export const periodInput = z
  .object({ from: isoDate(FEES_MSG.feePeriodInvalid), to: isoDate(FEES_MSG.feePeriodInvalid) })
  .refine((p) => p.from <= p.to && Date.parse(p.to) - Date.parse(p.from) <= 366 * 86_400_000, { path: ['to'], error: FEES_MSG.feePeriodInvalid });

/** Fee reminders: days from the due date (negative before it), and the club's text with its placeholders. */
export const FEE_REMINDER_PLACEHOLDERS = ['{destinatario}', '{elenco}', '{totale}', '{societa}'] as const;
const reminderDay = z.number({ error: FEES_MSG.feeReminderDaysInvalid }).int({ error: FEES_MSG.feeReminderDaysInvalid }).min(-60, { error: FEES_MSG.feeReminderDaysInvalid }).max(120, { error: FEES_MSG.feeReminderDaysInvalid });
export const feeReminderSettingsInput = z.object({
  enabled: z.boolean({ error: FEES_MSG.feeReminderDaysInvalid }).optional(),
  days: z
    .array(reminderDay, { error: FEES_MSG.feeReminderDaysInvalid })
    .min(1, { error: FEES_MSG.feeReminderDaysInvalid })
    .max(6, { error: FEES_MSG.feeReminderDaysInvalid })
    .refine((days) => new Set(days).size === days.length, { error: FEES_MSG.feeReminderDaysInvalid })
    .transform((days) => [...days].sort((a, b) => a - b))
    .optional(),
  /** Blank: back to the default text. */
  template: z
    .string({ error: FEES_MSG.feeReminderTemplateInvalid })
    .transform((t) => t.trim())
    .refine((t) => !t || (t.includes('{elenco}') && t.length <= 3000), { error: FEES_MSG.feeReminderTemplateInvalid })
    .nullish(),
});

/** SEPA: IBAN and creditor identifier are checked with the SEPA library's checksums (server/modules/fees/sepa.ts). */
const compact = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v);
export const bic = z.preprocess(blankToUndefined, z.preprocess(compact, z.string({ error: FEES_MSG.sepaBicInvalid }).regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: FEES_MSG.sepaBicInvalid })).optional());
export const ibanText = z.preprocess(compact, z.string({ error: FEES_MSG.sepaIbanInvalid }).regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, { error: FEES_MSG.sepaIbanInvalid }));

export const sepaCreditorInput = z.object({
  creditorId: z.preprocess(compact, z.string({ error: FEES_MSG.sepaCreditorIdInvalid }).regex(/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, { error: FEES_MSG.sepaCreditorIdInvalid })),
  iban: ibanText,
  bic,
});

export const sepaMandateInput = (today: string) =>
  z.object({
    id: optionalId,
    payerId: id(FEES_MSG.feePayerRequired),
    reference: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: FEES_MSG.sepaMandateReferenceInvalid }).regex(/^[A-Za-z0-9\-/?:().,'+ ]{1,35}$/, { error: FEES_MSG.sepaMandateReferenceInvalid })),
    iban: ibanText,
    bic,
    signedOn: isoDate(FEES_MSG.sepaMandateSignedOnRequired).refine((d) => d <= today, { error: FEES_MSG.sepaMandateSignedOnRequired }),
  });

export const sepaCollectionInput = (today: string) =>
  z.object({ collectionDate: isoDate(FEES_MSG.sepaCollectionDateInvalid) }).refine(
    (v) => v.collectionDate > today && Date.parse(v.collectionDate) - Date.parse(today) <= 183 * 86_400_000,
    { path: ['collectionDate'], error: FEES_MSG.sepaCollectionDateInvalid },
  );
