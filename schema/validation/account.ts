// The signed-in account's own pages: the profile form (/modifica-utente) and the password change (security page).
// The forms run these before submitting; updateMyProfile and changePassword parse with the same ones.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { MSG } from '../messages';
import { isoDate, optionalText, requiredText } from './fields';
import { taxIdCode } from './people';

const name = (required: string) => requiredText(required).pipe(z.string().max(100, { error: MSG.textTooLong }));

/**
 * The account's profile (spec §3 Account.profile). Names and tax code as in the person forms (§5); the birthday
 * follows the sign-up rule (a real past date, not before 1900) but may be left blank: the profile stores it as
 * optional and the account holder is an adult, so the athletes' 3-year rule does not apply.
 */
export const accountProfileInput = z.object({
  firstname: name(MSG.firstnameRequired),
  lastname: name(MSG.lastnameRequired),
  nickname: optionalText.pipe(z.string().max(100, { error: MSG.textTooLong }).optional()),
  birthday: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    isoDate(MSG.invalidBirthday)
      .refine((s) => new Date(`${s}T00:00:00Z`).getTime() < Date.now() && Number(s.slice(0, 4)) >= 1900, { error: MSG.invalidBirthday })
      .optional(),
  ),
  taxIdCode,
});
export type AccountProfileInput = z.output<typeof accountProfileInput>;

/** Current password, then the new one twice: the recovery screen's messages (§5) for the new pair. */
export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, { error: MSG.currentPasswordRequired }),
    newPassword: z.string({ error: MSG.forgotFieldsRequired }).min(1, { error: MSG.forgotFieldsRequired }),
    newPasswordConfirmation: z.string({ error: MSG.forgotFieldsRequired }).min(1, { error: MSG.forgotFieldsRequired }),
  })
  .refine((v) => v.newPassword.length >= PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort, path: ['newPassword'] })
  .refine((v) => v.newPassword === v.newPasswordConfirmation, { error: MSG.forgotPasswordsDiffer, path: ['newPasswordConfirmation'] })
  .refine((v) => v.newPassword !== v.currentPassword, { error: MSG.passwordUnchanged, path: ['newPassword'] });
export type ChangePasswordInput = z.output<typeof changePasswordInput>;
