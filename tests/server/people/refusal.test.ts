// Every GraphQL operation of people and notifications refuses a user of another club (own valid session and own club
// token): null, empty or NotFoundError, exactly as for an unknown id, and the stored records are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const PEOPLE = /* GraphQL */ `
  query($kind: PersonKind!, $search: String, $groupId: ID, $archived: Boolean) {
    people(kind: $kind, search: $search, groupId: $groupId, archived: $archived) { totalCount edges { node { id } } }
  }`;
const ROLE = /* GraphQL */ `query($id: ID!) { personRole(id: $id) { id person { taxIdCode } } }`;
const BY_TAX = /* GraphQL */ `query($taxIdCode: String!) { personByTaxCode(taxIdCode: $taxIdCode) { id } }`;
const SAVE = /* GraphQL */ `
  mutation($input: SavePersonInput!) {
    savePerson(input: $input) { __typename ... on MutationSavePersonSuccess { data { role { id person { id firstname } } } } ... on BaseError { code message } }
  }`;
const ARCHIVE = /* GraphQL */ `mutation($id: ID!) { archivePerson(id: $id) { __typename ... on BaseError { code message } } }`;
const NOTIFICATIONS = /* GraphQL */ `{ myNotifications { id title } }`;
const MARK_READ = /* GraphQL */ `mutation($id: ID!) { markNotificationRead(id: $id) { __typename ... on BaseError { code message } } }`;

let t: TestApp;
let club: TestClub;
let other: TestClub;
let roleId: string;
let archivedRoleId: string;
let groupId: string;
let taxIdCode: string;
let notificationId: string;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  other = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  const made = await createPerson(ctx, 'athlete', { profile: { firstname: 'Riservata', lastname: 'Bianchi' }, details: { healthCard: 'SEGRETA' } });
  roleId = made.roleId;
  taxIdCode = made.taxIdCode;
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 10', [roleId])).id;

  // an archived role whose notification belongs to the first club's owner
  const linked = await createPerson(ctx, 'coach', { profile: { firstname: 'Archiviato', lastname: 'Verdi' } });
  await t.deps.systemDb.person.update({ where: { id: linked.personId }, data: { accountId: club.accountId } });
  await archivePerson(ctx, 'coach', linked.roleId);
  archivedRoleId = linked.roleId;
  notificationId = (await t.deps.systemDb.notification.findFirstOrThrow({ where: { personId: linked.personId } })).id;
});
afterAll(() => t.close());

const asOther = () => ({ token: other.token, club: other.clubToken });
const snapshot = () =>
  t.deps.systemDb.personRole.findMany({ where: { clubId: club.clubId }, include: { person: true, athlete: true }, orderBy: { id: 'asc' } });
const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound };

describe("GraphQL refuses another club's user", () => {
  it('people: none of the first club, whatever the filters', async () => {
    for (const vars of [
      { kind: 'athlete' },
      { kind: 'athlete', search: 'riservata' },
      { kind: 'athlete', groupId },
      { kind: 'coach', archived: true },
    ]) {
      const res = await gql(t.app, PEOPLE, vars, asOther());
      expect(res.body).toEqual({ data: { people: { totalCount: 0, edges: [] } } });
    }
  });

  it('personRole and personByTaxCode: null, as for an unknown id', async () => {
    expect((await gql(t.app, ROLE, { id: roleId }, asOther())).body).toEqual({ data: { personRole: null } });
    expect((await gql(t.app, ROLE, { id: archivedRoleId }, asOther())).body).toEqual({ data: { personRole: null } });
    expect((await gql(t.app, BY_TAX, { taxIdCode }, asOther())).body).toEqual({ data: { personByTaxCode: null } });
    // the owner does see them
    expect((await gql(t.app, ROLE, { id: roleId }, { token: club.token, club: club.clubToken })).body.data!.personRole.person.taxIdCode).toBe(taxIdCode);
  });

  it('savePerson: NotFoundError for the first club’s id; its own save makes its own person; nothing changes', async () => {
    const before = await snapshot();
    const update = await gql(t.app, SAVE, { input: { id: roleId, kind: 'athlete', profile: { firstname: 'Intruso', lastname: 'X', taxIdCode, typeGenderId: 1 }, athlete: { healthCard: 'RUBATA' } } }, asOther());
    expect(update.body.data!.savePerson).toEqual(notFound);

    const own = (await gql(t.app, SAVE, { input: { kind: 'athlete', profile: { firstname: 'Omonimo', lastname: 'X', taxIdCode, typeGenderId: 1 } } }, asOther())).body.data!.savePerson;
    expect(own.__typename).toBe('MutationSavePersonSuccess');
    expect(own.data.role.person.firstname).toBe('Omonimo');
    expect(own.data.role.id).not.toBe(roleId);
    expect(await snapshot()).toEqual(before);
  });

  it('archivePerson: NotFoundError, the role stays active and nobody is notified', async () => {
    const before = await snapshot();
    const notifications = await t.deps.systemDb.notification.count();
    expect((await gql(t.app, ARCHIVE, { id: roleId }, asOther())).body.data!.archivePerson).toEqual(notFound);
    expect(await snapshot()).toEqual(before);
    expect(await t.deps.systemDb.notification.count()).toBe(notifications);
  });

  it('myNotifications and markNotificationRead: only the account’s own', async () => {
    const theirs = (await gql(t.app, NOTIFICATIONS, {}, asOther())).body.data!.myNotifications;
    expect(theirs.map((n: { id: string }) => n.id)).not.toContain(notificationId);
    expect((await gql(t.app, MARK_READ, { id: notificationId }, asOther())).body.data!.markNotificationRead).toEqual(notFound);
    expect((await t.deps.systemDb.notification.findUniqueOrThrow({ where: { id: notificationId } })).readAt).toBeNull();
    // the owner sees it
    const mine = (await gql(t.app, NOTIFICATIONS, {}, { token: club.token })).body.data!.myNotifications;
    expect(mine.map((n: { id: string }) => n.id)).toContain(notificationId);
  });

  it('naming the first club with its own session is refused before any resolver runs', async () => {
    const before = await snapshot();
    for (const [query, vars] of [
      [PEOPLE, { kind: 'athlete' }],
      [ROLE, { id: roleId }],
      [BY_TAX, { taxIdCode }],
      [SAVE, { input: { id: roleId, kind: 'athlete', profile: { firstname: 'X', lastname: 'X', taxIdCode, typeGenderId: 1 } } }],
      [ARCHIVE, { id: roleId }],
    ] as const) {
      const res = await gql(t.app, query, vars, { token: other.token, club: club.clubToken });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ errors: [{ message: MSG.clubForbidden, extensions: { code: 'FORBIDDEN' } }] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('without a club header the club-scoped operations are refused', async () => {
    const res = await gql(t.app, ROLE, { id: roleId }, { token: other.token });
    expect(res.body.errors?.[0]).toMatchObject({ message: MSG.clubHeaderMissing, extensions: { code: 'FORBIDDEN' } });
    const save = await gql(t.app, ARCHIVE, { id: roleId }, { token: other.token });
    expect(save.body.data!.archivePerson).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.clubHeaderMissing });
  });
});
