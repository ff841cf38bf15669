// Undoing a completed import (issue 12 point 5) within IMPORT_UNDO_DAYS: the people, roles, addresses, details and
// group memberships it created are removed, the rows it updated get back their values from before (the JSON the
// run kept in import_run_changes), in one transaction, with one line in the access log. A person edited since the
// import (one of their rows is neither as the run left it nor as it was before) or given another role, group or
// document since is left as it is and listed. A row is as the run left it when its xmin is still the run's
// transaction (import_runs.write_xid: any later write makes a new row version with another xmin); runs recorded
// before write_xid kept the rows after the run as JSON instead, which is compared for them. Every statement is
// set-based over the run's rows and names the club.
import { Prisma } from '../../generated/prisma/client.js';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import { IMPORT_MSG } from '../../../schema/import-columns';
import { authorizeMember } from '../../access/authorize';
import { logImport } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Db } from '../../lib/club-rows';
import { isUuid } from '../../lib/club-rows';
import { ValidationError } from '../../lib/errors';
import { breathe } from './import-write';

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
  write_xid: bigint | null;
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

export async function undoImport(ctx: RequestContext, id: unknown): Promise<UndoImportOutcome> {
  const actor = authorizeMember(ctx, 'import.run');
  if (!isUuid(id)) throw refusal(IMPORT_MSG.undoNotFound);
  const clubId = actor.clubId;
  return clubDb(ctx).$transaction(
    async (tx) => {
      // Locked: two undos of the same run wait for each other, and the second finds it undone.
      const [run] = await tx.$queryRaw<RunRow[]>`
        SELECT id, write_xid, status, kind::text AS kind, file_name, undone_at, undoable_until, COALESCE(undoable_until <= now(), true) AS expired
        FROM import_runs WHERE id = ${id}::uuid AND club_id = ${clubId}::uuid FOR UPDATE`;
      if (!run) throw refusal(IMPORT_MSG.undoNotFound);
      if (run.status === 'undone' || run.undone_at) throw refusal(IMPORT_MSG.undoAlready);
      if (run.status !== 'completed') throw refusal(IMPORT_MSG.undoNotCompleted);
      if (!run.undoable_until) throw refusal(IMPORT_MSG.undoNothing);
      if (run.expired) throw refusal(IMPORT_MSG.undoExpired);

      const rows = await tx.$queryRaw<Array<{ person_id: string; tax_id_code: string; name: string; role_created: boolean; edited: boolean; linked: boolean }>>`
        SELECT c.person_id, c.tax_id_code, c.name, c.role_created,
               (p.id IS NULL OR r.id IS NULL
                OR NOT ${asLeft(run, 'p.xmin', Prisma.sql`to_jsonb(p)`, 'person')}
                OR NOT ${asLeft(run, 'r.xmin', Prisma.sql`to_jsonb(r)`, 'role')}
                OR (c.address_id IS NOT NULL AND NOT ${asLeft(run, 'a.xmin', Prisma.sql`to_jsonb(a)`, 'address')})
                OR NOT ${asLeft(run, 'COALESCE(ad.xmin, cd.xmin, md.xmin, gd.xmin)', Prisma.sql`COALESCE(to_jsonb(ad), to_jsonb(cd), to_jsonb(md), to_jsonb(gd))`, 'details')}) AS edited,
               ((c.person_created AND EXISTS (SELECT 1 FROM person_roles o WHERE o.person_id = c.person_id AND o.id <> c.role_id))
                OR (c.role_created AND (EXISTS (SELECT 1 FROM stored_files f WHERE f.role_id = c.role_id)
                                        OR EXISTS (SELECT 1 FROM group_members m WHERE m.role_id = c.role_id AND NOT (m.id = ANY(c.group_member_ids)))))) AS linked
        FROM import_run_changes c
        LEFT JOIN people p ON p.id = c.person_id AND p.club_id = ${clubId}::uuid
        LEFT JOIN person_roles r ON r.id = c.role_id AND r.club_id = ${clubId}::uuid
        LEFT JOIN addresses a ON a.id = c.address_id AND a.club_id = ${clubId}::uuid
        LEFT JOIN athlete_details ad ON ad.role_id = r.id
        LEFT JOIN coach_details cd ON cd.role_id = r.id
        LEFT JOIN member_details md ON md.role_id = r.id
        LEFT JOIN manager_details gd ON gd.role_id = r.id
        WHERE c.run_id = ${run.id}::uuid AND c.club_id = ${clubId}::uuid
        ORDER BY c.name, c.tax_id_code`;
      const skipped = rows
        .filter((r) => r.edited || r.linked)
        .map((r) => ({ taxIdCode: r.tax_id_code, name: r.name, reason: r.edited ? IMPORT_MSG.undoSkippedEdited : IMPORT_MSG.undoSkippedLinked }));
      const kept = rows.filter((r) => !r.edited && !r.linked);
      const removed = kept.filter((r) => r.role_created).length;
      const restored = kept.length - removed;

      await revert(tx, clubId, run, kept.map((r) => r.person_id));
      await tx.importRun.update({ where: { id: run.id }, data: { status: 'undone', undoneAt: new Date() } });
      const message = IMPORT_MSG.undone(removed, restored, skipped.length);
      logImport(tx, {
        entityType: 'import',
        entityId: run.id,
        entityLabel: run.file_name,
        detail: `Annullata (${PERSON_KIND_INFO[run.kind].plural}): ${removed} rimossi, ${restored} ripristinati, ${skipped.length} lasciati perché modificati`,
      });
      return { runId: run.id, removed, restored, skipped, message };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

type Part = 'person' | 'role' | 'address' | 'details';
const AFTER = { person: 'c.person_after', role: 'c.role_after', address: 'c.address_after', details: 'c.details_after' } as const;
const BEFORE = { person: 'c.person_before', role: 'c.role_before', address: 'c.address_before', details: 'c.details_before' } as const;

/** `xmin` (a row's, or null when there is none) is the run's own transaction: the run wrote that row version. */
const byRun = (run: RunRow, xmin: string) => Prisma.sql`COALESCE(${Prisma.raw(xmin)}::text::bigint = ${run.write_xid}::bigint, false)`;

/**
 * The row (its xmin and JSON) is as the run left it: written by the run and not since, or not written by the run
 * and as it was before. Runs without write_xid compare it with the copy they kept after the run.
 */
function asLeft(run: RunRow, xmin: string, json: Prisma.Sql, part: Part): Prisma.Sql {
  if (run.write_xid === null) return Prisma.sql`(${json} IS NOT DISTINCT FROM ${Prisma.raw(AFTER[part])})`;
  return Prisma.sql`(${byRun(run, xmin)} OR ${json} IS NOT DISTINCT FROM ${Prisma.raw(BEFORE[part])})`;
}

/** The run changed this row (of a person the undo keeps, so not edited since). */
function wrote(run: RunRow, xmin: string, part: Part): Prisma.Sql {
  if (run.write_xid === null) return Prisma.sql`(${Prisma.raw(AFTER[part])} IS DISTINCT FROM ${Prisma.raw(BEFORE[part])})`;
  return byRun(run, xmin);
}

/**
 * Puts back the rows of the run's people in `personIds`, in foreign-key order (memberships and roles before people,
 * people before addresses). Only rows the run changed are written (an untouched row keeps its updated_at, so the
 * undo of an earlier run still finds it as that run left it).
 */
async function revert(tx: Db, clubId: string, run: RunRow, personIds: string[]): Promise<void> {
  // In slices, other requests let in between statements: one statement over 100,000 people held PGlite (which runs
  // in this thread) for seconds at a time.
  for (let i = 0; i < personIds.length; i += REVERT_SLICE) await revertSlice(tx, clubId, run, personIds.slice(i, i + REVERT_SLICE));
}

/** People whose rows one pass of revert's statements puts back. */
const REVERT_SLICE = 5_000;

async function revertSlice(tx: Db, clubId: string, run: RunRow, personIds: string[]): Promise<void> {
  const { kind } = run;
  const ours = Prisma.sql`c.run_id = ${run.id}::uuid AND c.club_id = ${clubId}::uuid AND c.person_id = ANY(${personIds}::uuid[])`;
  const steps: Prisma.Sql[] = [
    Prisma.sql`DELETE FROM group_members m USING import_run_changes c WHERE ${ours} AND m.id = ANY(c.group_member_ids) AND m.club_id = ${clubId}::uuid`,
  ];
  const details = DETAILS_TABLE[kind];
  if (details) {
    const table = Prisma.raw(details);
    // A role the run only updated: its details row as it was (deleted when it had none, which the run then added).
    steps.push(
      Prisma.sql`DELETE FROM ${table} d USING import_run_changes c JOIN person_roles r ON r.id = c.role_id AND r.club_id = ${clubId}::uuid
                 WHERE ${ours} AND NOT c.role_created AND ${wrote(run, 'd.xmin', 'details')} AND d.role_id = c.role_id`,
      // Put back where the row is gone now: the run wrote it (deleted above), or the run's row was its first.
      Prisma.sql`INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, c.details_before)).*
                 FROM import_run_changes c
                 WHERE ${ours} AND NOT c.role_created AND c.details_before IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.role_id = c.role_id)`,
    );
  }
  // Certificates the run recorded from imported expiries (certificates.service.ts): runs with write_xid tell them.
  if (kind === 'athlete' && run.write_xid !== null) {
    steps.push(Prisma.sql`DELETE FROM medical_certificates m USING import_run_changes c
                          WHERE ${ours} AND m.person_id = c.person_id AND m.club_id = ${clubId}::uuid AND ${byRun(run, 'm.xmin')}`);
  }
  steps.push(
    // Roles the run created go (their details and memberships with them, by cascade).
    Prisma.sql`DELETE FROM person_roles r USING import_run_changes c WHERE ${ours} AND c.role_created AND r.id = c.role_id AND r.club_id = ${clubId}::uuid`,
    Prisma.sql`UPDATE person_roles r SET note_private = b.note_private, updated_at = now()
               FROM import_run_changes c, jsonb_populate_record(NULL::person_roles, c.role_before) b
               WHERE ${ours} AND NOT c.role_created AND ${wrote(run, 'r.xmin', 'role')}
                 AND (r.note_private IS DISTINCT FROM b.note_private) AND r.id = c.role_id AND r.club_id = ${clubId}::uuid`,
    Prisma.sql`UPDATE people p
               SET firstname = b.firstname, secondname = b.secondname, lastname = b.lastname, nickname = b.nickname, type_gender_id = b.type_gender_id,
                   birthday = b.birthday, birthplace = b.birthplace, birth_nation = b.birth_nation, nationality = b.nationality,
                   email_primary = b.email_primary, email_secondary = b.email_secondary, phone_primary = b.phone_primary,
                   phone_secondary = b.phone_secondary, legal_representative = b.legal_representative, address_id = b.address_id,
                   search_text = b.search_text, sort_name = b.sort_name, updated_at = now()
               FROM import_run_changes c, jsonb_populate_record(NULL::people, c.person_before) b
               WHERE ${ours} AND NOT c.person_created AND c.person_before IS NOT NULL AND ${wrote(run, 'p.xmin', 'person')} AND p.id = c.person_id AND p.club_id = ${clubId}::uuid`,
    Prisma.sql`DELETE FROM people p USING import_run_changes c WHERE ${ours} AND c.person_created AND p.id = c.person_id AND p.club_id = ${clubId}::uuid`,
    Prisma.sql`UPDATE addresses a
               SET address = b.address, street_number = b.street_number, postal_code = b.postal_code, city = b.city, province = b.province, country = b.country
               FROM import_run_changes c, jsonb_populate_record(NULL::addresses, c.address_before) b
               WHERE ${ours} AND NOT c.address_created AND c.address_before IS NOT NULL AND ${wrote(run, 'a.xmin', 'address')} AND a.id = c.address_id AND a.club_id = ${clubId}::uuid`,
    Prisma.sql`DELETE FROM addresses a USING import_run_changes c
               WHERE ${ours} AND c.address_created AND a.id = c.address_id AND a.club_id = ${clubId}::uuid
                 AND NOT EXISTS (SELECT 1 FROM people p WHERE p.address_id = a.id)`,
  );
  for (const step of steps) {
    await tx.$executeRaw(step);
    await breathe();
  }
}
