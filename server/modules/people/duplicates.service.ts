// Possible duplicates (issue 14 point 2): two profiles of the club that may be one person, flagged for the office to
// merge (merge-people.service.ts). A pair is flagged
//   SAME_NAME_BIRTHDAY  same folded "lastname firstname" (people.sort_name) and same birth date (the tax codes always
//                       differ: a club holds one profile per code);
//   SIMILAR_TAX_CODE    two 16-character codes whose first 15 characters, omocodia letters read as the digits they
//                       replace, differ in at most one position: a code typed with one wrong character and then
//                       corrected, or an omocodic variant of the same code. The 16th character is left out because it
//                       is the check letter over the other 15: one wrong character changes it too, so two valid codes
//                       one typo apart always differ there as well.
// Only people the viewer may see take part: a profile holding a role of a kind the viewer may write, and under a
// coach's scope an athlete only of the coach's groups, so a pair never names someone the viewer could not open.
//
// Two statements, one per use:
//   - the club's list (`/duplicati`): one pass over the club's profiles. No index can spare reading every profile
//     when every pair is wanted, so the pass is made once and the pairs come from hashed keys, not from comparing
//     profiles with each other: the name key, and five keys of the code, each the code without one of five blocks
//     (surname letters 1-3, name letters 4-6, year 7-8, month and day 9-11, birthplace 12-15). Two codes one character
//     apart agree on four blocks, so they share the key that leaves out the fifth (pigeonhole); the keys that two or
//     more profiles share are found by six hash aggregates, and only the profiles holding them are paired and checked
//     character by character. EXPLAIN ANALYZE on PostgreSQL 15, 100,000 athletes of one club (bench/seed-people.ts:
//     common Italian names, so 75 same-name-and-birthday pairs and 120 similar codes exist by chance): one seq scan of
//     the club's people (an index scan on club_id instead when the club is a small part of the table), six
//     HashAggregates of 100k keys (11 MB each, in memory with work_mem at 32 MB for the transaction: at the default
//     4 MB they spilled to disk), 3,585 profiles sharing a key, 1,764 candidate pairs checked, 195 pairs found. The
//     planner's estimate (~490k) is far off because it cannot see how selective the keys are; with JIT on it compiled
//     for 0.7 s, so JIT is off for the transaction. Measured 0.65-1.1 s end to end while the 2-core machine ran other
//     suites (load average 7; the same seq scan took 150-200 ms instead of its idle 30 ms), so roughly 0.2-0.3 s idle;
//     linear in the club's size: a club of 1,000 answers in a few ms.
//   - one person's duplicates (the person page's notice): index lookups only. Same name: the roles' index
//     (club_id, kind, sort_name, id), six probes (one per kind); similar code: a candidate's first six letters equal the
//     person's or differ in one place, so the 217 six-letter prefixes are range scans of the unique index
//     (club_id, tax_id_code); each candidate found is checked. Measured at 100k under the same load: 5-6 ms for an
//     ordinary name, 10-20 ms for the seed's most common one ("RSSMRA", ~740 candidates), whatever the club's size.
import { PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { authorizePeopleKinds } from '../../access/authorize';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { Prisma } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import { CLUB, clubSql } from '../../access/club-sql';

export type DuplicateReason = 'SAME_NAME_BIRTHDAY' | 'SIMILAR_TAX_CODE';

/** The most pairs one answer lists (the total is still counted). */
export const DUPLICATES_SHOWN = 100;

export interface DuplicatePair {
  /** The older profile first (created first): usually the one to keep. */
  firstId: string;
  secondId: string;
  reasons: DuplicateReason[];
}

export interface PossibleDuplicates {
  totalCount: number;
  pairs: DuplicatePair[];
}

/**
 * The code's first 15 characters with omocodia letters (L M N P Q R S T U V at the seven digit positions) read as
 * their digits; null for a code that is not a person's 16-character one (an 11-digit provisional code).
 */
const canonicalCode = (column: string) =>
  Prisma.raw(
    `(CASE WHEN length(${column}) = 16 THEN left(${column}, 6) || translate(substr(${column}, 7, 2), 'LMNPQRSTUV', '0123456789') || substr(${column}, 9, 1)` +
      ` || translate(substr(${column}, 10, 2), 'LMNPQRSTUV', '0123456789') || substr(${column}, 12, 1) || translate(substr(${column}, 13, 3), 'LMNPQRSTUV', '0123456789') END)`,
  );

/**
 * Two canonical codes (canonicalCode) differ in at most one of their 15 positions. The block comparisons first
 * (a pair one character apart agrees on the first six or on the last nine, and on one of the two parts of those nine)
 * spare most candidates the character by character count.
 */
const similarCodes = (a: string, b: string) =>
  Prisma.raw(
    `(${a} IS NOT NULL AND ${b} IS NOT NULL` +
      ` AND ((left(${a}, 6) = left(${b}, 6) AND (substr(${a}, 7, 5) = substr(${b}, 7, 5) OR substr(${a}, 12) = substr(${b}, 12))) OR substr(${a}, 7) = substr(${b}, 7))` +
      ` AND (SELECT count(*) FROM generate_series(1, 15) i WHERE substr(${a}, i, 1) <> substr(${b}, i, 1)) <= 1)`,
  );

/**
 * The profile `p` may be seen by the viewer: it holds a role of one of `kinds`, and under a coach's scope an athlete
 * role counts only in one of the coach's groups. Nothing to add when every kind is allowed and there is no scope.
 */
function visibleWhere(clubId: string, kinds: readonly PersonKindKey[], groupIds: readonly string[] | undefined): Prisma.Sql {
  if (!groupIds && PERSON_KINDS.every((kind) => kinds.includes(kind))) return Prisma.sql`TRUE`;
  const inGroups = groupIds
    ? Prisma.sql`AND (r.kind <> 'athlete' OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.role_id = r.id AND gm.group_id = ANY(${[...groupIds]}::uuid[])))`
    : Prisma.empty;
  return Prisma.sql`EXISTS (SELECT 1 FROM person_roles r WHERE r.person_id = p.id AND r.club_id = ${clubId}::uuid
    AND r.kind = ANY(${[...kinds]}::"PersonKind"[]) ${inGroups})`;
}

interface PairRow {
  first_id: string;
  second_id: string;
  reasons: DuplicateReason[];
  total: bigint | number;
}

/**
 * The possible duplicates among the people the viewer may see (people write permission of any kind), or those of
 * one person (`personId`: NotFoundError when the viewer may not see them, like an unknown id). At most
 * DUPLICATES_SHOWN pairs, by the first profile's name.
 */
export async function possibleDuplicates(ctx: RequestContext, personId?: unknown): Promise<PossibleDuplicates> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'write');
  const groups = athleteGroupsOf(ctx)?.groupIds;
  const visible = visibleWhere(clubId, kinds, groups);
  const rows = await clubDb(ctx).$transaction(async (tx) => {
    // For this transaction only: the club's pass keeps ~100k keys per aggregate in memory, and JIT would spend
    // seconds compiling statements that run in milliseconds (the planner cannot tell how few rows the lookups find).
    await tx.$queryRaw(clubSql(clubId)`SELECT set_config('jit', 'off', true), set_config('work_mem', '32MB', true) WHERE ${CLUB} IS NOT NULL`);
    if (personId === undefined || personId === null) return clubPairs(tx, clubId, visible);
    if (!isUuid(personId)) throw new NotFoundError();
    const [target] = await tx.$queryRaw<Array<{ id: string }>>(clubSql(clubId)`SELECT p.id FROM people p WHERE p.id = ${personId}::uuid AND p.club_id = ${CLUB} AND ${visible}`);
    if (!target) throw new NotFoundError();
    return personPairs(tx, clubId, personId, visible);
  });
  return {
    totalCount: rows.length ? Number(rows[0].total) : 0,
    pairs: rows.map((r) => ({ firstId: r.first_id, secondId: r.second_id, reasons: r.reasons })),
  };
}

/** Every pair of the club (see the header for the plan and its cost). */
async function clubPairs(tx: Db, clubId: string, visible: Prisma.Sql): Promise<PairRow[]> {
  const key = (part: number) => Prisma.raw(`k${part}`);
  const shared = (part: number) =>
    Prisma.sql`SELECT ${Prisma.raw(String(part))} AS part, ${key(part)} AS h, id, created_at, sort_name, birthday, code FROM visible
      WHERE ${key(part)} IN (SELECT ${key(part)} FROM visible GROUP BY ${key(part)} HAVING count(*) > 1)`;
  return tx.$queryRaw<PairRow[]>(clubSql(clubId)`
    WITH visible AS MATERIALIZED (
      SELECT v.*,
             hashtextextended(v.sort_name, v.birthday - DATE '2000-01-01') AS k0,
             hashtextextended(substr(v.code, 4), 1) AS k1,
             hashtextextended(left(v.code, 3) || substr(v.code, 7), 2) AS k2,
             hashtextextended(left(v.code, 6) || substr(v.code, 9), 3) AS k3,
             hashtextextended(left(v.code, 8) || substr(v.code, 12), 4) AS k4,
             hashtextextended(left(v.code, 11), 5) AS k5
      FROM (
        SELECT p.id, p.created_at, p.sort_name, p.birthday, ${canonicalCode('p.tax_id_code')} AS code
        FROM people p
        WHERE p.club_id = ${CLUB} AND ${visible}
        OFFSET 0
      ) v
    ), members AS MATERIALIZED (
      ${shared(0)} UNION ALL ${shared(1)} UNION ALL ${shared(2)} UNION ALL ${shared(3)} UNION ALL ${shared(4)} UNION ALL ${shared(5)}
    ), pairs AS (
      SELECT a.id AS a, b.id AS b, a.created_at AS a_created, b.created_at AS b_created, a.sort_name AS a_name,
             CASE WHEN a.part = 0 THEN 'SAME_NAME_BIRTHDAY' ELSE 'SIMILAR_TAX_CODE' END AS reason
      FROM members a JOIN members b ON b.part = a.part AND b.h = a.h AND b.id > a.id
      WHERE CASE WHEN a.part = 0 THEN a.sort_name = b.sort_name AND a.birthday = b.birthday ELSE ${similarCodes('a.code', 'b.code')} END
    ), grouped AS (
      SELECT a, b, min(a_created) AS a_created, min(b_created) AS b_created, min(a_name) AS a_name,
             array_agg(DISTINCT reason ORDER BY reason) AS reasons
      FROM pairs GROUP BY a, b
    )
    SELECT CASE WHEN (a_created, a) <= (b_created, b) THEN a ELSE b END AS first_id,
           CASE WHEN (a_created, a) <= (b_created, b) THEN b ELSE a END AS second_id,
           reasons, count(*) OVER () AS total
    FROM grouped
    ORDER BY a_name, a, b
    LIMIT ${DUPLICATES_SHOWN}`);
}

/** The pairs of one person, through indexes only (see the header). */
async function personPairs(tx: Db, clubId: string, personId: string, visible: Prisma.Sql): Promise<PairRow[]> {
  return tx.$queryRaw<PairRow[]>(clubSql(clubId)`
    WITH target AS MATERIALIZED (
      SELECT p.id, p.created_at, p.sort_name, p.birthday, ${canonicalCode('p.tax_id_code')} AS code
      FROM people p WHERE p.id = ${personId}::uuid AND p.club_id = ${CLUB}
    ), prefixes AS MATERIALIZED (
      SELECT DISTINCT overlay(left(t.code, 6) PLACING c FROM i FOR 1) AS prefix
      FROM target t, generate_series(1, 6) i, unnest(string_to_array('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', NULL)) c
      WHERE t.code IS NOT NULL
    ), candidates AS MATERIALIZED (
      SELECT r.person_id AS id FROM target t
      JOIN person_roles r ON r.club_id = ${CLUB} AND r.kind = ANY(enum_range(NULL::"PersonKind")) AND r.sort_name = t.sort_name
      UNION
      -- OFFSET 0: one range scan of the unique index per prefix, never a hash join over the whole club.
      SELECT s.id FROM prefixes v CROSS JOIN LATERAL (
        SELECT p.id FROM people p
        WHERE p.club_id = ${CLUB} AND p.tax_id_code >= v.prefix AND p.tax_id_code <= v.prefix || 'ZZZZZZZZZZ'
        OFFSET 0
      ) s
    ), matched AS (
      SELECT p.id, p.created_at, p.sort_name AS name,
             p.sort_name = t.sort_name AND p.birthday = t.birthday AS same_name,
             ${similarCodes('c.code', 't.code')} AS similar_code
      FROM candidates k
      CROSS JOIN LATERAL (SELECT * FROM people p WHERE p.id = k.id AND p.club_id = ${CLUB} OFFSET 0) p
      CROSS JOIN LATERAL (SELECT ${canonicalCode('p.tax_id_code')} AS code) c
      CROSS JOIN target t
      WHERE p.id <> t.id AND ${visible}
    )
    SELECT CASE WHEN (t.created_at, t.id) <= (m.created_at, m.id) THEN t.id ELSE m.id END AS first_id,
           CASE WHEN (t.created_at, t.id) <= (m.created_at, m.id) THEN m.id ELSE t.id END AS second_id,
           array_remove(ARRAY[CASE WHEN m.same_name THEN 'SAME_NAME_BIRTHDAY' END, CASE WHEN m.similar_code THEN 'SIMILAR_TAX_CODE' END], NULL) AS reasons,
           count(*) OVER () AS total
    FROM matched m CROSS JOIN target t
    WHERE m.same_name OR m.similar_code
    ORDER BY m.name, m.id
    LIMIT ${DUPLICATES_SHOWN}`);
}
