// Undoing an import (issue 12 point 5) on both databases: what the run created is removed (people, roles, details,
// addresses, group memberships), what it updated is restored, people edited since are left and listed; the refusals
// (twice, failed, expired, another club's run) change nothing; one access-log line.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../schema/import-columns';
import type { RequestContext } from '../../../server/context';
import { ValidationError } from '../../../server/lib/errors';
import { importPeople } from '../../../server/modules/imports/import-people.service';
import { undoImport } from '../../../server/modules/imports/import-undo.service';
import { createClub, type TestClub } from '../../support/factories';
import { clubContext, createGroupWith } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import { csvFile, validTaxCode, type Rows } from './import-fixtures';

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
});

let seq = 100;
const cf = () => validTaxCode(++seq, 'Annulla');
const HEADER = ['Nome', 'Cognome', 'Codice fiscale', 'Sesso', 'Città', 'Scadenza visita medica', 'Gruppi', 'Note'];
const run = (rows: Rows, mode = 'fill_empty', as = ctx) => importPeople(as, { file: csvFile(rows), kind: 'athlete', dryRun: false, mode });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).message;
}

/** Everything of the club the import touches, as comparable JSON. */
async function snapshot(clubId = club.clubId) {
  const db = t.deps.systemDb;
  const people = await db.person.findMany({ where: { clubId }, include: { address: true, roles: { include: { athlete: true, groups: true } } }, orderBy: { taxIdCode: 'asc' } });
  const strip = (p: (typeof people)[number]) => ({
    ...p,
    updatedAt: undefined,
    roles: p.roles.map((r) => ({ ...r, updatedAt: undefined, groups: r.groups.map((g) => g.groupId).sort() })),
  });
  return JSON.parse(JSON.stringify({ people: people.map(strip), addresses: await db.address.count({ where: { clubId } }), members: await db.groupMember.count({ where: { clubId } }) })) as unknown;
}

describe('undoImport', () => {
  it('removes what a run created (people, roles, details, addresses, memberships) and marks it undone, once', async () => {
    const group = await createGroupWith(t.deps, club.clubId, 'athlete', 'Pulcini');
    const before = await snapshot();
    const [a, b] = [cf(), cf()];
    const done = await run([HEADER, ['Ada', 'Neri', a, 'F', 'Forlì', '31/05/2027', 'pulcini', 'x'], ['Bruno', 'Blu', b, 'M', null, null, null, null]]);
    expect(done).toMatchObject({ status: 'completed', counts: { new: 2 } });
    expect(await t.deps.systemDb.groupMember.count({ where: { groupId: group.id } })).toBe(1);
    const stored = await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: done.runId! } });
    expect(stored.undoableUntil!.getTime() - stored.createdAt.getTime()).toBe(7 * 86_400_000);

    const mark = (await t.deps.systemDb.accessLogEntry.aggregate({ _max: { id: true } }))._max.id ?? 0n;
    const undone = await undoImport(ctx, done.runId);
    expect(undone).toMatchObject({ removed: 2, restored: 0, skipped: [], message: IMPORT_MSG.undone(2, 0, 0) });
    expect(await snapshot()).toEqual(before);
    const after = await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: done.runId! } });
    expect(after.status).toBe('undone');
    expect(after.undoneAt).toBeInstanceOf(Date);
    const lines = await t.deps.systemDb.accessLogEntry.findMany({ where: { clubId: club.clubId, id: { gt: mark } } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'import', entityType: 'import', entityId: done.runId });
    expect(lines[0].detail).toMatch(/^Annullata/);

    expect(await refusal(undoImport(ctx, done.runId))).toBe(IMPORT_MSG.undoAlready);
    // The same file imports again after the undo: the people are new again.
    expect(await run([HEADER, ['Ada', 'Neri', a, 'F', null, null, null, null]])).toMatchObject({ counts: { new: 1 } });
  });

  it('restores the values a run overwrote (profile, address, details, note), and the role it gave an existing person goes', async () => {
    const [a, b] = [cf(), cf()];
    await run([HEADER, ['Ada', 'Neri', a, 'F', 'Forlì', '31/05/2027', null, 'prima'], ['Bruno', 'Blu', b, 'M', null, null, null, null]]);
    await importPeople(ctx, { file: csvFile([['Nome', 'Cognome', 'Codice fiscale', 'Numero tessera'], ['Bruno', 'Blu', b, '9']]), kind: 'member', dryRun: false });
    const before = await snapshot();
    const membersBefore = await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, kind: 'member' } });

    const overwrite = await run([HEADER, ['Adele', 'Neri', a, 'F', 'Cesena', '30/06/2028', null, 'dopo'], ['Bruno', 'Blu', b, 'M', 'Rimini', null, null, null]], 'overwrite');
    expect(overwrite.counts).toMatchObject({ updated: 2 });
    const member = await importPeople(ctx, { file: csvFile([['Nome', 'Cognome', 'Codice fiscale'], ['Ada', 'Neri', a]]), kind: 'member', dryRun: false });
    expect(member.counts).toMatchObject({ new: 1 });

    expect(await undoImport(ctx, member.runId)).toMatchObject({ removed: 1, restored: 0, skipped: [] });
    expect(await t.deps.systemDb.personRole.count({ where: { clubId: club.clubId, kind: 'member' } })).toBe(membersBefore);
    expect(await undoImport(ctx, overwrite.runId)).toMatchObject({ removed: 0, restored: 2, skipped: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('leaves the people edited since the run (and those given another role), lists them, and undoes the others', async () => {
    const [a, b, c] = [cf(), cf(), cf()];
    const done = await run([HEADER, ['Ada', 'Neri', a, 'F', null, null, null, null], ['Bruno', 'Blu', b, 'M', null, null, null, null], ['Carla', 'Rossi', c, 'F', null, null, null, null]]);
    const edited = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode: a } });
    await t.deps.systemDb.person.update({ where: { id: edited.id }, data: { phonePrimary: '3331234567' } });
    const linked = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode: b } });
    await t.deps.systemDb.personRole.create({ data: { clubId: club.clubId, personId: linked.id, kind: 'coach', isActive: true } });

    const undone = await undoImport(ctx, done.runId);
    expect(undone.removed).toBe(1);
    expect(undone.skipped).toEqual([
      { taxIdCode: a, name: 'Ada Neri', reason: IMPORT_MSG.undoSkippedEdited },
      { taxIdCode: b, name: 'Bruno Blu', reason: IMPORT_MSG.undoSkippedLinked },
    ]);
    const left = await t.deps.systemDb.person.findMany({ where: { clubId: club.clubId }, select: { taxIdCode: true, phonePrimary: true } });
    expect(left.map((p) => p.taxIdCode).sort()).toEqual([a, b].sort());
    expect(left.find((p) => p.taxIdCode === a)?.phonePrimary).toBe('3331234567');
  });

  it('refuses a failed run, an expired one, another club\'s and an unknown id, changing nothing', async () => {
    const failed = await run([HEADER, ['', 'Neri', cf(), 'F', null, null, null, null]]);
    expect(failed.status).toBe('failed');
    expect(await refusal(undoImport(ctx, failed.runId))).toBe(IMPORT_MSG.undoNotCompleted);

    const done = await run([HEADER, ['Ada', 'Neri', cf(), 'F', null, null, null, null]]);
    const before = await snapshot();
    await t.deps.systemDb.importRun.update({ where: { id: done.runId! }, data: { undoableUntil: new Date(Date.now() - 1000) } });
    expect(await refusal(undoImport(ctx, done.runId))).toBe(IMPORT_MSG.undoExpired);

    const other = await createClub(t.deps);
    const otherCtx = await clubContext(t.deps, other);
    const theirs = await run([HEADER, ['Bea', 'Viola', cf(), 'F', null, null, null, null]], 'fill_empty', otherCtx);
    const theirsBefore = await snapshot(other.clubId);
    expect(await refusal(undoImport(ctx, theirs.runId))).toBe(IMPORT_MSG.undoNotFound);
    expect(await refusal(undoImport(ctx, 'not-an-id'))).toBe(IMPORT_MSG.undoNotFound);
    expect(await snapshot(other.clubId)).toEqual(theirsBefore);
    expect((await t.deps.systemDb.importRun.findUniqueOrThrow({ where: { id: theirs.runId! } })).status).toBe('completed');
    expect(await snapshot()).toEqual(before);
  });

  it('memberships a run added to existing roles are removed; a role put in another group since is left', async () => {
    const [pulcini, esordienti] = [await createGroupWith(t.deps, club.clubId, 'athlete', 'Pulcini'), await createGroupWith(t.deps, club.clubId, 'athlete', 'Esordienti')];
    const [a, b] = [cf(), cf()];
    await run([HEADER, ['Ada', 'Neri', a, 'F', null, null, 'Pulcini', null]]);
    const before = await snapshot();
    const done = await run([HEADER, ['Ada', 'Neri', a, 'F', null, null, 'Pulcini; Esordienti', null], ['Bruno', 'Blu', b, 'M', null, null, 'Pulcini', null]]);
    expect(done.counts).toMatchObject({ new: 1, updated: 1 });
    const bruno = await t.deps.systemDb.personRole.findFirstOrThrow({ where: { clubId: club.clubId, person: { taxIdCode: b } } });
    await t.deps.systemDb.groupMember.create({ data: { clubId: club.clubId, groupId: esordienti.id, roleId: bruno.id } });

    const undone = await undoImport(ctx, done.runId);
    expect(undone).toMatchObject({ removed: 0, restored: 1, skipped: [{ taxIdCode: b, name: 'Bruno Blu', reason: IMPORT_MSG.undoSkippedLinked }] });
    const ada = await t.deps.systemDb.personRole.findFirstOrThrow({ where: { clubId: club.clubId, person: { taxIdCode: a } }, include: { groups: true } });
    expect(ada.groups.map((g) => g.groupId)).toEqual([pulcini.id]);
    const adaBefore = (before as { people: Array<{ taxIdCode: string }> }).people.find((p) => p.taxIdCode === a);
    expect((await snapshot() as { people: Array<{ taxIdCode: string }> }).people.find((p) => p.taxIdCode === a)).toEqual(adaBefore);
  });

  it('a person whose details alone were edited since is left; the others of the run are restored', async () => {
    const [a, b] = [cf(), cf()];
    await run([HEADER, ['Ada', 'Neri', a, 'F', null, '31/05/2027', null, null], ['Bruno', 'Blu', b, 'M', null, '31/05/2027', null, null]]);
    const before = await snapshot();
    const done = await run([HEADER, ['Ada', 'Neri', a, 'F', 'Forlì', '30/06/2028', null, null], ['Bruno', 'Blu', b, 'M', 'Rimini', '30/06/2028', null, null]], 'overwrite');
    const ada = await t.deps.systemDb.personRole.findFirstOrThrow({ where: { clubId: club.clubId, person: { taxIdCode: a } } });
    await t.deps.systemDb.athleteDetails.update({ where: { roleId: ada.id }, data: { allergies: 'Polline' } });

    const undone = await undoImport(ctx, done.runId);
    expect(undone).toMatchObject({ removed: 0, restored: 1, skipped: [{ taxIdCode: a, reason: IMPORT_MSG.undoSkippedEdited }] });
    const people = (await snapshot() as { people: Array<{ taxIdCode: string }> }).people;
    expect(people.find((p) => p.taxIdCode === b)).toEqual((before as { people: Array<{ taxIdCode: string }> }).people.find((p) => p.taxIdCode === b));
  });

  it('a run recorded before write_xid (its rows after the run kept as JSON) is undone the same way', async () => {
    const [a, b, c] = [cf(), cf(), cf()];
    await run([HEADER, ['Ada', 'Neri', a, 'F', 'Forlì', '31/05/2027', null, 'prima'], ['Bruno', 'Blu', b, 'M', null, null, null, null]]);
    const before = await snapshot();
    const done = await run([HEADER, ['Adele', 'Neri', a, 'F', 'Cesena', '30/06/2028', null, 'dopo'], ['Bruno', 'Blu', b, 'M', 'Rimini', null, null, null], ['Carla', 'Rossi', c, 'F', null, null, null, null]], 'overwrite');
    // What such a run kept: the rows as it left them, and no transaction id.
    await t.deps.systemDb.$executeRaw`
      UPDATE import_run_changes ch
      SET person_after = (SELECT to_jsonb(p) FROM people p WHERE p.id = ch.person_id),
          address_after = (SELECT to_jsonb(a) FROM addresses a WHERE a.id = ch.address_id),
          role_after = (SELECT to_jsonb(r) FROM person_roles r WHERE r.id = ch.role_id),
          details_after = (SELECT to_jsonb(d) FROM athlete_details d WHERE d.role_id = ch.role_id)
      WHERE ch.run_id = ${done.runId}::uuid`;
    await t.deps.systemDb.importRun.update({ where: { id: done.runId! }, data: { writeXids: [] } });
    const bruno = await t.deps.systemDb.person.findFirstOrThrow({ where: { clubId: club.clubId, taxIdCode: b } });
    await t.deps.systemDb.person.update({ where: { id: bruno.id }, data: { phonePrimary: '3331234567' } });

    const undone = await undoImport(ctx, done.runId);
    expect(undone).toMatchObject({ removed: 1, restored: 1, skipped: [{ taxIdCode: b, reason: IMPORT_MSG.undoSkippedEdited }] });
    const people = (await snapshot() as { people: Array<{ taxIdCode: string }> }).people;
    expect(people.map((p) => p.taxIdCode).sort()).toEqual([a, b].sort());
    expect(people.find((p) => p.taxIdCode === a)).toEqual((before as { people: Array<{ taxIdCode: string }> }).people.find((p) => p.taxIdCode === a));
  });

  it('a run that changed nothing has nothing to undo', async () => {
    const rows: Rows = [HEADER, ['Ada', 'Neri', cf(), 'F', null, null, null, null]];
    await run(rows);
    const again = await run(rows);
    expect(again.counts).toMatchObject({ unchanged: 1 });
    expect(await refusal(undoImport(ctx, again.runId))).toBe(IMPORT_MSG.undoNothing);
  });
});
