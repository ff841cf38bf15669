// Legacy REST face of accounts (spec §7): login, me, logout, register, password recovery.
import { MSG } from '../../../schema/messages';
import { ok } from '../../compat/envelope';
import { toCamelKeys } from '../../compat/naming';
import type { LegacyRoute } from '../../compat/router';
import { requireSession } from '../../auth/policy';
import type { RequestContext } from '../../context';
import { InvalidCredentialsError, TwoFactorChallengeError } from '../../lib/errors';
import { completeTwoFactorLogin } from '../two-factor/login-challenge.service';
import { presentMembershipClub } from '../clubs/clubs.present';
import { login, logout } from './login.service';
import { requestPasswordReset, resetPassword, verifyPasswordResetCode } from './password-reset.service';
import { signUp } from './sign-up.service';

/** The account as the legacy client reads it: `context.account.profile.clubs[0].token` names the club. */
async function presentAccount(ctx: RequestContext, accountId: string) {
  const account = await ctx.deps.db.account.findUniqueOrThrow({
    where: { id: accountId },
    include: {
      profile: true,
      memberships: { where: { club: { archivedAt: null } }, include: { club: true }, orderBy: { createdAt: 'asc' } },
    },
  });
  const p = account.profile;
  return {
    id: account.id,
    email: account.email,
    is_active: account.isActive,
    profile: {
      id: p?.id ?? null,
      firstname: p?.firstname ?? null,
      lastname: p?.lastname ?? null,
      nickname: p?.nickname ?? null,
      birthday: p?.birthday?.toISOString().slice(0, 10) ?? null,
      tax_id_code: p?.taxIdCode ?? null,
      clubs: account.memberships.map(presentMembershipClub),
    },
  };
}

const session = async (ctx: RequestContext, { token, accountId }: { token: string; accountId: string }) => ({
  token,
  account: await presentAccount(ctx, accountId),
});

/**
 * The legacy login is one call: an account with two-factor sign-in sends the code in the same body (`code`, the
 * app's 6 digits or a recovery code); without it no session is issued and the answer says so (status false).
 * Accounts without two-factor sign-in are answered exactly as before (`code` ignored).
 */
async function legacyLogin(ctx: RequestContext, body: Record<string, unknown>) {
  try {
    return await login(ctx, body);
  } catch (error) {
    if (!(error instanceof TwoFactorChallengeError)) throw error;
    if (body.code === undefined || body.code === null || body.code === '') throw new InvalidCredentialsError(MSG.twoFactorLegacyCodeRequired);
    return completeTwoFactorLogin(ctx, { challenge: error.challenge, code: body.code });
  }
}

export const accountsLegacyRoutes: LegacyRoute[] = [
  { path: '/login', handler: async (ctx, body) => ok(await session(ctx, await legacyLogin(ctx, body))) },
  {
    path: '/register',
    handler: async (ctx, body) => ok(await session(ctx, await signUp(ctx, toCamelKeys(body))), MSG.signupDone),
  },
  {
    path: '/me',
    handler: async (ctx) => ok({ account: await presentAccount(ctx, requireSession(ctx).accountId) }),
  },
  { path: '/logout', handler: async (ctx) => ok({ logged_out: await logout(ctx) }) },
  {
    path: '/auth/password/forgot',
    handler: async (ctx, body) => {
      await requestPasswordReset(ctx, body);
      return ok({ email: (typeof body.email === 'string' ? body.email : '').trim().toLowerCase() }, MSG.codeSent);
    },
  },
  {
    path: '/auth/password/verify',
    handler: async (ctx, body) => {
      const { resetToken } = await verifyPasswordResetCode(ctx, body);
      return ok({ reset_token: resetToken }, MSG.codeVerified);
    },
  },
  {
    path: '/auth/password/reset',
    handler: async (ctx, body) => {
      await resetPassword(ctx, toCamelKeys(body));
      return ok({ email: (typeof body.email === 'string' ? body.email : '').trim().toLowerCase() }, MSG.passwordUpdated);
    },
  },
];
