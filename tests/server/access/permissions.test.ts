// Roles and permissions (server/access/permissions.ts): the table's shape, the matrix of docs/permissions.md printed
// from it, and the services applying it through GraphQL and REST for collaborators of each role (made as membership
// rows until the invitation flow exists). A refusal by role is FORBIDDEN with the role's message, and writes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { CLUB_ROLES, PERMISSIONS, ROLE_PERMISSIONS, roleAllows, type Permission } from '../../../server/access/permissions';
import { familyMatrixMarkdown, permissionMatrixMarkdown } from '../../../server/access/permission-matrix';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createPerson, nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const ALL = Object.keys(PERMISSIONS) as Permission[];
const isWrite = (p: Permission) => !p.endsWith('.read');

describe('the permission table', () => {
  it('owner holds everything; admin everything but archiving and transferring the club; lettura nothing that writes', () => {
    expect(ALL.every((p) => roleAllows('owner', p))).toBe(true);
    expect(ALL.filter((p) => !roleAllows('admin', p))).toEqual(['club.archive', 'club.transfer']);
    expect(ALL.filter((p) => roleAllows('lettura', p) && isWrite(p))).toEqual([]);
    expect(roleAllows('lettura', 'health.read')).toBe(false);
  });

  it('allenatore writes athletes only, reads health data, manages nobody', () => {
    expect(PERSON_KINDS.filter((k) => roleAllows('allenatore', `people.${k}.write`))).toEqual(['athlete']);
    expect(PERSON_KINDS.some((k) => roleAllows('allenatore', `people.${k}.archive`))).toBe(false);
    expect(roleAllows('allenatore', 'health.read')).toBe(true);
    for (const p of ['collaborators.manage', 'accessLog.read', 'club.write', 'import.run', 'export.run'] as const) expect(roleAllows('allenatore', p)).toBe(false);
  });

  it('health data, collaborators and the access log are for the roles that need them', () => {
    expect(CLUB_ROLES.filter((r) => roleAllows(r, 'health.read'))).toEqual(['owner', 'admin', 'segreteria', 'allenatore']);
    expect(CLUB_ROLES.filter((r) => roleAllows(r, 'collaborators.manage'))).toEqual(['owner', 'admin']);
    expect(CLUB_ROLES.filter((r) => roleAllows(r, 'accessLog.read'))).toEqual(['owner', 'admin']);
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...CLUB_ROLES].sort());
  });

  it("is docs/permissions.md's matrix, word for word", () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(page).toContain(permissionMatrixMarkdown());
    expect(page).toContain(familyMatrixMarkdown());
  });
});

const SAVE = /* GraphQL */ `
  mutation($input: SavePersonInput!) {
    savePerson(input: $input) { __typename ... on BaseError { code message } }
  }`;
const PEOPLE = /* GraphQL */ `query($kind: PersonKind!) { people(kind: $kind) { totalCount } }`;
const UPDATE_SETTINGS = /* GraphQL */ `
  mutation { updateClubSettings(input: { seasonLabel: "2027/28" }) { __typename ... on BaseError { code message } } }`;

describe('the services apply it', () => {
  let t: TestApp;
  let owner: TestClub;
  const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });
  const forbidden = { __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.permissionDenied };
  const count = () => t.deps.systemDb.personRole.count({ where: { clubId: owner.clubId } });
  const athlete = () => ({ kind: 'athlete', profile: { firstname: 'Nuova', lastname: 'Atleta', taxIdCode: nextTaxCode('PRM'), typeGenderId: 2 } });
  const coach = () => ({ kind: 'coach', profile: { firstname: 'Nuovo', lastname: 'Allenatore', taxIdCode: nextTaxCode('PRM'), typeGenderId: 1 } });

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createClub(t.deps, { fullName: 'ASD Ruoli' });
    await createPerson(await clubContext(t.deps, owner), 'athlete');
  });
  afterAll(() => t.close());

  it('lettura reads the lists and writes nothing, on both faces', async () => {
    const reader = await addCollaborator(t.deps, owner, 'lettura');
    expect((await gql(t.app, PEOPLE, { kind: 'athlete' }, as(reader))).body.data.people.totalCount).toBe(1);
    const before = await count();
    expect((await gql(t.app, SAVE, { input: athlete() }, as(reader))).body.data.savePerson).toEqual(forbidden);
    const legacy = await rest(t.app, '/athlete/save', { profile: { firstname: 'Nuova', lastname: 'Atleta', tax_id_code: nextTaxCode('PRM'), type_gender_id: 2 } }, as(reader));
    expect(legacy.statusCode).toBe(403);
    expect(legacy.body).toMatchObject({ status: false, message: MSG.permissionDenied });
    expect((await gql(t.app, UPDATE_SETTINGS, {}, as(reader))).body.data.updateClubSettings).toEqual(forbidden);
    expect(await count()).toBe(before);
  });

  it('allenatore registers nobody (it edits its groups\' athletes: coach-scope.test.ts); segreteria saves every kind but not the club settings', async () => {
    const trainer = await addCollaborator(t.deps, owner, 'allenatore');
    expect((await gql(t.app, SAVE, { input: athlete() }, as(trainer))).body.data.savePerson).toEqual({ ...forbidden, message: MSG.coachCannotRegister });
    expect((await gql(t.app, SAVE, { input: coach() }, as(trainer))).body.data.savePerson).toEqual(forbidden);

    const office = await addCollaborator(t.deps, owner, 'segreteria');
    expect((await gql(t.app, SAVE, { input: coach() }, as(office))).body.data.savePerson.__typename).toBe('MutationSavePersonSuccess');
    expect((await gql(t.app, UPDATE_SETTINGS, {}, as(office))).body.data.updateClubSettings).toEqual(forbidden);
    expect((await gql(t.app, UPDATE_SETTINGS, {}, as(owner))).body.data.updateClubSettings.__typename).toBe('MutationUpdateClubSettingsSuccess');
  });

  it("a role's person(id) finds only the kinds it may read: another kind is like an unknown id", async () => {
    const { roleId } = await createPerson(await clubContext(t.deps, owner), 'member');
    const ROLE = /* GraphQL */ `query($id: ID!) { personRole(id: $id) { id } }`;
    const trainer = await addCollaborator(t.deps, owner, 'allenatore');
    expect((await gql(t.app, ROLE, { id: roleId }, as(trainer))).body.data.personRole).toBeNull();
    expect((await gql(t.app, ROLE, { id: roleId }, as(owner))).body.data.personRole).toEqual({ id: roleId });
  });
});
