// Sign-up, login and password-recovery rules (spec §5). The client runs each step's schema before moving on;
// the server runs signUpInput on the whole payload, so the same messages come back from either side.
import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, SPORT_VALUES } from '../constants';
import { isoDate, optionalText, requiredText } from './fields';
import { TAX_CODE_PATTERN, taxCodeField } from './tax-code';

/**
 * Which of the club's fields the sign-up's identifier fills: a partita IVA, or a codice fiscale. Non-commercial
 * bodies without a partita IVA (most ASD) have a numeric codice fiscale starting with 8 or 9, a range partite IVA
 * never use; 16 characters are a person's codice fiscale.
 */
export function clubTaxIdField(value: string): 'vatNumber' | 'fiscalCode' {
  return /^\d{11}$/.test(value) && !/^[89]/.test(value) ? 'vatNumber' : 'fiscalCode';
}

const email = (requiredMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.string({ error: requiredMessage }).min(1, { error: requiredMessage }).pipe(z.email({ error: MSG.emailInvalid })),
  );

export const signUpProfileStep = z.object({
  // The founder's own codice fiscale, checked as every person's (schema/validation/tax-code.ts).
  taxIdCode: taxCodeField(MSG.signupStep1),
  firstname: requiredText(MSG.signupStep1),
  lastname: requiredText(MSG.signupStep1),
  birthday: requiredText(MSG.signupStep1).pipe(isoDate(MSG.invalidBirthday)).refine(
    (s) => new Date(`${s}T00:00:00Z`).getTime() < Date.now() && Number(s.slice(0, 4)) >= 1900,
    { error: MSG.invalidBirthday },
  ),
  role: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: MSG.signupStep1 }).int({ error: MSG.invalidRole }).min(0, { error: MSG.invalidRole }).max(5, { error: MSG.invalidRole }),
  ),
});

export const signUpClubStep = z.object({
  fullName: requiredText(MSG.signupStep2),
  foundation: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: MSG.signupStep2 })
      .int({ error: MSG.invalidFoundation })
      .min(1800, { error: MSG.invalidFoundation })
      .refine((y) => y <= new Date().getFullYear(), { error: MSG.invalidFoundation }),
  ),
  // The spec's vat_number: the club's partita IVA or, for an association without one, its codice fiscale (the same
  // rule as the club's own fiscal code, schema/validation/club.ts). Where it is kept: clubTaxIdField.
  vatNumber: requiredText(MSG.signupStep2)
    .transform((s) => s.replace(/[\s.]+/g, '').replace(/^IT(?=\d{11}$)/i, '').toUpperCase())
    .pipe(z.string().regex(TAX_CODE_PATTERN, { error: MSG.invalidVat })),
  typeSport: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SPORT_VALUES, { error: MSG.invalidSport }).optional()),
  urlLogo: optionalText,
});

const password = z
  .string({ error: MSG.credentialsRequired })
  .min(1, { error: MSG.credentialsRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort });

export const signUpCredentialsStep = z
  .object({
    email: email(MSG.credentialsRequired),
    password,
    passwordConfirmation: z.string({ error: MSG.passwordsDiffer }),
  })
  .refine((v) => v.password === v.passwordConfirmation, { error: MSG.passwordsDiffer, path: ['passwordConfirmation'] });

export const signUpInput = z
  .object({
    ...signUpProfileStep.shape,
    ...signUpClubStep.shape,
    email: email(MSG.credentialsRequired),
    password,
    passwordConfirmation: z.string({ error: MSG.passwordsDiffer }),
    /** Plan chosen on /pricing before signing up, if any. */
    plan: optionalText,
  })
  .refine((v) => v.password === v.passwordConfirmation, { error: MSG.passwordsDiffer, path: ['passwordConfirmation'] });
export type SignUpInput = z.infer<typeof signUpInput>;

export const loginInput = z.object({
  email: email(MSG.credentialsRequired),
  password: z.string({ error: MSG.credentialsRequired }).min(1, { error: MSG.credentialsRequired }),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: email(MSG.forgotEmailRequired) });

export const verifyResetCodeInput = z.object({
  email: email(MSG.forgotEmailRequired),
  code: z.preprocess(
    (v) => (typeof v === 'number' ? String(v).padStart(RESET_CODE_LENGTH, '0') : typeof v === 'string' ? v.trim() : v),
    z.string({ error: MSG.forgotCodeRequired }).regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), { error: MSG.forgotCodeRequired }),
  ),
});

export const resetPasswordFields = z
  .object({
    password: z.string({ error: MSG.forgotFieldsRequired }).min(1, { error: MSG.forgotFieldsRequired }),
    passwordConfirmation: z.string({ error: MSG.forgotFieldsRequired }).min(1, { error: MSG.forgotFieldsRequired }),
  })
  .refine((v) => v.password.length >= PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort, path: ['password'] })
  .refine((v) => v.password === v.passwordConfirmation, { error: MSG.forgotPasswordsDiffer, path: ['passwordConfirmation'] });

export const resetPasswordInput = z
  .object({
    email: email(MSG.forgotEmailRequired),
    resetToken: z.string({ error: MSG.resetTokenInvalid }).min(1, { error: MSG.resetTokenInvalid }),
    password: z.string({ error: MSG.forgotFieldsRequired }).min(1, { error: MSG.forgotFieldsRequired }),
    passwordConfirmation: z.string({ error: MSG.forgotFieldsRequired }).min(1, { error: MSG.forgotFieldsRequired }),
  })
  .refine((v) => v.password.length >= PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort, path: ['password'] })
  .refine((v) => v.password === v.passwordConfirmation, { error: MSG.forgotPasswordsDiffer, path: ['passwordConfirmation'] });
