// Every update path keeps what it was not sent (issue 34 point 6; lib/partial-update.ts): people (GraphQL savePerson,
// REST /{kind}/save), groups (saveGroup, /group/save), posts (savePost, /post/save), the club (updateClub,
// /club/update) and the account's profile (updateMyProfile). Each sends only an id and one field, as a client would,
// and finds every other stored field as it was; a field sent invalid still gets its message, and the rules still see
// the whole record as it would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const SAVE_PERSON = /* GraphQL */ `
  mutation($input: SavePersonInput!) {
    savePerson(input: $input) {
      __typename
      ... on MutationSavePersonSuccess { data { message } }
      ... on ValidationError { fields { field message } }
      ... on BaseError { code message }
    }
  }`;
const SAVE_GROUP = /* GraphQL */ `
  mutation($input: SaveGroupInput!) {
    saveGroup(input: $input) {
      __typename
      ... on MutationSaveGroupSuccess { data { message group { id } } }
      ... on ValidationError { fields { field message } }
      ... on BaseError { code message }
    }
  }`;
const UPDATE_CLUB = /* GraphQL */ `
  mutation($input: ClubInput!) {
    updateClub(input: $input) {
      __typename
      ... on MutationUpdateClubSuccess { data { message } }
      ... on ValidationError { fields { field message } }
      ... on BaseError { code message }
    }
  }`;
const UPDATE_PROFILE = /* GraphQL */ `
  mutation($input: UpdateMyProfileInput!) {
    updateMyProfile(input: $input) {
      __typename
      ... on MutationUpdateMyProfileSuccess { data { message } }
      ... on ValidationError { fields { field message } }
      ... on BaseError { code message }
    }
  }`;

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});
afterAll(() => t.close());

const creds = () => ({ token: club.token, club: club.clubToken });
/** A row without its bookkeeping columns (updated_at moves on every write). */
type Stamps = 'updatedAt' | 'createdAt' | 'searchText' | 'sortName';
const withoutStamps = <R extends object>(row: R): Omit<R, Stamps> => {
  const { updatedAt: _u, createdAt: _c, searchText: _s, sortName: _n, ...rest } = row as R & Record<Stamps, unknown>;
  return rest;
};

// --- people ---

const FULL_PROFILE = {
  nickname: 'Bomber',
  birthday: '2008-05-04',
  birthplace: 'Roma',
  phonePrimary: '333 1234567',
  emailPrimary: 'anna@example.it',
  hasBlsd: true,
  blsdExpiresOn: '2027-01-31',
  address: { address: 'Via Roma', streetNumber: '10', postalCode: '00100', city: 'Roma', province: 'RM' },
};

async function roleSnapshot(roleId: string) {
  const role = await t.deps.systemDb.personRole.findUniqueOrThrow({
    where: { id: roleId },
    include: { person: { include: { address: true } }, athlete: true, coach: true, member: true, manager: true },
  });
  const { person, ...rest } = role;
  return { ...withoutStamps(rest), person: { ...withoutStamps(person), address: person.address } };
}

async function fullAthlete() {
  return createPerson(ctx, 'athlete', {
    profile: { firstname: 'Anna', lastname: 'Verdi', typeGenderId: 2, ...FULL_PROFILE },
    details: { healthCard: 'TS-99', allergies: 'Pollini', medicalExaminationExpirationDate: '2027-03-01' },
    notePrivate: 'Portiere',
  });
}

describe('people: GraphQL savePerson', () => {
  it('the issue\'s request: only id, kind, profile {} and notePrivate; everything else stays as stored', async () => {
    const { roleId } = await fullAthlete();
    const before = await roleSnapshot(roleId);
    const res = await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: {}, notePrivate: 'Capitano' } }, creds());
    expect(res.body.data.savePerson).toEqual({ __typename: 'MutationSavePersonSuccess', data: { message: MSG.changesSaved } });
    expect(await roleSnapshot(roleId)).toEqual({ ...before, notePrivate: 'Capitano' });
  });

  it('one profile field, one details field, one address field: only that one changes; null clears', async () => {
    const { roleId } = await fullAthlete();
    const before = await roleSnapshot(roleId);
    const nick = await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: { nickname: 'Nana' } } }, creds());
    expect(nick.body.data.savePerson.__typename).toBe('MutationSavePersonSuccess');
    await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: { address: { city: 'Tivoli' } } } }, creds());
    await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: {}, athlete: { allergies: null } } }, creds());
    const after = await roleSnapshot(roleId);
    expect(after).toEqual({
      ...before,
      person: { ...before.person, nickname: 'Nana', address: { ...before.person.address, city: 'Tivoli' } },
      athlete: { ...before.athlete, allergies: null },
    });
  });

  it('an address sent as null is emptied; a flag sent as null stays as stored', async () => {
    const { roleId } = await fullAthlete();
    const before = await roleSnapshot(roleId);
    const res = await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: { address: null, hasBlsd: null } } }, creds());
    expect(res.body.data.savePerson.__typename).toBe('MutationSavePersonSuccess');
    const emptyAddress = { ...before.person.address, address: null, streetNumber: null, postalCode: null, city: null, province: null, country: null };
    expect(await roleSnapshot(roleId)).toEqual({ ...before, person: { ...before.person, address: emptyAddress } });
  });

  it('a field sent invalid gets its message, and the rules see the whole record (coach validity)', async () => {
    const { roleId } = await fullAthlete();
    const before = await roleSnapshot(roleId);
    const phone = await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: { phonePrimary: '333-abc' } } }, creds());
    expect(phone.body.data.savePerson).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'profile.phonePrimary', message: MSG.phonePrimaryDigits }] });
    const emptied = await gql(t.app, SAVE_PERSON, { input: { id: roleId, kind: 'athlete', profile: { firstname: '' } } }, creds());
    expect(emptied.body.data.savePerson).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'profile.firstname', message: MSG.firstnameRequired }] });
    expect(await roleSnapshot(roleId)).toEqual(before);

    const coach = await createPerson(ctx, 'coach', { details: { coachValidityStartDate: '2025-09-01' } });
    const end = await gql(t.app, SAVE_PERSON, { input: { id: coach.roleId, kind: 'coach', profile: {}, coach: { coachValidityEndDate: '2025-06-30' } } }, creds());
    expect(end.body.data.savePerson).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'coach.coachValidityEndDate', message: MSG.validityEndBeforeStart }] });
  });
});

describe('people: REST /{kind}/save with an id', () => {
  it.each(PERSON_KINDS)('%s: only note_private is sent; every other stored field is unchanged', async (kind) => {
    const { roleId } = await createPerson(ctx, kind, { profile: FULL_PROFILE, notePrivate: 'Prima' });
    const before = await roleSnapshot(roleId);
    const res = await rest(t.app, `/${kind}/save`, { id: roleId, note_private: 'Dopo' }, creds());
    expect(res.body).toMatchObject({ status: true, message: MSG.changesSaved });
    expect(await roleSnapshot(roleId)).toEqual({ ...before, notePrivate: 'Dopo' });
  });

  it('a flat profile field alone; an invalid one answers its legacy name', async () => {
    const { roleId } = await fullAthlete();
    const before = await roleSnapshot(roleId);
    const res = await rest(t.app, '/athlete/save', { id: roleId, email_primary: 'NUOVA@example.it' }, creds());
    expect(res.body).toMatchObject({ status: true, message: MSG.changesSaved });
    expect(await roleSnapshot(roleId)).toEqual({ ...before, person: { ...before.person, emailPrimary: 'nuova@example.it' } });
    const bad = await rest(t.app, '/athlete/save', { id: roleId, profile: { email_primary: 'non-una-email' } }, creds());
    expect(bad.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { email_primary: MSG.emailInvalid } } });
  });
});

// --- groups ---

describe('groups: saveGroup and /group/save', () => {
  const groupRow = async (id: string) => withoutStamps(await t.deps.systemDb.group.findUniqueOrThrow({ where: { id } }));
  const newGroup = async (name: string) => {
    const res = await gql(t.app, SAVE_GROUP, { input: { name, type: 'coach', isHidden: false } }, creds());
    return res.body.data.saveGroup.data.group.id as string;
  };

  it('GraphQL: only isHidden; name, type and isActive stay', async () => {
    const id = await newGroup('Staff tecnico A');
    const before = await groupRow(id);
    const res = await gql(t.app, SAVE_GROUP, { input: { id, isHidden: true } }, creds());
    expect(res.body.data.saveGroup).toEqual({ __typename: 'MutationSaveGroupSuccess', data: { message: MSG.changesSaved, group: { id } } });
    expect(await groupRow(id)).toEqual({ ...before, isHidden: true });
    const bad = await gql(t.app, SAVE_GROUP, { input: { id, name: ' ' } }, creds());
    expect(bad.body.data.saveGroup).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'name', message: MSG.groupNameRequired }] });
  });

  it('REST: only the name; the type is kept (not "Tipologia gruppo obbligatorio")', async () => {
    const id = await newGroup('Staff tecnico B');
    const before = await groupRow(id);
    const res = await rest(t.app, '/group/save', { id, name: 'Staff tecnico C' }, creds());
    expect(res.body).toMatchObject({ status: true, message: MSG.changesSaved });
    expect(await groupRow(id)).toEqual({ ...before, name: 'Staff tecnico C' });
    const bad = await rest(t.app, '/group/save', { id, name: '' }, creds());
    expect(bad.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { name: MSG.groupNameRequired } } });
  });
});

// --- posts ---

describe('posts: savePost and /post/save', () => {
  const SAVE_POST = /* GraphQL */ `
    mutation($input: SavePostInput!) {
      savePost(input: $input) {
        __typename
        ... on MutationSavePostSuccess { data { message post { id } } }
        ... on ValidationError { fields { field message } }
        ... on BaseError { code message }
      }
    }`;
  const postRow = async (id: string) => {
    const { groups, ...post } = await t.deps.systemDb.post.findUniqueOrThrow({ where: { id }, include: { groups: { select: { groupId: true } } } });
    return { ...withoutStamps(post), groups: groups.map((g) => g.groupId).sort() };
  };
  const newPost = async () => {
    const groups = await Promise.all(['Under 8', 'Under 10'].map((name) => gql(t.app, SAVE_GROUP, { input: { name: `${name} ${Math.random()}`, type: 'athlete' } }, creds())));
    const groupIds = groups.map((g) => g.body.data.saveGroup.data.group.id as string);
    const res = await gql(t.app, SAVE_POST, { input: { title: 'Allenamento', caption: 'Sabato alle 9', priority: 2, groupIds } }, creds());
    return res.body.data.savePost.data.post.id as string;
  };

  it('GraphQL: only the title; caption, priority and target groups stay; searchText follows', async () => {
    const id = await newPost();
    const before = await postRow(id);
    const res = await gql(t.app, SAVE_POST, { input: { id, title: 'Allenamento spostato' } }, creds());
    expect(res.body.data.savePost).toEqual({ __typename: 'MutationSavePostSuccess', data: { message: MSG.changesSaved, post: { id } } });
    expect(await postRow(id)).toEqual({ ...before, title: 'Allenamento spostato' });
    expect((await t.deps.systemDb.post.findUniqueOrThrow({ where: { id } })).searchText).toBe('allenamento spostato sabato alle 9');
    const bad = await gql(t.app, SAVE_POST, { input: { id, caption: ' ' } }, creds());
    expect(bad.body.data.savePost).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'caption', message: MSG.postCaptionRequired }] });
  });

  it('REST: only is_active; an empty group list sent clears the targets', async () => {
    const id = await newPost();
    const before = await postRow(id);
    const res = await rest(t.app, '/post/save', { id, is_active: 0 }, creds());
    expect(res.body).toMatchObject({ status: true, message: MSG.changesSaved });
    expect(await postRow(id)).toEqual({ ...before, isActive: false });
    await rest(t.app, '/post/save', { id, group_ids: [] }, creds());
    expect(await postRow(id)).toEqual({ ...before, isActive: false, groups: [] });
  });
});

// --- club ---

describe('club: updateClub and /club/update', () => {
  const clubRow = async () => {
    const row = await t.deps.systemDb.club.findUniqueOrThrow({ where: { id: club.clubId }, include: { legalAddress: true, clubAddress: true } });
    return withoutStamps(row);
  };
  beforeAll(async () => {
    const res = await gql(
      t.app,
      UPDATE_CLUB,
      {
        input: {
          fullName: 'ASD Polisportiva Romagna',
          typeClub: 'ASD',
          foundation: 1977,
          emailPrimary: 'info@romagna.it',
          phonePrimary: '0541 123456',
          secondaryColor: '#facc15',
          legalAddress: { address: 'Via Emilia', city: 'Rimini' },
          clubAddress: { city: 'Riccione' },
        },
      },
      creds(),
    );
    expect(res.body.data.updateClub.__typename).toBe('MutationUpdateClubSuccess');
  });

  it('GraphQL: only primaryColor; every other field and both addresses stay', async () => {
    const before = await clubRow();
    const res = await gql(t.app, UPDATE_CLUB, { input: { primaryColor: '#1E40AF' } }, creds());
    expect(res.body.data.updateClub).toEqual({ __typename: 'MutationUpdateClubSuccess', data: { message: MSG.clubUpdated } });
    expect(await clubRow()).toEqual({ ...before, primaryColor: '#1e40af' });
    const bad = await gql(t.app, UPDATE_CLUB, { input: { primaryColor: 'rosso' } }, creds());
    expect(bad.body.data.updateClub).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'primaryColor', message: MSG.colorInvalid }] });
    expect(await clubRow()).toEqual({ ...before, primaryColor: '#1e40af' });
  });

  it('REST: only primary_color (the issue\'s request); an address field alone; an invalid one answers its name', async () => {
    const before = await clubRow();
    const res = await rest(t.app, '/club/update', { primary_color: '#112233' }, creds());
    expect(res.body).toMatchObject({ status: true, message: MSG.clubUpdated });
    await rest(t.app, '/club/update', { club_address: { postal_code: '47838' } }, creds());
    const after = await clubRow();
    expect(after).toEqual({ ...before, primaryColor: '#112233', clubAddress: { ...before.clubAddress, postalCode: '47838' } });
    const bad = await rest(t.app, '/club/update', { full_name: '' }, creds());
    expect(bad.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { full_name: MSG.clubNameRequired } } });
  });

  it('a stored value the edit rules refuse (the sign-up\'s partita IVA without its check digit) blocks only an edit that sends it', async () => {
    expect((await clubRow()).vatNumber).toBe('12345678901'); // accepted at sign-up: 11 digits, check digit wrong
    const other = await rest(t.app, '/club/update', { secondary_color: '#000000' }, creds());
    expect(other.body.status).toBe(true);
    expect((await clubRow()).vatNumber).toBe('12345678901');
    const sent = await rest(t.app, '/club/update', { vat_number: '12345678901' }, creds());
    expect(sent.body).toEqual({ status: false, message: MSG.invalidFields, context: { errors: { vat_number: MSG.vatChecksum } } });
    // the edit's own refusals are answered without the stored one's
    const both = await rest(t.app, '/club/update', { email_primary: 'nope' }, creds());
    expect(both.body.context).toEqual({ errors: { email_primary: MSG.emailInvalid } });
  });
});

// --- account ---

describe("account: updateMyProfile", () => {
  const profileRow = async () => withoutStamps(await t.deps.systemDb.accountProfile.findUniqueOrThrow({ where: { accountId: club.accountId } }));

  it('only the nickname; names, birthday and tax code stay; a blank birthday clears it', async () => {
    const before = await profileRow();
    expect(before).toMatchObject({ firstname: 'Mario', lastname: 'Rossi', taxIdCode: 'RSSMRA80A01H501U' });
    const res = await gql(t.app, UPDATE_PROFILE, { input: { nickname: 'Presidente' } }, { token: club.token });
    expect(res.body.data.updateMyProfile).toEqual({ __typename: 'MutationUpdateMyProfileSuccess', data: { message: MSG.changesSaved } });
    expect(await profileRow()).toEqual({ ...before, nickname: 'Presidente' });
    await gql(t.app, UPDATE_PROFILE, { input: { birthday: '' } }, { token: club.token });
    expect(await profileRow()).toEqual({ ...before, nickname: 'Presidente', birthday: null });
  });

  it('a field sent invalid gets its message and nothing changes', async () => {
    const before = await profileRow();
    const res = await gql(t.app, UPDATE_PROFILE, { input: { birthday: '2999-01-01' } }, { token: club.token });
    expect(res.body.data.updateMyProfile).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'birthday', message: MSG.invalidBirthday }] });
    const blankName = await gql(t.app, UPDATE_PROFILE, { input: { lastname: '' } }, { token: club.token });
    expect(blankName.body.data.updateMyProfile).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'lastname', message: MSG.lastnameRequired }] });
    expect(await profileRow()).toEqual(before);
  });
});
