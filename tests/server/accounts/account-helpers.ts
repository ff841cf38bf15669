// Shared by the account-page tests: a service context for a session token (resolved like a real request), and
// a fresh sign-in (a second session of the same account).
import { resolveViewer } from '../../../server/auth/viewer';
import type { AppDeps, RequestContext } from '../../../server/context';
import { login } from '../../../server/modules/accounts/login.service';
import { serviceContext } from '../../support/factories';

let ipCounter = 0;
/** A distinct IP per call keeps the per-IP login allowance out of tests that sign in many times. */
export const nextIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function contextFor(deps: AppDeps, token: string, clubToken?: string): Promise<RequestContext> {
  return serviceContext(deps, await resolveViewer(deps, { bearer: token, clubToken }));
}

/** A new session of the account, as if signed in from `userAgent`. */
export async function signInAgain(deps: AppDeps, email: string, password: string, userAgent = 'vitest'): Promise<string> {
  const ctx: RequestContext = { deps, meta: { ip: nextIp(), userAgent }, viewer: null };
  return (await login(ctx, { email, password })).token;
}
