// Who sits in a group's channel (issue 39 point 4), with the same access as the group itself:
//   staff     the club's members whose role reads channels (channels.read): every group, a coach (allenatore) only
//             the groups they coach; archived groups read-only;
//   families  through the personal area (access/cross-club.ts familyClubs): an athlete of age in the group for
//             themselves, a guardian for their minor children in the group, and a minor with their own account only
//             while a guardian of theirs has an account too (then that guardian sees the same channel): nothing
//             reaches a minor that their guardians cannot see. At 18 a guardian's seat ends, as their reach does.
// A seat is resolved on every call: leaving the group, or a coach losing it, closes the channel at once.
import { CHANNEL_MSG } from '../../../schema/messages-channels';
import { PERSON_KIND_INFO, PERSON_KINDS } from '../../../schema/constants';
import { can, clubMember } from '../../access/authorize';
import { familyClubs } from '../../access/cross-club';
import { CLUB_ROLE_LABELS } from '../../access/permissions';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { ForbiddenError, NotFoundError } from '../../lib/errors';

export interface ChannelSeat {
  db: PrismaClient;
  clubId: string;
  clubName: string;
  groupId: string;
  groupName: string;
  accountId: string;
  staff: boolean;
  /** Hide and restore messages, open or close the channel to the families. */
  mayModerate: boolean;
  /** Write now: the staff while the group is active; the families too unless the channel is for the staff only. */
  mayPost: boolean;
  familiesMayPost: boolean;
  groupArchived: boolean;
  /** How the seat's messages are signed. */
  author: { personId: string | null; name: string; label: string };
  /** The people of the family the seat is for (families only): "per Luca Bianchi". */
  forNames: string[];
}

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/** The staff's seat in a group's channel of their club; NotFound for another club's group, Forbidden for a coach's other groups. */
export async function staffSeat(ctx: RequestContext, groupId: unknown): Promise<ChannelSeat> {
  const member = clubMember(ctx);
  const db = clubDb(ctx);
  const group = isUuid(groupId)
    ? await db.group.findFirst({ where: { id: groupId, clubId: member.clubId }, select: { id: true, name: true, archivedAt: true, channelFamiliesPost: true, club: { select: { fullName: true } } } })
    : null;
  if (!group) throw new NotFoundError();
  const coach = athleteGroupsOf(ctx);
  if (coach && !coach.groupIds.includes(group.id)) throw new ForbiddenError(CHANNEL_MSG.coachGroupsOnly);
  const account = await db.account.findUniqueOrThrow({ where: { id: member.accountId }, select: { email: true, profile: { select: { firstname: true, lastname: true } } } });
  const name = (account.profile ? fullName(account.profile).trim() : '') || account.email;
  return {
    db,
    clubId: member.clubId,
    clubName: group.club.fullName,
    groupId: group.id,
    groupName: group.name,
    accountId: member.accountId,
    staff: true,
    mayModerate: can(member, 'channels.moderate') && !group.archivedAt,
    mayPost: can(member, 'channels.write') && !group.archivedAt,
    familiesMayPost: group.channelFamiliesPost,
    groupArchived: group.archivedAt !== null,
    author: { personId: null, name, label: CLUB_ROLE_LABELS[member.role] },
    forNames: [],
  };
}

/** The groups whose channels the staff member reads: every group of the club, a coach's own; archived ones last. */
export async function staffChannelGroups(ctx: RequestContext): Promise<Array<{ id: string; name: string; archived: boolean }>> {
  const { clubId } = clubMember(ctx);
  const coach = athleteGroupsOf(ctx);
  const groups = await clubDb(ctx).group.findMany({
    where: { clubId, ...(coach ? { id: { in: [...coach.groupIds] } } : {}) },
    select: { id: true, name: true, archivedAt: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return groups.map((g) => ({ id: g.id, name: g.name, archived: g.archivedAt !== null })).sort((a, b) => Number(a.archived) - Number(b.archived));
}

/**
 * Every seat the signed-in account holds through its family, one per group (across its clubs), and whether a minor
 * of the account waits for a guardian with an account before their group's channel opens to them.
 */
export async function familySeats(ctx: RequestContext): Promise<{ seats: ChannelSeat[]; minorWaiting: boolean }> {
  const seats: ChannelSeat[] = [];
  let minorWaiting = false;
  for (const { clubId, members, db } of await familyClubs(ctx)) {
    const ids = members.map((m) => m.personId);
    const [places, guarded, people] = await Promise.all([
      db.groupMember.findMany({
        where: { clubId, role: { personId: { in: ids }, archivedAt: null }, group: { archivedAt: null } },
        select: { role: { select: { personId: true, kind: true } }, group: { select: { id: true, name: true, channelFamiliesPost: true, club: { select: { fullName: true } } } } },
      }),
      // The account's minors who have a guardian with an account: the only minors who sit in a channel themselves.
      db.guardianship.findMany({ where: { clubId, minorId: { in: members.filter((m) => m.relation === 'minore').map((m) => m.personId) }, guardian: { accountId: { not: null } } }, select: { minorId: true } }),
      db.person.findMany({ where: { clubId, id: { in: [...new Set([...ids, ...members.map((m) => m.actingPersonId)])] } }, select: { id: true, firstname: true, lastname: true } }),
    ]);
    const names = new Map(people.map((p) => [p.id, fullName(p)]));
    const guardedMinors = new Set(guarded.map((g) => g.minorId));
    const byGroup = new Map<string, { group: (typeof places)[number]['group']; entries: Array<{ member: (typeof members)[number]; kind: string }> }>();
    for (const place of places) {
      const member = members.find((m) => m.personId === place.role.personId)!;
      if (member.relation === 'minore' && !guardedMinors.has(member.personId)) {
        minorWaiting = true;
        continue;
      }
      const entry = byGroup.get(place.group.id) ?? { group: place.group, entries: [] };
      if (!entry.entries.some((e) => e.member.personId === member.personId)) entry.entries.push({ member, kind: place.role.kind });
      byGroup.set(place.group.id, entry);
    }
    for (const { group, entries } of byGroup.values()) {
      // Themselves first: an athlete of age who is also a parent in the same group signs as the athlete.
      const own = entries.find((e) => e.member.relation !== 'genitore');
      const children = entries.filter((e) => e.member.relation === 'genitore').map((e) => names.get(e.member.personId) ?? '');
      const acting = (own ?? entries[0]).member.actingPersonId;
      const label = own
        ? PERSON_KINDS.includes(own.kind as (typeof PERSON_KINDS)[number]) ? PERSON_KIND_INFO[own.kind as (typeof PERSON_KINDS)[number]].singular : 'Socio'
        : `Genitore di ${children.sort((a, b) => a.localeCompare(b, 'it')).join(', ')}`;
      seats.push({
        db,
        clubId,
        clubName: group.club.fullName,
        groupId: group.id,
        groupName: group.name,
        accountId: ctx.viewer!.accountId,
        staff: false,
        mayModerate: false,
        mayPost: group.channelFamiliesPost,
        familiesMayPost: group.channelFamiliesPost,
        groupArchived: false,
        author: { personId: acting, name: names.get(acting) ?? '', label },
        forNames: entries.map((e) => names.get(e.member.personId) ?? '').sort((a, b) => a.localeCompare(b, 'it')),
      });
    }
  }
  return { seats: seats.sort((a, b) => a.clubName.localeCompare(b.clubName, 'it') || a.groupName.localeCompare(b.groupName, 'it')), minorWaiting };
}

/** The account's family seat in one group's channel; NotFound for any group the family does not sit in. */
export async function familySeat(ctx: RequestContext, groupId: unknown): Promise<ChannelSeat> {
  const seat = isUuid(groupId) ? (await familySeats(ctx)).seats.find((s) => s.groupId === groupId) : undefined;
  if (!seat) throw new NotFoundError();
  return seat;
}
