// The invitation door's account-only sign-up (issue 34 point 2): the address is the invitation's own (never sent),
// so only the name and the password are asked. The client runs the same fields' schema before sending.
import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { requiredText } from './fields';

const fields = {
  firstname: requiredText(MSG.invitationNameRequired),
  lastname: requiredText(MSG.invitationNameRequired),
  password: z
    .string({ error: MSG.invitationPasswordRequired })
    .min(1, { error: MSG.invitationPasswordRequired })
    .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort }),
  passwordConfirmation: z.string({ error: MSG.passwordsDiffer }),
};
const samePassword = (v: { password: string; passwordConfirmation: string }) => v.password === v.passwordConfirmation;

export const invitationSignUpFields = z.object(fields).refine(samePassword, { error: MSG.passwordsDiffer, path: ['passwordConfirmation'] });
export type InvitationSignUpFields = z.infer<typeof invitationSignUpFields>;

export const invitationSignUpInput = z
  .object({ token: z.string({ error: MSG.invitationUnknown }).trim().min(1, { error: MSG.invitationUnknown }).max(200, { error: MSG.invitationUnknown }), ...fields })
  .refine(samePassword, { error: MSG.passwordsDiffer, path: ['passwordConfirmation'] });
