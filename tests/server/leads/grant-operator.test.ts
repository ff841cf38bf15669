// The operator command (`npm run operator:grant -- <email> [--revoke]`), run through its own functions on the test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChange, listOperators, main, setOperator } from '../../../scripts/grant-operator';
import { createClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('operator:grant', () => {
  it('grants, reports a repeated grant, lists and revokes, touching only the flag', async () => {
    const club = await createClub(t.deps);
    const before = await t.deps.systemDb.account.findUniqueOrThrow({ where: { email: club.email } });
    expect(before.isOperator).toBe(false);

    const granted = await setOperator(t.deps.systemDb, `  ${club.email.toUpperCase()} `, true);
    expect(granted).toEqual({ outcome: 'granted', email: club.email });
    expect(describeChange(granted)).toBe(`${club.email} è ora un operatore di CampoBase: può consultare ed esportare le richieste di contatto.`);
    const after = await t.deps.systemDb.account.findUniqueOrThrow({ where: { email: club.email } });
    expect(after).toMatchObject({ isOperator: true, passwordHash: before.passwordHash, isActive: true });
    expect(await listOperators(t.deps.systemDb)).toContain(club.email);

    expect(await setOperator(t.deps.systemDb, club.email, true)).toEqual({ outcome: 'already-operator', email: club.email });
    expect(await setOperator(t.deps.systemDb, club.email, false)).toEqual({ outcome: 'revoked', email: club.email });
    expect(await setOperator(t.deps.systemDb, club.email, false)).toEqual({ outcome: 'not-operator', email: club.email });
    expect((await t.deps.systemDb.account.findUniqueOrThrow({ where: { email: club.email } })).isOperator).toBe(false);
    // still a member of its club: the operator role is separate from club roles
    expect(await t.deps.systemDb.membership.count({ where: { accountId: club.accountId } })).toBe(1);
  });

  it('answers an unknown email clearly and creates nothing', async () => {
    const accounts = await t.deps.systemDb.account.count();
    const change = await setOperator(t.deps.systemDb, 'sconosciuto@example.it', true);
    expect(change).toEqual({ outcome: 'unknown-account', email: 'sconosciuto@example.it' });
    expect(describeChange(change)).toBe("Nessun account registrato con l'email sconosciuto@example.it: l'account deve esistere (registrazione su /signup).");
    expect(await t.deps.systemDb.account.count()).toBe(accounts);
  });

  it('prints the usage and exits 2 on a malformed command line, before opening any database', async () => {
    for (const args of [[], ['a@example.it', 'b@example.it'], ['--list', 'a@example.it'], ['a@example.it', '--forza']]) {
      const errors: string[] = [];
      expect(await main(args, () => {}, (m) => errors.push(m))).toBe(2);
      expect(errors.join('\n')).toContain('npm run operator:grant -- <email>');
    }
  });
});
