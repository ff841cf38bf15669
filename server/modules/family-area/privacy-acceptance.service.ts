// A new version of a club's privacy notice is shown again to every account of its members and guardians at their
// next sign-in to the personal area (issue 36 point 2): the area asks for the versions the account has not accepted
// yet, and records each acceptance (who, when, from where) as evidence that is never edited. The consents
// themselves stay per purpose (consents.service.ts): accepting the notice is having read it, not consenting.
import { FAMILY_MSG } from '../../../schema/messages-family';
import { familyClubs } from '../../access/cross-club';
import type { RequestContext } from '../../context';
import { isUniqueViolation } from '../../db/sql-state';
import { NotFoundError } from '../../lib/errors';
import { currentNotice } from '../families/consents.service';

export interface PendingNotice {
  id: string;
  clubName: string;
  version: number;
  title: string;
  text: string;
  publishedAt: Date;
  /** The account accepted an earlier version: the screen says the notice changed. */
  changed: boolean;
}

/** The current notice of each club of the family that this account has not accepted yet. */
export async function pendingPrivacyNotices(ctx: RequestContext): Promise<PendingNotice[]> {
  const accountId = ctx.viewer!.accountId;
  const pending: PendingNotice[] = [];
  for (const { clubId, db } of await familyClubs(ctx)) {
    const notice = await currentNotice(db, clubId);
    if (!notice) continue;
    const accepted = await db.privacyNoticeAcceptance.findMany({ where: { clubId, accountId }, select: { noticeId: true } });
    if (accepted.some((a) => a.noticeId === notice.id)) continue;
    const club = await db.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
    pending.push({ id: notice.id, clubName: club.fullName, version: notice.version, title: notice.title, text: notice.text, publishedAt: notice.publishedAt, changed: accepted.length > 0 });
  }
  return pending;
}

/** Records that the account read the notice `noticeId`: only a club's current version, of a club of its family. */
export async function acceptPrivacyNotice(ctx: RequestContext, noticeId: unknown): Promise<{ message: string }> {
  const accountId = ctx.viewer!.accountId;
  for (const { clubId, db } of await familyClubs(ctx)) {
    const notice = await currentNotice(db, clubId);
    if (!notice || notice.id !== noticeId) continue;
    const { email } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } });
    try {
      await db.privacyNoticeAcceptance.create({ data: { clubId, noticeId: notice.id, accountId, email, ip: ctx.meta.ip ?? null, userAgent: ctx.meta.userAgent?.slice(0, 500) ?? null } });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e; // accepted already (two tabs): the same answer
    }
    return { message: FAMILY_MSG.privacyNoticeAccepted(notice.version) };
  }
  // Another club's notice, an older version, an unknown id: all alike.
  throw new NotFoundError();
}
