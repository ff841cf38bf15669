// Importing people of one kind from a file (issue 12): read and check the file, map its columns, validate every row
// with the person forms' rules, match each row to the club's people by tax code, and then either answer what would
// happen (dry run: nothing written) or write everything in ONE transaction (all or nothing). A run whose rows are
// not all valid writes no person: it is recorded as failed with its errors. Importing the same file twice creates
// nothing twice (the second run finds every row unchanged).
import { newImportRowId } from './import-ids';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../schema/constants';
import { HEALTH_DETAIL_FIELDS } from '../../../schema/health-data';
import {
  csvTemplate,
  DEFAULT_IMPORT_MODE,
  groupNames,
  importKindLabel,
  IMPORT_UNDO_DAYS,
  templateFileName,
  IMPORT_LIMITS,
  IMPORT_MODES,
  IMPORT_MSG,
  type ImportFormat,
  type ImportMode,
  type ImportRowStatus,
} from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import type { SavePersonInput } from '../../../schema/validation/people';
import { authorizeMember, can, clubMember } from '../../access/authorize';
import { logImport } from '../../access/change-log';
import { canWriteHealth } from '../../access/health-data';
import { clubDb } from '../../access/request-db';
import { cleanPendingList, statisticsDb } from '../../access/cross-club';
import { CLUB, clubSql } from '../../access/club-sql';
import type { RequestContext } from '../../context';
import type { Db } from '../../lib/club-rows';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';
import { sqlStateOf } from '../../db/sql-state';
import type { UploadedFile } from '../files/files.service';
import { isPersonKind, PEOPLE_KINDS } from '../people/people.kinds';
import { personKeys } from '../people/save-person.service';
import { foldText } from '../../../schema/text';
import { errorFile, type DownloadFile, type InvalidRow } from './import-error-file';
import { rememberedMapping, rememberMapping } from './import-mappings';
import { trackProgress, type ProgressTracker } from './import-progress';
import { genderFromTaxCode, groupsCell, headerOf, mapColumns, rawRow, rowTaxCode, tidyRow, validateRow, withoutErrorColumns, type ColumnMapping, type MappingChoice, type RowError } from './import-rows';
import { EarlyWrites } from './import-early-writes';
import { commitsInSlices, longWrite, longWriteTimedOut, refreshStatistics, sliceSizer } from './import-commit';
import { abandonRun, setRunStatus } from './import-undo.service';
import { breathe, emptyWrites, mergeWrites, recordBefore, recordWriteXid, sliceWrites, turnTaker, writeCount, writeImport, type ImportWrites, type SqlRow } from './import-write';
import { decideCertificates } from './import-certificates';
import { GuardianRows, usesGuardians, type GuardianPlan, type GuardianWrites } from './import-guardians';
import { importSeason, numberNewMembers, parseCardBody, SeasonRows, usesSeason, type SeasonPlan, type SeasonWrites } from './import-season';
import { ImportHeaderError, type TopLine } from './import-header-error';
import { fileRefusal, readImportFile, type Cell, type ImportLimits, type ImportTable } from './read-import-file';

export interface ImportRequest {
  /**
   * The uploaded file; missing is 'Selezionare un file da importare'. A function (GraphQL upload streams) is read
   * only once the member's permission and the kind passed.
   */
  file: UploadedFile | null | undefined | (() => Promise<UploadedFile | null>);
  kind: unknown;
  /** true, false, or a legacy form's 1 / 0 ('1' / '0'). */
  dryRun: unknown;
  mode?: unknown;
  /**
   * The user's column mapping: [{header, key}] (key null: ignore the column), or that list as JSON text (the REST
   * form field). Without it the club's remembered mapping for the file's headers is used, else the automatic one.
   */
  mapping?: unknown;
  /** A client-chosen key under which importProgress reports this call (import-progress.ts). */
  progressKey?: unknown;
  /**
   * Import the valid rows and leave the invalid ones out (in the error file), rather than all or nothing: true,
   * false, 1 / 0 ('1' / '0'). Off by default.
   */
  validOnly?: unknown;
  /** Rewrite names written all in capitals in Italian capitalisation (on by default): true, false, 1 / 0. */
  tidyNames?: unknown;
  /**
   * The header row the user chose in the preview (its row number in the file, one of the first non-blank rows), when
   * the detected one is wrong: a positive integer or its text (REST). Absent: detected.
   */
  headerLine?: unknown;
  /**
   * The season the file's cards and register rows belong to (its id; REST season_id): absent, the current one. Another
   * club's id is refused like an unknown one, a closed season with the seasons' own message.
   */
  seasonId?: unknown;
  /** The body (ente) of every card of the file whose row names none (the import page's choice; REST card_body). */
  cardBody?: unknown;
}

export interface ImportCounts {
  total: number;
  new: number;
  updated: number;
  unchanged: number;
  invalid: number;
}

export interface ImportRowOutcome {
  row: number;
  status: Exclude<ImportRowStatus, 'invalid'>;
  taxIdCode: string;
  name: string;
  /** Headers of the columns whose stored value changes (updates; a new role of a known person too). */
  changes: string[];
}

export interface ImportOutcome {
  dryRun: boolean;
  kind: PersonKindKey;
  mode: ImportMode;
  fileName: string;
  format: ImportFormat;
  /** preview: a dry run; completed: written; failed: refused for invalid rows, nothing written. */
  status: 'preview' | 'completed' | 'failed';
  message: string;
  counts: ImportCounts;
  /** Every invalid row's errors (at most IMPORT_LIMITS.maxErrorsShown). */
  errors: RowError[];
  /** New, updated and unchanged rows (at most IMPORT_LIMITS.maxErrorsShown). */
  rows: ImportRowOutcome[];
  /** The file's columns as mapped: its header and the column key it feeds. */
  columns: Array<{ header: string; key: string }>;
  /** Headers of the file that feed nothing. */
  ignoredColumns: string[];
  /** The recorded run (null for a dry run). */
  runId: string | null;
  /** The file's headers in order (the error columns of an error file uploaded again left out). */
  headers: string[];
  /** The mapping used was the club's remembered one for these headers (no mapping was sent). */
  mappingRemembered: boolean;
  /** The invalid rows with their errors, to fix and upload again (null when every row is valid). */
  errorFile: DownloadFile | null;
  /** Only the valid rows were (or in a preview, would be) written; the invalid ones are in the error file. */
  validOnly: boolean;
  /** Names in capitals were rewritten (the request did not turn it off). */
  tidyNames: boolean;
  /**
   * What the import read differently from the file as written, one Italian sentence each: a title above the header,
   * rows skipped after the data, sex taken from the tax code, names and CAPs tidied, a second column for a field.
   */
  notices: string[];
  /** The header's row number in the file (detected, or the one the request chose). */
  headerLine: number;
  /** The first non-blank rows of the file from its top, as text: the preview's choice of the header row. */
  topLines: TopLine[];
  /** What the rows write to the season's cards and the libro soci (null when the file has none of their columns). */
  seasonWrites: SeasonWrites | null;
  /** What the rows write to the guardians of their people (null when the file has no parent column). */
  guardianWrites: GuardianWrites | null;
}

type Row = Record<string, unknown>;

/** Profile columns an import writes (the people table's, snake-cased in the statements). */
const PROFILE_FIELDS = [
  'firstname',
  'secondname',
  'lastname',
  'nickname',
  'typeGenderId',
  'birthday',
  'birthplace',
  'birthNation',
  'nationality',
  'emailPrimary',
  'emailSecondary',
  'phonePrimary',
  'phoneSecondary',
  'legalRepresentative',
] as const;
const ADDRESS_FIELDS = ['address', 'streetNumber', 'postalCode', 'city', 'province', 'country'] as const;
const DETAIL_FIELDS: Record<PersonKindKey, readonly string[]> = {
  athlete: ['medicalExaminationExpirationDate', 'medicalExaminationScheduledDate', 'healthCard', 'allergies', 'intolerances', 'athleteCondition', 'athleteAttorneyName'],
  coach: ['coachRole', 'coachValidityStartDate', 'coachValidityEndDate', 'healthCard', 'allergies', 'intolerances'],
  member: ['membershipNumber', 'membershipStartDate', 'membershipExpiredDate'],
  manager: ['managerRole'],
  staff: [],
  voluntary: [],
};

// A handful of keys, a few per row of up to 100,000: each converted once.
const snakeKeys = new Map<string, string>();
const snake = (key: string) => snakeKeys.get(key) ?? snakeKeys.set(key, key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).get(key)!;
const snakeRow = (row: Row): SqlRow => Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v ?? null]));
/** A stored value as the validated input carries it: dates as YYYY-MM-DD, empty as null. */
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value === undefined || value === '' ? null : value);

interface StoredPerson {
  id: string;
  profile: Row;
  addressId: string | null;
  address: Row | null;
  role: { id: string; archived: boolean; notePrivate: string | null; details: Row | null; groupIds: string[] } | null;
}

/** `keys` (camelCase) of a stored row as the database names them (snake_case), as the validated input carries them. */
const pickStored = (from: Row | null | undefined, keys: readonly string[]): Row => Object.fromEntries(keys.map((k) => [k, comparable(from?.[snake(k)])]));

/**
 * The club's people with these tax codes, with their role of `kind` (and its details) and address: one statement
 * per 2,000 codes, other requests let in between, rows as JSON (dates come as YYYY-MM-DD, as the validated rows carry them).
 */
async function storedPeople(ctx: RequestContext, clubId: string, kind: PersonKindKey, taxCodes: string[]): Promise<Map<string, StoredPerson>> {
  const details = PEOPLE_KINDS[kind].details;
  const found = new Map<string, StoredPerson>();
  const db = clubDb(ctx);
  for (let i = 0; i < taxCodes.length; i += 2_000) {
    const people = await db.$queryRaw<Array<{ person: Row; address: Row | null }>>(clubSql(clubId)`
      SELECT to_jsonb(p) AS person, to_jsonb(a) AS address
      FROM people p LEFT JOIN addresses a ON a.id = p.address_id AND a.club_id = p.club_id
      WHERE p.club_id = ${CLUB} AND p.tax_id_code = ANY(${taxCodes.slice(i, i + 2_000)}::text[])`);
    if (!people.length) continue;
    const roles = await db.$queryRaw<Array<{ role: Row; details: Row | null; group_ids: string[] }>>(clubSql(clubId)`
      SELECT to_jsonb(r) AS role,
             COALESCE(to_jsonb(ad), to_jsonb(cd), to_jsonb(md), to_jsonb(gd)) AS details,
             ARRAY(SELECT m.group_id::text FROM group_members m WHERE m.role_id = r.id) AS group_ids
      FROM person_roles r
      LEFT JOIN athlete_details ad ON ad.role_id = r.id
      LEFT JOIN coach_details cd ON cd.role_id = r.id
      LEFT JOIN member_details md ON md.role_id = r.id
      LEFT JOIN manager_details gd ON gd.role_id = r.id
      WHERE r.club_id = ${CLUB} AND r.kind = ${kind}::"PersonKind" AND r.person_id = ANY(${people.map((p) => p.person.id as string)}::uuid[])
      ORDER BY r.archived_at IS NULL, r.archived_at`);
    // A person registered again keeps their archived roles of the kind beside the active one: the active one (last) wins.
    const roleOf = new Map(roles.map((r) => [r.role.person_id as string, r]));
    // Read by their column names: converting every key of 100,000 rows to camelCase was a quarter of a re-import.
    for (const { person, address } of people) {
      const held = roleOf.get(person.id as string);
      const role = held?.role;
      found.set(person.tax_id_code as string, {
        id: person.id as string,
        profile: pickStored(person, PROFILE_FIELDS),
        addressId: (person.address_id as string | null) ?? null,
        address: address ? pickStored(address, ADDRESS_FIELDS) : null,
        role: role
          ? {
              id: role.id as string,
              archived: role.archived_at !== null,
              notePrivate: (role.note_private as string | null) ?? null,
              details: details && held.details ? pickStored(held.details, DETAIL_FIELDS[kind]) : null,
              groupIds: held.group_ids ?? [],
            }
          : null,
      });
    }
    // PGlite answers in this thread without giving the event loop a turn: without this, the 20 statements of a
    // 100,000-row file kept every other request waiting (up to 10 s).
    await breathe();
  }
  return found;
}

/** The values a row brings for `keys` (only those it has). */
function given(values: object | undefined, keys: readonly string[]): Row {
  const source = (values ?? {}) as Row;
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

/** `stored` with the row's values applied as `mode` says; which keys changed. */
function merge(stored: Row, incoming: Row, mode: ImportMode): { merged: Row; changed: string[] } {
  const merged = { ...stored };
  const changed: string[] = [];
  for (const [key, value] of Object.entries(incoming)) {
    const before = stored[key] ?? null;
    const after = mode === 'overwrite' || before === null ? value : before;
    merged[key] = after;
    if (after !== before) changed.push(key);
  }
  return { merged, changed };
}

const nullRow = (keys: readonly string[]): Row => Object.fromEntries(keys.map((k) => [k, null]));

interface Decision {
  status: Exclude<ImportRowStatus, 'invalid'>;
  changes: string[];
}

const GROUPS_FIELD = 'groups';

/** The memberships of `groupIds` that `roleId` does not have yet, as rows to insert (their ids, for the undo). */
function joinGroups(writes: ImportWrites, roleId: string, groupIds: readonly string[], has: readonly string[] = []): string[] {
  const ids: string[] = [];
  for (const groupId of groupIds) {
    if (has.includes(groupId)) continue;
    const id = newImportRowId();
    ids.push(id);
    writes.groupMemberInserts.push({ id, group_id: groupId, role_id: roleId });
  }
  return ids;
}

type OtherRows = (personId: string) => { changes: string[]; otherRowIds: string[] };

/** The rows a valid row writes beside its person (cards and register, guardians) as one step for `decide`. */
function otherRows(...steps: Array<OtherRows | undefined>): OtherRows | undefined {
  const given = steps.filter((s): s is OtherRows => !!s);
  if (!given.length) return undefined;
  return (personId) => {
    const done = given.map((step) => step(personId));
    return { changes: done.flatMap((d) => d.changes), otherRowIds: done.flatMap((d) => d.otherRowIds) };
  };
}

/** What one valid row does to the club (filling `writes`, and the run's undo record), and what to say about it. */
function decide(
  kind: PersonKindKey,
  mode: ImportMode,
  input: SavePersonInput,
  stored: StoredPerson | undefined,
  writes: ImportWrites,
  groupIds: readonly string[] = [],
  season?: (personId: string) => { changes: string[]; otherRowIds: string[] },
): Decision {
  const decision = decideRow(kind, mode, input, stored, writes, groupIds);
  // The row's card and register entry (import-season.ts): for a person the row creates or updates; "only new"
  // leaves a person already registered as this kind as stored, their cards too.
  const seasonal = season && !(mode === 'only_new' && decision.status === 'unchanged') ? season(decision.touched.person_id) : null;
  if (seasonal?.changes.length) {
    if (decision.status !== 'new') decision.changes.push(...seasonal.changes);
    if (decision.status === 'unchanged') decision.status = 'updated';
  }
  if (decision.status !== 'unchanged') {
    writes.changes.push({
      ...decision.touched,
      ...(seasonal?.otherRowIds.length ? { other_row_ids: seasonal.otherRowIds } : {}),
      tax_id_code: input.profile.taxIdCode,
      name: `${input.profile.firstname} ${input.profile.lastname}`,
    });
  }
  return decision;
}

interface Touched {
  person_id: string;
  person_created: boolean;
  role_id: string;
  role_created: boolean;
  address_id: string | null;
  address_created: boolean;
  group_member_ids: string[];
}

function decideRow(
  kind: PersonKindKey,
  mode: ImportMode,
  input: SavePersonInput,
  stored: StoredPerson | undefined,
  writes: ImportWrites,
  groupIds: readonly string[],
): Decision & { touched: Touched } {
  const profileIn = given(input.profile, PROFILE_FIELDS);
  const addressIn = given(input.profile.address, ADDRESS_FIELDS);
  const detailsIn = given(input.details, DETAIL_FIELDS[kind]);
  const noteIn = input.notePrivate;
  const keysOf = (profile: Row) =>
    personKeys({ firstname: profile.firstname as string, lastname: profile.lastname as string, secondname: profile.secondname as string | null, nickname: profile.nickname as string | null, taxIdCode: input.profile.taxIdCode });
  const hasDetails = PEOPLE_KINDS[kind].details !== null;

  if (!stored) {
    const personId = newImportRowId();
    const roleId = newImportRowId();
    const addressId = Object.keys(addressIn).length ? newImportRowId() : null;
    if (addressId) writes.addressInserts.push(snakeRow({ ...nullRow(ADDRESS_FIELDS), ...addressIn, id: addressId }));
    const profile = { ...nullRow(PROFILE_FIELDS), ...profileIn };
    writes.peopleInserts.push(snakeRow({ ...profile, id: personId, taxIdCode: input.profile.taxIdCode, addressId, ...keysOf(profile) }));
    writes.roleInserts.push(snakeRow({ id: roleId, personId, notePrivate: noteIn ?? null }));
    if (hasDetails) writes.detailsUpserts.push(snakeRow({ ...nullRow(DETAIL_FIELDS[kind]), ...detailsIn, roleId }));
    const members = joinGroups(writes, roleId, groupIds);
    const touched = { person_id: personId, person_created: true, role_id: roleId, role_created: true, address_id: addressId, address_created: !!addressId, group_member_ids: members };
    return { status: 'new', changes: [], touched };
  }

  // "Only new": a person already registered as this kind is left as stored; one of another kind gets this role only.
  if (mode === 'only_new') {
    const unchanged = { person_id: stored.id, person_created: false, role_id: stored.role?.id ?? '', role_created: false, address_id: null, address_created: false, group_member_ids: [] };
    if (stored.role) return { status: 'unchanged', changes: [], touched: unchanged };
    const roleId = newImportRowId();
    writes.roleInserts.push(snakeRow({ id: roleId, personId: stored.id, notePrivate: noteIn ?? null }));
    if (hasDetails) writes.detailsUpserts.push(snakeRow({ ...nullRow(DETAIL_FIELDS[kind]), ...detailsIn, roleId }));
    const members = joinGroups(writes, roleId, groupIds);
    return { status: 'new', changes: [], touched: { ...unchanged, role_id: roleId, role_created: true, group_member_ids: members } };
  }

  const changes: string[] = [];
  const profile = merge(stored.profile, profileIn, mode);
  const address = merge(stored.address ?? nullRow(ADDRESS_FIELDS), addressIn, mode);
  changes.push(...profile.changed.map((k) => `profile.${k}`), ...address.changed.map((k) => `profile.address.${k}`));
  let addressId = stored.addressId;
  let addressCreated = false;
  if (address.changed.length) {
    if (addressId) writes.addressUpdates.push(snakeRow({ ...address.merged, id: addressId }));
    else {
      addressId = newImportRowId();
      addressCreated = true;
      writes.addressInserts.push(snakeRow({ ...address.merged, id: addressId }));
    }
  }
  const touched = (roleId: string, roleCreated: boolean, members: string[]): Touched => ({
    person_id: stored.id,
    person_created: false,
    role_id: roleId,
    role_created: roleCreated,
    address_id: address.changed.length ? addressId : null,
    address_created: addressCreated,
    group_member_ids: members,
  });
  if (profile.changed.length || addressId !== stored.addressId) {
    writes.peopleUpdates.push(snakeRow({ ...profile.merged, id: stored.id, addressId, ...keysOf(profile.merged) }));
  }

  if (!stored.role) {
    const roleId = newImportRowId();
    writes.roleInserts.push(snakeRow({ id: roleId, personId: stored.id, notePrivate: noteIn ?? null }));
    if (hasDetails) writes.detailsUpserts.push(snakeRow({ ...nullRow(DETAIL_FIELDS[kind]), ...detailsIn, roleId }));
    return { status: 'new', changes, touched: touched(roleId, true, joinGroups(writes, roleId, groupIds)) };
  }
  const note = merge({ notePrivate: stored.role.notePrivate }, noteIn === undefined ? {} : { notePrivate: noteIn }, mode);
  if (note.changed.length) {
    writes.roleUpdates.push(snakeRow({ id: stored.role.id, notePrivate: note.merged.notePrivate }));
    changes.push('notePrivate');
  }
  if (hasDetails) {
    const details = merge(stored.role.details ?? nullRow(DETAIL_FIELDS[kind]), detailsIn, mode);
    if (details.changed.length) {
      writes.detailsUpserts.push(snakeRow({ ...details.merged, roleId: stored.role.id }));
      changes.push(...details.changed.map((k) => `details.${k}`));
    }
  }
  const members = joinGroups(writes, stored.role.id, groupIds, stored.role.groupIds);
  if (members.length) changes.push(GROUPS_FIELD);
  return { status: changes.length ? 'updated' : 'unchanged', changes, touched: touched(stored.role.id, false, members) };
}

function parseMode(mode: unknown): ImportMode {
  if (mode === undefined || mode === null || mode === '') return DEFAULT_IMPORT_MODE;
  if (typeof mode === 'string' && (IMPORT_MODES as readonly string[]).includes(mode)) return mode as ImportMode;
  throw new ValidationError({ mode: IMPORT_MSG.modeInvalid }, IMPORT_MSG.modeInvalid);
}

/** A yes/no of the request (true/false, 1/0, their text), `fallback` when absent; else refused with `message` on `field`. */
function parseFlag(value: unknown, fallback: boolean, field: string, message: string): boolean {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  if (value === undefined || value === null || value === '') return fallback;
  throw new ValidationError({ [field]: message }, message);
}

const parseDryRun = (value: unknown) => parseFlag(value, false, 'dryRun', IMPORT_MSG.dryRunInvalid);

/** The header row the request chose: a row number from 1 (or its text), null when absent. */
function parseHeaderLine(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const line = typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof line === 'number' && Number.isInteger(line) && line >= 1) return line;
  throw new ValidationError({ headerLine: IMPORT_MSG.headerLineInvalid }, IMPORT_MSG.headerLineInvalid);
}

/** The CSV template of a kind (its columns' headers), for whoever may import. */
export function importTemplate(ctx: RequestContext, kind: unknown): { filename: string; csv: string } {
  clubMember(ctx);
  if (!isPersonKind(kind)) throw new ValidationError({ type: IMPORT_MSG.kindInvalid }, IMPORT_MSG.kindInvalid);
  return { filename: templateFileName(kind), csv: csvTemplate(kind) };
}

/**
 * Imports (or with `dryRun` previews) the people of one kind from a file, as the request's member of the club
 * (permission import.run). File-level problems (no file, empty, headers only, missing mandatory columns, too large,
 * too many rows, a zip bomb, a binary or corrupt file, an unknown kind or mode) are ValidationErrors and write
 * nothing; row-level problems are reported per row.
 */
export async function importPeople(ctx: RequestContext, request: ImportRequest, limits: ImportLimits = IMPORT_LIMITS): Promise<ImportOutcome> {
  // Checked here too, not only by the operation table: the file must not be read for a role that may not import,
  // whoever calls (tests/server/imports/import-people.test.ts calls the service directly).
  const actor = authorizeMember(ctx, 'import.run');
  // Each run (a dry run too) reads and checks up to 100,000 rows: counted per account and per club (rate-limits.ts).
  await ctx.deps.limits.consume('import', { account: actor.accountId, club: actor.clubId });
  if (!isPersonKind(request.kind)) throw new ValidationError({ type: IMPORT_MSG.kindInvalid }, IMPORT_MSG.kindInvalid);
  const kind = request.kind;
  const mode = parseMode(request.mode);
  const dryRun = parseDryRun(request.dryRun);
  const explicit = parseMapping(request.mapping);
  const validOnly = parseFlag(request.validOnly, false, 'validOnly', IMPORT_MSG.validOnlyInvalid);
  const tidyNames = parseFlag(request.tidyNames, true, 'tidyNames', IMPORT_MSG.tidyNamesInvalid);
  const headerLine = parseHeaderLine(request.headerLine);
  const cardBody = parseCardBody(request.cardBody);
  const progress = trackProgress(actor.clubId, actor.accountId, request.progressKey);
  try {
    return await runImport(ctx, actor, { kind, mode, dryRun, explicit, validOnly, tidyNames, headerLine, seasonId: request.seasonId, cardBody, file: request.file }, limits, progress);
  } finally {
    progress.end();
  }
}

interface ParsedRequest {
  kind: PersonKindKey;
  mode: ImportMode;
  dryRun: boolean;
  explicit: MappingChoice[] | null;
  validOnly: boolean;
  tidyNames: boolean;
  headerLine: number | null;
  seasonId: unknown;
  cardBody: string | null;
  file: ImportRequest['file'];
}

async function runImport(ctx: RequestContext, actor: Actor, request: ParsedRequest, limits: ImportLimits, progress: ProgressTracker): Promise<ImportOutcome> {
  const { kind, mode, dryRun, explicit, validOnly, tidyNames } = request;
  const file = typeof request.file === 'function' ? await request.file() : request.file;
  if (!file) throw fileRefusal(IMPORT_MSG.noFile);

  const table = withoutErrorColumns(await readImportFile(file.content, limits, { headerLine: request.headerLine }));
  // Read: the rows are known (total 0 until then, while a workbook is parsed in its worker).
  progress.set('reading', table.rows.length, table.rows.length);
  const remembered = explicit ? null : await rememberedMapping(ctx, kind, table.headers);
  let mapping: ColumnMapping;
  let mappingRemembered = false;
  try {
    if (remembered) {
      // A remembered mapping that no longer fits (a column since renamed) gives way to the automatic one.
      try {
        mapping = mapColumns(kind, table, remembered);
        mappingRemembered = true;
      } catch {
        mapping = mapColumns(kind, table);
      }
    } else mapping = mapColumns(kind, table, explicit ?? []);
  } catch (error) {
    // Mandatory columns missing from the header row: maybe the wrong row was taken; the top rows go with the refusal.
    if (error instanceof ValidationError && 'file' in error.fields) throw new ImportHeaderError(error.message, table.headerLine ?? 1, table.topLines ?? []);
    throw error;
  }
  const health = HEALTH_DETAIL_FIELDS[kind] ?? [];
  if (!canWriteHealth(ctx) && [...mapping.columns, ...mapping.fallbacks].some((c) => health.some((h) => c.column.field === `details.${h}`))) throw new ForbiddenError(MSG.healthWriteDenied);
  const groupsColumn = mapping.columns.find((c) => c.column.type === 'groups');
  if (groupsColumn && !can(actor, 'groups.write')) throw new ForbiddenError(IMPORT_MSG.groupsDenied);
  const groups = groupsColumn ? await clubGroups(ctx, kind) : new Map<string, string>();
  const season = await importSeason(ctx, request.seasonId, usesSeason(mapping));

  // Every loop over the rows lets other requests in as it goes (turnTaker): 100,000 rows are seconds of CPU.
  const turn = turnTaker();
  const raws: Array<{ line: number; cells: Cell[]; raw: Record<string, unknown> }> = [];
  const codes = new Set<string>();
  const tidied = { names: 0, postalCodes: 0, genders: 0 };
  for (const r of table.rows) {
    await turn();
    const raw = rawRow(mapping, r.cells, table.date1904);
    const tidy = tidyRow(raw, tidyNames);
    if (tidy.names) tidied.names++;
    if (tidy.postalCode) tidied.postalCodes++;
    raws.push({ line: r.line, cells: r.cells, raw });
    const code = rowTaxCode(raw);
    if (code) codes.add(code);
  }
  const taxCodes = [...codes];
  const stored = await storedPeople(ctx, actor.clubId, kind, taxCodes);
  const seasonRows =
    season && usesSeason(mapping) ? await SeasonRows.read(ctx, actor.clubId, kind, mapping, season, request.cardBody, raws, [...stored.values()].map((p) => p.id)) : null;
  const guardianRows = usesGuardians(mapping) ? await GuardianRows.read(ctx, actor.clubId, mapping, tidyNames, raws, [...stored.values()].map((p) => p.id)) : null;

  const counts: ImportCounts = { total: raws.length, new: 0, updated: 0, unchanged: 0, invalid: 0 };
  const errors: RowError[] = [];
  const invalidRows: InvalidRow[] = [];
  const rows: ImportRowOutcome[] = [];
  let writes = emptyWrites();
  // On PostgreSQL the rows decided so far are written while the next ones are validated (import-early-writes.ts).
  const early = !request.dryRun && !seasonRows && !commitsInSlices(ctx.deps) ? earlyWrites(ctx, actor, { fileName: file.filename, format: table.format, kind, mode }, limits) : null;
  try {
    const firstLine = new Map<string, number>();
    const shown = limits.maxErrorsShown;
    const fail = (line: number, cells: Cell[], rowErrors: RowError[]) => {
      counts.invalid++;
      // All or nothing: nothing of this run will be written.
      if (!validOnly) early?.stop();
      invalidRows.push({ line, cells, errors: rowErrors });
      for (const e of rowErrors) if (errors.length < shown) errors.push(e);
    };

    progress.set('validating', 0, raws.length);
    // With parts being written, each of their statements waits for this loop's turn (sent, then answered): short turns.
    const validationTurn = early ? turnTaker(EARLY_TURN_MS) : turn;
    for (const [index, { line, cells, raw }] of raws.entries()) {
      const turning = validationTurn();
      if (turning) {
        progress.set('validating', index, raws.length);
        await turning;
      }
      const taxCode = rowTaxCode(raw);
      const person = stored.get(taxCode);
      // A sex left blank is read from the tax code, unless the person's stored one stands (validateRow uses it).
      if (!person?.profile.typeGenderId && genderFromTaxCode(raw)) tidied.genders++;
      const validated = validateRow(kind, mapping, line, raw, person?.profile.typeGenderId as number | null | undefined, cells);
      const rowErrors = validated.ok ? [] : validated.errors;
      const taxColumn = headerOf(kind, mapping, 'profile.taxIdCode');
      if (taxCode && firstLine.has(taxCode)) rowErrors.push({ row: line, column: taxColumn, field: 'profile.taxIdCode', message: IMPORT_MSG.duplicateInFile(firstLine.get(taxCode)!) });
      else if (taxCode) firstLine.set(taxCode, line);
      if (person?.role?.archived) rowErrors.push({ row: line, column: taxColumn, field: 'profile.taxIdCode', message: IMPORT_MSG.archivedRole(PERSON_KIND_INFO[kind].singular) });
      const groupIds: string[] = [];
      for (const name of groupNames(groupsCell(mapping, cells) ?? '')) {
        const id = groups.get(foldText(name));
        if (id) groupIds.push(id);
        else rowErrors.push({ row: line, column: groupsColumn?.header ?? null, field: 'groups', message: IMPORT_MSG.unknownGroup(name, importKindLabel(kind)) });
      }
      let plan: SeasonPlan | null = null;
      if (seasonRows) {
        const checked = seasonRows.check(line, raw, person?.id, cells);
        rowErrors.push(...checked.errors);
        plan = checked.plan;
      }
      let parents: GuardianPlan[] = [];
      if (guardianRows) {
        const checked = guardianRows.check(line, raw, validated.ok ? validated.input.profile.lastname : '', cells);
        rowErrors.push(...checked.errors);
        parents = checked.plans;
      }
      if (rowErrors.length || !validated.ok) {
        fail(line, cells, rowErrors);
        continue;
      }
      const seasonal = otherRows(
        plan && seasonRows ? (personId) => seasonRows.apply(plan, personId, writes) : undefined,
        parents.length && guardianRows ? (personId) => guardianRows.apply(parents, personId, writes) : undefined,
      );
      const decision = decide(kind, mode, validated.input, person, writes, [...new Set(groupIds)], seasonal);
      counts[decision.status]++;
      if (rows.length < shown) {
        rows.push({
          row: line,
          status: decision.status,
          taxIdCode: validated.input.profile.taxIdCode,
          name: `${validated.input.profile.firstname} ${validated.input.profile.lastname}`,
          changes: [...new Set(decision.changes.map((field) => headerOf(kind, mapping, field) ?? field))],
        });
      }
      if (early?.taking && writes.changes.length >= early.partRows) {
        early.write(writes);
        writes = emptyWrites();
      }
    }
    progress.set('validating', raws.length, raws.length);

    // All or nothing unless the request chose the valid rows only: then the invalid ones stay out, in the error file.
    const refused = counts.invalid > 0 && !validOnly;
    const outcome: ImportOutcome = {
      dryRun,
      kind,
      mode,
      fileName: file.filename,
      format: table.format,
      status: dryRun ? 'preview' : refused ? 'failed' : 'completed',
      message: dryRun
        ? IMPORT_MSG.preview
        : refused
          ? IMPORT_MSG.invalidRows(counts.invalid)
          : counts.invalid
            ? IMPORT_MSG.validOnlyImported(counts.total - counts.invalid, counts.invalid)
            : IMPORT_MSG.imported,
      counts,
      errors,
      rows,
      columns: [...mapping.columns, ...mapping.fallbacks].sort((a, b) => a.index - b.index).map((c) => ({ header: c.header, key: c.column.key })),
      ignoredColumns: mapping.ignored,
      runId: null,
      headers: table.headers,
      mappingRemembered,
      errorFile: invalidRows.length ? await errorFile(kind, table.headers, mapping, invalidRows, table.date1904) : null,
      validOnly,
      tidyNames,
      notices: [...importNotices(table, mapping, tidied), ...(guardianRows ? [guardianRows.summary().message] : [])],
      headerLine: table.headerLine ?? 1,
      topLines: table.topLines ?? [],
      seasonWrites: seasonRows?.summary() ?? null,
      guardianWrites: guardianRows?.writes ?? null,
    };
    // What the user chose is kept when it was used for real, or explicitly corrected in a preview.
    if ((dryRun && explicit) || outcome.status === 'completed') await rememberMapping(ctx, actor.clubId, kind, table.headers, mappingChoices(table.headers, mapping));
    if (dryRun) return outcome;

    outcome.runId = await recordRun(ctx, actor, outcome, writes, progress, limits.sliceRows ?? ctx.deps.config.importSliceRows, early);
    return outcome;
  } finally {
    // Whatever ended the run early (an error, a refusal) leaves nothing of it written; a no-op after a commit.
    await early?.rollback();
  }
}

type Actor = { clubId: string; accountId: string } & Parameters<typeof can>[0];

/** What was read differently from the file as written (ImportOutcome.notices), in the file's order. */
function importNotices(table: ImportTable, mapping: ColumnMapping, tidied: { names: number; postalCodes: number; genders: number }): string[] {
  const notices: string[] = [];
  if (table.headerChosen) notices.push(IMPORT_MSG.headerChosen(table.headerLine ?? 1));
  else if (table.headerLine && table.headerLine > 1) notices.push(IMPORT_MSG.titleRows(table.headerLine));
  for (const f of mapping.fallbacks) notices.push(IMPORT_MSG.secondColumn(f.header, mapping.columns.find((c) => c.column.key === f.column.key)!.header));
  if (tidied.genders) notices.push(IMPORT_MSG.genderFromTaxCode(tidied.genders));
  if (tidied.names) notices.push(IMPORT_MSG.namesTidied(tidied.names));
  if (tidied.postalCodes) notices.push(IMPORT_MSG.postalCodesPadded(tidied.postalCodes));
  if (table.blankRows) notices.push(IMPORT_MSG.blankRows(table.blankRows));
  if (table.summaryLines?.length) notices.push(IMPORT_MSG.skippedRows(table.summaryLines));
  return notices;
}

/** Every header of the file with the column it fed (null: ignored), as remembered. */
const mappingChoices = (headers: readonly string[], mapping: ColumnMapping): MappingChoice[] =>
  // A header repeated in the file is named once, by its first column (the one a choice names).
  headers.flatMap((header, index) =>
    header && headers.indexOf(header) === index ? [{ header, key: [...mapping.columns, ...mapping.fallbacks].find((c) => c.index === index)?.column.key ?? null }] : [],
  );

/** The club's groups of `kind` not archived, by folded name (a name is unique per club and kind). */
async function clubGroups(ctx: RequestContext, kind: PersonKindKey): Promise<Map<string, string>> {
  const groups = await clubDb(ctx).group.findMany({ where: { type: kind, archivedAt: null }, select: { id: true, name: true } });
  return new Map(groups.map((g) => [foldText(g.name), g.id]));
}

/** The mapping argument: a list of {header, key}, or that list as JSON (the REST field); absent is null. */
function parseMapping(value: unknown): MappingChoice[] | null {
  if (value === undefined || value === null || value === '') return null;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = null;
    }
  }
  const valid =
    Array.isArray(list) &&
    list.every((c: unknown) => !!c && typeof c === 'object' && typeof (c as MappingChoice).header === 'string' && ((c as MappingChoice).key == null || typeof (c as MappingChoice).key === 'string'));
  if (!valid) throw new ValidationError({ mapping: IMPORT_MSG.mappingInvalid }, IMPORT_MSG.mappingInvalid);
  const choices = (list as MappingChoice[]).map((c) => ({ header: c.header, key: c.key ?? null }));
  return choices.length ? choices : null;
}

/** The run's record: who ran it, on what file, and (once the rows are decided) what it did. */
function runData(actor: Actor, actorName: string | null, outcome: RunFile & Partial<Pick<ImportOutcome, 'counts' | 'errors'>>, status: string, now: Date, undoable: boolean) {
  const counts = outcome.counts ?? { total: 0, new: 0, updated: 0, unchanged: 0, invalid: 0 };
  return {
    clubId: actor.clubId,
    accountId: actor.accountId,
    actorName,
    fileName: clipName(outcome.fileName),
    fileFormat: outcome.format,
    kind: outcome.kind,
    mode: outcome.mode,
    status,
    totalRows: counts.total,
    newRows: counts.new,
    updatedRows: counts.updated,
    unchangedRows: counts.unchanged,
    invalidRows: counts.invalid,
    errors: (outcome.errors ?? []).map((e) => ({ ...e })),
    createdAt: now,
    undoableUntil: undoable ? new Date(now.getTime() + IMPORT_UNDO_DAYS * 86_400_000) : null,
  };
}

type RunFile = Pick<ImportOutcome, 'fileName' | 'format' | 'kind' | 'mode'>;

/**
 * The run written while its rows are validated (import-early-writes.ts), on PostgreSQL: its record is created in the
 * held transaction as `writing` (seen by no one before the commit) and completed by recordRun.
 */
function earlyWrites(ctx: RequestContext, actor: Actor, file: RunFile, limits: ImportLimits): EarlyWrites {
  const now = new Date();
  return new EarlyWrites(
    clubDb(ctx),
    actor.clubId,
    {
      openRun: async (tx) => {
        const actorName = await actorNameOf(ctx, actor.accountId);
        const run = await tx.importRun.create({ data: runData(actor, actorName, file, 'writing', now, false), select: { id: true } });
        // Every part is written in this one transaction: its id recorded once.
        await recordWriteXid(tx, actor.clubId, run.id);
        return run.id;
      },
      writePart: async (tx, runId, part, onRows) => {
        if (file.kind === 'athlete') await decideCertificates(clubDb(ctx), actor.clubId, part);
        await writePart(tx, actor.clubId, runId, file.kind, part, onRows, { deferTrigrams: true, recordXid: false });
      },
    },
    limits.sliceRows ?? EARLY_PART_ROWS,
  );
}

/** How long the validation holds the event loop while parts are written early (else TURN_MS: import-write.ts). */
const EARLY_TURN_MS = 2;

/** People per part written early: the write statements' own chunk (import-write.ts), so no statement is a remnant. */
const EARLY_PART_ROWS = 2_000;

/**
 * Writes the rows (a completed run) and records the run, all or nothing (import-commit.ts: one transaction, or on
 * PGlite slice by slice with the slices reverted on failure); answers the run's id. A run whose first rows were
 * written while the rest were validated (`early`) is finished in its held transaction, or rolled back if refused.
 */
async function recordRun(
  ctx: RequestContext,
  actor: Actor,
  outcome: ImportOutcome,
  writes: ImportWrites,
  progress: ProgressTracker,
  sliceRows: number,
  early: EarlyWrites | null,
): Promise<string> {
  const completed = outcome.status === 'completed';
  try {
    if (early?.started && completed) return await finishEarly(ctx, actor, outcome, writes, progress, early);
    await early?.rollback();
    return await writeRun(ctx, actor, outcome, writes, progress, sliceRows);
  } catch (error) {
    // Someone else registered one of these tax codes (or roles) after the rows were matched: the unique indexes
    // refused the write, so nothing of the run is left.
    if (sqlStateOf(error) === '23505') throw new ConflictError(IMPORT_MSG.concurrent);
    if (longWriteTimedOut(error)) throw new ValidationError({ file: IMPORT_MSG.writeTimeout }, IMPORT_MSG.writeTimeout);
    throw error;
  } finally {
    // Maintenance, not part of the answer: run after it (the app waits for it before closing the database).
    if (completed) {
      ctx.deps.background.run('import: trigram pending lists and statistics', async () => {
        await cleanTrigramIndexes(ctx);
        await refreshStatistics(statisticsDb(ctx));
      });
    }
  }
}

/** The rest of an early-written run, its record completed and its line in the access log, then the commit. */
async function finishEarly(ctx: RequestContext, actor: Actor, outcome: ImportOutcome, rest: ImportWrites, progress: ProgressTracker, early: EarlyWrites): Promise<string> {
  const now = new Date();
  return early.finish(
    rest,
    async (tx, runId) => {
      const { status, totalRows, newRows, updatedRows, unchangedRows, invalidRows, errors, undoableUntil } = runData(actor, null, outcome, outcome.status, now, true);
      await tx.importRun.update({ where: { id: runId }, data: { status, totalRows, newRows, updatedRows, unchangedRows, invalidRows, errors, undoableUntil }, select: { id: true } });
      logImport(tx, { entityType: 'import', entityId: runId, entityLabel: clipName(outcome.fileName), detail: importSummary(outcome) });
    },
    { start: (done, total) => progress.set('writing', done, total), add: (rows) => progress.add(rows) },
  );
}

/** A run written after its validation: in one transaction, or on PGlite slice by slice. */
async function writeRun(ctx: RequestContext, actor: Actor, outcome: ImportOutcome, writes: ImportWrites, progress: ProgressTracker, sliceRows: number): Promise<string> {
  const { kind } = outcome;
  const actorName = await actorNameOf(ctx, actor.accountId);
  const completed = outcome.status === 'completed';
  const undoable = completed && writes.changes.length > 0;
  const sliced = completed && commitsInSlices(ctx.deps);
  // The certificate history of imported expiries, decided by the person form's rule before the rows are cut in slices.
  if (completed && kind === 'athlete') await decideCertificates(clubDb(ctx), actor.clubId, writes);
  // On PGlite: parts of the sizer's least, as many of them per slice as the last slice's time allows.
  const sizer = sliceSizer(sliceRows);
  const parts = completed ? (sliced ? sliceWrites(writes, sizer.min) : [writes]) : [];
  const now = new Date();
  const db = clubDb(ctx);
  return longWrite(db, { sliced, clubId: actor.clubId }, async (slice) => {
    const runId = await slice(async (tx) => {
      const run = await tx.importRun.create({ data: runData(actor, actorName, outcome, sliced ? 'writing' : outcome.status, now, undoable), select: { id: true } });
      // New soci without a number take the sequence's next ones here, in the run's first transaction.
      if (completed) await numberNewMembers(tx, actor.clubId, writes);
      // The run's one line in the access log, with the run's first transaction (its slices' raw writes log none).
      logImport(tx, { entityType: 'import', entityId: run.id, entityLabel: clipName(outcome.fileName), detail: importSummary(outcome) });
      return run.id;
    });
    if (parts.length) progress.set('writing', 0, writeCount(writes));
    const onRows = (n: number) => progress.add(n);
    // On PGlite the slices are visible as they commit, and no autovacuum refreshes the statistics: other requests'
    // plans, made for the club before the run, went from milliseconds to seconds as its rows came in, until the
    // session served nothing else (50 s, then the run refused as busy). Refreshed as the written rows double.
    let analyzeAt = sliced ? STATISTICS_FROM_ROWS : Infinity;
    let written = 0;
    try {
      for (let i = 0; i < parts.length; ) {
        const taken = sliced ? Math.max(1, Math.floor(sizer.size / sizer.min)) : 1;
        const part = mergeWrites(parts.slice(i, (i += taken)));
        await slice(async (tx) => {
          const started = performance.now();
          await writePart(tx, actor.clubId, runId, kind, part, onRows, { deferTrigrams: !sliced, recordXid: true });
          sizer.took(part.changes.length, performance.now() - started);
        });
        written += part.changes.length;
        if (written >= analyzeAt) {
          await refreshStatistics(statisticsDb(ctx));
          analyzeAt = written * 2;
        }
      }
    } catch (error) {
      // On PGlite the slices before the failure are committed: put back, and the run recorded as not done.
      if (sliced) await abandonRun(db, actor.clubId, runId, { logged: true, sliceRows });
      throw error;
    }
    if (sliced) await slice((tx) => setRunStatus(tx, actor.clubId, runId, 'completed'));
    return runId;
  });
}

/** One part of a run's rows, with what the undo needs: the rows before, and the transaction the part is written in. */
async function writePart(
  tx: Db,
  clubId: string,
  runId: string,
  kind: PersonKindKey,
  part: ImportWrites,
  onRows: (n: number) => void,
  { deferTrigrams, recordXid }: { deferTrigrams: boolean; recordXid: boolean },
) {
  // The trigram indexes' new entries go to their pending lists and are merged in bulk once the run has committed
  // (cleanTrigramIndexes): entry by entry they were most of the people and roles inserts' cost. Not on PGlite: there
  // the merge of 100,000 rows' entries would be one statement of seconds in this thread, holding every request; the
  // usual limit (4 MB) merges them a few MB at a time, inside the slices (sized by time, so they stay short).
  if (deferTrigrams) await tx.$queryRaw(clubSql(clubId)`SELECT set_config('gin_pending_list_limit', ${GIN_PENDING_LIST_LIMIT}, true) WHERE ${CLUB} IS NOT NULL`);
  await recordBefore(tx, clubId, runId, part, onRows);
  await writeImport(tx, clubId, kind, part, onRows);
  if (recordXid && part.changes.length) await recordWriteXid(tx, clubId, runId);
}

/** Written rows of a sliced run (PGlite) at which the statistics are first refreshed, then at each doubling. */
const STATISTICS_FROM_ROWS = 1_000;

/** Big enough for the entries of the largest import (IMPORT_LIMITS.maxRows rows) to wait in the pending lists. */
const GIN_PENDING_LIST_LIMIT = '256MB';
const TRIGRAM_INDEXES = ['people_search_text_trgm_idx', 'person_roles_search_text_trgm_idx'];

/**
 * Merges the trigram indexes' pending entries left by a run: searches would otherwise scan them one by one until
 * PostgreSQL's autovacuum gets there (PGlite has none), or the next save past the usual limit would pay for them.
 * The run is committed by now, so a failure here is only logged; searches meanwhile are right, only slower. A
 * crash before it leaves the entries pending until the next run's merge (or autovacuum).
 */
async function cleanTrigramIndexes(ctx: RequestContext): Promise<void> {
  try {
    for (const index of TRIGRAM_INDEXES) await cleanPendingList(ctx, index);
  } catch (error) {
    ctx.deps.log.warn({ err: error }, 'import: trigram pending lists not cleaned');
  }
}

const clipName = (name: string) => (name || 'file').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);

/** The access log's line: the kind and what the run did. */
function importSummary(outcome: ImportOutcome): string {
  const { counts } = outcome;
  const what = `${PERSON_KIND_INFO[outcome.kind].plural}: ${counts.new} nuovi, ${counts.updated} aggiornati, ${counts.unchanged} invariati`;
  if (outcome.status !== 'completed') return `Non eseguita: ${counts.invalid} righe non valide su ${counts.total}`;
  // The season's cards and register entries, when the file had their columns.
  const season =
    (outcome.seasonWrites ? `; ${outcome.seasonWrites.messages.join(' ').replace(/\.$/, '')}` : '') +
    (outcome.guardianWrites ? `; ${outcome.guardianWrites.message.replace(/\.$/, '')}` : '');
  return counts.invalid ? `${what}${season}; solo righe valide, ${counts.invalid} non valide escluse` : `${what}${season}`;
}

async function actorNameOf(ctx: RequestContext, accountId: string): Promise<string | null> {
  const profile = await ctx.deps.db.accountProfile.findUnique({ where: { accountId }, select: { firstname: true, lastname: true } });
  const name = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ');
  return name || null;
}

