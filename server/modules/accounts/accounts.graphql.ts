import { builder } from '../../graphql/builder';
import {
  ConflictError,
  InvalidCredentialsError,
  RateLimitError,
  TwoFactorChallengeError,
  UnauthenticatedError,
  ValidationError,
} from '../../lib/errors';
import { SportEnum } from '../../graphql/enums';
import { login, logout } from './login.service';
import { requestPasswordReset, resetPassword, verifyPasswordResetCode } from './password-reset.service';
import { signUp } from './sign-up.service';
import { completeTwoFactorLogin } from '../two-factor/login-challenge.service';
import { taxCodeBirthData } from '../../../schema/validation/tax-code';

export const AccountRef = builder.prismaObject('Account', {
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    isActive: t.exposeBoolean('isActive'),
    // Every account is created with its profile (sign-up), so the relation is never empty.
    profile: t.relation('profile', { nullable: false, onNull: 'error' }),
  }),
});

builder.prismaObject('AccountProfile', {
  fields: (t) => ({
    id: t.exposeID('id'),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    nickname: t.exposeString('nickname', { nullable: true }),
    birthday: t.string({
      nullable: true,
      description: 'YYYY-MM-DD',
      select: { birthday: true },
      resolve: (p) => p.birthday?.toISOString().slice(0, 10) ?? null,
    }),
    taxIdCode: t.exposeString('taxIdCode', { nullable: true }),
    gender: t.string({
      nullable: true,
      description: "M or F, as the account's own codice fiscale says (the day of birth +40 for women); null without a valid one. The greeting agrees with it (Benvenuto / Benvenuta).",
      select: { taxIdCode: true },
      resolve: (p) => {
        const birth = p.taxIdCode ? taxCodeBirthData(p.taxIdCode) : null;
        return birth ? (birth.typeGenderId === 2 ? 'F' : 'M') : null;
      },
    }),
    clubs: t.prismaField({
      type: ['Membership'],
      description: "The account's clubs, each with the club token to send in the X-Club header.",
      select: { accountId: true },
      resolve: (query, profile, _args, ctx) =>
        ctx.deps.db.membership.findMany({
          ...query,
          where: { accountId: profile.accountId, club: { archivedAt: null } },
          orderBy: { createdAt: 'asc' },
        }),
    }),
  }),
});

const AuthPayload = builder.objectRef<{ token: string; accountId: string }>('AuthPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Session token: send it as `Authorization: Bearer <token>`.' }),
    account: t.prismaField({
      type: 'Account',
      resolve: (query, payload, _args, ctx) => ctx.deps.db.account.findUniqueOrThrow({ ...query, where: { id: payload.accountId } }),
    }),
  }),
});

const ResetTokenPayload = builder.objectRef<{ resetToken: string }>('ResetTokenPayload').implement({
  fields: (t) => ({ resetToken: t.exposeString('resetToken', { description: 'Single-use token for resetPassword, valid 15 minutes.' }) }),
});

const SignUpInput = builder.inputType('SignUpInput', {
  fields: (t) => ({
    taxIdCode: t.string({ required: true }),
    firstname: t.string({ required: true }),
    lastname: t.string({ required: true }),
    birthday: t.string({ required: true, description: 'YYYY-MM-DD' }),
    role: t.int({ required: true, description: '1 Presidente, 2 V-Presidente, 3 Consigliere, 4 Segretario, 5 Socio Ordinario, 0 Altro' }),
    fullName: t.string({ required: true }),
    foundation: t.int({ required: true }),
    vatNumber: t.string({
      required: true,
      description: "The club's partita IVA (11 digits) or, for an association without one, its codice fiscale (kept as the club's fiscalCode).",
    }),
    typeSport: t.field({ type: SportEnum }),
    urlLogo: t.string(),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
    plan: t.string({ description: 'Plan chosen on the pricing page (Gratis, Pro, Club).' }),
  }),
});
const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
});
const CompleteTwoFactorLoginInput = builder.inputType('CompleteTwoFactorLoginInput', {
  fields: (t) => ({
    challenge: t.string({ required: true, description: "TwoFactorChallengeError.challenge from login." }),
    code: t.string({ required: true, description: "The authenticator app's 6-digit code, or a recovery code." }),
  }),
});
const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});
const VerifyPasswordResetCodeInput = builder.inputType('VerifyPasswordResetCodeInput', {
  fields: (t) => ({ email: t.string({ required: true }), code: t.string({ required: true }) }),
});
const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    resetToken: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
  }),
});

builder.queryField('me', (t) =>
  t.prismaField({
    type: 'Account',
    nullable: true,
    description: 'The signed-in account, or null without a valid session.',
    resolve: (query, _root, _args, ctx) => {
      // Read the planned selection first: Pothos flags a prismaField that never reads it, even when it answers null.
      const selection = { ...query };
      return ctx.viewer ? ctx.deps.db.account.findUnique({ ...selection, where: { id: ctx.viewer.accountId } }) : null;
    },
  }),
);

builder.mutationFields((t) => ({
  signUp: t.field({
    type: AuthPayload,
    description: 'Creates account, profile, club and owner membership, and signs the account in.',
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, RateLimitError] },
    resolve: (_root, { input }, ctx) => signUp(ctx, input),
  }),
  login: t.field({
    type: AuthPayload,
    description: 'An account with two-factor sign-in answers TwoFactorChallengeError (no session): then completeTwoFactorLogin.',
    args: { input: t.arg({ type: LoginInput, required: true }) },
    errors: { types: [ValidationError, InvalidCredentialsError, RateLimitError, TwoFactorChallengeError] },
    resolve: (_root, { input }, ctx) => login(ctx, input),
  }),
  completeTwoFactorLogin: t.field({
    type: AuthPayload,
    description:
      "login's second step: the challenge and a code open the session. A wrong code is ValidationError (try again); a dead challenge (expired, used, 5 wrong codes) is InvalidCredentialsError (sign in again).",
    args: { input: t.arg({ type: CompleteTwoFactorLoginInput, required: true }) },
    errors: { types: [ValidationError, InvalidCredentialsError, RateLimitError] },
    resolve: (_root, { input }, ctx) => completeTwoFactorLogin(ctx, input),
  }),
  logout: t.boolean({
    description: 'Revokes the current session on the server.',
    errors: { types: [UnauthenticatedError] },
    resolve: (_root, _args, ctx) => logout(ctx),
  }),
  requestPasswordReset: t.boolean({
    description: 'Emails a 6-digit code valid 10 minutes. Answers true for unknown emails too.',
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true }) },
    errors: { types: [ValidationError, RateLimitError] },
    resolve: (_root, { input }, ctx) => requestPasswordReset(ctx, input),
  }),
  verifyPasswordResetCode: t.field({
    type: ResetTokenPayload,
    description: 'Checks the code (at most 5 tries, single use) and answers a single-use reset token.',
    args: { input: t.arg({ type: VerifyPasswordResetCodeInput, required: true }) },
    errors: { types: [ValidationError, RateLimitError] },
    resolve: (_root, { input }, ctx) => verifyPasswordResetCode(ctx, input),
  }),
  resetPassword: t.boolean({
    description: 'Sets the new password and revokes every session of the account.',
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    errors: { types: [ValidationError] },
    resolve: (_root, { input }, ctx) => resetPassword(ctx, input),
  }),
}));
