// Organisations above clubs (issue 13 point 1), as the operator command creates them: kinds, the tree by parent
// code, the first admin (an existing account), the public code, refusals in Italian that create nothing, and the
// command line's usage. On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../server/lib/errors';
import { createOrganisation, describeTree, ORGANISATION_MSG, organisationTree } from '../../../server/modules/organisations/organisations.service';
import { main } from '../../../scripts/create-organisation';
import { createClub, type TestClub } from '../../support/factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let admin: TestClub;
let other: TestClub;
beforeAll(async () => {
  t = await startTestApp();
  admin = await createClub(t.deps);
  other = await createClub(t.deps);
});
afterAll(() => t.close());

const CODE = /^[A-Z]{3}-[0-9A-HJKMNP-TV-Z]{6}$/;

describe('createOrganisation', () => {
  it('a federation with its admin and a code; a committee under it by the code (any case); the tree', async () => {
    const federation = await createOrganisation(t.deps.systemDb, { name: '  Federazione Italiana Rugby ', kind: 'federation', adminEmail: admin.email.toUpperCase() });
    expect(federation).toMatchObject({ name: 'Federazione Italiana Rugby', kind: 'federation', parentId: null, adminAccountId: admin.accountId });
    expect(federation.code).toMatch(CODE);
    expect(federation.code.startsWith('FED-')).toBe(true);
    const staff = await t.deps.systemDb.organisationStaff.findMany({ where: { organisationId: federation.id } });
    expect(staff).toMatchObject([{ accountId: admin.accountId, role: 'admin' }]);

    const committee = await createOrganisation(t.deps.systemDb, { name: 'Comitato Regionale Lazio', kind: 'committee', adminEmail: other.email, parentCode: federation.code.toLowerCase() });
    expect(committee).toMatchObject({ parentId: federation.id, adminAccountId: other.accountId });
    expect(committee.code.startsWith('COM-')).toBe(true);

    const tree = (await organisationTree(t.deps.systemDb)).filter((n) => n.id === federation.id);
    expect(tree).toMatchObject([{ code: federation.code, admins: [admin.email], children: [{ id: committee.id, admins: [other.email], children: [] }] }]);
    expect(describeTree(tree)).toEqual([
      `Federazione Italiana Rugby (Federazione, ${federation.code}) amministratori: ${admin.email}`,
      `  Comitato Regionale Lazio (Comitato o delegazione regionale, ${committee.code}) amministratori: ${other.email}`,
    ]);
    // a parent with organisations under it cannot be deleted from under them
    await expect(t.deps.systemDb.organisation.delete({ where: { id: federation.id } })).rejects.toThrow();
  });

  it('refuses in Italian and creates nothing: unknown admin, unknown parent, a kind or name out of bounds', async () => {
    const before = await t.deps.systemDb.organisation.count();
    const refusal = async (input: Parameters<typeof createOrganisation>[1]) => {
      const error = await createOrganisation(t.deps.systemDb, input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).message;
    };
    expect(await refusal({ name: 'Lega Pro', kind: 'league', adminEmail: 'nessuno@example.it' })).toBe(ORGANISATION_MSG.adminUnknown('nessuno@example.it'));
    expect(await refusal({ name: 'Lega Pro', kind: 'league', adminEmail: admin.email, parentCode: 'FED-000000' })).toBe(ORGANISATION_MSG.parentUnknown('FED-000000'));
    expect(await refusal({ name: 'Lega Pro', kind: 'club', adminEmail: admin.email })).toBe(ORGANISATION_MSG.kindInvalid);
    expect(await refusal({ name: 'L', kind: 'league', adminEmail: admin.email })).toBe(ORGANISATION_MSG.nameRequired);
    expect(await refusal({ name: 'Lega Pro', kind: 'league', adminEmail: '' })).toBe(ORGANISATION_MSG.adminRequired);
    expect(await t.deps.systemDb.organisation.count()).toBe(before);
  });
});

describe('npm run organisation:create', () => {
  it('prints the usage and exits 2 on a malformed command line, before opening any database', async () => {
    for (const args of [[], ['--name', 'X'], ['--name', 'X', '--kind', 'eps'], ['--list', '--name', 'X'], ['--name', 'X', '--kind', 'eps', '--admin', 'a@b.it', 'extra'], ['--forza']]) {
      const errors: string[] = [];
      expect(await main(args, () => {}, (m) => errors.push(m)), args.join(' ')).toBe(2);
      expect(errors.join('\n')).toContain('npm run organisation:create -- --name');
    }
  });
});
