// Who may touch an event (issue 38 point 6): a coach (role allenatore) only the events all of whose groups they coach.
import { CAL_MSG } from '../../../schema/messages-calendar';
import { athleteGroupsOf } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { ForbiddenError } from '../../lib/errors';

export function refuseUnlessCoachOf(ctx: RequestContext, groupIds: readonly string[]): void {
  const coach = athleteGroupsOf(ctx);
  if (coach && !groupIds.every((id) => coach.groupIds.includes(id))) throw new ForbiddenError(CAL_MSG.coachGroupsOnly);
}
