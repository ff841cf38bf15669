// The organisations' read API (issue 13 points 4 and 5): their affiliated clubs, the people of those clubs (current
// records, and the change feed a nightly sync follows), where a tax code is registered, and statistics per club.
// Every read goes through organisationReach (key scopes ∩ consent ∩ active affiliation); fields of a scope are
// checked again per row by the GraphQL face (requireScope), so a narrowed consent refuses exactly those fields.
// Cross-club by design, on the key's fenced client (apiKeyClient): every statement names the clubs the reach allows,
// and the fence keeps a statement that would not to the reach all the same (read-only).
import { certificateDays, clubDate } from '../../../schema/club-time';
import { certificateFreeBornAfter, expiringUntil, type CertificateState } from '../../../schema/medical-certificates';
import { athleteCertificateState as certificateStateOn } from '../certificates/certificates.service';
import { MSG } from '../../../schema/messages';
import { PEOPLE_DATA_SCOPES, type OrganisationScope } from '../../../schema/organisation-scopes';
import type { RequestContext } from '../../context';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import { ValidationError } from '../../lib/errors';
import { decodeCursor, encodeCursor, keysetPageSize } from '../../lib/keyset';
import { countRows } from './api-usage';
import { apiKeyClient, clubsWith, organisationReach, requireApiKey } from './federation-access';

/** Rows per page: `first` is required and at most this (issue 13: Relay connections, keyset cursors). */
export const API_PAGE_MAX = 100;


export const PERSON_RECORD_STATUSES = ['active', 'archived', 'deleted'] as const;
export type PersonRecordStatus = (typeof PERSON_RECORD_STATUSES)[number];

const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

export interface Page<T> {
  nodes: T[];
  /** The last row's cursor, or the `after` asked when the page is empty (a sync keeps its position). */
  endCursor: string | null;
  hasNextPage: boolean;
  /** Whether the page started after a cursor (rows before it exist). */
  hasPreviousPage: boolean;
}

// ---- clubs ---------------------------------------------------------------------------------------------------

export interface OrganisationClub {
  clubId: string;
  status: 'pending' | 'active' | 'rejected' | 'revoked';
  /** key scopes ∩ consent (empty unless active). */
  scopes: OrganisationScope[];
  minorsContacts: boolean;
  /** When the affiliation or its consent last changed: a sync client re-reads the club's people after it. */
  consentChangedAt: Date;
  cursor: string;
}

/** The organisation's affiliations (every status, so a client learns of ended ones), by club id. */
export async function listOrganisationClubs(ctx: RequestContext, args: { first: number; after?: string | null }): Promise<Page<OrganisationClub>> {
  const key = requireApiKey(ctx);
  const first = keysetPageSize(args.first, API_PAGE_MAX);
  const [after] = decodeCursor(args.after, new RegExp(`^c${UUID}$`)) ?? [];
  const reach = await organisationReach(ctx);
  const rows = await apiKeyClient(ctx).affiliation.findMany({
    where: {
      organisationId: key.organisationId,
      ...(key.clubIds.length ? { clubId: { in: [...key.clubIds], ...(after ? { gt: after } : {}) } } : after ? { clubId: { gt: after } } : {}),
    },
    orderBy: { clubId: 'asc' },
    take: first + 1,
    select: { clubId: true, status: true, minorsContacts: true, updatedAt: true },
  });
  const nodes = rows.slice(0, first).map((r) => {
    const club = reach.get(r.clubId);
    return { clubId: r.clubId, status: r.status, scopes: club ? [...club.scopes] : [], minorsContacts: r.minorsContacts, consentChangedAt: r.updatedAt, cursor: encodeCursor(`c${r.clubId}`) };
  });
  for (const node of nodes) countRows(ctx.apiUsage, node.clubId);
  return { nodes, hasNextPage: rows.length > first, hasPreviousPage: !!args.after, endCursor: nodes.length ? nodes.at(-1)!.cursor : (args.after ?? null) };
}

/** A club's public profile, for the club.profile scope (checked by the caller). */
export async function clubProfile(ctx: RequestContext, clubId: string) {
  const club = await apiKeyClient(ctx).club.findUnique({
    where: { id: clubId },
    select: {
      fullName: true,
      companyName: true,
      typeClub: true,
      sport: true,
      foundation: true,
      vatNumber: true,
      fiscalCode: true,
      emailPrimary: true,
      phonePrimary: true,
      clubAddress: { select: { address: true, streetNumber: true, postalCode: true, city: true, province: true, country: true } },
      roleCounts: { where: { archived: false }, select: { kind: true, total: true } },
    },
  });
  return club;
}

// ---- people --------------------------------------------------------------------------------------------------

/** A row of the change feed with its role's archive date: what the sync and the webhooks both read. */
export interface FeedRow {
  role_id: string;
  club_id: string;
  person_id: string;
  kind: string;
  change_xid: bigint;
  changed_at: Date;
  deleted: boolean;
  archived_at: Date | null;
}

export interface PersonRecordRow extends FeedRow {
  firstname: string | null;
  secondname: string | null;
  lastname: string | null;
  tax_id_code: string | null;
  type_gender_id: number | null;
  birthday: Date | null;
  birthplace: string | null;
  birth_nation: string | null;
  nationality: string | null;
  categories: string[] | null;
  email_primary: string | null;
  email_secondary: string | null;
  phone_primary: string | null;
  phone_secondary: string | null;
  address: string | null;
  street_number: string | null;
  postal_code: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  medical_examination_expiration_date: Date | null;
  medical_examination_scheduled_date: Date | null;
  type_medical_examination_id: number | null;
  has_blsd: boolean | null;
  blsd_expires_on: Date | null;
  has_first_aid: boolean | null;
  first_aid_expires_on: Date | null;
  has_fire_prevention: boolean | null;
  fire_prevention_expires_on: Date | null;
}

export interface PersonRecord extends PersonRecordRow {
  status: PersonRecordStatus;
  cursor: string;
}

const RECORD_COLUMNS = Prisma.sql`
  c.role_id::text, c.club_id::text, c.person_id::text, c.kind::text, c.change_xid, c.changed_at, c.deleted,
  r.archived_at, p.firstname, p.secondname, p.lastname, p.tax_id_code, p.type_gender_id, p.birthday, p.birthplace,
  p.birth_nation, p.nationality,
  (SELECT array_agg(g.name ORDER BY g.name) FROM group_members gm JOIN groups g ON g.id = gm.group_id WHERE gm.role_id = r.id) AS categories,
  p.email_primary, p.email_secondary, p.phone_primary, p.phone_secondary,
  a.address, a.street_number, a.postal_code, a.city, a.province, a.country,
  d.medical_examination_expiration_date, d.medical_examination_scheduled_date, d.type_medical_examination_id,
  p.has_blsd, p.blsd_expires_on, p.has_first_aid, p.first_aid_expires_on, p.has_fire_prevention, p.fire_prevention_expires_on`;

const RECORD_JOINS = Prisma.sql`
  LEFT JOIN person_roles r ON r.id = c.role_id AND NOT c.deleted
  LEFT JOIN people p ON p.id = r.person_id
  LEFT JOIN addresses a ON a.id = p.address_id
  LEFT JOIN athlete_details d ON d.role_id = r.id`;

const statusOf = (row: PersonRecordRow): PersonRecordStatus => (row.deleted || !row.firstname ? 'deleted' : row.archived_at ? 'archived' : 'active');

export interface PeopleFilter {
  first: number;
  after?: string | null;
  clubIds?: readonly string[] | null;
  kind?: string | null;
  /** A category's (group's) exact name, any case: only clubs sharing people.registry. */
  category?: string | null;
  /** Only clubs sharing people.certificates; athletes only (others have no certificate). */
  certificate?: CertificateState | null;
  updatedSince?: Date | null;
}

/**
 * The role's athlete certificate in `state` (a condition on the change row `c`, so the page is cut before joins).
 * The rule is schema/medical-certificates.ts's: under 6 years nobody needs one.
 */
function certificateCondition(state: CertificateState, now: Date): Prisma.Sql {
  const today = clubDate(now);
  const until = expiringUntil(today);
  const freeAfter = certificateFreeBornAfter(today);
  const young = Prisma.sql`EXISTS (SELECT 1 FROM people p WHERE p.id = c.person_id AND p.birthday > ${freeAfter}::date)`;
  if (state === 'notRequired') return young;
  const dated = (condition: Prisma.Sql) =>
    Prisma.sql`EXISTS (SELECT 1 FROM athlete_details d WHERE d.role_id = c.role_id AND ${condition})`;
  const date = Prisma.sql`d.medical_examination_expiration_date`;
  const byDate = {
    missing: Prisma.sql`NOT ${dated(Prisma.sql`${date} IS NOT NULL`)}`,
    expired: dated(Prisma.sql`${date} < ${today}::date`),
    expiring: dated(Prisma.sql`${date} BETWEEN ${today}::date AND ${until}::date`),
    valid: dated(Prisma.sql`${date} > ${until}::date`),
  }[state];
  return Prisma.sql`(${byDate} AND NOT ${young})`;
}

/**
 * Up to this many clubs are read one index range each (the (club_id, change_xid, role_id) index, merged), more
 * through the feed's order with the clubs as a filter: a key or a clubIds of a few clubs would otherwise walk the
 * whole feed past other clubs' rows (81 ms at 100k records in the bench, 4 ms per club this way).
 */
const FEW_CLUBS = 20;

/**
 * A page of person records (a role of a person in a club) ordered by the change feed. `changes` is the sync: it
 * also answers archived and deleted records and only changes of transactions that have all ended (below the
 * snapshot's xmin), so following endCursor from night to night never skips a late commit; otherwise the current
 * records (archived ones included, deleted ones not).
 */
export async function listPersonRecords(ctx: RequestContext, filter: PeopleFilter, mode: 'current' | 'changes', now = ctx.deps.now()): Promise<Page<PersonRecord>> {
  requireApiKey(ctx);
  const first = keysetPageSize(filter.first, API_PAGE_MAX);
  const [afterXid, afterRole] = decodeCursor(filter.after, new RegExp(`^p(\\d{1,20})\\.${UUID}$`)) ?? [];
  const reach = await organisationReach(ctx);
  let clubs = clubsWith(reach, PEOPLE_DATA_SCOPES, filter.clubIds);
  if (filter.category) clubs = clubs.filter((id) => reach.get(id)!.scopes.has('people.registry'));
  if (filter.certificate) clubs = clubs.filter((id) => reach.get(id)!.scopes.has('people.certificates'));
  if (!clubs.length) return { nodes: [], hasNextPage: false, hasPreviousPage: !!filter.after, endCursor: filter.after ?? null };

  const conditions: Prisma.Sql[] = [];
  if (afterXid) conditions.push(Prisma.sql`(c.change_xid, c.role_id) > (${BigInt(afterXid)}, ${afterRole}::uuid)`);
  if (mode === 'changes') conditions.push(Prisma.sql`c.change_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`);
  else conditions.push(Prisma.sql`NOT c.deleted`);
  if (filter.kind) conditions.push(Prisma.sql`c.kind = ${filter.kind}::"PersonKind"`);
  if (filter.updatedSince) conditions.push(Prisma.sql`c.changed_at >= ${filter.updatedSince}`);
  if (filter.category) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM group_members gm JOIN groups g ON g.id = gm.group_id WHERE gm.role_id = c.role_id AND lower(g.name) = lower(${filter.category}))`);
  }
  if (filter.certificate) conditions.push(Prisma.sql`c.kind = 'athlete' AND ${certificateCondition(filter.certificate, now)}`);

  const where = (club: Prisma.Sql) => Prisma.join([club, ...conditions], ' AND ');
  const page =
    clubs.length <= FEW_CLUBS
      ? Prisma.sql`
          SELECT p.* FROM unnest(${clubs}::uuid[]) AS k(club_id)
          CROSS JOIN LATERAL (
            SELECT c.* FROM person_role_changes c WHERE ${where(Prisma.sql`c.club_id = k.club_id`)}
            ORDER BY c.change_xid, c.role_id LIMIT ${first + 1}
          ) p
          ORDER BY p.change_xid, p.role_id LIMIT ${first + 1}`
      : Prisma.sql`
          SELECT c.* FROM person_role_changes c WHERE ${where(Prisma.sql`c.club_id = ANY(${clubs}::uuid[])`)}
          ORDER BY c.change_xid, c.role_id LIMIT ${first + 1}`;
  // The page is cut first (MATERIALIZED), then its rows only are joined to their people, details and categories.
  const rows = await apiKeyClient(ctx).$queryRaw<PersonRecordRow[]>`
    WITH page AS MATERIALIZED (${page})
    SELECT ${RECORD_COLUMNS}
    FROM page c ${RECORD_JOINS}
    ORDER BY c.change_xid, c.role_id`;
  const nodes = rows.slice(0, first).map(toRecord);
  for (const node of nodes) countRows(ctx.apiUsage, node.club_id);
  return { nodes, hasNextPage: rows.length > first, hasPreviousPage: !!filter.after, endCursor: nodes.at(-1)?.cursor ?? filter.after ?? null };
}

const toRecord = (row: PersonRecordRow): PersonRecord => ({
  ...row,
  status: statusOf(row),
  cursor: encodeCursor(`p${row.change_xid}.${row.role_id}`),
});

/**
 * Where a tax code is registered among the clubs that share people.registry (the duplicate and transfer check):
 * each current record of that person, archived ones included.
 */
export async function lookupTaxCode(ctx: RequestContext, taxCode: string): Promise<PersonRecord[]> {
  requireApiKey(ctx);
  const code = taxCode.trim().toUpperCase();
  if (!/^[A-Z0-9]{11,16}$/.test(code)) throw new ValidationError({ taxCode: MSG.apiTaxCodeInvalid }, MSG.apiTaxCodeInvalid);
  const reach = await organisationReach(ctx);
  const clubs = clubsWith(reach, ['people.registry']);
  if (!clubs.length) return [];
  const rows = await apiKeyClient(ctx).$queryRaw<PersonRecordRow[]>`
    SELECT ${RECORD_COLUMNS}
    FROM people lp JOIN person_roles lr ON lr.person_id = lp.id JOIN person_role_changes c ON c.role_id = lr.id ${RECORD_JOINS}
    WHERE lp.club_id = ANY(${clubs}::uuid[]) AND lp.tax_id_code = ${code}
    ORDER BY c.club_id, c.kind
    LIMIT ${API_PAGE_MAX}`;
  const nodes = rows.map(toRecord);
  for (const node of nodes) countRows(ctx.apiUsage, node.club_id);
  return nodes;
}

/** Whether the record's person is under 18 today (an unknown birthday counts as a minor: contacts stay private). */
export function isMinor(record: Pick<PersonRecordRow, 'birthday'>, now: Date): boolean {
  if (!record.birthday) return true;
  const today = clubDate(now);
  const birth = record.birthday.toISOString().slice(0, 10);
  const adult = `${Number(birth.slice(0, 4)) + 18}${birth.slice(4)}`;
  return adult > today;
}

export function athleteCertificateState(
  record: Pick<PersonRecordRow, 'kind' | 'medical_examination_expiration_date' | 'birthday'>,
  now: Date,
): CertificateState | null {
  if (record.kind !== 'athlete') return null;
  return certificateStateOn(record.medical_examination_expiration_date, record.birthday, now);
}

// ---- statistics ----------------------------------------------------------------------------------------------

export const AGE_BANDS = ['0-13', '14-17', '18-34', '35-59', '60+', 'unknown'] as const;

export interface ClubStatisticsRow {
  club_id: string;
  kind: string;
  gender: string;
  age_band: string;
  people: number;
  certificates_valid: number;
  certificates_expiring: number;
  certificates_expired: number;
  certificates_missing: number;
}

/** Current (not archived) roles per club, kind, sex and age band, with the certificate states of athletes who need one: one statement. */
export async function statisticsRows(db: PrismaClient, clubs: readonly string[], now: Date): Promise<Map<string, ClubStatisticsRow[]>> {
  const byClub = new Map<string, ClubStatisticsRow[]>(clubs.map((id) => [id, []]));
  if (!clubs.length) return byClub;
  const { today, expiringUntil } = certificateDays(now);
  const rows = await db.$queryRaw<ClubStatisticsRow[]>`
    WITH roles AS (
      SELECT r.club_id, r.kind, p.type_gender_id, d.medical_examination_expiration_date AS cert,
             date_part('year', age(${today}::date, p.birthday)) AS years,
             -- Athletes who need a certificate: not under 6 (schema/medical-certificates.ts).
             r.kind = 'athlete' AND (p.birthday IS NULL OR p.birthday <= ${certificateFreeBornAfter(today)}::date) AS needs
      FROM person_roles r JOIN people p ON p.id = r.person_id LEFT JOIN athlete_details d ON d.role_id = r.id
      WHERE r.club_id = ANY(${[...clubs]}::uuid[]) AND r.archived_at IS NULL
    )
    SELECT club_id::text, kind::text,
           CASE type_gender_id WHEN 1 THEN 'M' WHEN 2 THEN 'F' ELSE 'unknown' END AS gender,
           CASE WHEN years IS NULL THEN 'unknown' WHEN years < 14 THEN '0-13' WHEN years < 18 THEN '14-17'
                WHEN years < 35 THEN '18-34' WHEN years < 60 THEN '35-59' ELSE '60+' END AS age_band,
           count(*)::int AS people,
           count(*) FILTER (WHERE needs AND cert > ${expiringUntil}::date)::int AS certificates_valid,
           count(*) FILTER (WHERE needs AND cert BETWEEN ${today}::date AND ${expiringUntil}::date)::int AS certificates_expiring,
           count(*) FILTER (WHERE needs AND cert < ${today}::date)::int AS certificates_expired,
           count(*) FILTER (WHERE needs AND cert IS NULL)::int AS certificates_missing
    FROM roles GROUP BY 1, 2, 3, 4`;
  for (const row of rows) byClub.get(row.club_id)!.push(row);
  return byClub;
}

export interface CertificateTotals {
  valid: number;
  expiring: number;
  expired: number;
  missing: number;
}

/** A club's athletes by certificate state, from its statistics rows. */
export function certificateTotals(rows: readonly ClubStatisticsRow[]): CertificateTotals {
  const sum = (key: 'certificates_valid' | 'certificates_expiring' | 'certificates_expired' | 'certificates_missing') => rows.reduce((n, r) => n + r[key], 0);
  return { valid: sum('certificates_valid'), expiring: sum('certificates_expiring'), expired: sum('certificates_expired'), missing: sum('certificates_missing') };
}

/** The statistics of the key's clubs that share any of profile, registry or certificates. */
export async function clubStatistics(ctx: RequestContext, clubIds: readonly string[] | null | undefined, now = ctx.deps.now()): Promise<Map<string, ClubStatisticsRow[]>> {
  requireApiKey(ctx);
  const reach = await organisationReach(ctx);
  const clubs = clubsWith(reach, ['club.profile', 'people.registry', 'people.certificates'], clubIds);
  const byClub = await statisticsRows(apiKeyClient(ctx), clubs, now);
  for (const id of clubs) countRows(ctx.apiUsage, id);
  return byClub;
}
