// Archiving a role: one way (spec §4). The role leaves the lists, becomes read-only and can no longer join groups;
// the person's linked profile is notified in the same request.
import type { PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { authorizeMember, authorizePeopleKinds } from '../../access/authorize';
import type { RequestContext } from '../../context';
import { createPersonNotification, emailNotification } from '../notifications/notify.service';
import { PEOPLE_KINDS } from './people.kinds';
import { findClubRole } from './people.policy';
import { clubDb } from '../../access/request-db';
import { describeChange } from '../../access/change-log';

/**
 * Archives the role `id` of the viewer's club (of `kind` when given: the legacy routes are per kind) and answers its
 * id. Archiving an archived role changes nothing and notifies nobody again.
 */
export async function archivePerson(ctx: RequestContext, kind: PersonKindKey | undefined, id: unknown): Promise<string> {
  // Per kind when the route names one; otherwise among the kinds the viewer may archive.
  const { clubId, kinds } = kind ? { ...authorizeMember(ctx, `people.${kind}.archive`), kinds: kind } : authorizePeopleKinds(ctx, 'archive');
  const done = await clubDb(ctx).$transaction(async (tx) => {
    const role = await findClubRole(tx, clubId, id, kinds);
    // Conditional, so two archive requests racing notify once.
    const { count } = await tx.personRole.updateMany({
      where: { id: role.id, archivedAt: null },
      data: { archivedAt: new Date(), isActive: false },
    });
    if (count === 0) return { roleId: role.id, notification: null, email: null };
    describeChange(tx, {
      action: 'archive',
      entityType: 'person',
      entityId: role.personId,
      personId: role.personId,
      entityLabel: `${role.person.firstname} ${role.person.lastname}`,
      detail: PEOPLE_KINDS[role.kind].singular,
    });

    const club = await tx.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
    const notification = await createPersonNotification(tx, {
      clubId,
      person: role.person,
      title: MSG.archivedNotificationTitle(club.fullName),
      body: MSG.archivedNotificationBody(club.fullName, PEOPLE_KINDS[role.kind].singular),
    });
    return { roleId: role.id, notification, email: role.person.emailPrimary };
  });
  if (done.notification) await emailNotification(ctx, done.notification, done.email);
  return done.roleId;
}
