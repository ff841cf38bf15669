// Undoing a completed import (issue 12 point 5) within IMPORT_UNDO_DAYS: the people, roles, addresses, details and
// group memberships it created are removed, the rows it updated get back their values from before (the JSON the
// run kept in import_run_changes), all or nothing (import-commit.ts: one transaction, or on PGlite slice by slice
// with the run `undoing` until done), with one line in the access log. A person edited since the import (one of
// their rows is neither as the run left it nor as it was before) or given another role, group or document since is
// left as it is and listed. A row is as the run left it when its xmin is still one of the run's transactions
// (import_runs.write_xids: any later write makes a new row version with another xmin); runs recorded before
// write_xids kept the rows after the run as JSON instead, which is compared for them. Every statement is set-based
// over the run's rows and names the club.
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import { IMPORT_MSG } from '../../../schema/import-columns';
import { clubMember } from '../../access/authorize';
import { logImport } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import { statisticsDb } from '../../access/cross-club';
import type { RequestContext } from '../../context';
import type { Db } from '../../lib/club-rows';
import { isUuid } from '../../lib/club-rows';
import { ValidationError } from '../../lib/errors';
import { commitsInSlices, IMPORT_SLICE_ROWS, LONG_WRITE_STATEMENT_MS, longWrite, longWriteTimedOut, refreshStatistics, sliceSizer, type Slice } from './import-commit';
import { breathe } from './import-write';
import { CLUB, clubSql } from '../../access/club-sql';

export interface ImportUndoSkip {
  taxIdCode: string;
  name: string;
  reason: string;
}

export interface UndoImportOutcome {
  runId: string;
  /** Rows whose role the run had created (the person too when new to the club), now removed. */
  removed: number;
  /** Rows the run had updated, now back to their values from before. */
  restored: number;
  skipped: ImportUndoSkip[];
  message: string;
}

const refusal = (message: string) => new ValidationError({ id: message }, message);

/** The details table of each kind (staff and volunteers have none). */
const DETAILS_TABLE: Partial<Record<PersonKindKey, string>> = {
  athlete: 'athlete_details',
  coach: 'coach_details',
  member: 'member_details',
  manager: 'manager_details',
};

interface RunRow {
  id: string;
  /** The run's transaction ids as text (empty for runs that kept the rows after the run as JSON). */
  write_xids: string[];
  status: string;
  kind: PersonKindKey;
  file_name: string;
  undone_at: Date | null;
  undoable_until: Date | null;
  expired: boolean;
}

/** Whether a run can still be undone (the ImportRun.canUndo field; the undo checks the same under a lock). */
export const canUndoRun = (run: { status: string; undoneAt: Date | null; undoableUntil: Date | null }, now = new Date()) =>
  run.status === 'completed' && !run.undoneAt && !!run.undoableUntil && run.undoableUntil > now;

const runRow = async (tx: Db, clubId: string, id: string) =>
  (
    await tx.$queryRaw<RunRow[]>(clubSql(clubId)`
      SELECT id, COALESCE(write_xids::text[], '{}') AS write_xids, status, kind::text AS kind, file_name, undone_at, undoable_until,
             COALESCE(undoable_until <= now(), true) AS expired
      FROM import_runs WHERE id = ${id}::uuid AND club_id = ${CLUB} FOR UPDATE`)
  )[0];

/**
 * Undoes the club's run `id`, `sliceRows` people at a time (default IMPORT_SLICE_ROWS): a committed slice each on
 * PGlite, a batch of statements in the one transaction on PostgreSQL, each statement bounded by the batch and
 * allowed `statementMs` (LONG_WRITE_STATEMENT_MS). An undo stopped by its limits changes nothing and says so
 * (IMPORT_MSG.undoTimeout), not with the search's "filtri più precisi".
 */
export async function undoImport(ctx: RequestContext, id: unknown, sliceRows = ctx.deps.config.importSliceRows, statementMs = LONG_WRITE_STATEMENT_MS): Promise<UndoImportOutcome> {
  const actor = clubMember(ctx);
  if (!isUuid(id)) throw refusal(IMPORT_MSG.undoNotFound);
  const clubId = actor.clubId;
  const sliced = commitsInSlices(ctx.deps);
  try {
    const outcome = await undoRun(ctx, clubId, id, sliced, sliceRows, statementMs);
    ctx.deps.background.run('import undo: statistics', () => refreshStatistics(statisticsDb(ctx), { vacuum: true }));
    return outcome;
  } catch (error) {
    if (longWriteTimedOut(error)) throw refusal(IMPORT_MSG.undoTimeout);
    throw error;
  }
}

function undoRun(ctx: RequestContext, clubId: string, id: string, sliced: boolean, sliceRows: number, statementMs: number): Promise<UndoImportOutcome> {
  return longWrite(clubDb(ctx), { sliced, clubId, statementMs }, async (slice) => {
    // Locked: two undos of the same run wait for each other, and the second finds it undone (on PGlite: undoing).
    const run = await slice(async (tx) => {
      const run = await runRow(tx, clubId, id);
      if (!run) throw refusal(IMPORT_MSG.undoNotFound);
      if (run.status === 'undone' || run.undone_at) throw refusal(IMPORT_MSG.undoAlready);
      if (run.status === 'undoing') throw refusal(IMPORT_MSG.undoInProgress);
      if (run.status === 'writing') throw refusal(IMPORT_MSG.undoWhileWriting);
      if (run.status !== 'completed') throw refusal(IMPORT_MSG.undoNotCompleted);
      if (!run.undoable_until) throw refusal(IMPORT_MSG.undoNothing);
      if (run.expired) throw refusal(IMPORT_MSG.undoExpired);
      if (sliced) await setRunStatus(tx, clubId, run.id, 'undoing');
      return run;
    });
    const { removed, restored, skipped } = await revertRun(slice, clubId, run, sliceRows);
    return slice(async (tx) => {
      await tx.importRun.update({ where: { id: run.id }, data: { status: 'undone', undoneAt: new Date() } });
      const message = IMPORT_MSG.undone(removed, restored, skipped.length);
      logImport(tx, {
        entityType: 'import',
        entityId: run.id,
        entityLabel: run.file_name,
        detail: `Annullata (${PERSON_KIND_INFO[run.kind].plural}): ${removed} rimossi, ${restored} ripristinati, ${skipped.length} lasciati perché modificati`,
      });
      return { runId: run.id, removed, restored, skipped, message };
    });
  });
}

/**
 * Puts back what the slices of an interrupted or failed run committed (PGlite, import-commit.ts), slice by slice,
 * and records the run as failed: nothing of it is left but rows edited by someone else meanwhile (kept, as an undo
 * keeps them). `db` is the request's club client (`logged`: the access log says so), or the system client at start
 * (import-recovery.service.ts).
 */
export async function abandonRun(db: PrismaClient, clubId: string, runId: string, { logged = false, sliceRows = IMPORT_SLICE_ROWS } = {}): Promise<void> {
  await longWrite(db, { sliced: true, clubId }, async (slice) => {
    const run = await slice((tx) => runRow(tx, clubId, runId));
    if (!run || run.status !== 'writing') return;
    await revertRun(slice, clubId, run, sliceRows);
    await slice(async (tx) => {
      await setRunStatus(tx, clubId, run.id, 'failed');
      if (logged) logImport(tx, { entityType: 'import', entityId: run.id, entityLabel: run.file_name, detail: IMPORT_MSG.abandoned });
    });
  });
}

/** Ends the undo of a run interrupted while undoing (PGlite, at start: import-recovery.service.ts). */
export async function finishUndo(db: PrismaClient, clubId: string, runId: string, sliceRows = IMPORT_SLICE_ROWS): Promise<void> {
  await longWrite(db, { sliced: true, clubId }, async (slice) => {
    const run = await slice((tx) => runRow(tx, clubId, runId));
    if (!run || run.status !== 'undoing') return;
    await revertRun(slice, clubId, run, sliceRows);
    await slice((tx) => setRunStatus(tx, clubId, run.id, 'undone'));
  });
}

/**
 * A run's state as it is committed slice by slice. Raw, so the access log (change-log.ts) keeps the run's one line
 * instead of a line per state; undone and failed runs can no longer be undone.
 */
export async function setRunStatus(tx: Db, clubId: string, runId: string, status: 'writing' | 'completed' | 'undoing' | 'undone' | 'failed') {
  await tx.$executeRaw(clubSql(clubId)`
    UPDATE import_runs
    SET status = ${status},
        undone_at = CASE WHEN ${status} = 'undone' THEN now() ELSE undone_at END,
        undoable_until = CASE WHEN ${status} = 'failed' THEN NULL ELSE undoable_until END
    WHERE id = ${runId}::uuid AND club_id = ${CLUB}`);
}

type Classified = { person_id: string; tax_id_code: string; name: string; role_created: boolean; edited: boolean; linked: boolean };

/**
 * Reverts the run's people up to `size` at a time (as many as fit SLICE_TARGET_MS: sliceSizer), each part in a
 * `slice`: which of them were edited or linked since (left as they are, and listed), then the others' rows put back.
 */
async function revertRun(slice: Slice, clubId: string, run: RunRow, size: number): Promise<Omit<UndoImportOutcome, 'runId' | 'message'>> {
  const people = await slice(
    (tx) => tx.$queryRaw<Array<{ person_id: string }>>(clubSql(clubId)`
      SELECT person_id FROM import_run_changes WHERE run_id = ${run.id}::uuid AND club_id = ${CLUB} ORDER BY person_id`),
  );
  const ids = people.map((p) => p.person_id);
  let removed = 0;
  let restored = 0;
  const skippedRows: Classified[] = [];
  const sizer = sliceSizer(size);
  for (let i = 0; i < ids.length; ) {
    const part = ids.slice(i, (i += sizer.size));
    await slice(async (tx) => {
      const started = performance.now();
      const rows = await classify(tx, clubId, run, part[0], part[part.length - 1]);
      const kept = rows.filter((r) => !r.edited && !r.linked);
      skippedRows.push(...rows.filter((r) => r.edited || r.linked));
      removed += kept.filter((r) => r.role_created).length;
      restored += kept.filter((r) => !r.role_created).length;
      await revertSlice(tx, clubId, run, kept.map((r) => r.person_id));
      sizer.took(part.length, performance.now() - started);
    });
  }
  skippedRows.sort((a, b) => a.name.localeCompare(b.name) || a.tax_id_code.localeCompare(b.tax_id_code));
  const skipped = skippedRows.map((r) => ({ taxIdCode: r.tax_id_code, name: r.name, reason: r.edited ? IMPORT_MSG.undoSkippedEdited : IMPORT_MSG.undoSkippedLinked }));
  return { removed, restored, skipped };
}

/**
 * Which of the run's people from `first` to `last` (by id) were edited (or given other roles, groups, documents)
 * since the run. A range of the key, not a list of ids: `= ANY(list)` made this five times slower on PGlite.
 */
function classify(tx: Db, clubId: string, run: RunRow, first: string, last: string) {
  return tx.$queryRaw<Classified[]>(clubSql(clubId)`
    SELECT c.person_id, c.tax_id_code, c.name, c.role_created,
           (p.id IS NULL OR r.id IS NULL
            OR NOT ${asLeft(run, 'p.xmin', Prisma.sql`to_jsonb(p)`, 'person')}
            OR NOT ${asLeft(run, 'r.xmin', Prisma.sql`to_jsonb(r)`, 'role')}
            OR (c.address_id IS NOT NULL AND NOT ${asLeft(run, 'a.xmin', Prisma.sql`to_jsonb(a)`, 'address')})
            OR NOT ${asLeft(run, 'COALESCE(ad.xmin, cd.xmin, md.xmin, gd.xmin)', Prisma.sql`COALESCE(to_jsonb(ad), to_jsonb(cd), to_jsonb(md), to_jsonb(gd))`, 'details')}) AS edited,
           ((c.person_created AND EXISTS (SELECT 1 FROM person_roles o WHERE o.person_id = c.person_id AND o.id <> c.role_id))
            OR (c.role_created AND (EXISTS (SELECT 1 FROM stored_files f WHERE f.role_id = c.role_id)
                                    OR EXISTS (SELECT 1 FROM group_members m WHERE m.role_id = c.role_id AND NOT (m.id = ANY(c.group_member_ids)))))
            -- a register entry the run made, renewed by hand since: removing it would take that renewal along
            OR EXISTS (SELECT 1 FROM register_members rm JOIN register_member_seasons s ON s.member_id = rm.id
                       WHERE rm.person_id = c.person_id AND rm.club_id = ${CLUB} AND ${byRun(run, 'rm.xmin')} AND NOT ${byRun(run, 's.xmin')})) AS linked
    FROM import_run_changes c
    LEFT JOIN people p ON p.id = c.person_id AND p.club_id = ${CLUB}
    LEFT JOIN person_roles r ON r.id = c.role_id AND r.club_id = ${CLUB}
    LEFT JOIN addresses a ON a.id = c.address_id AND a.club_id = ${CLUB}
    LEFT JOIN athlete_details ad ON ad.role_id = r.id
    LEFT JOIN coach_details cd ON cd.role_id = r.id
    LEFT JOIN member_details md ON md.role_id = r.id
    LEFT JOIN manager_details gd ON gd.role_id = r.id
    WHERE c.run_id = ${run.id}::uuid AND c.club_id = ${CLUB} AND c.person_id BETWEEN ${first}::uuid AND ${last}::uuid`);
}

/** What the undo puts back of the other rows a run updated (import_run_changes.other_rows_before). */
const RESTORED_COLUMNS = {
  medical_certificates: 'type = b.type, expires_on = b.expires_on, file_id = b.file_id',
  cards: 'number = b.number, starts_on = b.starts_on, expires_on = b.expires_on, updated_at = b.updated_at',
  // An import never changes a register entry (a socio keeps theirs): the ones it created go, by the rule below.
  register_members: 'admitted_on = b.admitted_on, board_decision = b.board_decision, board_decision_on = b.board_decision_on, updated_at = b.updated_at',
} as const;

type Part = 'person' | 'role' | 'address' | 'details';
const AFTER = { person: 'c.person_after', role: 'c.role_after', address: 'c.address_after', details: 'c.details_after' } as const;
const BEFORE = { person: 'c.person_before', role: 'c.role_before', address: 'c.address_before', details: 'c.details_before' } as const;

/** `xmin` (a row's, or null when there is none) is one of the run's own transactions: the run wrote that row version. */
const byRun = (run: RunRow, xmin: string) => Prisma.sql`COALESCE(${Prisma.raw(xmin)}::text = ANY(${run.write_xids}::text[]), false)`;

/** The run kept the rows after it as JSON (before write_xids existed). */
const keptAfter = (run: RunRow) => run.write_xids.length === 0;

/**
 * The row (its xmin and JSON) is as the run left it: written by the run and not since, or not written by the run
 * and as it was before. Runs without write_xids compare it with the copy they kept after the run.
 */
function asLeft(run: RunRow, xmin: string, json: Prisma.Sql, part: Part): Prisma.Sql {
  if (keptAfter(run)) return Prisma.sql`(${json} IS NOT DISTINCT FROM ${Prisma.raw(AFTER[part])})`;
  return Prisma.sql`(${byRun(run, xmin)} OR ${json} IS NOT DISTINCT FROM ${Prisma.raw(BEFORE[part])})`;
}

/** The run changed this row (of a person the undo keeps, so not edited since). */
function wrote(run: RunRow, xmin: string, part: Part): Prisma.Sql {
  if (keptAfter(run)) return Prisma.sql`(${Prisma.raw(AFTER[part])} IS DISTINCT FROM ${Prisma.raw(BEFORE[part])})`;
  return byRun(run, xmin);
}

/**
 * Puts back the rows of the run's people in `personIds`, in foreign-key order (memberships and roles before people,
 * people before addresses). Only rows the run changed are written (an untouched row keeps its updated_at, so the
 * undo of an earlier run still finds it as that run left it).
 */
async function revertSlice(tx: Db, clubId: string, run: RunRow, personIds: string[]): Promise<void> {
  const { kind } = run;
  const ours = clubSql(clubId)`c.run_id = ${run.id}::uuid AND c.club_id = ${CLUB} AND c.person_id = ANY(${personIds}::uuid[])`;
  const steps: Prisma.Sql[] = [
    clubSql(clubId)`DELETE FROM group_members m USING import_run_changes c WHERE ${ours} AND m.id = ANY(c.group_member_ids) AND m.club_id = ${CLUB}`,
  ];
  const details = DETAILS_TABLE[kind];
  if (details) {
    const table = Prisma.raw(details);
    // A role the run only updated: its details row as it was (deleted when it had none, which the run then added).
    steps.push(
      clubSql(clubId)`DELETE FROM ${table} d USING import_run_changes c JOIN person_roles r ON r.id = c.role_id AND r.club_id = ${CLUB}
                 WHERE ${ours} AND NOT c.role_created AND ${wrote(run, 'd.xmin', 'details')} AND d.role_id = c.role_id`,
      // Put back where the row is gone now: the run wrote it (deleted above), or the run's row was its first.
      clubSql(clubId)`INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, c.details_before)).*
                 FROM import_run_changes c
                 WHERE ${ours} AND c.club_id = ${CLUB} AND NOT c.role_created AND c.details_before IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.role_id = c.role_id)`,
    );
  }
  // Other rows of the person the run wrote (certificates by the legacy rule, cards of a tesseramento list): those it
  // updated get back their values from before (other_rows_before), those it created go. Runs with write_xids tell them.
  if (!keptAfter(run)) {
    // The season's renewals (no person column: reached through their register entry) before the entries: those the
    // run recorded go, the quotas it changed come back.
    const renewals = Prisma.sql`COALESCE(c.other_rows_before -> 'register_member_seasons', '[]'::jsonb)`;
    steps.push(
      clubSql(clubId)`DELETE FROM register_member_seasons s USING import_run_changes c, register_members rm
                 WHERE ${ours} AND rm.person_id = c.person_id AND rm.club_id = ${CLUB} AND s.member_id = rm.id AND s.club_id = ${CLUB}
                   AND ${byRun(run, 's.xmin')} AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${renewals}) b WHERE b ->> 'id' = s.id::text)`,
      clubSql(clubId)`UPDATE register_member_seasons s SET quota_cents = b.quota_cents
                 FROM import_run_changes c, register_members rm, jsonb_populate_recordset(NULL::register_member_seasons, ${renewals}) b
                 WHERE ${ours} AND rm.person_id = c.person_id AND rm.club_id = ${CLUB} AND s.member_id = rm.id AND s.id = b.id
                   AND s.club_id = ${CLUB} AND ${byRun(run, 's.xmin')}`,
    );
    // The guardianships the run added to people it did not create (those it created take theirs with them).
    steps.push(
      clubSql(clubId)`DELETE FROM guardianships g USING import_run_changes c
                 WHERE ${ours} AND g.minor_id = c.person_id AND g.club_id = ${CLUB} AND ${byRun(run, 'g.xmin')}`,
    );
    const others = ['cards', 'register_members'] as const;
    for (const table of kind === 'athlete' ? (['medical_certificates', ...others] as const) : others) {
      const t = Prisma.raw(table);
      const listed = Prisma.sql`COALESCE(c.other_rows_before -> ${table}, '[]'::jsonb)`;
      steps.push(
        clubSql(clubId)`DELETE FROM ${t} m USING import_run_changes c
                   WHERE ${ours} AND m.person_id = c.person_id AND m.club_id = ${CLUB} AND ${byRun(run, 'm.xmin')}
                     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${listed}) b WHERE b ->> 'id' = m.id::text)`,
        clubSql(clubId)`UPDATE ${t} m SET ${Prisma.raw(RESTORED_COLUMNS[table])}
                   FROM import_run_changes c, jsonb_populate_recordset(NULL::${t}, ${listed}) b
                   WHERE ${ours} AND m.id = b.id AND m.person_id = c.person_id AND m.club_id = ${CLUB} AND ${byRun(run, 'm.xmin')}`,
      );
    }
  }
  steps.push(
    // Roles the run created go (their details and memberships with them, by cascade).
    clubSql(clubId)`DELETE FROM person_roles r USING import_run_changes c WHERE ${ours} AND c.role_created AND r.id = c.role_id AND r.club_id = ${CLUB}`,
    clubSql(clubId)`UPDATE person_roles r SET note_private = b.note_private, updated_at = now()
               FROM import_run_changes c, jsonb_populate_record(NULL::person_roles, c.role_before) b
               WHERE ${ours} AND NOT c.role_created AND ${wrote(run, 'r.xmin', 'role')}
                 AND (r.note_private IS DISTINCT FROM b.note_private) AND r.id = c.role_id AND r.club_id = ${CLUB}`,
    clubSql(clubId)`UPDATE people p
               SET firstname = b.firstname, secondname = b.secondname, lastname = b.lastname, nickname = b.nickname, type_gender_id = b.type_gender_id,
                   birthday = b.birthday, birthplace = b.birthplace, birth_nation = b.birth_nation, nationality = b.nationality,
                   email_primary = b.email_primary, email_secondary = b.email_secondary, phone_primary = b.phone_primary,
                   phone_secondary = b.phone_secondary, legal_representative = b.legal_representative, address_id = b.address_id,
                   search_text = b.search_text, sort_name = b.sort_name, updated_at = now()
               FROM import_run_changes c, jsonb_populate_record(NULL::people, c.person_before) b
               WHERE ${ours} AND NOT c.person_created AND c.person_before IS NOT NULL AND ${wrote(run, 'p.xmin', 'person')} AND p.id = c.person_id AND p.club_id = ${CLUB}`,
    clubSql(clubId)`DELETE FROM people p USING import_run_changes c WHERE ${ours} AND c.person_created AND p.id = c.person_id AND p.club_id = ${CLUB}`,
    clubSql(clubId)`UPDATE addresses a
               SET address = b.address, street_number = b.street_number, postal_code = b.postal_code, city = b.city, province = b.province, country = b.country
               FROM import_run_changes c, jsonb_populate_record(NULL::addresses, c.address_before) b
               WHERE ${ours} AND NOT c.address_created AND c.address_before IS NOT NULL AND ${wrote(run, 'a.xmin', 'address')} AND a.id = c.address_id AND a.club_id = ${CLUB}`,
    clubSql(clubId)`DELETE FROM addresses a USING import_run_changes c
               WHERE ${ours} AND c.address_created AND a.id = c.address_id AND a.club_id = ${CLUB}
                 AND NOT EXISTS (SELECT 1 FROM people p WHERE p.address_id = a.id)`,

  );
  // Parents the run created (no tax code, import-guardians.ts) that nothing holds any more: no guardianship, no role,
  // unchanged since (their row is still the run's).
  if (!keptAfter(run)) {
    steps.push(clubSql(clubId)`DELETE FROM people p
               WHERE p.club_id = ${CLUB} AND p.tax_id_code IS NULL AND ${byRun(run, 'p.xmin')}
                 AND NOT EXISTS (SELECT 1 FROM person_roles r WHERE r.person_id = p.id)
                 AND NOT EXISTS (SELECT 1 FROM guardianships g WHERE g.guardian_id = p.id OR g.minor_id = p.id)
                 AND NOT EXISTS (SELECT 1 FROM consents c WHERE c.given_by_id = p.id OR c.person_id = p.id)`);
  }
  for (const step of steps) {
    await tx.$executeRaw(step);
    await breathe();
  }
}
