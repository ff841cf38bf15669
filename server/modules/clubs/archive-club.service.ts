// Archiving the club (owner only): from that moment every member's requests for it are refused (their club token
// names an archived club), it leaves every member's club list, and nothing is deleted: the records stay in the
// database as they were (see the README for how long and how to get them back).
import { MSG } from '../../../schema/messages';
import { authorizeMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { NotFoundError } from '../../lib/errors';

/** `id` must be the X-Club club's own id (another club's id is NotFoundError, like an unknown one). */
export async function archiveClub(ctx: RequestContext, id: unknown): Promise<{ message: string; clubId: string }> {
  const { clubId } = authorizeMember(ctx, 'club.archive');
  if (id !== clubId) throw new NotFoundError();
  await clubDb(ctx).club.update({ where: { id: clubId }, data: { archivedAt: new Date(), isActive: false } });
  return { message: MSG.clubArchived, clubId };
}
