// Archiving the club (owner only): from that moment every member's requests for it are refused (their club token
// names an archived club), it leaves every member's club list, and nothing is deleted: the records stay in the
// database as they were (see docs/permissions.md, "Archiving a club", for how long and how to get them back).
import { MSG } from '../../../schema/messages';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { NotFoundError } from '../../lib/errors';

/** `id` must be the X-Club club's own id (another club's id is NotFoundError, like an unknown one). */
export async function archiveClub(ctx: RequestContext, id: unknown): Promise<{ message: string; clubId: string }> {
  const { clubId } = clubMember(ctx);
  if (id !== clubId) throw new NotFoundError();
  await clubDb(ctx).$transaction(async (tx) => {
    const club = await tx.club.update({ where: { id: clubId }, data: { archivedAt: new Date(), isActive: false }, select: { fullName: true } });
    describeChange(tx, { action: 'club_archived', entityType: 'club', entityId: clubId, entityLabel: club.fullName });
  });
  return { message: MSG.clubArchived, clubId };
}
