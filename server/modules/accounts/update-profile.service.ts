// /modifica-utente: the signed-in account edits its own profile (spec §3 Account.profile). The legacy form only
// logged its values; this one saves them. The email is not editable here (it is the login).
import { MSG } from '../../../schema/messages';
import { accountProfileInput } from '../../../schema/validation/account';
import { requireSession } from '../../auth/policy';
import { parseEdit, sentColumns, storedFields } from '../../lib/partial-update';
import type { RequestContext } from '../../context';

const FIELDS = Object.keys(accountProfileInput.shape);
/** Blank clears the optional fields (the form sends "" for an emptied field); names and tax code are required. */
const CLEARABLE = ['nickname', 'birthday'];
const dateColumn = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : null);

export async function updateMyProfile(ctx: RequestContext, raw: unknown): Promise<{ message: string; accountId: string }> {
  const { accountId } = requireSession(ctx);
  // Validated as the stored profile with the fields sent laid over it: a field left out keeps its value.
  const stored = await ctx.deps.db.accountProfile.findUnique({ where: { accountId } });
  const input = parseEdit(accountProfileInput, storedFields(stored, FIELDS), raw);
  const sent = sentColumns(raw, input, FIELDS, CLEARABLE);
  if ('birthday' in sent) sent.birthday = dateColumn(input.birthday);
  // upsert: an account is created with its profile, but a profile missing for any reason is rebuilt, not an error.
  const whole = { ...input, nickname: input.nickname ?? null, birthday: dateColumn(input.birthday) };
  await ctx.deps.db.accountProfile.upsert({ where: { accountId }, update: sent, create: { accountId, ...whole } });
  return { message: MSG.changesSaved, accountId };
}
