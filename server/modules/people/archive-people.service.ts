// Archiving roles (spec §4, issue 15): one path, archiveRoles, for one role (archivePerson in archive-person.service.ts,
// both faces' single archive) and for a selection (archivePeople, the lists' bulk action), in one transaction, all or nothing. The role leaves the lists,
// becomes read-only and can no longer join groups; the person's linked profile is notified. Every id must be a role of
// the club of a kind the viewer may archive (of `kind` when a legacy route names it), or the whole call is NotFound.
// An already archived role: a single archive changes nothing and notifies nobody again; in a selection it refuses
// the whole call (the selection is stale). Set-based: one UPDATE, one INSERT of the notifications and one of the log
// lines, whatever the size. The email of a single archive is sent before the answer; a selection's (up to 500)
// after it, in the background, so a slow mail server never holds the request.
import type { PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { authorizeMember, authorizePeopleKinds } from '../../access/authorize';
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

export interface ArchiveOptions {
  /** The legacy routes are per kind: only roles of this kind, with its own permission. */
  kind?: PersonKindKey;
  /**
   * A selection (the bulk action: 1 to 500 ids, an archived one refuses the call, mails in the background) or one
   * role (idempotent, its mail sent before the answer).
   */
  selection: boolean;
}

/** Archives the roles `input` names (a selection's ids, or one id) and answers the ids of those archived now. */
export async function archiveRoles(ctx: RequestContext, input: unknown, { kind, selection }: ArchiveOptions): Promise<string[]> {
  const { clubId, kinds } = kind ? { ...authorizeMember(ctx, `people.${kind}.archive`), kinds: [kind] } : authorizePeopleKinds(ctx, 'archive');
  const ids: unknown[] = selection ? parseInput(archivePeopleInput, { roleIds: input }, { summary: 'first' }).roleIds : [input];
  if (!ids.every(isUuid)) throw new NotFoundError();
  const roleIds = ids;
  const done = await clubDb(ctx).$transaction(async (tx) => {
    // A role of another club, unknown, or of a kind the viewer may not archive: like an unknown id, for the whole call.
    const roles = await tx.personRole.findMany({
      where: { clubId, id: { in: roleIds }, kind: { in: [...kinds] } },
      include: { person: { select: { id: true, firstname: true, lastname: true, accountId: true, emailPrimary: true } } },
    });
    if (roles.length !== roleIds.length) throw new NotFoundError();
    if (selection && roles.some((role) => role.archivedAt)) throw new ConflictError(MSG.bulkAlreadyArchived);
    // Conditional, so of two archives racing only one archives (and notifies); in a selection the other refuses.
    const changed = await tx.personRole.updateManyAndReturn({
      where: { id: { in: roleIds }, clubId, archivedAt: null },
      data: { archivedAt: new Date(), isActive: false },
      select: { id: true },
    });
    if (selection && changed.length !== roles.length) throw new ConflictError(MSG.bulkAlreadyArchived);
    const now = new Set(changed.map((role) => role.id));
    const archivedNow = roles.filter((role) => now.has(role.id));
    if (archivedNow.length === 0) return { roleIds: [], mails: [] };
    for (const role of archivedNow) {
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
      data: archivedNow.map((role) => ({
        clubId,
        personId: role.person.id,
        accountId: role.person.accountId,
        title: MSG.archivedNotificationTitle(club.fullName),
        body: MSG.archivedNotificationBody(club.fullName, PEOPLE_KINDS[role.kind].singular),
      })),
    });
    const emailOf = new Map(archivedNow.map((role) => [role.person.id, role.person.emailPrimary]));
    return { roleIds: [...now], mails: notifications.map((notification) => ({ notification, to: emailOf.get(notification.personId!) ?? null })) };
  });
  const send = async () => {
    for (const { notification, to } of done.mails) await emailNotification(ctx, notification, to);
  };
  if (!selection) await send();
  else if (done.mails.length) ctx.deps.background.run('bulk archive: notification emails', send);
  return done.roleIds;
}

/** The lists' bulk archive: every selected role or none. */
export async function archivePeople(ctx: RequestContext, roleIds: unknown): Promise<BulkResult> {
  const archived = await archiveRoles(ctx, roleIds, { selection: true });
  // All or nothing: every requested role was archived now.
  return { requested: archived.length, changed: archived.length };
}

