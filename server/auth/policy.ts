// Guards every service uses before touching club data.
import { ForbiddenError, UnauthenticatedError } from '../lib/errors';
import { MSG } from '../../schema/messages';
import type { RequestContext, Viewer } from '../context';

export function requireSession(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}

/** The viewer's membership in the club named by X-Club; club-scoped services read clubId only from here. */
export function requireClub(ctx: RequestContext): NonNullable<Viewer['membership']> {
  const viewer = requireSession(ctx);
  if (!viewer.membership) throw new ForbiddenError(MSG.clubHeaderMissing);
  return viewer.membership;
}
