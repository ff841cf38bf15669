// Clubs and accounts made through the real sign-up service.
import { randomBytes } from 'node:crypto';
import type { AppDeps, RequestContext } from '../../server/context';
import { signUp } from '../../server/modules/accounts/sign-up.service';
import { randomToken } from '../../server/lib/tokens';

export const PASSWORD = 'password-sicura-1';

export function signUpPayload(overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  return {
    taxIdCode: 'RSSMRA80A01H501U',
    firstname: 'Mario',
    lastname: 'Rossi',
    birthday: '1980-01-01',
    role: 1,
    fullName: `ASD Test ${tag}`,
    foundation: 1990,
    vatNumber: '12345678901',
    typeSport: 'rugby',
    email: `presidente-${tag}@example.it`,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    ...overrides,
  };
}

export function serviceContext(deps: AppDeps, viewer: RequestContext['viewer'] = null, ip = '10.0.0.1'): RequestContext {
  return { deps, meta: { ip, userAgent: 'vitest' }, viewer };
}

export interface TestClub {
  email: string;
  password: string;
  token: string;
  accountId: string;
  clubId: string;
  clubToken: string;
}

export async function createClub(deps: AppDeps, overrides: Record<string, unknown> = {}): Promise<TestClub> {
  const payload = signUpPayload(overrides);
  // a distinct IP per call keeps the sign-up rate limit out of tests that make many clubs
  const { token, accountId } = await signUp(serviceContext(deps, null, `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`), payload);
  const membership = await deps.systemDb.membership.findFirstOrThrow({ where: { accountId } });
  return { email: payload.email, password: PASSWORD, token, accountId, clubId: membership.clubId, clubToken: membership.token };
}

/** Adds a second club to an existing account (there is no public flow for it yet). */
export async function addClubTo(deps: AppDeps, accountId: string, fullName = 'Polisportiva Seconda') {
  const club = await deps.systemDb.club.create({
    data: { fullName, memberships: { create: { accountId, role: 'admin', token: randomToken() } } },
    include: { memberships: true },
  });
  return { clubId: club.id, clubToken: club.memberships[0].token };
}
