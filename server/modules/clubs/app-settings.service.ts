import { GROUP_TYPES } from '../../../schema/constants';
import type { RequestContext } from '../../context';
import { clubMember } from '../../access/authorize';

/** What the admin shell needs at start (legacy `/api/app`): the current club and the group types. */
export async function getAppSettings(ctx: RequestContext) {
  const { clubId } = clubMember(ctx);
  return { clubId, typeGroups: GROUP_TYPES };
}
