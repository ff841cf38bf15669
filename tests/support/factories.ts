// Clubs and accounts made through the real sign-up service.
import { randomBytes } from 'node:crypto';
import type { AppDeps, RequestContext } from '../../server/context';
import type { ClubRole } from '../../server/access/permissions';
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

/**
 * A collaborator of `club` with `role`: a new account (signed up with a club of its own) given a membership of
 * `club`. The invitation flow does not exist yet; the membership row is what it will create.
 */
export async function addCollaborator(deps: AppDeps, club: TestClub, role: ClubRole): Promise<TestClub> {
  const own = await createClub(deps, { fullName: `ASD Propria ${role}` });
  const membership = await deps.systemDb.membership.create({ data: { accountId: own.accountId, clubId: club.clubId, role, token: randomToken() } });
  return { ...own, clubId: club.clubId, clubToken: membership.token };
}
