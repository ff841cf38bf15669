// Per-role test helpers, shared by the test files: a club with a member of every role (the coach coaching one
// athlete group), a member of another club, anonymous and "signed in without a club" credentials, and fresh
// credentials for any of them (a new session and the membership's current club token, for tests whose calls may end
// sessions or rotate tokens).
import { CLUB_ROLES, type ClubRole } from '../../server/access/permissions';
import type { AppDeps } from '../../server/context';
import { openSession } from '../../server/modules/accounts/sessions';
import { addCollaborator, createClub, serviceContext, type TestClub } from './factories';
import type { Credentials } from './http';
import { familyOf, type TestFamily } from './family-factories';
import { clubContext } from './people-factories';

/**
 * Who a request comes from: a role of the club, anonymous, the owner's account without naming a club, or `family`:
 * a parent's account (no membership) linked to a person of the club who is guardian of a minor athlete there.
 */
export type TestActor = ClubRole | 'anonymous' | 'noClub' | 'family';
export const TEST_ACTORS: readonly TestActor[] = ['anonymous', 'noClub', 'family', ...CLUB_ROLES];

export interface ClubWithRoles {
  clubId: string;
  /** A member of the club for each role; `owner` signed the club up. */
  members: Record<ClubRole, TestClub>;
  /** The athlete group the `allenatore` coaches. */
  coachedGroupId: string;
  /** The owner of another club (their own club named as X-Club). */
  stranger: TestClub;
  /** A parent of the club with a personal area (see TestActor): made on first use, so other tests' counts stay as they were. */
  family?: TestFamily;
}

/** The credentials a client of `who` sends: session token and club token. */
export const as = (who: TestClub): Credentials => ({ token: who.token, club: who.clubToken });

export async function clubWithEveryRole(deps: AppDeps, fullName = 'ASD Tutti i Ruoli'): Promise<ClubWithRoles> {
  const owner = await createClub(deps, { fullName });
  const coachedGroup = await deps.systemDb.group.create({ data: { clubId: owner.clubId, name: 'Gruppo allenato', type: 'athlete' } });
  const members = { owner } as Record<ClubRole, TestClub>;
  for (const role of CLUB_ROLES.filter((r) => r !== 'owner')) members[role] = await addCollaborator(deps, owner, role);
  await deps.systemDb.membership.updateMany({ where: { token: members.allenatore.clubToken }, data: { groupIds: [coachedGroup.id] } });
  const stranger = await createClub(deps, { fullName: `${fullName} (altra società)` });
  return { clubId: owner.clubId, members, coachedGroupId: coachedGroup.id, stranger };
}

/**
 * Credentials of `actor` made now: a new session of the member's account and the membership's current club token
 * (null club for `noClub`: the owner's account naming no club; nothing at all for `anonymous`).
 */
export async function freshCredentials(deps: AppDeps, club: ClubWithRoles, actor: TestActor): Promise<Credentials> {
  if (actor === 'anonymous') return {};
  if (actor === 'family') {
    club.family ??= await familyOf(await clubContext(deps, club.members.owner));
    return { token: await openSession(serviceContext(deps), club.family.accountId) };
  }
  const who = club.members[actor === 'noClub' ? 'owner' : actor];
  const token = await openSession(serviceContext(deps), who.accountId);
  if (actor === 'noClub') return { token };
  const membership = await deps.systemDb.membership.findFirstOrThrow({ where: { accountId: who.accountId, clubId: club.clubId } });
  return { token, club: membership.token };
}
