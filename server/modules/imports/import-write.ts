// The import's writes: a handful of set-based statements per chunk of rows (INSERT ... SELECT FROM
// jsonb_to_recordset, UPDATE ... FROM jsonb_to_recordset), never one statement per row. Each statement takes the
// club as a parameter (the club-scoped client refuses raw SQL that does not) and names it in its WHERE or its rows;
// the details tables, which have no club column, are reached through a join on the club's roles. The database's
// own triggers still run: the roles copy their person's search keys, the per-kind counters are kept by statement,
// and a role can only link a person of its own club.
import type { PersonKindKey } from '../../../schema/constants';
import type { Db } from '../../lib/club-rows';
import { CLUB, clubSql } from '../../access/club-sql';

export type SqlRow = Record<string, unknown>;

/** What one import writes, already decided row by row (ids made here, so rows can point to each other). */
export interface ImportWrites {
  addressInserts: SqlRow[];
  addressUpdates: SqlRow[];
  peopleInserts: SqlRow[];
  peopleUpdates: SqlRow[];
  roleInserts: SqlRow[];
  roleUpdates: SqlRow[];
  detailsUpserts: SqlRow[];
  /** {id, group_id, role_id}: memberships to add (one the role already has is skipped). */
  groupMemberInserts: SqlRow[];
  /** {id, person_id, type, expires_on, file_id}: certificates the legacy rule records (import-certificates.ts). */
  certificateInserts: SqlRow[];
  /** The same, for the latest certificate the rule corrects or completes. */
  certificateUpdates: SqlRow[];
  /** {id, person_id, season_id, body, number, starts_on, expires_on}: cards of the import's season (import-season.ts). */
  cardInserts: SqlRow[];
  /** {id, person_id, starts_on, expires_on}: a card the person holds already (same body, number and season). */
  cardUpdates: SqlRow[];
  /** {id, person_id, number, admitted_on, board_decision, board_decision_on}: new soci (number null until numberNewMembers). */
  registerInserts: SqlRow[];
  /** {id, person_id, member_id, season_id, renewed_on, quota_cents}: the season's renewals with their quota. */
  renewalInserts: SqlRow[];
  /** {id, person_id, quota_cents}: a renewal of the season already recorded, with another quota. */
  renewalUpdates: SqlRow[];
  /** {id, person_id (the first row's person: where a slice takes it), firstname, lastname, email_primary, phone_primary, search_text, sort_name}: parents new to the registry (import-guardians.ts). */
  guardianPeopleInserts: SqlRow[];
  /** {id, person_id (the minor), guardian_id}: the rows' guardianships. */
  guardianshipInserts: SqlRow[];
  /** One per person the run changes: what the undo needs (import_run_changes; see recordChanges). */
  changes: SqlRow[];
}

export const emptyWrites = (): ImportWrites => ({
  addressInserts: [],
  addressUpdates: [],
  peopleInserts: [],
  peopleUpdates: [],
  roleInserts: [],
  roleUpdates: [],
  detailsUpserts: [],
  groupMemberInserts: [],
  certificateInserts: [],
  certificateUpdates: [],
  cardInserts: [],
  cardUpdates: [],
  registerInserts: [],
  renewalInserts: [],
  renewalUpdates: [],
  guardianPeopleInserts: [],
  guardianshipInserts: [],
  changes: [],
});

/** Rows per statement: a few MB of JSON at most, and room for the event loop between statements. */
const CHUNK = 2_000;

/**
 * Lets other requests in between statements (PGlite runs in this thread): setImmediate runs after the I/O callbacks
 * already waiting, so a request that arrived meanwhile is read and answered before the next chunk.
 */
export const breathe = () => new Promise((resolve) => setImmediate(resolve));

/** How long a loop over an import's rows may hold the event loop before it lets other requests in. */
const TURN_MS = 20;

/**
 * For a loop over up to 100,000 rows on the main thread: `await turn()` each row gives the event loop a turn every
 * TURN_MS of work. By time rather than by rows: on a loaded machine 1,000 rows took 0.5 s (issue 33 point 5).
 */
export function turnTaker(turnMs = TURN_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < turnMs) return undefined;
    return breathe().then(() => {
      since = performance.now();
    });
  };
}

/** Called after each chunk with the rows written so far (the import's progress). */
export type OnRows = (rows: number) => void;

async function inChunks(rows: SqlRow[], write: (json: string) => Promise<unknown>, onRows?: OnRows) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await write(JSON.stringify(chunk));
    onRows?.(chunk.length);
    await breathe();
  }
}

/** Rows `writeImport` writes in all (the progress' total of the writing phase). */
export const writeCount = (w: ImportWrites) =>
  w.addressInserts.length + w.addressUpdates.length + w.peopleInserts.length + w.peopleUpdates.length + w.roleInserts.length +
  w.roleUpdates.length + w.detailsUpserts.length + w.groupMemberInserts.length + w.certificateInserts.length + w.certificateUpdates.length +
  w.cardInserts.length + w.cardUpdates.length + w.registerInserts.length + w.renewalInserts.length + w.renewalUpdates.length + w.guardianPeopleInserts.length + w.guardianshipInserts.length + w.changes.length;

/** Runs every write of the import in `tx` (the caller's transaction), in foreign-key order. */
export async function writeImport(tx: Db, clubId: string, kind: PersonKindKey, w: ImportWrites, onRows?: OnRows): Promise<void> {
  await inChunks(w.addressInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO addresses (id, club_id, address, street_number, postal_code, city, province, country)
    SELECT x.id, ${CLUB}, x.address, x.street_number, x.postal_code, x.city, x.province, x.country
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(id uuid, address text, street_number text, postal_code text, city text, province text, country text)`), onRows);

  await inChunks(w.addressUpdates, (json) => tx.$executeRaw(clubSql(clubId)`
    UPDATE addresses a
    SET address = x.address, street_number = x.street_number, postal_code = x.postal_code, city = x.city, province = x.province, country = x.country
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(id uuid, address text, street_number text, postal_code text, city text, province text, country text)
    WHERE a.id = x.id AND a.club_id = ${CLUB}`), onRows);

  await inChunks(w.peopleInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO people (id, club_id, firstname, secondname, lastname, nickname, tax_id_code, type_gender_id, birthday, birthplace,
                        birth_nation, nationality, email_primary, email_secondary, phone_primary, phone_secondary, legal_representative,
                        address_id, search_text, sort_name, updated_at)
    SELECT x.id, ${CLUB}, x.firstname, x.secondname, x.lastname, x.nickname, x.tax_id_code, x.type_gender_id, x.birthday, x.birthplace,
           x.birth_nation, x.nationality, x.email_primary, x.email_secondary, x.phone_primary, x.phone_secondary, x.legal_representative,
           x.address_id, x.search_text, x.sort_name, now()
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(id uuid, firstname text, secondname text, lastname text, nickname text, tax_id_code text, type_gender_id int, birthday date,
           birthplace text, birth_nation text, nationality text, email_primary text, email_secondary text, phone_primary text,
           phone_secondary text, legal_representative text, address_id uuid, search_text text, sort_name text)`), onRows);

  await inChunks(w.peopleUpdates, (json) => tx.$executeRaw(clubSql(clubId)`
    UPDATE people p
    SET firstname = x.firstname, secondname = x.secondname, lastname = x.lastname, nickname = x.nickname, type_gender_id = x.type_gender_id,
        birthday = x.birthday, birthplace = x.birthplace, birth_nation = x.birth_nation, nationality = x.nationality,
        email_primary = x.email_primary, email_secondary = x.email_secondary, phone_primary = x.phone_primary,
        phone_secondary = x.phone_secondary, legal_representative = x.legal_representative, address_id = x.address_id,
        search_text = x.search_text, sort_name = x.sort_name, updated_at = now()
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(id uuid, firstname text, secondname text, lastname text, nickname text, type_gender_id int, birthday date, birthplace text,
           birth_nation text, nationality text, email_primary text, email_secondary text, phone_primary text, phone_secondary text,
           legal_representative text, address_id uuid, search_text text, sort_name text)
    WHERE p.id = x.id AND p.club_id = ${CLUB}`), onRows);

  await inChunks(w.roleInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO person_roles (id, club_id, person_id, kind, is_active, note_private, updated_at)
    SELECT x.id, ${CLUB}, x.person_id, ${kind}::"PersonKind", true, x.note_private, now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, note_private text)`), onRows);

  await inChunks(w.roleUpdates, (json) => tx.$executeRaw(clubSql(clubId)`
    UPDATE person_roles r SET note_private = x.note_private, updated_at = now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, note_private text)
    WHERE r.id = x.id AND r.club_id = ${CLUB}`), onRows);

  await inChunks(w.detailsUpserts, (json) => upsertDetails(tx, clubId, kind, json), onRows);

  // Only groups of the club and of the run's kind; a membership the role already has is left as it is.
  await inChunks(w.groupMemberInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO group_members (id, club_id, group_id, role_id)
    SELECT x.id, ${CLUB}, x.group_id, x.role_id
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, group_id uuid, role_id uuid)
    WHERE (SELECT g.club_id FROM groups g WHERE g.id = x.group_id AND g.type = ${kind}::"PersonKind") = ${CLUB}
      AND (SELECT r.club_id FROM person_roles r WHERE r.id = x.role_id) = ${CLUB}
    ON CONFLICT (group_id, role_id) DO NOTHING`), onRows);

  // The certificate history, as the legacy rule decided it (import-certificates.ts), for people of the club only.
  await inChunks(w.certificateInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO medical_certificates (id, club_id, person_id, type, expires_on, file_id)
    SELECT x.id, ${CLUB}, x.person_id, x.type::"MedicalCertificateType", x.expires_on, x.file_id
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, type text, expires_on date, file_id uuid)
    WHERE (SELECT p.club_id FROM people p WHERE p.id = x.person_id) = ${CLUB}`), onRows);
  await inChunks(w.certificateUpdates, (json) => tx.$executeRaw(clubSql(clubId)`
    UPDATE medical_certificates m SET type = x.type::"MedicalCertificateType", expires_on = x.expires_on, file_id = x.file_id
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, type text, expires_on date, file_id uuid)
    WHERE m.id = x.id AND m.person_id = x.person_id AND m.club_id = ${CLUB}`), onRows);

  // Cards and the register of the import's season (import-season.ts), for people and seasons of the club only.
  await inChunks(w.cardInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO cards (id, club_id, person_id, season_id, body, number, starts_on, expires_on, updated_at)
    SELECT x.id, ${CLUB}, x.person_id, x.season_id, x.body, x.number, x.starts_on, x.expires_on, now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, season_id uuid, body text, number text, starts_on date, expires_on date)
    WHERE (SELECT p.club_id FROM people p WHERE p.id = x.person_id) = ${CLUB} AND (SELECT s.club_id FROM club_seasons s WHERE s.id = x.season_id) = ${CLUB}`), onRows);
  await inChunks(w.cardUpdates, (json) => tx.$executeRaw(clubSql(clubId)`
    UPDATE cards k SET starts_on = x.starts_on, expires_on = x.expires_on, updated_at = now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, starts_on date, expires_on date)
    WHERE k.id = x.id AND k.person_id = x.person_id AND k.club_id = ${CLUB}`), onRows);
  await inChunks(w.registerInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO register_members (id, club_id, person_id, number, admitted_on, board_decision, board_decision_on, updated_at)
    SELECT x.id, ${CLUB}, x.person_id, x.number, x.admitted_on, x.board_decision, x.board_decision_on, now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, number int, admitted_on date, board_decision text, board_decision_on date)
    WHERE (SELECT p.club_id FROM people p WHERE p.id = x.person_id) = ${CLUB}`), onRows);
  await inChunks(w.renewalInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO register_member_seasons (id, club_id, member_id, season_id, renewed_on, quota_cents)
    SELECT x.id, ${CLUB}, x.member_id, x.season_id, x.renewed_on, x.quota_cents
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, member_id uuid, season_id uuid, renewed_on date, quota_cents int)
    WHERE (SELECT m.club_id FROM register_members m WHERE m.id = x.member_id) = ${CLUB} AND (SELECT s.club_id FROM club_seasons s WHERE s.id = x.season_id) = ${CLUB}`), onRows);
  await inChunks(w.renewalUpdates, (json) => tx.$executeRaw(clubSql(clubId)`
    UPDATE register_member_seasons r SET quota_cents = x.quota_cents
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, quota_cents int)
    WHERE r.id = x.id AND r.club_id = ${CLUB}`), onRows);
  // Parents (import-guardians.ts): the new ones, then the guardianships, between people of the club only.
  await inChunks(w.guardianPeopleInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO people (id, club_id, firstname, lastname, email_primary, phone_primary, search_text, sort_name, updated_at)
    SELECT x.id, ${CLUB}, x.firstname, x.lastname, x.email_primary, x.phone_primary, x.search_text, x.sort_name, now()
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(id uuid, firstname text, lastname text, email_primary text, phone_primary text, search_text text, sort_name text)`), onRows);
  await inChunks(w.guardianshipInserts, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO guardianships (id, club_id, minor_id, guardian_id, relationship, updated_at)
    SELECT x.id, ${CLUB}, x.person_id, x.guardian_id, 'genitore', now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, person_id uuid, guardian_id uuid)
    WHERE (SELECT p.club_id FROM people p WHERE p.id = x.person_id) = ${CLUB} AND (SELECT g.club_id FROM people g WHERE g.id = x.guardian_id) = ${CLUB}
    ON CONFLICT (minor_id, guardian_id) DO NOTHING`), onRows);
}

/**
 * Records, before the run's writes, the rows each changed person has: their ids, what the run creates, and the
 * current rows as JSON (to_jsonb) so the undo can put them back. Call recordWriteXid in the same transaction.
 * A person the run creates has no rows yet (nor a role, address or details): recorded without looking for them,
 * which on a first import of 100,000 people saves seven index probes a row.
 */
export async function recordBefore(tx: Db, clubId: string, runId: string, w: ImportWrites, onRows?: OnRows): Promise<void> {
  const created = w.changes.filter((c) => c.person_created === true);
  const existing = w.changes.filter((c) => c.person_created !== true);
  await inChunks(created, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO import_run_changes (run_id, club_id, person_id, tax_id_code, name, person_created, role_id, role_created, address_id,
                                    address_created, group_member_ids)
    SELECT ${runId}::uuid, ${CLUB}, x.person_id, x.tax_id_code, x.name, true, x.role_id, x.role_created, x.address_id,
           x.address_created, COALESCE(ARRAY(SELECT jsonb_array_elements_text(x.group_member_ids)::uuid), '{}')
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(person_id uuid, tax_id_code text, name text, role_id uuid, role_created boolean, address_id uuid, address_created boolean,
           group_member_ids jsonb)`), onRows);
  await inChunks(existing, (json) => tx.$executeRaw(clubSql(clubId)`
    INSERT INTO import_run_changes (run_id, club_id, person_id, tax_id_code, name, person_created, role_id, role_created, address_id,
                                    address_created, group_member_ids, person_before, address_before, role_before, details_before,
                                    other_rows_before)
    SELECT ${runId}::uuid, ${CLUB}, x.person_id, x.tax_id_code, x.name, x.person_created, x.role_id, x.role_created, x.address_id,
           x.address_created, COALESCE(ARRAY(SELECT jsonb_array_elements_text(x.group_member_ids)::uuid), '{}'),
           to_jsonb(p), to_jsonb(a), to_jsonb(r), COALESCE(to_jsonb(ad), to_jsonb(cd), to_jsonb(md), to_jsonb(gd)),
           CASE WHEN x.other_row_ids IS NOT NULL THEN jsonb_build_object(
             'medical_certificates', COALESCE((SELECT jsonb_agg(to_jsonb(m)) FROM medical_certificates m
                                               WHERE m.club_id = ${CLUB} AND m.person_id = x.person_id AND m.id::text IN (SELECT jsonb_array_elements_text(x.other_row_ids))), '[]'),
             'cards', COALESCE((SELECT jsonb_agg(to_jsonb(k)) FROM cards k
                                WHERE k.club_id = ${CLUB} AND k.person_id = x.person_id AND k.id::text IN (SELECT jsonb_array_elements_text(x.other_row_ids))), '[]'),
             'register_member_seasons', COALESCE((SELECT jsonb_agg(to_jsonb(s)) FROM register_member_seasons s JOIN register_members rm ON rm.id = s.member_id
                                WHERE s.club_id = ${CLUB} AND rm.person_id = x.person_id AND s.id::text IN (SELECT jsonb_array_elements_text(x.other_row_ids))), '[]')) END
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(person_id uuid, tax_id_code text, name text, person_created boolean, role_id uuid, role_created boolean, address_id uuid,
           address_created boolean, group_member_ids jsonb, other_row_ids jsonb)
    LEFT JOIN people p ON p.id = x.person_id AND p.club_id = ${CLUB}
    LEFT JOIN addresses a ON a.id = x.address_id AND a.club_id = ${CLUB}
    LEFT JOIN person_roles r ON r.id = x.role_id AND r.club_id = ${CLUB}
    LEFT JOIN athlete_details ad ON ad.role_id = r.id
    LEFT JOIN coach_details cd ON cd.role_id = r.id
    LEFT JOIN member_details md ON md.role_id = r.id
    LEFT JOIN manager_details gd ON gd.role_id = r.id`), onRows);
}

/**
 * Records the transaction the run's writes are made in (the low 32 bits of its id: what the xmin of every row it
 * inserted or updated holds), beside those of its earlier slices (import-commit.ts). The undo tells a row as the run
 * left it by that xmin, so the rows after the run need not be copied (that copy was a fifth of a 10,000-row import
 * on PGlite). Call it in each transaction that writes the run's rows.
 */
export async function recordWriteXid(tx: Db, clubId: string, runId: string): Promise<void> {
  await tx.$executeRaw(clubSql(clubId)`
    UPDATE import_runs SET write_xids = array_append(COALESCE(write_xids, '{}'), pg_current_xact_id()::text::bigint % 4294967296)
    WHERE id = ${runId}::uuid AND club_id = ${CLUB}`);
}

/**
 * `w` cut into parts of about `rows` people each: every row of a person (address, profile, role, details,
 * memberships, undo record) in the same part, so a part written and committed alone is whole.
 */
export function sliceWrites(w: ImportWrites, rows: number): ImportWrites[] {
  if (w.changes.length <= rows) return [w];
  const parts: ImportWrites[] = [];
  const partOf = new Map<unknown, ImportWrites>();
  w.changes.forEach((change, index) => {
    if (index % rows === 0) parts.push(emptyWrites());
    const part = parts[parts.length - 1];
    part.changes.push(change);
    for (const id of [change.person_id, change.role_id, change.address_id, ...(change.group_member_ids as string[])]) if (id) partOf.set(id, part);
  });
  const deal = (key: Exclude<keyof ImportWrites, 'changes'>, idOf: (row: SqlRow) => unknown) => {
    for (const row of w[key]) {
      const part = partOf.get(idOf(row));
      if (!part) throw new Error(`import: a ${key} row belongs to no person of the run`);
      part[key].push(row);
    }
  };
  const byId = (row: SqlRow) => row.id;
  deal('addressInserts', byId);
  deal('addressUpdates', byId);
  deal('peopleInserts', byId);
  deal('peopleUpdates', byId);
  deal('roleInserts', byId);
  deal('roleUpdates', byId);
  deal('detailsUpserts', (row) => row.role_id);
  deal('groupMemberInserts', byId);
  const byPerson = (row: SqlRow) => row.person_id;
  deal('certificateInserts', byPerson);
  deal('certificateUpdates', byPerson);
  deal('cardInserts', byPerson);
  deal('cardUpdates', byPerson);
  deal('registerInserts', byPerson);
  deal('renewalInserts', byPerson);
  deal('renewalUpdates', byPerson);
  deal('guardianPeopleInserts', byPerson);
  deal('guardianshipInserts', byPerson);
  return parts;
}

/** `parts` (of sliceWrites) as one. */
export function mergeWrites(parts: readonly ImportWrites[]): ImportWrites {
  if (parts.length === 1) return parts[0];
  const merged = emptyWrites();
  for (const part of parts) for (const key of Object.keys(merged) as Array<keyof ImportWrites>) merged[key].push(...part[key]);
  return merged;
}

/** The kind's details rows (inserted, or updated in place), only for roles of the club. */
function upsertDetails(tx: Db, clubId: string, kind: PersonKindKey, json: string) {
  switch (kind) {
    case 'athlete':
      return upsertAthleteDetails(tx, clubId, json);
    case 'coach':
      return tx.$executeRaw(clubSql(clubId)`
        INSERT INTO coach_details (role_id, coach_role, coach_validity_start_date, coach_validity_end_date, health_card, allergies, intolerances)
        SELECT x.role_id, x.coach_role, x.coach_validity_start_date, x.coach_validity_end_date, x.health_card, x.allergies, x.intolerances
        FROM jsonb_to_recordset(${json}::jsonb)
          AS x(role_id uuid, coach_role text, coach_validity_start_date date, coach_validity_end_date date, health_card text, allergies text, intolerances text)
        WHERE (SELECT r.club_id FROM person_roles r WHERE r.id = x.role_id) = ${CLUB}
        ON CONFLICT (role_id) DO UPDATE SET
          coach_role = EXCLUDED.coach_role, coach_validity_start_date = EXCLUDED.coach_validity_start_date,
          coach_validity_end_date = EXCLUDED.coach_validity_end_date, health_card = EXCLUDED.health_card,
          allergies = EXCLUDED.allergies, intolerances = EXCLUDED.intolerances`);
    case 'member':
      return tx.$executeRaw(clubSql(clubId)`
        INSERT INTO member_details (role_id, membership_number, membership_start_date, membership_expired_date)
        SELECT x.role_id, x.membership_number, x.membership_start_date, x.membership_expired_date
        FROM jsonb_to_recordset(${json}::jsonb)
          AS x(role_id uuid, membership_number text, membership_start_date date, membership_expired_date date)
        WHERE (SELECT r.club_id FROM person_roles r WHERE r.id = x.role_id) = ${CLUB}
        ON CONFLICT (role_id) DO UPDATE SET
          membership_number = EXCLUDED.membership_number, membership_start_date = EXCLUDED.membership_start_date,
          membership_expired_date = EXCLUDED.membership_expired_date`);
    case 'manager':
      return tx.$executeRaw(clubSql(clubId)`
        INSERT INTO manager_details (role_id, manager_role)
        SELECT x.role_id, x.manager_role
        FROM jsonb_to_recordset(${json}::jsonb) AS x(role_id uuid, manager_role text)
        WHERE (SELECT r.club_id FROM person_roles r WHERE r.id = x.role_id) = ${CLUB}
        ON CONFLICT (role_id) DO UPDATE SET manager_role = EXCLUDED.manager_role`);
    default:
      return Promise.resolve(0);
  }
}

/** Athletes' details (their certificate history follows in writeImport, as import-certificates.ts decided it). */
async function upsertAthleteDetails(tx: Db, clubId: string, json: string): Promise<number> {
  const written = await tx.$executeRaw(clubSql(clubId)`
    INSERT INTO athlete_details (role_id, medical_examination_expiration_date, medical_examination_scheduled_date, health_card, allergies,
                                 intolerances, athlete_condition, athlete_attorney_name)
    SELECT x.role_id, x.medical_examination_expiration_date, x.medical_examination_scheduled_date, x.health_card, x.allergies,
           x.intolerances, x.athlete_condition, x.athlete_attorney_name
    FROM jsonb_to_recordset(${json}::jsonb)
      AS x(role_id uuid, medical_examination_expiration_date date, medical_examination_scheduled_date date, health_card text,
           allergies text, intolerances text, athlete_condition text, athlete_attorney_name text)
    WHERE (SELECT r.club_id FROM person_roles r WHERE r.id = x.role_id) = ${CLUB}
    ON CONFLICT (role_id) DO UPDATE SET
      medical_examination_expiration_date = EXCLUDED.medical_examination_expiration_date,
      medical_examination_scheduled_date = EXCLUDED.medical_examination_scheduled_date,
      health_card = EXCLUDED.health_card, allergies = EXCLUDED.allergies, intolerances = EXCLUDED.intolerances,
      athlete_condition = EXCLUDED.athlete_condition, athlete_attorney_name = EXCLUDED.athlete_attorney_name`);
  return written;
}
