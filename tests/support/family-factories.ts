// Families for the personal-area tests: a parent (a person of the club with an account of their own, no club
// membership) who is guardian of minor athletes, made through the real people service; the account link and the
// guardianships are plain rows (their own flows are tested in tests/server/people/person-link and families/).
import { randomBytes } from 'node:crypto';
import type { AppDeps, RequestContext } from '../../server/context';
import { hashSecret } from '../../server/lib/passwords';
import { openSession } from '../../server/modules/accounts/sessions';
import { PASSWORD, serviceContext } from './factories';
import { createPerson } from './people-factories';
import { taxCodeBornOn } from './tax-code-factories';

export interface TestFamily {
  accountId: string;
  email: string;
  token: string;
  /** The parent's person (the account's own). */
  parentId: string;
  children: Array<{ personId: string; roleId: string; birthday: string }>;
}

let familySeq = 0;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (n: number) => [2, 1, 0].map((p) => LETTERS[Math.floor(n / 26 ** p) % 26]).join('');

/** An account of its own, without a club (the door's account-only sign-up makes the same). */
export async function accountWithoutClub(deps: AppDeps, name = 'Anna Genitore'): Promise<{ accountId: string; email: string; token: string }> {
  const email = `famiglia-${randomBytes(4).toString('hex')}@example.it`;
  const [firstname, lastname] = name.split(' ');
  const account = await deps.systemDb.account.create({ data: { email, passwordHash: await hashSecret(PASSWORD), profile: { create: { firstname, lastname } } } });
  return { accountId: account.id, email, token: await openSession(serviceContext(deps), account.id) };
}

/**
 * A parent of `club` (ctx: its staff) with an account linked to their record, guardian of a minor athlete per
 * birthday in `children` (default one, born 2015).
 */
export async function familyOf(ctx: RequestContext, children: string[] = ['2015-05-05'], surname = 'Famiglia'): Promise<TestFamily> {
  familySeq += 1;
  const tag = letters(familySeq + 300);
  const { deps } = ctx;
  const clubId = ctx.viewer!.membership!.clubId;
  const account = await accountWithoutClub(deps);
  const parent = await createPerson(ctx, 'member', {
    profile: { firstname: 'Anna', lastname: surname, taxIdCode: taxCodeBornOn('1980-02-03', surname, { female: true, name: tag }), birthday: '1980-02-03', typeGenderId: 2, emailPrimary: account.email },
  });
  await deps.systemDb.person.update({ where: { id: parent.personId }, data: { accountId: account.accountId } });
  const made: TestFamily['children'] = [];
  for (const [i, birthday] of children.entries()) {
    const child = await createPerson(ctx, 'athlete', {
      profile: { firstname: ['Luca', 'Sara', 'Marco'][i] ?? `Figlio${i}`, lastname: surname, taxIdCode: taxCodeBornOn(birthday, surname, { name: letters(familySeq * 3 + i) }), birthday },
    });
    await deps.systemDb.guardianship.create({ data: { clubId, minorId: child.personId, guardianId: parent.personId, relationship: 'genitore' } });
    made.push({ personId: child.personId, roleId: child.roleId, birthday });
  }
  return { ...account, parentId: parent.personId, children: made };
}
