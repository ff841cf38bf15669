// /modifica-utente: the signed-in account edits its own profile (spec §3 Account.profile). The legacy form only
// logged its values; this one saves them. The email is not editable here (it is the login).
import { MSG } from '../../../schema/messages';
import { accountProfileInput } from '../../../schema/validation/account';
import { requireSession } from '../../auth/policy';
import { parseInput } from '../../lib/validate';
import type { RequestContext } from '../../context';

export async function updateMyProfile(ctx: RequestContext, raw: unknown): Promise<{ message: string; accountId: string }> {
  const { accountId } = requireSession(ctx);
  const input = parseInput(accountProfileInput, raw);
  const fields = {
    firstname: input.firstname,
    lastname: input.lastname,
    // Blank clears the optional fields (the form sends "" for an emptied field).
    nickname: input.nickname ?? null,
    birthday: input.birthday ? new Date(`${input.birthday}T00:00:00Z`) : null,
    taxIdCode: input.taxIdCode,
  };
  // upsert: an account is created with its profile, but a profile missing for any reason is rebuilt, not an error.
  await ctx.deps.db.accountProfile.upsert({ where: { accountId }, update: fields, create: { accountId, ...fields } });
  return { message: MSG.changesSaved, accountId };
}
