// Categories by age (issue 35 point 3): the age counted on the club's reference day of the season (31 December vs
// 1 January births fall apart), the bands and the reference day saved from the categories page, and every list of
// categories ordered youngest first by the server ("Under 8" before "Under 18").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { gql, type Credentials } from '../../support/http';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { ageOn, birthBandOf, categoryForAge, DEFAULT_CATEGORY_RULE, referenceDateOf } from '../../../server/modules/seasons/categories-age';
import { CATEGORY_MSG } from '../../../server/modules/seasons/categories.service';

describe('age on the reference day', () => {
  const season = { startsOn: '2026-09-01', endsOn: '2027-08-31' };
  const bands = [
    { name: 'Under 10', ageMin: null, ageMax: 9 },
    { name: 'Under 12', ageMin: null, ageMax: 11 },
    { name: 'Seniores', ageMin: 18, ageMax: null },
  ];
  const categoryOf = (birthday: string, reference: string) => categoryForAge(bands, ageOn(birthday, reference))?.name ?? null;

  it('FIGC-style (31 December of the first year): born 31 December and 1 January of the next year fall apart', () => {
    const reference = referenceDateOf(DEFAULT_CATEGORY_RULE, season);
    expect(reference).toBe('2026-12-31');
    expect(categoryOf('2016-12-31', reference)).toBe('Under 12');
    expect(categoryOf('2017-01-01', reference)).toBe('Under 10');
    expect(birthBandOf({ ageMin: null, ageMax: 9 }, reference)).toEqual({ bornFrom: '2017-01-01', bornTo: null });
    expect(categoryOf('2000-01-01', reference)).toBe('Seniores');
    expect(categoryOf('2012-06-01', reference)).toBeNull();
  });

  it('age on 1 January of the year the season ends, or on its first day', () => {
    const january = referenceDateOf({ referenceMonth: 1, referenceDay: 1, inEndYear: true }, season);
    expect(january).toBe('2027-01-01');
    // Born on the reference day: the birthday counts.
    expect(categoryOf('2017-01-01', january)).toBe('Under 12');
    expect(categoryOf('2017-01-02', january)).toBe('Under 10');
    expect(birthBandOf({ ageMin: null, ageMax: 9 }, january)).toEqual({ bornFrom: '2017-01-02', bornTo: null });
    expect(referenceDateOf({ referenceMonth: null, referenceDay: null, inEndYear: false }, season)).toBe('2026-09-01');
    expect(referenceDateOf({ referenceMonth: 2, referenceDay: 29, inEndYear: true }, season)).toBe('2027-02-28');
  });
});

let t: TestApp;
let club: ClubWithRoles;
let owner: Credentials;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date('2026-11-15T12:00:00+01:00') });
  club = await clubWithEveryRole(t.deps, 'ASD Categorie');
  owner = as(club.members.owner);
});
afterAll(() => t.close());

async function call<T = any>(query: string, variables: Record<string, unknown>, creds: Credentials = owner): Promise<T> {
  const res = await gql(t.app, query, variables, creds);
  expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.body.errors) return { errors: res.body.errors } as T;
  return Object.values(res.body.data)[0] as T;
}

const saveGroup = async (name: string, type = 'athlete') =>
  (await call(`mutation($input: SaveGroupInput!) { saveGroup(input: $input) { ... on MutationSaveGroupSuccess { data { group { id ageMax } } } } }`, { input: { name, type, isHidden: false, isActive: true } })).data.group;
const names = async (variables: Record<string, unknown>) =>
  (await call(`query($types: [PersonKind!], $orderBy: GroupOrder) { groups(types: $types, orderBy: $orderBy, first: 50) { edges { node { name } } } }`, variables)).edges.map(
    (e: { node: { name: string } }) => e.node.name,
  );
const settings = (creds?: Credentials) =>
  call(`{ categorySettings { referenceMonth referenceDay inEndYear referenceDate season { label } categories { groupId name ageMin ageMax bornFrom bornTo } } }`, {}, creds);
const save = (input: Record<string, unknown>, creds?: Credentials) =>
  call(
    `mutation($input: SaveCategorySettingsInput!) { saveCategorySettings(input: $input) { __typename
      ... on MutationSaveCategorySettingsSuccess { data { message settings { referenceDate categories { name ageMin ageMax bornFrom } } } }
      ... on BaseError { message } ... on ValidationError { fields { field message } } } }`,
    { input },
    creds,
  );

describe('categories', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {};
    for (const name of ['Under 18', 'Under 8', 'Esordienti', 'U10', 'Pulcini']) ids[name] = (await saveGroup(name)).id;
    await saveGroup('Zeta genitori', 'member');
  });

  it('a new category named "Under N" starts with its band; the server lists categories youngest first when asked (AGE)', async () => {
    expect(await settings()).toMatchObject({ referenceMonth: 12, referenceDay: 31, inEndYear: false, referenceDate: '2026-12-31', season: { label: '2026/27' } });
    const listed = await names({ types: ['athlete'], orderBy: 'AGE' });
    expect(listed.filter((n: string) => n !== 'Gruppo allenato')).toEqual(['Under 8', 'U10', 'Under 18', 'Esordienti', 'Pulcini']);
    expect((await names({ types: ['athlete'], orderBy: 'AGE_DESC' })).filter((n: string) => n !== 'Gruppo allenato')).toEqual(['Pulcini', 'Esordienti', 'Under 18', 'U10', 'Under 8']);
    // By name (the default, as the older REST calls have always listed them) the bands play no part.
    expect((await names({ types: ['athlete'] })).filter((n: string) => n !== 'Gruppo allenato')).toEqual(['Esordienti', 'Pulcini', 'U10', 'Under 18', 'Under 8']);
    expect(await names({ types: ['athlete', 'member'], orderBy: 'AGE' })).toEqual(['Under 8', 'U10', 'Under 18', 'Esordienti', 'Gruppo allenato', 'Pulcini', 'Zeta genitori']);
  });

  it('saves the reference day and the bands together; the birth dates follow', async () => {
    const saved = await save({ referenceMonth: 1, referenceDay: 1, inEndYear: true, bands: [{ groupId: ids.Pulcini, ageMin: 8, ageMax: 9 }, { groupId: ids.Esordienti, ageMin: 10, ageMax: 11 }] });
    expect(saved.__typename, JSON.stringify(saved)).toBe('MutationSaveCategorySettingsSuccess');
    expect(saved.data.message).toBe(CATEGORY_MSG.saved);
    expect(saved.data.settings.referenceDate).toBe('2027-01-01');
    const pulcini = saved.data.settings.categories.find((c: { name: string }) => c.name === 'Pulcini');
    expect(pulcini).toEqual({ name: 'Pulcini', ageMin: 8, ageMax: 9, bornFrom: '2017-01-02' });
    expect((await names({ types: ['athlete'], orderBy: 'AGE' })).filter((n: string) => n !== 'Gruppo allenato')).toEqual(['Under 8', 'Pulcini', 'U10', 'Esordienti', 'Under 18']);
  });

  it('refuses a half reference day, a reversed band, an age out of range', async () => {
    const half = await save({ referenceMonth: 3 });
    expect([half.__typename, half.fields]).toEqual(['ValidationError', [{ field: 'referenceDay', message: CATEGORY_MSG.referenceIncomplete }]]);
    const reversed = await save({ bands: [{ groupId: ids.Pulcini, ageMin: 10, ageMax: 9 }] });
    expect(reversed.fields).toEqual([{ field: 'bands.0.ageMin', message: CATEGORY_MSG.bandReversed }]);
    const old = await save({ bands: [{ groupId: ids.Pulcini, ageMax: 120 }] });
    expect(old.fields).toEqual([{ field: 'bands.0.ageMax', message: CATEGORY_MSG.ageInvalid }]);
    expect((await settings()).referenceDate).toBe('2027-01-01');
  });

  it("another club's category answers like an unknown one; a coach and lettura cannot save", async () => {
    const stranger = as(club.stranger);
    const refused = await save({ bands: [{ groupId: ids.Pulcini, ageMin: 1, ageMax: 2 }] }, stranger);
    expect([refused.__typename, refused.message]).toEqual(['NotFoundError', MSG.notFound]);
    expect((await settings(stranger)).categories).toEqual([]);
    for (const role of ['allenatore', 'lettura'] as const) {
      const denied = await save({ referenceMonth: 1, referenceDay: 1 }, as(club.members[role]));
      expect([denied.__typename, denied.message]).toEqual(['ForbiddenError', MSG.permissionDenied]);
    }
    expect((await settings(as(club.members.allenatore))).categories.length).toBeGreaterThan(0);
    const pulcini = (await settings()).categories.find((c: { name: string }) => c.name === 'Pulcini');
    expect(pulcini).toMatchObject({ ageMin: 8, ageMax: 9 });
  });
});
