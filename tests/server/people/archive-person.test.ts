// Archiving (one way): the role leaves the lists, shows with archived: true, becomes read-only, and the linked profile
// is notified in the app (myNotifications) and by email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KIND_INFO } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createPerson, nextTaxCode } from '../../support/people-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

const ARCHIVE = /* GraphQL */ `
  mutation($id: ID!) {
    archivePerson(id: $id) {
      __typename
      ... on MutationArchivePersonSuccess { data { id isActive archivedAt person { taxIdCode } } }
      ... on BaseError { code message }
    }
  }`;
const LIST = /* GraphQL */ `
  query($kind: PersonKind!, $archived: Boolean) { people(kind: $kind, archived: $archived) { totalCount edges { node { id archivedAt } } } }`;
const SAVE = /* GraphQL */ `
  mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename ... on BaseError { code message } } }`;
const NOTIFICATIONS = /* GraphQL */ `{ myNotifications { id title body readAt createdAt clubName } }`;
const MARK_READ = /* GraphQL */ `
  mutation($id: ID!) {
    markNotificationRead(id: $id) {
      __typename
      ... on MutationMarkNotificationReadSuccess { data { id readAt } }
      ... on BaseError { code message }
    }
  }`;

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps, { fullName: 'ASD Archivio Test' });
  ctx = await clubContext(t.deps, club);
});
afterAll(() => t.close());

/** `=?UTF-8?Q?...?=` encoded words back to text. */
const decodeMimeWords = (header: string) =>
  header.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, q: string) =>
    Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );

const asClub = () => ({ token: club.token, club: club.clubToken });

describe('archivePerson', () => {
  it('takes the role out of the list, into the archive, read-only', async () => {
    const { roleId, taxIdCode } = await createPerson(ctx, 'athlete', { profile: { firstname: 'Elsa', lastname: 'Moro' } });
    const before = (await gql(t.app, LIST, { kind: 'athlete' }, asClub())).body.data!.people.totalCount;

    const res = (await gql(t.app, ARCHIVE, { id: roleId }, asClub())).body.data!.archivePerson;
    expect(res).toMatchObject({ __typename: 'MutationArchivePersonSuccess', data: { id: roleId, isActive: false, person: { taxIdCode } } });
    expect(Date.parse(res.data.archivedAt)).not.toBeNaN();

    const active = (await gql(t.app, LIST, { kind: 'athlete' }, asClub())).body.data!.people;
    expect(active.totalCount).toBe(before - 1);
    expect(active.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(roleId);
    const archived = (await gql(t.app, LIST, { kind: 'athlete', archived: true }, asClub())).body.data!.people;
    expect(archived.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(roleId);

    const edit = (await gql(t.app, SAVE, { input: { id: roleId, kind: 'athlete', profile: { firstname: 'X', lastname: 'Y', taxIdCode, typeGenderId: 2 } } }, asClub()))
      .body.data!.savePerson;
    expect(edit).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message: MSG.archivedReadOnly });
    expect((await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode } })).firstname).toBe('Elsa');
  });

  it("answers NotFoundError for an unknown or malformed id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      expect((await gql(t.app, ARCHIVE, { id }, asClub())).body.data!.archivePerson).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound });
    }
  });
});

describe('notifying the linked profile', () => {
  it('notifies the linked account in the app, and the email on the club record, never an account that claims the tax code', async () => {
    const taxIdCode = nextTaxCode('LNK');
    // someone who runs another club typed this tax code into their own profile: that proves nothing
    const claimer = await createClub(t.deps, { taxIdCode });
    const linked = await createClub(t.deps);
    const { roleId, personId } = await createPerson(ctx, 'coach', { profile: { taxIdCode, emailPrimary: 'allenatore@example.it' } });
    // linked the only way there is (an accepted invitation: see person-link.test.ts)
    await t.deps.systemDb.person.update({ where: { id: personId }, data: { accountId: linked.accountId } });

    await archivePerson(ctx, 'coach', roleId);
    expect((await gql(t.app, NOTIFICATIONS, {}, { token: claimer.token })).body.data!.myNotifications).toEqual([]);

    const title = MSG.archivedNotificationTitle('ASD Archivio Test');
    const body = MSG.archivedNotificationBody('ASD Archivio Test', PERSON_KIND_INFO.coach.singular);
    const mine = (await gql(t.app, NOTIFICATIONS, {}, { token: linked.token })).body.data!.myNotifications;
    expect(mine).toEqual([{ id: expect.any(String), title, body, readAt: null, createdAt: expect.any(String), clubName: 'ASD Archivio Test' }]);

    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes('allenatore@example.it'));
    expect(mails).toHaveLength(1);
    // readOutbox keeps the first line of a folded, MIME-encoded subject: it must be the start of the title
    const subject = decodeMimeWords(mails[0].subject);
    expect(subject.length).toBeGreaterThan(10);
    expect(title.startsWith(subject.trim())).toBe(true);
    expect(mails[0].text).toContain(body);
    const stored = await t.deps.systemDb.notification.findUniqueOrThrow({ where: { id: mine[0].id } });
    expect(stored).toMatchObject({ clubId: club.clubId, accountId: linked.accountId, emailedTo: 'allenatore@example.it' });

    // marking read: own notification only
    const read = (await gql(t.app, MARK_READ, { id: mine[0].id }, { token: linked.token })).body.data!.markNotificationRead;
    expect(read.__typename).toBe('MutationMarkNotificationReadSuccess');
    expect(Date.parse(read.data.readAt)).not.toBeNaN();
    const foreign = (await gql(t.app, MARK_READ, { id: mine[0].id }, { token: club.token })).body.data!.markNotificationRead;
    expect(foreign).toEqual({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound });
    expect((await gql(t.app, MARK_READ, { id: mine[0].id })).body.data!.markNotificationRead.__typename).toBe('UnauthenticatedError');
    expect((await gql(t.app, NOTIFICATIONS, {}, { token: club.token })).body.data!.myNotifications).toEqual([]);
  });

  it('prefers the account linked to the person, and notifies once however often it is archived', async () => {
    const linked = await createClub(t.deps);
    const { roleId, personId } = await createPerson(ctx, 'member');
    await t.deps.systemDb.person.update({ where: { id: personId }, data: { accountId: linked.accountId } });

    await archivePerson(ctx, undefined, roleId);
    await archivePerson(ctx, undefined, roleId);
    expect(await t.deps.systemDb.notification.count({ where: { personId } })).toBe(1);
    const mine = (await gql(t.app, NOTIFICATIONS, {}, { token: linked.token })).body.data!.myNotifications;
    expect(mine).toHaveLength(1);
    expect(mine[0].body).toBe(MSG.archivedNotificationBody('ASD Archivio Test', PERSON_KIND_INFO.member.singular));
  });

  it('keeps the notification of a person without an account or email, and mails nobody', async () => {
    const outbox = (await readOutbox(t.dataDir)).length;
    const { roleId, personId } = await createPerson(ctx, 'voluntary');
    await archivePerson(ctx, 'voluntary', roleId);
    expect(await t.deps.systemDb.notification.findFirstOrThrow({ where: { personId } })).toMatchObject({ accountId: null, emailedTo: null });
    expect((await readOutbox(t.dataDir)).length).toBe(outbox);
  });

  it('myNotifications needs a session', async () => {
    const res = await gql(t.app, NOTIFICATIONS);
    expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
