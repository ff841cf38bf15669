// A club's setting (/impostazioni, owner and admin: club.write): the roles that read health data must sign in with
// the second factor to act in the club. The refusal itself happens once per request in auth/viewer.ts.
import { z } from 'zod';
import { MSG } from '../../../schema/messages';
import { clubMember } from '../../access/authorize';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { ConflictError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';

const requirementInput = z.object({ required: z.boolean({ error: MSG.invalidFields }) });

export async function setClubTwoFactorRequirement(ctx: RequestContext, raw: unknown): Promise<{ clubId: string; message: string }> {
  const { clubId } = clubMember(ctx);
  const { required } = parseInput(requirementInput, raw);
  // Whoever turns it on holds health.read too (owner, admin): without the second factor in this session they
  // would be refused by the club on their very next request.
  if (required && !ctx.viewer?.secondFactor) throw new ConflictError(MSG.clubTwoFactorOwnFirst);
  await clubDb(ctx).club.update({ where: { id: clubId }, data: { requireTwoFactorForHealth: required } });
  return { clubId, message: required ? MSG.clubTwoFactorRequired : MSG.clubTwoFactorNotRequired };
}
