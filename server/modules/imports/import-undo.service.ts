// Undoing a completed import (issue 12 point 5) within IMPORT_UNDO_DAYS: the people, roles, addresses, details and
// group memberships it created are removed, the rows it updated get back their values from before (the JSON the
// run kept in import_run_changes), in one transaction, with one line in the access log. A person edited since the
// import (any of their rows the run wrote no longer equals what it wrote, which an edit's updated_at alone makes
// true) or given another role, group or document since is left as it is and listed. Every statement is set-based
// over the run's rows and names the club.
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
        SELECT id, status, kind::text AS kind, file_name, undone_at, undoable_until, COALESCE(undoable_until <= now(), true) AS expired
        FROM import_runs WHERE id = ${id}::uuid AND club_id = ${clubId}::uuid FOR UPDATE`;
      if (!run) throw refusal(IMPORT_MSG.undoNotFound);
      if (run.status === 'undone' || run.undone_at) throw refusal(IMPORT_MSG.undoAlready);
      if (run.status !== 'completed') throw refusal(IMPORT_MSG.undoNotCompleted);
      if (!run.undoable_until) throw refusal(IMPORT_MSG.undoNothing);
      if (run.expired) throw refusal(IMPORT_MSG.undoExpired);

      const rows = await tx.$queryRaw<Array<{ person_id: string; tax_id_code: string; name: string; role_created: boolean; edited: boolean; linked: boolean }>>`
        SELECT c.person_id, c.tax_id_code, c.name, c.role_created,
               (p.id IS NULL OR r.id IS NULL
                OR to_jsonb(p) IS DISTINCT FROM c.person_after
                OR to_jsonb(r) IS DISTINCT FROM c.role_after
                OR (c.address_id IS NOT NULL AND to_jsonb(a) IS DISTINCT FROM c.address_after)
                OR COALESCE(to_jsonb(ad), to_jsonb(cd), to_jsonb(md), to_jsonb(gd)) IS DISTINCT FROM c.details_after) AS edited,
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

      await revert(tx, clubId, run.id, run.kind, kept.map((r) => r.person_id));
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

/**
 * Puts back the rows of the run's people in `personIds`, in foreign-key order (memberships and roles before people,
 * people before addresses). Only rows the run changed are written (an untouched row keeps its updated_at, so the
 * undo of an earlier run still finds it as that run left it).
 */
async function revert(tx: Db, clubId: string, runId: string, kind: PersonKindKey, personIds: string[]): Promise<void> {
  if (!personIds.length) return;
  const ours = Prisma.sql`c.run_id = ${runId}::uuid AND c.club_id = ${clubId}::uuid AND c.person_id = ANY(${personIds}::uuid[])`;
  const steps: Prisma.Sql[] = [
    Prisma.sql`DELETE FROM group_members m USING import_run_changes c WHERE ${ours} AND m.id = ANY(c.group_member_ids) AND m.club_id = ${clubId}::uuid`,
  ];
  const details = DETAILS_TABLE[kind];
  if (details) {
    const table = Prisma.raw(details);
    // A role the run only updated: its details row as it was (deleted when it had none, which the run then added).
    steps.push(
      Prisma.sql`DELETE FROM ${table} d USING import_run_changes c JOIN person_roles r ON r.id = c.role_id AND r.club_id = ${clubId}::uuid
                 WHERE ${ours} AND NOT c.role_created AND c.details_after IS DISTINCT FROM c.details_before AND d.role_id = c.role_id`,
      Prisma.sql`INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, c.details_before)).*
                 FROM import_run_changes c
                 WHERE ${ours} AND NOT c.role_created AND c.details_after IS DISTINCT FROM c.details_before AND c.details_before IS NOT NULL`,
    );
  }
  steps.push(
    // Roles the run created go (their details and memberships with them, by cascade).
    Prisma.sql`DELETE FROM person_roles r USING import_run_changes c WHERE ${ours} AND c.role_created AND r.id = c.role_id AND r.club_id = ${clubId}::uuid`,
    Prisma.sql`UPDATE person_roles r SET note_private = b.note_private, updated_at = now()
               FROM import_run_changes c, jsonb_populate_record(NULL::person_roles, c.role_before) b
               WHERE ${ours} AND NOT c.role_created AND (c.role_after->'note_private') IS DISTINCT FROM (c.role_before->'note_private')
                 AND r.id = c.role_id AND r.club_id = ${clubId}::uuid`,
    Prisma.sql`UPDATE people p
               SET firstname = b.firstname, secondname = b.secondname, lastname = b.lastname, nickname = b.nickname, type_gender_id = b.type_gender_id,
                   birthday = b.birthday, birthplace = b.birthplace, birth_nation = b.birth_nation, nationality = b.nationality,
                   email_primary = b.email_primary, email_secondary = b.email_secondary, phone_primary = b.phone_primary,
                   phone_secondary = b.phone_secondary, legal_representative = b.legal_representative, address_id = b.address_id,
                   search_text = b.search_text, sort_name = b.sort_name, updated_at = now()
               FROM import_run_changes c, jsonb_populate_record(NULL::people, c.person_before) b
               WHERE ${ours} AND NOT c.person_created AND c.person_before IS NOT NULL AND c.person_after IS DISTINCT FROM c.person_before AND p.id = c.person_id AND p.club_id = ${clubId}::uuid`,
    Prisma.sql`DELETE FROM people p USING import_run_changes c WHERE ${ours} AND c.person_created AND p.id = c.person_id AND p.club_id = ${clubId}::uuid`,
    Prisma.sql`UPDATE addresses a
               SET address = b.address, street_number = b.street_number, postal_code = b.postal_code, city = b.city, province = b.province, country = b.country
               FROM import_run_changes c, jsonb_populate_record(NULL::addresses, c.address_before) b
               WHERE ${ours} AND NOT c.address_created AND c.address_before IS NOT NULL AND c.address_after IS DISTINCT FROM c.address_before AND a.id = c.address_id AND a.club_id = ${clubId}::uuid`,
    Prisma.sql`DELETE FROM addresses a USING import_run_changes c
               WHERE ${ours} AND c.address_created AND a.id = c.address_id AND a.club_id = ${clubId}::uuid
                 AND NOT EXISTS (SELECT 1 FROM people p WHERE p.address_id = a.id)`,
  );
  for (const step of steps) {
    await tx.$executeRaw(step);
    await breathe();
  }
}
