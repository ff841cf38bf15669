// A coach (allenatore) sees and edits only the athletes of the groups they coach: an athlete outside them behaves
// exactly like an unknown id, in lists, counts, single reads, the tax-code lookup, saves, the dashboard, the groups
// list, the legacy REST face and medical-certificate files; they post only to their groups. Roles of other kinds
// stay readable as the permission table says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFile } from '../../../server/modules/files/files.service';
import { MSG } from '../../../schema/messages';
import { addCollaborator, createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf } from '../files/fixtures';

let t: TestApp;
let owner: TestClub;
let coach: TestClub;
let mine: Array<{ roleId: string; taxIdCode: string }>;
let theirs: { roleId: string; taxIdCode: string };
let coachRole: string;
let u10: string;
let u12: string;
let theirCertificate: string;
let myCertificate: string;
const as = (who: TestClub) => ({ token: who.token, club: who.clubToken });

beforeAll(async () => {
  t = await startTestApp();
  owner = await createClub(t.deps, { fullName: 'ASD Allenatori' });
  const ctx = await clubContext(t.deps, owner);
  mine = [
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname: 'Mia' } }),
    await createPerson(ctx, 'athlete', { profile: { firstname: 'Bruno', lastname: 'Mio' } }),
  ];
  theirs = await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla', lastname: 'Altrui' } });
  coachRole = (await createPerson(ctx, 'coach', { profile: { firstname: 'Dario', lastname: 'Mister' } })).roleId;
  u10 = (await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 10', mine.map((m) => m.roleId))).id;
  u12 = (await createGroupWith(t.deps, owner.clubId, 'athlete', 'Under 12', [theirs.roleId])).id;
  coach = await addCollaborator(t.deps, owner, 'allenatore');
  await t.deps.systemDb.membership.updateMany({ where: { token: coach.clubToken }, data: { groupIds: [u10] } });

  const certificate = async (roleId: string) => {
    const file = await t.deps.systemDb.$transaction((tx) =>
      storeFile(tx, { clubId: owner.clubId, purpose: 'medical-certificate' }, { filename: 'certificato.pdf', mimeType: 'application/pdf', content: pdf() }, 'file'),
    );
    await t.deps.systemDb.athleteDetails.upsert({ where: { roleId }, create: { roleId, medicalExaminationDocumentId: file.id }, update: { medicalExaminationDocumentId: file.id } });
    return file.id;
  };
  theirCertificate = await certificate(theirs.roleId);
  myCertificate = await certificate(mine[0].roleId);
});
afterAll(() => t.close());

const LIST = `query($search: String) { people(kind: athlete, search: $search) { totalCount edges { node { id } } } }`;

describe('a coach', () => {
  it("lists and counts only their groups' athletes, on both faces", async () => {
    const list = (await gql(t.app, LIST, {}, as(coach))).body.data.people;
    expect(list.totalCount).toBe(2);
    expect(list.edges.map((e: { node: { id: string } }) => e.node.id).sort()).toEqual(mine.map((m) => m.roleId).sort());
    expect((await gql(t.app, LIST, { search: 'Carla' }, as(coach))).body.data.people).toEqual({ totalCount: 0, edges: [] });
    // the owner sees all three
    expect((await gql(t.app, LIST, {}, as(owner))).body.data.people.totalCount).toBe(3);
    const legacy = await rest(t.app, '/athlete/load', {}, as(coach));
    expect(legacy.body.context.total ?? legacy.body.context.athletes?.length ?? legacy.body.context.records?.length).toBeDefined();
    expect(JSON.stringify(legacy.body)).not.toContain(theirs.roleId);
    expect(JSON.stringify(legacy.body)).toContain(mine[0].roleId);
  });

  it('meets an athlete outside their groups exactly like an unknown id', async () => {
    const ROLE = `query($id: ID!) { personRole(id: $id) { id } }`;
    expect((await gql(t.app, ROLE, { id: theirs.roleId }, as(coach))).body.data.personRole).toBeNull();
    expect((await gql(t.app, ROLE, { id: mine[0].roleId }, as(coach))).body.data.personRole).toEqual({ id: mine[0].roleId });
    const BY_TAX = `query($taxIdCode: String!) { personByTaxCode(taxIdCode: $taxIdCode) { id } }`;
    expect((await gql(t.app, BY_TAX, { taxIdCode: theirs.taxIdCode }, as(coach))).body.data.personByTaxCode).toBeNull();
    const single = await rest(t.app, '/athlete/single', { id: theirs.roleId }, as(coach));
    expect(single.body.status).toBe(false);
    const SAVE = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename ... on BaseError { code } } }`;
    const update = await gql(t.app, SAVE, { input: { id: theirs.roleId, kind: 'athlete', profile: { firstname: 'X', lastname: 'Y', taxIdCode: theirs.taxIdCode, typeGenderId: 2 } } }, as(coach));
    expect(update.body.data.savePerson).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    expect((await t.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: theirs.roleId }, include: { person: true } })).person.firstname).toBe('Carla');
    // their own athlete: edited, and read back through the same narrowing
    const FULL = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename ... on MutationSavePersonSuccess { data { role { id person { firstname } } } } } }`;
    const own = await gql(t.app, FULL, { input: { id: mine[1].roleId, kind: 'athlete', profile: { firstname: 'Bruna', lastname: 'Mio', taxIdCode: mine[1].taxIdCode, typeGenderId: 2 } } }, as(coach));
    expect(own.body.data.savePerson.data.role).toEqual({ id: mine[1].roleId, person: { firstname: 'Bruna' } });
  });

  it('counts only their athletes on the dashboard and sees only their athlete groups; other kinds stay readable', async () => {
    const DASH = `{ dashboard { kinds { kind active } } }`;
    const kinds = (await gql(t.app, DASH, {}, as(coach))).body.data.dashboard.kinds as Array<{ kind: string; active: number }>;
    expect(kinds.find((k) => k.kind === 'athlete')?.active).toBe(2);
    expect(kinds.find((k) => k.kind === 'coach')?.active).toBe(1);
    const GROUPS = `{ groups(types: [athlete]) { totalCount edges { node { id } } } }`;
    const groupsRes = await gql(t.app, GROUPS, {}, as(coach));
    expect(groupsRes.body.errors).toBeUndefined();
    const groups = groupsRes.body.data.groups;
    expect(groups.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([u10]);
    const COACHES = `{ people(kind: coach) { totalCount edges { node { id } } } }`;
    expect((await gql(t.app, COACHES, {}, as(coach))).body.data.people.edges).toEqual([{ node: { id: coachRole } }]);
  });

  it("gets their athletes' medical certificates but not the others'", async () => {
    const download = (id: string) => t.app.inject({ method: 'GET', url: `/files/${id}`, headers: { authorization: `Bearer ${coach.token}`, 'x-club': coach.clubToken } });
    expect((await download(myCertificate)).statusCode).toBe(200);
    expect((await download(theirCertificate)).statusCode).toBe(404);
  });

  it('posts only to their groups', async () => {
    const POST = `mutation($input: SavePostInput!) { savePost(input: $input) { __typename ... on BaseError { message } } }`;
    const post = (groupIds: string[]) => gql(t.app, POST, { input: { title: 'Allenamento', caption: 'Alle 18', groupIds } }, as(coach));
    expect((await post([u12])).body.data.savePost).toMatchObject({ __typename: 'ValidationError', message: MSG.coachPostGroupsOnly });
    expect((await post([])).body.data.savePost).toMatchObject({ __typename: 'ValidationError', message: MSG.coachPostGroupsOnly });
    expect((await post([u10])).body.data.savePost.__typename).toBe('MutationSavePostSuccess');
  });
});
