// What the access log captures, through the real routes: sign-ins and failed sign-ins, every create, update and
// archive of club data (described by the service, or line by line when it describes nothing), health-data reads,
// collaborator changes, exports and imports; with who (a copy of the name and email), when and from where.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubDb } from '../../../server/access/request-db';
import { logImport } from '../../../server/access/change-log';
import type { AccessLogEntry } from '../../../server/generated/prisma/client.js';
import { addCollaborator, createClub, PASSWORD, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createPerson, nextTaxCode } from '../../support/people-factories';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';
import { pdf } from '../files/fixtures';

let t: TestApp;
let club: TestClub;
const as = (who: { token: string; clubToken: string }) => ({ token: who.token, club: who.clubToken });

beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps, { fullName: 'ASD Registro', firstname: 'Paola', lastname: 'Verdi' });
});
afterAll(() => t.close());

/** The club's lines written since `sinceId`, oldest first (the buffer written first). */
async function linesOf(clubId: string | null, sinceId = 0n): Promise<AccessLogEntry[]> {
  await t.deps.accessLog.flush();
  return t.deps.systemDb.accessLogEntry.findMany({ where: { clubId, id: { gt: sinceId } }, orderBy: { id: 'asc' } });
}
async function lastId(): Promise<bigint> {
  await t.deps.accessLog.flush();
  return (await t.deps.systemDb.accessLogEntry.aggregate({ _max: { id: true } }))._max.id ?? 0n;
}
const brief = (e: AccessLogEntry) => ({ action: e.action, entityType: e.entityType, entityLabel: e.entityLabel, detail: e.detail });

const SAVE_PERSON = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename ... on MutationSavePersonSuccess { data { role { id person { id } } } } ... on BaseError { message } } }`;
const ARCHIVE_PERSON = `mutation($id: ID!) { archivePerson(id: $id) { __typename } }`;

describe('sign-ins', () => {
  it('a sign-in is logged in every club of the account, with its IP and browser', async () => {
    const since = await lastId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'user-agent': 'Firefox di prova' },
      payload: JSON.stringify({ query: `mutation($input: LoginInput!) { login(input: $input) { __typename } }`, variables: { input: { email: club.email, password: PASSWORD } } }),
    });
    expect(res.json().data.login.__typename).toBe('MutationLoginSuccess');
    const [line] = await linesOf(club.clubId, since);
    expect(line).toMatchObject({ action: 'sign_in', actorKind: 'account', actorAccountId: club.accountId, actorName: 'Paola Verdi', actorEmail: club.email, userAgent: 'Firefox di prova' });
    expect(line.ip).toBeTruthy();
  });

  it('a failed sign-in of a known email is logged in its clubs; an unknown email makes one club-less line', async () => {
    const since = await lastId();
    await rest(t.app, '/login', { email: club.email, password: 'sbagliata-1234' });
    await rest(t.app, '/login', { email: 'nessuno@example.it', password: 'sbagliata-1234' });
    expect((await linesOf(club.clubId, since)).map(brief)).toEqual([{ action: 'sign_in_failed', entityType: 'account', entityLabel: null, detail: null }]);
    const clubless = await linesOf(null, since);
    expect(clubless).toHaveLength(1);
    expect(clubless[0]).toMatchObject({ action: 'sign_in_failed', actorAccountId: null, actorEmail: 'nessuno@example.it' });
  });
});

describe('changes of club data', () => {
  it('a person created, changed and archived: one line each, naming the person, in the transaction of the change', async () => {
    const since = await lastId();
    const input = { kind: 'athlete', profile: { firstname: 'Luca', lastname: 'Bianchi', taxIdCode: nextTaxCode('LOG'), typeGenderId: 1 } };
    const created = (await gql(t.app, SAVE_PERSON, { input }, as(club))).body.data.savePerson.data.role;
    await gql(t.app, SAVE_PERSON, { input: { ...input, id: created.id, profile: { ...input.profile, nickname: 'Lucky' } } }, as(club));
    await gql(t.app, ARCHIVE_PERSON, { id: created.id }, as(club));
    // Written with the change, not by the buffer.
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, id: { gt: since } }, orderBy: { id: 'asc' } });
    expect(lines.map(brief)).toEqual([
      { action: 'create', entityType: 'person', entityLabel: 'Luca Bianchi', detail: 'Atleta' },
      { action: 'update', entityType: 'person', entityLabel: 'Luca Bianchi', detail: 'Atleta' },
      { action: 'archive', entityType: 'person', entityLabel: 'Luca Bianchi', detail: 'Atleta' },
    ]);
    expect(lines.every((l) => l.personId === created.person.id && l.entityId === created.person.id && l.actorAccountId === club.accountId)).toBe(true);
  });

  it('groups, posts, club settings, group membership: services that describe nothing are logged record by record', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Anna', lastname: 'Neri' } });
    const since = await lastId();
    const group = (
      await gql(t.app, `mutation { saveGroup(input: { name: "Under 12", type: athlete }) { ... on MutationSaveGroupSuccess { data { group { id } } } } }`, {}, as(club))
    ).body.data.saveGroup.data.group;
    await gql(t.app, `mutation($g: ID!, $r: ID!) { assignToGroup(groupId: $g, roleId: $r) { __typename } }`, { g: group.id, r: athlete.roleId }, as(club));
    await gql(t.app, `mutation { savePost(input: { title: "Allenamento spostato", caption: "Alle 18" }) { __typename } }`, {}, as(club));
    await gql(t.app, `mutation { updateClubSettings(input: { seasonLabel: "2026/27" }) { __typename } }`, {}, as(club));
    await gql(t.app, `mutation($id: ID!) { archiveGroup(id: $id) { __typename } }`, { id: group.id }, as(club));
    expect((await linesOf(club.clubId, since)).map(brief)).toEqual([
      { action: 'create', entityType: 'group', entityLabel: 'Under 12', detail: null },
      { action: 'update', entityType: 'group', entityLabel: 'Under 12', detail: 'Persona aggiunta al gruppo' },
      { action: 'create', entityType: 'post', entityLabel: 'Allenamento spostato', detail: null },
      { action: 'update', entityType: 'club', entityLabel: 'ASD Registro', detail: null },
      { action: 'archive', entityType: 'group', entityLabel: 'Under 12', detail: null },
    ]);
  });

  it('a write that fails leaves no line; a write outside a transaction is logged in one of its own', async () => {
    const ctx = await clubContext(t.deps, club);
    const since = await lastId();
    await expect(
      clubDb(ctx).$transaction(async (tx) => {
        await tx.group.create({ data: { clubId: club.clubId, name: 'Mai esistito', type: 'athlete' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const group = await clubDb(ctx).group.create({ data: { clubId: club.clubId, name: 'Senza transazione', type: 'coach' } });
    const [a, b] = await clubDb(ctx).$transaction([
      clubDb(ctx).group.update({ where: { id: group.id }, data: { name: 'Rinominato' } }),
      clubDb(ctx).group.update({ where: { id: group.id }, data: { archivedAt: new Date() } }),
    ]);
    expect([a.name, b.archivedAt]).toEqual(['Rinominato', expect.any(Date)]);
    expect((await linesOf(club.clubId, since)).map(brief)).toEqual([
      { action: 'create', entityType: 'group', entityLabel: 'Senza transazione', detail: null },
      { action: 'update', entityType: 'group', entityLabel: 'Rinominato', detail: null },
      { action: 'archive', entityType: 'group', entityLabel: 'Rinominato', detail: null },
    ]);
  });

  it('an import is one line, whatever the records it writes; many records of one kind are summed up', async () => {
    const ctx = await clubContext(t.deps, club);
    const since = await lastId();
    await clubDb(ctx).$transaction(async (tx) => {
      await tx.group.createMany({ data: Array.from({ length: 30 }, (_, i) => ({ clubId: club.clubId, name: `Importato ${i}`, type: 'member' as const })) });
      logImport(tx, { entityType: 'group', entityLabel: 'gruppi.xlsx', detail: '30 righe' });
    });
    await clubDb(ctx).$transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await tx.group.create({ data: { clubId: club.clubId, name: `Uno a uno ${i}`, type: 'member' } });
    });
    expect((await linesOf(club.clubId, since)).map(brief)).toEqual([
      { action: 'import', entityType: 'group', entityLabel: 'gruppi.xlsx', detail: '30 righe' },
      { action: 'create', entityType: 'group', entityLabel: null, detail: '25 record' },
    ]);
  });
});

describe('health-data reads', () => {
  const ROLE = `query($id: ID!) { personRole(id: $id) { id athlete { allergies athleteCondition } } }`;

  it('reading health fields is logged once per person and request; a role that does not see them logs nothing', async () => {
    const ctx = await clubContext(t.deps, club);
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Sara', lastname: 'Gialli' }, details: { allergies: 'Pollini' } });
    const reader = await addCollaborator(t.deps, club, 'lettura');
    const since = await lastId();
    expect((await gql(t.app, ROLE, { id: athlete.roleId }, as(club))).body.data.personRole.athlete.allergies).toBe('Pollini');
    expect((await gql(t.app, ROLE, { id: athlete.roleId }, as(reader))).body.data.personRole.athlete.allergies).toBeNull();
    const lines = await linesOf(club.clubId, since);
    expect(lines.map(brief)).toEqual([{ action: 'health_read', entityType: 'person', entityLabel: 'Sara Gialli', detail: null }]);
    expect(lines[0]).toMatchObject({ personId: athlete.personId, entityId: athlete.personId, actorAccountId: club.accountId });
  });

  it('the legacy record and the medical certificate file are health reads too', async () => {
    const ctx = await clubContext(t.deps, club);
    const certificate = { filename: 'certificato.pdf', mimeType: 'application/pdf', content: pdf() };
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Marco', lastname: 'Blu' } }, { medicalExaminationDocument: certificate });
    const fileId = (await t.deps.systemDb.athleteDetails.findUniqueOrThrow({ where: { roleId: athlete.roleId } })).medicalExaminationDocumentId;
    const since = await lastId();
    expect((await rest(t.app, '/athlete/single', { id: athlete.roleId }, as(club))).body.status).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `/files/${fileId}`, headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken } });
    expect(file.statusCode).toBe(200);
    expect((await linesOf(club.clubId, since)).map(brief)).toEqual([
      { action: 'health_read', entityType: 'person', entityLabel: 'Marco Blu', detail: null },
      { action: 'health_read', entityType: 'person', entityLabel: 'Marco Blu', detail: 'Certificato medico' },
    ]);
  });
});

describe('collaborators', () => {
  it('invited, revoked, joined, role changed, removed: each logged with who and what', async () => {
    const guest = await createClub(t.deps, { fullName: 'ASD Ospite', firstname: 'Gino', lastname: 'Ospite' });
    const since = await lastId();
    const invite = `mutation($input: InviteCollaboratorInput!) { inviteCollaborator(input: $input) { ... on MutationInviteCollaboratorSuccess { data { invitationId } } } }`;
    const first = (await gql(t.app, invite, { input: { email: 'altro@example.it', role: 'lettura' } }, as(club))).body.data.inviteCollaborator.data.invitationId;
    await gql(t.app, `mutation($id: ID!) { revokeCollaboratorInvitation(id: $id) { __typename } }`, { id: first }, as(club));
    await gql(t.app, invite, { input: { email: guest.email, role: 'segreteria' } }, as(club));
    const token = /\/invito\?token=([\w-]+)/.exec((await readOutbox(t.dataDir)).filter((m) => m.to === guest.email).at(-1)!.text)![1];
    const joined = await gql(t.app, `mutation($token: String!) { acceptCollaboratorInvitation(token: $token) { ... on MutationAcceptCollaboratorInvitationSuccess { data { membershipId } } } }`, { token }, { token: guest.token });
    const membershipId = joined.body.data.acceptCollaboratorInvitation.data.membershipId;
    await gql(t.app, `mutation($id: ID!) { changeCollaboratorRole(id: $id, input: { role: admin }) { __typename } }`, { id: membershipId }, as(club));
    await gql(t.app, `mutation($id: ID!) { removeCollaborator(id: $id) { __typename } }`, { id: membershipId }, as(club));
    const lines = await linesOf(club.clubId, since);
    expect(lines.map(brief)).toEqual([
      { action: 'collaborator_invited', entityType: 'invitation', entityLabel: 'altro@example.it', detail: 'Sola lettura' },
      { action: 'collaborator_invitation_revoked', entityType: 'invitation', entityLabel: 'altro@example.it', detail: null },
      { action: 'collaborator_invited', entityType: 'invitation', entityLabel: guest.email, detail: 'Segreteria' },
      { action: 'collaborator_joined', entityType: 'collaborator', entityLabel: guest.email, detail: 'Segreteria' },
      { action: 'role_changed', entityType: 'collaborator', entityLabel: 'Gino Ospite', detail: 'Segreteria → Amministratore' },
      { action: 'collaborator_removed', entityType: 'collaborator', entityLabel: 'Gino Ospite', detail: 'Amministratore' },
    ]);
    // The joining account is the actor of its own line.
    expect(lines[3]).toMatchObject({ actorAccountId: guest.accountId, actorName: 'Gino Ospite' });
  });

  it('the names are copies: a later rename does not change what the log says', async () => {
    const since = await lastId();
    await gql(t.app, `mutation { savePost(input: { title: "Prima del cambio", caption: "x" }) { __typename } }`, {}, as(club));
    await t.deps.systemDb.accountProfile.update({ where: { accountId: club.accountId }, data: { firstname: 'Paolina' } });
    const [line] = await linesOf(club.clubId, since);
    expect(line.actorName).toBe('Paola Verdi');
    await t.deps.systemDb.accountProfile.update({ where: { accountId: club.accountId }, data: { firstname: 'Paola' } });
  });
});

describe('exports', () => {
  it('the access log export is itself logged, with its filters', async () => {
    const since = await lastId();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/access-log/export.csv?actions=sign_in,create&from=2026-01-01',
      headers: { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken },
    });
    expect(res.statusCode).toBe(200);
    const [line] = await linesOf(club.clubId, since);
    expect(line).toMatchObject({ action: 'export', entityType: 'accessLog', detail: 'azioni: Accesso, Creazione; dal 2026-01-01' });
  });
});
