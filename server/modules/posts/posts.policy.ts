// Which posts a coach (allenatore) may change: those that target only groups they coach (never club-wide ones).
import { MSG } from '../../../schema/messages';
import type { AthleteGroupsScope } from '../../access/club-scope';
import type { Db } from '../../lib/club-rows';
import { ValidationError } from '../../lib/errors';

export async function refuseUnlessCoachPost(tx: Db, coach: AthleteGroupsScope, postId: string): Promise<void> {
  const targets = await tx.postGroup.findMany({ where: { postId }, select: { groupId: true } });
  if (!targets.length || targets.some((t) => !coach.groupIds.includes(t.groupId))) {
    throw new ValidationError({ groupIds: MSG.coachPostGroupsOnly }, MSG.coachPostGroupsOnly);
  }
}
