import { MSG } from '../../../schema/messages';
import { clubTaxIdField, signUpInput } from '../../../schema/validation/auth';
import { ConflictError } from '../../lib/errors';
import { hashSecret } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import type { RequestContext } from '../../context';
import { openSession } from './sessions';
import { isUniqueViolation } from '../../db/sql-state';
import { firstSeasonOf } from '../seasons/seasons.service';

/**
 * Creates the account, its profile, the club and the owner membership, and signs the new account in.
 * All in one transaction: a failure leaves nothing behind.
 */
export async function signUp(ctx: RequestContext, raw: unknown): Promise<{ token: string; accountId: string }> {
  const input = parseInput(signUpInput, raw, { summary: 'first' });
  await ctx.deps.limits.consume('signup', { ip: ctx.meta.ip, account: input.email });

  const taken = await ctx.deps.db.account.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw new ConflictError(MSG.emailTaken, { email: MSG.emailTaken });

  const passwordHash = await hashSecret(input.password);
  try {
    return await ctx.deps.db.$transaction(async (tx) => {
      const account = await tx.account.create({
        data: {
          email: input.email,
          passwordHash,
          profile: {
            create: {
              firstname: input.firstname,
              lastname: input.lastname,
              birthday: new Date(`${input.birthday}T00:00:00Z`),
              taxIdCode: input.taxIdCode,
            },
          },
        },
        select: { id: true },
      });
      await tx.club.create({
        data: {
          fullName: input.fullName,
          foundation: input.foundation,
          // An association without a partita IVA signs up with its codice fiscale (schema/validation/auth.ts).
          [clubTaxIdField(input.vatNumber)]: input.vatNumber,
          sport: input.typeSport ?? null,
          logoUrl: input.urlLogo ?? null,
          plan: input.plan ?? null,
          memberships: {
            create: { accountId: account.id, role: 'owner', boardRole: input.role, token: randomToken() },
          },
          // Its first season from the start, so no read of it ever has to write one.
          seasons: { create: firstSeasonOf(ctx) },
        },
      });
      const token = await openSession(ctx, account.id, tx);
      return { token, accountId: account.id };
    });
  } catch (e) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same answer as above.
    if (isUniqueViolation(e)) throw new ConflictError(MSG.emailTaken, { email: MSG.emailTaken });
    throw e;
  }
}
