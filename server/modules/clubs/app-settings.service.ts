import { GROUP_TYPES } from '../../../schema/constants';
import { requireClub } from '../../auth/policy';
import type { RequestContext } from '../../context';

/** What the admin shell needs at start (legacy `/api/app`): the current club and the group types. */
export async function getAppSettings(ctx: RequestContext) {
  const { clubId } = requireClub(ctx);
  return { clubId, typeGroups: GROUP_TYPES };
}
