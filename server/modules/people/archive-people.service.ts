// Archiving a selection of roles at once (issue 15): archivePerson's rules for many rows, in one transaction, all or
// nothing. Every id must be a role of the club of a kind the viewer may archive; an already archived role refuses the
// whole call (the selection is stale) and nothing changes. Set-based: one UPDATE, one INSERT of the notifications and
// one of the log lines, whatever the size; the notification emails go out after the commit, in the background.
import { MSG } from '../../../schema/messages';
import { authorizePeopleKinds } from '../../access/authorize';
import type { RequestContext } from '../../context';
import { emailNotification } from '../notifications/notify.service';
import { PEOPLE_KINDS } from './people.kinds';
import { clubDb } from '../../access/request-db';
import { describeChange } from '../../access/change-log';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';
import { parseInput } from '../../lib/validate';
import { roleIdsInput, type BulkResult } from './bulk-selection';
import { z } from 'zod';

const archivePeopleInput = z.object({ roleIds: roleIdsInput });

export async function archivePeople(ctx: RequestContext, roleIds: unknown): Promise<BulkResult> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'archive');
  const { roleIds: ids } = parseInput(archivePeopleInput, { roleIds }, { summary: 'first' });
  if (!ids.every(isUuid)) throw new NotFoundError();
  const done = await clubDb(ctx).$transaction(async (tx) => {
    // A role of another club, unknown, or of a kind the viewer may not archive: like an unknown id, for the whole call.
    const roles = await tx.personRole.findMany({
      where: { clubId, id: { in: ids }, kind: { in: [...kinds] } },
      include: { person: { select: { id: true, firstname: true, lastname: true, accountId: true, emailPrimary: true } } },
    });
    if (roles.length !== ids.length) throw new NotFoundError();
    if (roles.some((role) => role.archivedAt)) throw new ConflictError(MSG.bulkAlreadyArchived);
    // Conditional, so a racing archive of one of them makes the counts disagree and the whole call refuse.
    const { count } = await tx.personRole.updateMany({
      where: { id: { in: ids }, clubId, archivedAt: null },
      data: { archivedAt: new Date(), isActive: false },
    });
    if (count !== roles.length) throw new ConflictError(MSG.bulkAlreadyArchived);
    for (const role of roles) {
      describeChange(tx, {
        action: 'archive',
        entityType: 'person',
        entityId: role.personId,
        personId: role.personId,
        entityLabel: `${role.person.firstname} ${role.person.lastname}`,
        detail: PEOPLE_KINDS[role.kind].singular,
      });
    }
    const club = await tx.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
    const notifications = await tx.notification.createManyAndReturn({
      data: roles.map((role) => ({
        clubId,
        personId: role.person.id,
        accountId: role.person.accountId,
        title: MSG.archivedNotificationTitle(club.fullName),
        body: MSG.archivedNotificationBody(club.fullName, PEOPLE_KINDS[role.kind].singular),
      })),
    });
    const emailOf = new Map(roles.map((role) => [role.person.id, role.person.emailPrimary]));
    return { count, mails: notifications.map((notification) => ({ notification, to: emailOf.get(notification.personId!) ?? null })) };
  });
  // Up to 500 mails: sent after the answer, one after the other, so a slow mail server never holds the request.
  if (done.mails.length) {
    ctx.deps.background.run('bulk archive: notification emails', async () => {
      for (const { notification, to } of done.mails) await emailNotification(ctx, notification, to);
    });
  }
  return { requested: ids.length, changed: done.count };
}
