// Merging two profiles of one person (issue 14 point 2): roles, groups, documents, certificates, notifications,
// invitations and history end up on the kept profile, nothing is lost or overwritten, one line in the access log, the
// organisations' feed learns what moved and what went; refusals leave both profiles as they were.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { archivePerson } from '../../../server/modules/people/archive-person.service';
import { mergePeople } from '../../../server/modules/people/merge-people.service';
import { saveGuardianship } from '../../../server/modules/families/guardianships.service';
import { saveCard } from '../../../server/modules/seasons/cards.service';
import { admitMember } from '../../../server/modules/seasons/register.service';
import { currentSeason } from '../../../server/modules/seasons/seasons.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole } from '../../support/roles';
import { withCheckCharacter } from '../../support/tax-code-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf } from '../files/fixtures';

const MERGE = /* GraphQL */ `
  mutation($keepId: ID!, $mergeId: ID!) {
    mergePeople(keepId: $keepId, mergeId: $mergeId) {
      __typename
      ... on MutationMergePeopleSuccess { data { message person { id taxIdCode roles { kind archivedAt groups { name } documents { filename } } } } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
    }
  }`;
const CHANGES = /* GraphQL */ `query($personId: ID!) { personChanges(personId: $personId) { action entityLabel detail personId } }`;
const LOG = /* GraphQL */ `query($personId: ID) { accessLog(filter: { personId: $personId }) { totalCount edges { node { action personId entityId detail } } } }`;

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let codeSeq = 0;
/** A valid code of a Rossi (a different one on every call). */
const code = () => {
  codeSeq += 1;
  return withCheckCharacter(`RSSGNN${String(60 + (codeSeq % 40)).padStart(2, '0')}A${String((codeSeq % 28) + 1).padStart(2, '0')}H501`);
};

beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps, { fullName: 'ASD Unioni' });
  ctx = await clubContext(t.deps, club);
});
afterAll(() => t.close());

const db = () => t.deps.systemDb;
const profile = (extra: Record<string, unknown> = {}) => ({ firstname: 'Giovanni', lastname: 'Rossi', taxIdCode: code(), typeGenderId: 1, ...extra });

/** Everything about two people that a merge touches, for "nothing changed" checks. */
async function snapshot(...personIds: string[]) {
  const people = await db().person.findMany({
    where: { id: { in: personIds } },
    include: { roles: { include: { athlete: true, member: true, groups: true, documents: { select: { id: true } } }, orderBy: { id: 'asc' } }, medicalCertificates: true, linkInvitations: true, notifications: true, address: true },
    orderBy: { id: 'asc' },
  });
  return JSON.parse(JSON.stringify(people, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
}

describe('mergePeople', () => {
  it('joins roles, groups, documents, certificates and history into the kept profile, filling only what it lacks', async () => {
    // kept: an athlete in "Under 14" with a phone, a BLSD file; merged: the same athlete in "Squadra B" plus a manager
    // role with a document, an email, an address, a first aid file, a certificate, a notification and an invitation
    const keep = await createPerson(ctx, 'athlete', {
      profile: profile({ phonePrimary: '3331112222', hasBlsd: true, blsdExpiresOn: '2027-01-01' }),
      details: { allergies: 'Polline', healthCard: null },
      notePrivate: 'Nota del primo profilo',
    }, { blsdFile: { filename: 'blsd-tenuto.pdf', mimeType: 'application/pdf', content: pdf() } });
    const mergedAthlete = await createPerson(ctx, 'athlete', {
      profile: profile({ firstname: 'Giovanni', lastname: 'Rossi', phonePrimary: '3339999999', emailPrimary: 'gio@example.it', birthplace: 'Roma', hasBlsd: true, hasFirstAid: true, firstAidExpiresOn: '2026-12-31', address: { city: 'Roma', postalCode: '00100' } }),
      details: { allergies: 'Arachidi', healthCard: 'TS-123', intolerances: 'Lattosio' },
      notePrivate: 'Nota del secondo profilo',
    }, { blsdFile: { filename: 'blsd-doppio.pdf', mimeType: 'application/pdf', content: pdf() }, firstAidFile: { filename: 'primo-soccorso.pdf', mimeType: 'application/pdf', content: pdf() } });
    const mergedManager = await createPerson(ctx, 'manager', { profile: { ...profile(), taxIdCode: mergedAthlete.taxIdCode }, details: { managerRole: 'Tesoriere' } }, {
      documents: [{ filename: 'verbale.pdf', mimeType: 'application/pdf', content: pdf() }],
    });
    expect(mergedManager.personId).toBe(mergedAthlete.personId);
    const keepId = keep.personId;
    const mergeId = mergedAthlete.personId;

    await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 14', [keep.roleId]);
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Squadra B', [mergedAthlete.roleId]);
    await createGroupWith(t.deps, club.clubId, 'manager', 'Consiglio', [mergedManager.roleId]);
    const certificate = await db().medicalCertificate.create({
      data: { clubId: club.clubId, personId: mergeId, type: 'agonistico', issuedOn: new Date('2026-01-10'), expiresOn: new Date('2027-01-09') },
    });
    const reminder = await db().certificateReminder.create({
      data: { clubId: club.clubId, certificateId: certificate.id, personId: mergeId, daysBefore: 30, day: new Date('2026-12-10') },
    });
    const notification = await db().notification.create({ data: { clubId: club.clubId, personId: mergeId, title: 'Avviso', body: 'x' } });
    const invitation = await db().personLinkInvitation.create({
      data: { clubId: club.clubId, personId: mergeId, email: 'gio@example.it', tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) },
    });

    const res = await gql(t.app, MERGE, { keepId, mergeId }, as(club));
    const result = res.body.data.mergePeople;
    expect(result.__typename, JSON.stringify(result)).toBe('MutationMergePeopleSuccess');
    expect(result.data.message).toBe(MSG.merged('Giovanni Rossi'));
    expect(result.data.person.taxIdCode).toBe(keep.taxIdCode);
    expect(result.data.person.roles).toEqual([
      { kind: 'athlete', archivedAt: null, groups: [{ name: 'Squadra B' }, { name: 'Under 14' }], documents: [] },
      { kind: 'manager', archivedAt: null, groups: [{ name: 'Consiglio' }], documents: [{ filename: 'verbale.pdf' }] },
    ]);

    // the merged profile is gone; the kept athlete role survived, the manager role moved as it was
    expect(await db().person.findUnique({ where: { id: mergeId } })).toBeNull();
    expect(await db().personRole.findUnique({ where: { id: mergedAthlete.roleId } })).toBeNull();
    const kept = await db().person.findUniqueOrThrow({
      where: { id: keepId },
      include: { roles: { include: { athlete: true, manager: true } }, address: true, blsdFile: true, firstAidFile: true },
    });
    expect(kept.roles.map((r) => r.id).sort()).toEqual([keep.roleId, mergedManager.roleId].sort());
    // profile: kept values stay, empty ones filled
    expect(kept).toMatchObject({ phonePrimary: '3331112222', emailPrimary: 'gio@example.it', birthplace: 'Roma', hasBlsd: true, hasFirstAid: true });
    expect(kept.blsdExpiresOn?.toISOString().slice(0, 10)).toBe('2027-01-01');
    expect(kept.firstAidExpiresOn?.toISOString().slice(0, 10)).toBe('2026-12-31');
    expect(kept.blsdFile?.filename).toBe('blsd-tenuto.pdf');
    expect(kept.firstAidFile?.filename).toBe('primo-soccorso.pdf');
    expect(kept.address).toMatchObject({ city: 'Roma', postalCode: '00100' });
    // the merged person's BLSD file, which the kept one already had, is not left behind unreachable
    expect(await db().storedFile.count({ where: { clubId: club.clubId, filename: 'blsd-doppio.pdf' } })).toBe(0);
    // details: filled, never overwritten; the private notes both kept
    const athlete = kept.roles.find((r) => r.kind === 'athlete')!;
    expect(athlete.athlete).toMatchObject({ allergies: 'Polline', healthCard: 'TS-123', intolerances: 'Lattosio' });
    expect(athlete.notePrivate).toBe('Nota del primo profilo\n\nNota del secondo profilo');
    // the certificate's history moved, and the athlete's certificate fields follow its latest
    expect(athlete.athlete?.medicalExaminationExpirationDate?.toISOString().slice(0, 10)).toBe('2027-01-09');
    expect(await db().medicalCertificate.findUniqueOrThrow({ where: { id: certificate.id } })).toMatchObject({ personId: keepId });
    expect(await db().certificateReminder.findUniqueOrThrow({ where: { id: reminder.id } })).toMatchObject({ personId: keepId });
    expect(await db().notification.findUniqueOrThrow({ where: { id: notification.id } })).toMatchObject({ personId: keepId });
    expect(await db().personLinkInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).toMatchObject({ personId: keepId, usedAt: null });
    // the search and sort keys of the moved role are the kept person's
    const manager = await db().personRole.findUniqueOrThrow({ where: { id: mergedManager.roleId } });
    const keptPerson = await db().person.findUniqueOrThrow({ where: { id: keepId } });
    expect(manager.searchText).toBe(keptPerson.searchText);
    expect(keptPerson.searchText).toContain(keep.taxIdCode.toLowerCase());

    // one line in the access log, on the kept person, naming the merged one
    const lines = await db().accessLogEntry.findMany({ where: { clubId: club.clubId, action: 'merge' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      personId: keepId,
      entityType: 'person',
      entityId: mergeId,
      entityLabel: 'Giovanni Rossi',
      detail: MSG.mergedWith('Giovanni Rossi', mergedAthlete.taxIdCode),
      actorAccountId: club.accountId,
    });
    // the kept person's history shows both profiles' changes (the log itself is append-only: nothing re-pointed)
    const changes = (await gql(t.app, CHANGES, { personId: keepId }, as(club))).body.data.personChanges;
    expect(changes[0]).toMatchObject({ action: 'merge', detail: MSG.mergedWith('Giovanni Rossi', mergedAthlete.taxIdCode) });
    expect(changes.filter((c: { personId: string }) => c.personId === mergeId).length).toBeGreaterThan(0);
    expect(changes.filter((c: { personId: string }) => c.personId === keepId).length).toBeGreaterThan(1);
    const log = (await gql(t.app, LOG, { personId: keepId }, as(club))).body.data.accessLog;
    expect(new Set(log.edges.map((e: { node: { personId: string } }) => e.node.personId))).toEqual(new Set([keepId, mergeId]));
  });

  it("an archived role never comes back: the merged one's groups stay behind, the kept active role stays active", async () => {
    const keep = await createPerson(ctx, 'athlete', { profile: profile() });
    const merged = await createPerson(ctx, 'athlete', { profile: profile() });
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Gruppo lasciato', [merged.roleId]);
    await archivePerson(ctx, 'athlete', merged.roleId);

    await mergePeople(ctx, keep.personId, merged.personId);
    const roles = await db().personRole.findMany({ where: { personId: keep.personId }, include: { groups: true } });
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ id: keep.roleId, archivedAt: null, groups: [] });
  });

  it("the kept person's archived role gives way to the merged person's active one", async () => {
    const keep = await createPerson(ctx, 'member', { profile: profile(), details: { membershipNumber: 'T-1' } });
    const merged = await createPerson(ctx, 'member', { profile: profile(), details: { typeMembershipId: 2 } });
    await archivePerson(ctx, 'member', keep.roleId);

    await mergePeople(ctx, keep.personId, merged.personId);
    const roles = await db().personRole.findMany({ where: { personId: keep.personId }, include: { member: true } });
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ id: merged.roleId, archivedAt: null, member: { membershipNumber: 'T-1', typeMembershipId: 2 } });
  });

  it('keeps the merged person\'s cards, register entries and guardianships on both sides, a duplicate link once', async () => {
    const keep = await createPerson(ctx, 'athlete', { profile: profile() });
    const merged = await createPerson(ctx, 'athlete', { profile: profile() });
    const season = await currentSeason(ctx);
    await saveCard(ctx, { personId: merged.personId, seasonId: season.id, body: 'UISP', number: `M-${codeSeq}`, startsOn: '2026-09-01', expiresOn: '2027-08-31' });
    const member = (await admitMember(ctx, { personId: merged.personId, admittedOn: '2026-09-02' })).member;
    // The same parent for both records (a duplicate once merged), another parent of the merged record only, and a
    // child of whom the merged record is the guardian.
    const parent = (await saveGuardianship(ctx, { minorId: keep.personId, relationship: 'genitore', guardian: { firstname: 'Madre', lastname: 'Unita', emailPrimary: `madre${codeSeq}@example.it` } })).guardianship;
    await saveGuardianship(ctx, { minorId: merged.personId, relationship: 'genitore', guardianId: parent.guardianId });
    await saveGuardianship(ctx, { minorId: merged.personId, relationship: 'tutore', guardian: { firstname: 'Zio', lastname: 'Unito', phonePrimary: '3339998877' } });
    const child = await createPerson(ctx, 'athlete', { profile: profile() });
    await saveGuardianship(ctx, { minorId: child.personId, relationship: 'genitore', guardianId: merged.personId });

    await mergePeople(ctx, keep.personId, merged.personId);
    expect(await db().card.count({ where: { personId: keep.personId } })).toBe(1);
    expect(await db().registerMember.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ personId: keep.personId, number: member.number });
    const guardians = await db().guardianship.findMany({ where: { minorId: keep.personId }, include: { guardian: true } });
    expect(guardians.map((g) => g.guardian.firstname).sort()).toEqual(['Madre', 'Zio']);
    expect(await db().guardianship.findMany({ where: { guardianId: keep.personId }, select: { minorId: true } })).toEqual([{ minorId: child.personId }]);
  });

  it("moves a linked account when only the merged profile has one, and closes the merged one's pending invitation when the kept is invited", async () => {
    const account = await createClub(t.deps);
    const keep = await createPerson(ctx, 'coach', { profile: profile() });
    const merged = await createPerson(ctx, 'coach', { profile: profile() });
    await db().person.update({ where: { id: merged.personId }, data: { accountId: account.accountId } });
    const future = new Date(Date.now() + 86_400_000);
    await db().personLinkInvitation.create({ data: { clubId: club.clubId, personId: keep.personId, email: 'a@example.it', tokenHash: randomUUID(), expiresAt: future } });
    const late = await db().personLinkInvitation.create({ data: { clubId: club.clubId, personId: merged.personId, email: 'b@example.it', tokenHash: randomUUID(), expiresAt: future } });

    await mergePeople(ctx, keep.personId, merged.personId);
    expect(await db().person.findUniqueOrThrow({ where: { id: keep.personId } })).toMatchObject({ accountId: account.accountId });
    expect((await db().personLinkInvitation.findUniqueOrThrow({ where: { id: late.id } })).usedAt).not.toBeNull();
  });
});

describe('refusals leave both profiles as they were', () => {
  it('same person, unknown, malformed or another club\'s id, two linked accounts', async () => {
    const keep = await createPerson(ctx, 'athlete', { profile: profile() });
    const merged = await createPerson(ctx, 'athlete', { profile: profile() });
    const other = await createClub(t.deps, { fullName: 'ASD Estranea' });
    const stranger = await createPerson(await clubContext(t.deps, other), 'athlete', { profile: profile() });
    const before = await snapshot(keep.personId, merged.personId, stranger.personId);
    const call = async (keepId: string, mergeId: string, who = club) => (await gql(t.app, MERGE, { keepId, mergeId }, as(who))).body.data.mergePeople;
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound };

    expect(await call(keep.personId, keep.personId)).toEqual({ __typename: 'ValidationError', code: 'VALIDATION', message: MSG.mergeSamePerson, fields: [{ field: 'mergeId', message: MSG.mergeSamePerson }] });
    expect(await call(keep.personId, stranger.personId)).toEqual(notFound);
    expect(await call(stranger.personId, keep.personId)).toEqual(notFound);
    expect(await call(keep.personId, randomUUID())).toEqual(notFound);
    expect(await call('abc', merged.personId)).toEqual(notFound);
    // the other club's owner names this club's people: like unknown ids
    expect(await call(keep.personId, merged.personId, other)).toEqual(notFound);

    expect(await snapshot(keep.personId, merged.personId, stranger.personId)).toEqual(before);

    const [a, b] = [await createClub(t.deps), await createClub(t.deps)];
    await db().person.update({ where: { id: keep.personId }, data: { accountId: a.accountId } });
    await db().person.update({ where: { id: merged.personId }, data: { accountId: b.accountId } });
    const linked = await snapshot(keep.personId, merged.personId);
    expect(await call(keep.personId, merged.personId)).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message: MSG.mergeTwoAccounts });
    expect(await snapshot(keep.personId, merged.personId)).toEqual(linked);
  });

  it('roles without the archive permission are refused before anything is read', async () => {
    const roles = await clubWithEveryRole(t.deps, 'ASD Unioni Ruoli');
    const owner = await clubContext(t.deps, roles.members.owner);
    const keep = await createPerson(owner, 'athlete', { profile: profile() });
    const merged = await createPerson(owner, 'athlete', { profile: profile() });
    const members = await db().personRole.findMany({ where: { personId: { in: [keep.personId, merged.personId] } } });
    await db().groupMember.createMany({ data: members.map((m) => ({ clubId: roles.clubId, groupId: roles.coachedGroupId, roleId: m.id })) });
    const before = await snapshot(keep.personId, merged.personId);
    for (const who of ['allenatore', 'lettura'] as const) {
      const res = (await gql(t.app, MERGE, { keepId: keep.personId, mergeId: merged.personId }, as(roles.members[who]))).body.data.mergePeople;
      expect(res, who).toEqual({ __typename: 'ForbiddenError', code: 'FORBIDDEN', message: MSG.permissionDenied });
    }
    expect(await snapshot(keep.personId, merged.personId)).toEqual(before);
    const done = (await gql(t.app, MERGE, { keepId: keep.personId, mergeId: merged.personId }, as(roles.members.segreteria))).body.data.mergePeople;
    expect(done.__typename).toBe('MutationMergePeopleSuccess');
  });

  it('all or nothing: a failure at the last step leaves both people, their roles, groups and certificates intact', async () => {
    const keep = await createPerson(ctx, 'athlete', { profile: profile() });
    const merged = await createPerson(ctx, 'athlete', { profile: profile({ emailPrimary: 'x@example.it' }) });
    const manager = await createPerson(ctx, 'manager', { profile: { ...profile(), taxIdCode: merged.taxIdCode } });
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Gruppo intatto', [merged.roleId]);
    await db().medicalCertificate.create({ data: { clubId: club.clubId, personId: merged.personId, type: 'agonistico', expiresOn: new Date('2027-05-05') } });
    const before = await snapshot(keep.personId, merged.personId);
    const logBefore = await db().accessLogEntry.count({ where: { clubId: club.clubId } });
    const feedBefore = await db().personRoleChange.findMany({ where: { personId: { in: [keep.personId, merged.personId] } }, orderBy: { roleId: 'asc' } });
    // the merged person's deletion (the last write) fails
    await db().$executeRawUnsafe(`
      CREATE FUNCTION test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.id = '${merged.personId}'::uuid THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN OLD; END; $$`);
    await db().$executeRawUnsafe(`CREATE TRIGGER test_refuse_delete BEFORE DELETE ON people FOR EACH ROW EXECUTE FUNCTION test_refuse_delete()`);
    try {
      await expect(mergePeople(ctx, keep.personId, merged.personId)).rejects.toThrow();
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER test_refuse_delete ON people`);
      await db().$executeRawUnsafe(`DROP FUNCTION test_refuse_delete()`);
    }
    expect(await snapshot(keep.personId, merged.personId)).toEqual(before);
    expect(await db().accessLogEntry.count({ where: { clubId: club.clubId } })).toBe(logBefore);
    expect(await db().personRoleChange.findMany({ where: { personId: { in: [keep.personId, merged.personId] } }, orderBy: { roleId: 'asc' } })).toEqual(feedBefore);
    expect(manager.personId).toBe(merged.personId);
  });
});

describe("the organisations' feed", () => {
  it('records the moved role with its new person, the absorbed role as deleted, the kept roles as changed', async () => {
    const keep = await createPerson(ctx, 'athlete', { profile: profile() });
    const merged = await createPerson(ctx, 'athlete', { profile: profile() });
    const moved = await createPerson(ctx, 'voluntary', { profile: { ...profile(), taxIdCode: merged.taxIdCode } });
    const before = await db().personRoleChange.findUniqueOrThrow({ where: { roleId: keep.roleId } });

    await mergePeople(ctx, keep.personId, merged.personId);
    const feed = new Map((await db().personRoleChange.findMany({ where: { roleId: { in: [keep.roleId, merged.roleId, moved.roleId] } } })).map((c) => [c.roleId, c]));
    expect(feed.get(merged.roleId)).toMatchObject({ deleted: true, personId: merged.personId, kind: 'athlete' });
    expect(feed.get(moved.roleId)).toMatchObject({ deleted: false, personId: keep.personId, kind: 'voluntary' });
    expect(feed.get(keep.roleId)).toMatchObject({ deleted: false, personId: keep.personId });
    // all three written by the merge's transaction, after the kept role's last change
    const xids = [...feed.values()].map((c) => c.changeXid);
    expect(new Set(xids).size).toBe(1);
    expect(xids[0]).toBeGreaterThan(before.changeXid);
  });
});
