// A medical certificate as the form and both APIs send it: one schema, so the server refuses with the same words
// the form shows. The validity rules (how long each type may last) are schema/medical-certificates.ts's.
import { z } from 'zod';
import { MSG } from '../messages';
import { CERTIFICATE_TYPE_RULES, latestAllowedExpiry, MEDICAL_CERTIFICATE_TYPES } from '../medical-certificates';
import { isoDate, optionalText } from './fields';

/** `today` (the club's YYYY-MM-DD) bounds the issue date: a certificate is not issued in the future. */
export const medicalCertificateInput = (today: string) =>
  z
    .object({
      type: z.enum(MEDICAL_CERTIFICATE_TYPES, { error: MSG.certificateTypeRequired }),
      sport: optionalText,
      issuedOn: isoDate(MSG.certificateIssuedOnRequired).refine((d) => d <= today, { error: MSG.certificateIssuedInFuture }),
      expiresOn: isoDate(MSG.certificateExpiresOnRequired),
      issuer: optionalText,
    })
    .superRefine((c, ctx) => {
      if (c.expiresOn <= c.issuedOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: MSG.certificateExpiryBeforeIssue });
      else if (c.expiresOn > latestAllowedExpiry(c.type, c.issuedOn)) {
        const rule = CERTIFICATE_TYPE_RULES[c.type];
        ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: MSG.certificateExpiryTooLate(rule.label, rule.maxMonths) });
      }
    });

export type MedicalCertificateInput = z.infer<ReturnType<typeof medicalCertificateInput>>;

/** The club's reminder settings: on/off and the days before expiry (0 = the day itself). */
export const reminderSettingsInput = z.object({
  enabled: z.boolean({ error: MSG.reminderDaysInvalid }).optional(),
  days: z
    .array(z.number({ error: MSG.reminderDaysInvalid }).int({ error: MSG.reminderDaysInvalid }).min(0, { error: MSG.reminderDaysInvalid }).max(365, { error: MSG.reminderDaysInvalid }), { error: MSG.reminderDaysInvalid })
    .min(1, { error: MSG.reminderDaysInvalid })
    .max(6, { error: MSG.reminderDaysInvalid })
    .refine((days) => new Set(days).size === days.length, { error: MSG.reminderDaysInvalid })
    .transform((days) => [...days].sort((a, b) => b - a))
    .optional(),
});
