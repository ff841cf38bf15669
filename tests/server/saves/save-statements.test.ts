// What a save costs (issue 33 point 2): the statements GraphQL saveGroup and REST athlete/save really send (counted
// at the driver adapter, transaction control aside), so the counts cannot silently grow back; and the group-name lock
// keyed by the name claimed, so saves of different groups of a club no longer wait for each other while two saves
// claiming one name still cannot both pass.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { createClub, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { clubContext, createGroupWith, createPerson, nextTaxCode } from '../../support/people-factories';
import { recordStatements } from '../../support/statement-spy';
import { startTestApp, usingPostgres, type TestApp } from '../../support/test-app';

const SAVE_GROUP = /* GraphQL */ `
  mutation($input: SaveGroupInput!) {
    saveGroup(input: $input) {
      __typename
      ... on MutationSaveGroupSuccess { data { group { id name memberCount } } }
      ... on BaseError { message }
    }
  }`;

let t: TestApp;
let club: TestClub;
let statements: string[] = [];
let athleteId: string;
let groupId: string;
const taxIdCode = nextTaxCode();
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  athleteId = (await createPerson(ctx, 'athlete', { profile: { firstname: 'Paola', lastname: 'Rossi', taxIdCode } })).roleId;
  groupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Under 14', [athleteId])).id;
  await recordStatements(t.databaseKind, (sql) => statements.push(sql));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const creds = () => ({ token: club.token, club: club.clubToken });

/** The statements `request` sends, BEGIN and COMMIT aside (PGlite's adapter does not send them as statements). */
async function counted<T>(request: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  // The buffered lines of earlier requests (health reads, written every second) are written first, not during it.
  await t.deps.accessLog.flush();
  statements = [];
  const result = await request();
  return { result, sql: statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql)) };
}
const accessLogInserts = (sql: string[]) => sql.filter((s) => /INSERT INTO access_log/i.test(s)).length;

describe('statements per save', () => {
  it('saveGroup (an update keeping its name): the group read, the UPDATE with its log line; the answer', async () => {
    // The session and membership are read once, then kept by the session cache: count the requests after that.
    await gql(t.app, `{ me { id } }`, {}, creds());
    const { result, sql } = await counted(() => gql(t.app, SAVE_GROUP, { input: { id: groupId, name: 'Under 14', type: 'athlete', isHidden: false } }, creds()));
    expect(result.body.data.saveGroup).toMatchObject({ __typename: 'MutationSaveGroupSuccess', data: { group: { id: groupId, name: 'Under 14', memberCount: 1 } } });
    // The group the answer selects is read after the commit, in that selection (one statement, its count joined).
    // The name is the group's own (case and accents aside): no name lock, no siblings' names, and the UPDATE with its
    // log line is one statement, without a transaction.
    expect(sql).toHaveLength(3);
    expect(statements.some((s) => /^\s*BEGIN\b/i.test(s))).toBe(false);
    expect(sql.some((s) => /pg_advisory_xact_lock/.test(s))).toBe(false);
    expect(sql.filter((s) => /UPDATE groups/i.test(s))).toHaveLength(1);
    expect(accessLogInserts(sql)).toBe(1);
    // The line says what a transaction's recorded UPDATE would: the group, its name, the member who saved it.
    const line = await t.deps.systemDb.accessLogEntry.findFirst({ where: { clubId: club.clubId, entityId: groupId }, orderBy: { at: 'desc' } });
    expect(line).toMatchObject({ action: 'update', entityType: 'group', entityLabel: 'Under 14', actorKind: 'account', actorEmail: club.email });
  });

  it('saveGroup (a rename): the group read, the name lock, the siblings, the UPDATE, the log line; the answer', async () => {
    const { result, sql } = await counted(() => gql(t.app, SAVE_GROUP, { input: { id: groupId, name: 'Under 14 A', type: 'athlete' } }, creds()));
    expect(result.body.data.saveGroup).toMatchObject({ __typename: 'MutationSaveGroupSuccess', data: { group: { name: 'Under 14 A' } } });
    expect(sql).toHaveLength(6);
    expect(sql.filter((s) => /pg_advisory_xact_lock/.test(s))).toHaveLength(1);
    await gql(t.app, SAVE_GROUP, { input: { id: groupId, name: 'Under 14', type: 'athlete' } }, creds());
  });

  it('saveGroup (a new group): the name lock, the siblings, the INSERT, the log line; the answer', async () => {
    const { result, sql } = await counted(() => gql(t.app, SAVE_GROUP, { input: { name: 'Nuovo gruppo', type: 'staff' } }, creds()));
    expect(result.body.data.saveGroup).toMatchObject({ __typename: 'MutationSaveGroupSuccess', data: { group: { name: 'Nuovo gruppo', memberCount: 0 } } });
    expect(sql).toHaveLength(5);
    expect(accessLogInserts(sql)).toBe(1);
  });

  it('REST athlete/save of the profile: the stored role, the UPDATE with its log line, the answer', async () => {
    const profile = { firstname: 'Paola', lastname: 'Rossi', tax_id_code: taxIdCode, type_gender_id: 2 };
    const { result, sql } = await counted(() => rest(t.app, '/athlete/save', { id: athleteId, profile }, creds()));
    expect(result.statusCode).toBe(200);
    expect(result.body.context).toMatchObject({ id: athleteId, profile: { firstname: 'Paola', tax_id_code: taxIdCode }, groups: [{ id: groupId, name: 'Under 14' }] });
    // The role is read first with the legacy answer's selection (details, files, address, certificates, groups: one
    // joined statement); the UPDATE checks it is still as read, so the answer is that read with the values written and
    // needs no second read. The UPDATE with its log line is one statement, without a transaction.
    expect(sql).toHaveLength(2);
    expect(statements.some((s) => /^\s*BEGIN\b/i.test(s))).toBe(false);
    expect(accessLogInserts(sql)).toBe(1);
    const line = await t.deps.systemDb.accessLogEntry.findFirst({ where: { clubId: club.clubId, entityType: 'person' }, orderBy: { at: 'desc' } });
    expect(line).toMatchObject({ action: 'update', entityLabel: 'Paola Rossi', detail: 'Atleta', actorKind: 'account', actorEmail: club.email });
  });

  it('REST athlete/save of the profile answers the record exactly as a read after it (single)', async () => {
    // A day, a text cleared and one set: the answer built from the read before the UPDATE must be what is stored.
    const profile = { firstname: 'Paola', lastname: 'Rossi', tax_id_code: taxIdCode, nickname: 'Pao', phone_secondary: null, first_aid_expires_on: '2031-04-05' };
    const { result, sql } = await counted(() => rest(t.app, '/athlete/save', { id: athleteId, profile }, creds()));
    expect(result.statusCode).toBe(200);
    expect(sql).toHaveLength(2);
    expect(result.body.context.profile).toMatchObject({ nickname: 'Pao', phone_secondary: null, first_aid_expires_on: '2031-04-05' });
    const single = await rest(t.app, '/athlete/single', { id: athleteId }, creds());
    expect(JSON.stringify(result.body.context)).toBe(JSON.stringify(single.body.context));
  });

  it('REST athlete/save with details: one more statement, the details upsert', async () => {
    const body = { id: athleteId, profile: { firstname: 'Paola', lastname: 'Rossi', tax_id_code: taxIdCode }, medical_examination_scheduled_date: '2031-03-01' };
    const { result, sql } = await counted(() => rest(t.app, '/athlete/save', body, creds()));
    expect(result.statusCode).toBe(200);
    expect(result.body.context.medical_examination_scheduled_date).toBe('2031-03-01');
    expect(sql).toHaveLength(5);
    expect(accessLogInserts(sql)).toBe(1);
  });
});

describe('the group-name lock', () => {
  it('two saves claiming one name at once: one is created, the other refused', async () => {
    const results = await Promise.all(['Pulcini', 'pulcinì', 'PULCINI '].map((name) => gql(t.app, SAVE_GROUP, { input: { name, type: 'athlete' } }, creds())));
    const kinds = results.map((r) => r.body.data.saveGroup.__typename as string).sort();
    expect(kinds.filter((k) => k === 'MutationSaveGroupSuccess')).toHaveLength(1);
    expect(results.map((r) => r.body.data.saveGroup.message).filter(Boolean)).toEqual([MSG.groupNameTaken, MSG.groupNameTaken]);
  });

  // PGlite has one session: every transaction waits for the one before, whatever it locks.
  it.skipIf(!usingPostgres())('a save of another group does not wait for one holding a name (PostgreSQL)', async () => {
    let claimedSettled = false;
    const pending: { claimed?: ReturnType<typeof gql<{ saveGroup: { __typename: string } }>> } = {};
    await t.deps.systemDb.$transaction(async (tx) => {
      // What a save of a new "Esordienti" holds while it checks and writes.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`groups:${club.clubId}:athlete:esordienti`}, 0))`;
      const other = await gql(t.app, SAVE_GROUP, { input: { id: groupId, name: 'Under 14', type: 'athlete' } }, creds());
      expect(other.body.data.saveGroup.__typename).toBe('MutationSaveGroupSuccess');
      pending.claimed = gql(t.app, SAVE_GROUP, { input: { name: 'Esordienti', type: 'athlete' } }, creds()).finally(() => (claimedSettled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(claimedSettled).toBe(false); // waits for the name
    });
    expect((await pending.claimed!).body.data!.saveGroup.__typename).toBe('MutationSaveGroupSuccess');
  });
});

// A save writes what it read before its transaction without reading it again; these hold a concurrent change on the
// row (its lock taken) while the save's UPDATE waits for it, then commit it: the save must see it. PGlite has one
// session, so nothing runs between a save's read and its write there.
describe.skipIf(!usingPostgres())('a change between a save\'s read and its write (PostgreSQL)', () => {
  /** Runs `change` in a transaction that holds its row locks for 300 ms while `save` starts; answers the save's result. */
  async function whileHeld<T>(change: (tx: typeof t.deps.systemDb) => Promise<unknown>, save: () => Promise<T>): Promise<T> {
    const pending: { save?: Promise<T> } = {};
    await t.deps.systemDb.$transaction(async (tx) => {
      await change(tx as typeof t.deps.systemDb);
      pending.save = save();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    return pending.save!;
  }

  it('saveGroup keeping a name that another group took meanwhile (the group renamed): refused, no two groups of one name', async () => {
    const group = await createGroupWith(t.deps, club.clubId, 'athlete', 'Allievi', []);
    const result = await whileHeld(
      async (tx) => {
        await tx.group.update({ where: { id: group.id }, data: { name: 'Allievi B' } });
        await tx.group.create({ data: { clubId: club.clubId, name: 'Allievi', type: 'athlete' } });
      },
      () => gql(t.app, SAVE_GROUP, { input: { id: group.id, name: 'Allievi', type: 'athlete', isHidden: true } }, creds()),
    );
    expect(result.body.data.saveGroup).toMatchObject({ message: MSG.groupNameTaken });
    const named = await t.deps.systemDb.group.findMany({ where: { clubId: club.clubId, name: { in: ['Allievi', 'Allievi B'] } }, select: { name: true, isHidden: true } });
    expect(named.sort((a, b) => a.name.localeCompare(b.name))).toEqual([{ name: 'Allievi', isHidden: false }, { name: 'Allievi B', isHidden: false }]);
  });

  it('athlete/save of the names while the nickname changes: the search key folds in the new nickname', async () => {
    const code = nextTaxCode();
    const { roleId } = await createPerson(await clubContext(t.deps, club), 'athlete', { profile: { firstname: 'Lucia', lastname: 'Verdi', taxIdCode: code } });
    const { personId } = await t.deps.systemDb.personRole.findUniqueOrThrow({ where: { id: roleId }, select: { personId: true } });
    const result = await whileHeld(
      (tx) => tx.person.update({ where: { id: personId }, data: { nickname: 'Lulu' } }),
      () => rest(t.app, '/athlete/save', { id: roleId, profile: { firstname: 'Lucia', lastname: 'Bianchi', tax_id_code: code } }, creds()),
    );
    expect(result.body).toMatchObject({ status: true, context: { profile: { lastname: 'Bianchi', nickname: 'Lulu' } } });
    const person = await t.deps.systemDb.person.findUniqueOrThrow({ where: { id: personId }, select: { searchText: true } });
    expect(person.searchText.split(' ')).toEqual(expect.arrayContaining(['lucia', 'bianchi', 'lulu']));
  });
});

describe('the answer of a profile-alone save: the record read by its UPDATE statement', () => {
  /** A stored file of the club (fixture): `roleId` makes it one of a role's documents. */
  const storedFile = (filename: string, roleId?: string) =>
    t.deps.systemDb.storedFile.create({ data: { clubId: club.clubId, purpose: 'test', filename, mimeType: 'application/pdf', size: filename.length, content: Buffer.from(filename), roleId } });

  /** Saves the profile of `roleId` (of `kind`) and compares the answer with `single` read right after, byte for byte. */
  async function answersAsSingle(kind: 'athlete' | 'manager' | 'coach', roleId: string, code: string) {
    const profile = { firstname: 'Carla', lastname: 'Verdi', tax_id_code: code, nickname: 'Cat' };
    const { result, sql } = await counted(() => rest(t.app, `/${kind}/save`, { id: roleId, profile }, creds()));
    expect(result.statusCode).toBe(200);
    expect(sql).toHaveLength(2); // the profile-alone way: its read, and the UPDATE with the record's other rows
    const single = await rest(t.app, `/${kind}/single`, { id: roleId }, creds());
    expect(JSON.stringify(result.body.context)).toBe(JSON.stringify(single.body.context));
    return result.body.context;
  }

  it('an athlete with profile files, a certificate document, a certificate history and groups (an archived one left out)', async () => {
    const ctx = await clubContext(t.deps, club);
    const code = nextTaxCode();
    const { roleId, personId } = await createPerson(ctx, 'athlete', { profile: { firstname: 'Carla', lastname: 'Verdi', taxIdCode: code } });
    const [blsd, aid, document, first, second] = await Promise.all(['blsd.pdf', 'primo-soccorso.pdf', 'visita.pdf', 'certificato-1.pdf', 'certificato-2.pdf'].map((name) => storedFile(name)));
    await t.deps.systemDb.person.update({ where: { id: personId }, data: { hasBlsd: true, blsdFileId: blsd.id, firstAidFileId: aid.id, blsdExpiresOn: new Date('2030-01-31T00:00:00Z') } });
    await t.deps.systemDb.athleteDetails.update({ where: { roleId }, data: { medicalExaminationDocumentId: document.id, allergies: 'polline' } });
    await t.deps.systemDb.medicalCertificate.createMany({
      data: [
        { clubId: club.clubId, personId, type: 'agonistico', sport: 'nuoto', issuedOn: new Date('2025-02-01T00:00:00Z'), expiresOn: new Date('2026-02-01T00:00:00Z'), issuer: 'Dr. Neri', fileId: first.id },
        { clubId: club.clubId, personId, expiresOn: new Date('2027-03-01T00:00:00Z'), fileId: second.id },
      ],
    });
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Zeta', [roleId]);
    await createGroupWith(t.deps, club.clubId, 'athlete', 'Alfa', [roleId]);
    const archived = await createGroupWith(t.deps, club.clubId, 'athlete', 'Beta', [roleId]);
    await t.deps.systemDb.group.update({ where: { id: archived.id }, data: { archivedAt: new Date() } });

    const record = await answersAsSingle('athlete', roleId, code);
    expect(record.profile).toMatchObject({ nickname: 'Cat', blsd_file: { filename: 'blsd.pdf' }, first_aid_file: { filename: 'primo-soccorso.pdf' }, fire_prevention_file: null });
    expect(record.medical_examination_document).toMatchObject({ filename: 'visita.pdf' });
    expect(record.medical_certificates.map((c: { expires_on: string }) => c.expires_on)).toEqual(['2027-03-01', '2026-02-01']);
    expect(record.groups.map((g: { name: string }) => g.name)).toEqual(['Alfa', 'Zeta']);
  });

  it('a manager with documents, and a coach with its details', async () => {
    const ctx = await clubContext(t.deps, club);
    const managerCode = nextTaxCode();
    const manager = await createPerson(ctx, 'manager', { profile: { firstname: 'Carla', lastname: 'Verdi', taxIdCode: managerCode } });
    await storedFile('verbale.pdf', manager.roleId);
    await storedFile('delega.pdf', manager.roleId);
    const record = await answersAsSingle('manager', manager.roleId, managerCode);
    expect(record.documents.map((d: { filename: string }) => d.filename)).toEqual(['verbale.pdf', 'delega.pdf']);

    const coachCode = nextTaxCode();
    const coach = await createPerson(ctx, 'coach', { profile: { firstname: 'Carla', lastname: 'Verdi', taxIdCode: coachCode } });
    await t.deps.systemDb.coachDetails.update({ where: { roleId: coach.roleId }, data: { coachRole: 'Allenatore', coachValidityEndDate: new Date('2031-06-30T00:00:00Z') } });
    expect(await answersAsSingle('coach', coach.roleId, coachCode)).toMatchObject({ coach_role: 'Allenatore', coach_validity_end_date: '2031-06-30' });
  });
});
