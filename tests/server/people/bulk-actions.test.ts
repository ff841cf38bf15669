// Bulk actions on the people lists (issue 15): assignPeopleToGroup, unassignPeopleFromGroup, archivePeople (all or
// nothing, one transaction, permissions per kind, at most BULK_MAX_IDS ids) and exportList's selection (roleIds).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_IDS } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../server/lib/errors';
import { archiveGroup } from '../../../server/modules/groups/archive-group.service';
import { assignPeopleToGroup, unassignPeopleFromGroup } from '../../../server/modules/groups/bulk-membership.service';
import { archivePeople } from '../../../server/modules/people/archive-people.service';
import { exportList } from '../../../server/modules/exports/export-list.service';
import { gql } from '../../support/http';
import { clubContext, createPerson } from '../../support/people-factories';
import { createGroup, createRole } from '../../support/registry-factories';
import { as, clubWithEveryRole, type ClubWithRoles } from '../../support/roles';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';

const ASSIGN = /* GraphQL */ `
  mutation($groupId: ID!, $roleIds: [ID!]!) {
    assignPeopleToGroup(groupId: $groupId, roleIds: $roleIds) {
      __typename
      ... on MutationAssignPeopleToGroupSuccess { data { requested changed } }
      ... on BaseError { code message }
    }
  }`;
const UNASSIGN = /* GraphQL */ `
  mutation($groupId: ID!, $roleIds: [ID!]!) {
    unassignPeopleFromGroup(groupId: $groupId, roleIds: $roleIds) {
      __typename
      ... on MutationUnassignPeopleFromGroupSuccess { data { requested changed } }
      ... on BaseError { code message }
    }
  }`;
const ARCHIVE = /* GraphQL */ `
  mutation($roleIds: [ID!]!) {
    archivePeople(roleIds: $roleIds) {
      __typename
      ... on MutationArchivePeopleSuccess { data { requested changed } }
      ... on BaseError { code message }
    }
  }`;

let t: TestApp;
let club: ClubWithRoles;
let owner: RequestContext;
let stranger: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Azioni Multiple');
  owner = await clubContext(t.deps, club.members.owner);
  stranger = await clubContext(t.deps, club.stranger);
});
afterAll(() => t.close());

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as Error & { fields?: Record<string, string> });
const athletes = (n: number, prefix = 'Atleta') => Promise.all(Array.from({ length: n }, (_, i) => createRole(owner, 'athlete', { firstname: `${prefix}${i}`, lastname: 'Bulk' })));
const membersOf = (groupId: string) => t.deps.systemDb.groupMember.count({ where: { groupId } });
const archivedAmong = (ids: string[]) => t.deps.systemDb.personRole.count({ where: { id: { in: ids }, archivedAt: { not: null } } });

describe('assignPeopleToGroup / unassignPeopleFromGroup', () => {
  it('assigns a selection, counts only the new members, and unassigns it (idempotent both ways)', async () => {
    const group = await createGroup(owner, { name: 'Under 14', type: 'athlete' });
    const ids = await athletes(3);
    const first = await gql(t.app, ASSIGN, { groupId: group.id, roleIds: ids.slice(0, 1) }, as(club.members.owner));
    expect(first.body.data!.assignPeopleToGroup).toEqual({ __typename: 'MutationAssignPeopleToGroupSuccess', data: { requested: 1, changed: 1 } });
    const all = await gql(t.app, ASSIGN, { groupId: group.id, roleIds: [...ids, ids[0]] }, as(club.members.owner));
    expect(all.body.data!.assignPeopleToGroup.data).toEqual({ requested: 3, changed: 2 });
    expect(await membersOf(group.id)).toBe(3);

    // Logged per person, like the single-row assignment.
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, entityId: group.id, detail: 'Persona aggiunta al gruppo' } });
    expect(new Set(lines.map((l) => l.personId)).size).toBe(3);

    const out = await gql(t.app, UNASSIGN, { groupId: group.id, roleIds: ids.slice(0, 2) }, as(club.members.segreteria));
    expect(out.body.data!.unassignPeopleFromGroup.data).toEqual({ requested: 2, changed: 2 });
    await expect(unassignPeopleFromGroup(owner, { groupId: group.id, roleIds: ids })).resolves.toMatchObject({ requested: 3, changed: 1 });
    expect(await membersOf(group.id)).toBe(0);
  });

  it('refuses the whole call when one id is bad, and changes nothing', async () => {
    const group = await createGroup(owner, { name: 'Under 16', type: 'athlete' });
    const ids = await athletes(2, 'Sedici');
    const archived = await createRole(owner, 'athlete', { archived: true });
    const coach = await createRole(owner, 'coach');
    const foreign = await createRole(stranger, 'athlete');
    const closed = await createGroup(owner, { name: 'Under 18 vecchia', type: 'athlete' });
    await archiveGroup(owner, closed.id);

    const cases: [() => Promise<unknown>, unknown, string][] = [
      [() => assignPeopleToGroup(owner, { groupId: group.id, roleIds: [...ids, foreign] }), NotFoundError, MSG.notFound],
      [() => assignPeopleToGroup(owner, { groupId: group.id, roleIds: [...ids, randomUUID()] }), NotFoundError, MSG.notFound],
      [() => assignPeopleToGroup(owner, { groupId: group.id, roleIds: [...ids, 'non-un-id'] }), NotFoundError, MSG.notFound],
      [() => assignPeopleToGroup(owner, { groupId: group.id, roleIds: [...ids, archived] }), ConflictError, MSG.archivedNotAssignable],
      [() => assignPeopleToGroup(owner, { groupId: group.id, roleIds: [...ids, coach] }), ConflictError, MSG.groupKindMismatch],
      [() => assignPeopleToGroup(owner, { groupId: closed.id, roleIds: ids }), ConflictError, MSG.groupArchivedNotAssignable],
      [() => unassignPeopleFromGroup(owner, { groupId: group.id, roleIds: [...ids, foreign] }), NotFoundError, MSG.notFound],
    ];
    for (const [call, type, message] of cases) {
      const e = await refusal(call());
      expect([e?.constructor, e?.message]).toEqual([type, message]);
    }
    expect(await membersOf(group.id)).toBe(0);
    expect(await membersOf(closed.id)).toBe(0);
  });

  it('refuses roles without groups.write (lettura, allenatore) and another club, with nothing changed', async () => {
    const group = await createGroup(owner, { name: 'Under 12', type: 'athlete' });
    const ids = await athletes(2, 'Dodici');
    for (const role of ['lettura', 'allenatore'] as const) {
      const res = await gql(t.app, ASSIGN, { groupId: group.id, roleIds: ids }, as(club.members[role]));
      expect(res.body.data!.assignPeopleToGroup).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.permissionDenied });
    }
    const foreign = await gql(t.app, ASSIGN, { groupId: group.id, roleIds: ids }, as(club.stranger));
    expect(foreign.body.data!.assignPeopleToGroup.__typename).toBe('NotFoundError');
    // The stranger's own group with this club's people: still unknown ids.
    const theirs = await createGroup(stranger, { name: 'Loro', type: 'athlete' });
    expect(await refusal(assignPeopleToGroup(stranger, { groupId: theirs.id, roleIds: ids }))).toBeInstanceOf(NotFoundError);
    expect(await membersOf(group.id)).toBe(0);
    expect(await membersOf(theirs.id)).toBe(0);
  });

  it('refuses an empty selection and one above the limit', async () => {
    const group = await createGroup(owner, { name: 'Limiti', type: 'athlete' });
    const empty = await refusal(assignPeopleToGroup(owner, { groupId: group.id, roleIds: [] }));
    expect([empty?.constructor, empty?.message]).toEqual([ValidationError, MSG.bulkSelectionEmpty]);
    const many = Array.from({ length: BULK_MAX_IDS + 1 }, () => randomUUID());
    const res = await gql(t.app, ASSIGN, { groupId: group.id, roleIds: many }, as(club.members.owner));
    expect(res.body.data!.assignPeopleToGroup).toMatchObject({ __typename: 'ValidationError', message: MSG.bulkSelectionTooLarge(BULK_MAX_IDS) });
    const archive = await refusal(archivePeople(owner, many));
    expect([archive?.constructor, archive?.message]).toEqual([ValidationError, MSG.bulkSelectionTooLarge(BULK_MAX_IDS)]);
  });
});

describe('archivePeople', () => {
  it('archives a selection, notifies each person and logs each archive', async () => {
    const ids = await athletes(3, 'Archivio');
    const res = await gql(t.app, ARCHIVE, { roleIds: ids }, as(club.members.segreteria));
    expect(res.body.data!.archivePeople).toEqual({ __typename: 'MutationArchivePeopleSuccess', data: { requested: 3, changed: 3 } });
    expect(await archivedAmong(ids)).toBe(3);
    const roles = await t.deps.systemDb.personRole.findMany({ where: { id: { in: ids } } });
    const personIds = roles.map((r) => r.personId);
    expect(await t.deps.systemDb.notification.count({ where: { personId: { in: personIds } } })).toBe(3);
    expect(await t.deps.systemDb.accessLogEntry.count({ where: { clubId: club.clubId, action: 'archive', personId: { in: personIds } } })).toBe(3);
  });

  it('mails each archived person after the answer (in the background), one mail each', async () => {
    const ctx = await clubContext(t.deps, club.members.owner);
    const mailed = ['rosa@example.it', 'bruno@example.it'];
    const ids = [];
    for (const [i, email] of mailed.entries()) ids.push((await createPerson(ctx, 'athlete', { profile: { lastname: `Posta${i}`, emailPrimary: email } })).roleId);
    const res = await gql(t.app, ARCHIVE, { roleIds: ids }, as(club.members.owner));
    expect(res.body.data!.archivePeople).toMatchObject({ data: { changed: 2 } });
    const mails = (await readOutbox(t.dataDir)).filter((m) => mailed.some((to) => m.to.includes(to)));
    expect(mails.map((m) => m.to).sort()).toEqual([...mailed].sort());
  });

  it('refuses the whole call for an archived, unknown or foreign id, and changes nothing', async () => {
    const ids = await athletes(2, 'Intatto');
    const archived = await createRole(owner, 'athlete', { archived: true });
    const foreign = await createRole(stranger, 'athlete');
    for (const [bad, type] of [
      [archived, ConflictError],
      [randomUUID(), NotFoundError],
      [foreign, NotFoundError],
    ] as const) {
      expect(await refusal(archivePeople(owner, [...ids, bad]))).toBeInstanceOf(type);
    }
    expect(await refusal(archivePeople(stranger, ids))).toBeInstanceOf(NotFoundError);
    expect(await archivedAmong(ids)).toBe(0);
    expect(await archivedAmong([foreign])).toBe(0);
  });

  it('refuses lettura and allenatore (no archive permission), with nothing changed', async () => {
    const ids = await athletes(2, 'Permesso');
    for (const role of ['lettura', 'allenatore'] as const) {
      const res = await gql(t.app, ARCHIVE, { roleIds: ids }, as(club.members[role]));
      expect(res.body.data!.archivePeople).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.permissionDenied });
      expect(await refusal(archivePeople(await clubContext(t.deps, club.members[role]), ids))).toBeInstanceOf(ForbiddenError);
    }
    expect(await archivedAmong(ids)).toBe(0);
  });
});

describe('exportList with roleIds', () => {
  it('exports only the selection; another club\'s ids match nothing; the limit applies', async () => {
    const ids = await athletes(3, 'Esporta');
    const foreign = await createRole(stranger, 'athlete', { firstname: 'Estraneo', lastname: 'Bulk' });
    const file = await exportList(owner, { list: 'people', format: 'csv', kind: 'athlete', roleIds: [ids[0], ids[2], foreign] });
    const text = file.content.toString('utf8');
    expect(text).toContain('Esporta0');
    expect(text).toContain('Esporta2');
    expect(text).not.toContain('Esporta1');
    expect(text).not.toContain('Estraneo');
    expect(text.trim().split('\n')).toHaveLength(3); // header and two rows

    const many = Array.from({ length: BULK_MAX_IDS + 1 }, () => randomUUID());
    const e = await refusal(exportList(owner, { list: 'people', format: 'csv', kind: 'athlete', roleIds: many }));
    expect([e?.constructor, e?.message]).toEqual([ValidationError, MSG.bulkSelectionTooLarge(BULK_MAX_IDS)]);
  });
});
