// Exporting a list as a file (issue 12 point 6): the six people kinds with the list's filters, groups, categories,
// the feed, the archive; CSV or XLSX; ALL the rows the filters match (read in chunks), not one page, up to
// EXPORT_MAX_ROWS. Permission export.run, and each list's own read permission (the list services check it: their
// `where` is reused, so an export shows exactly what the list shows, in the same club scope). People are written
// with the import template's columns and cell formats (schema/import-columns.ts), so an exported file imports
// unchanged. Archived people only in the archive export, archived posts never (they are not in the feed).
import { z } from 'zod';
import { clubDate } from '../../../schema/club-time';
import { GROUP_TYPES, PERSON_KIND_INFO, PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { isHealthField } from '../../../schema/health-data';
import { importColumns, joinGroupNames, type ImportColumn } from '../../../schema/import-columns';
import { MSG } from '../../../schema/messages';
import { logExport } from '../../access/access-log';
import { clubMember } from '../../access/authorize';
import { canReadHealth, revealHealth } from '../../access/health-data';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid } from '../../lib/club-rows';
import { SORTABLE_TIME } from '../../lib/csv';
import { ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { GROUP_ORDER, groupListWhere } from '../groups/list-groups.service';
import { ACTIVE_MEMBER } from '../groups/groups.policy';
import { PEOPLE_KINDS } from '../people/people.kinds';
import { roleIdsInput } from '../people/bulk-selection';
import { PEOPLE_ORDER, peopleListWhere, type PeopleFilters } from '../people/list-people.service';
import { postListQuery } from '../posts/list-posts.service';
import { withSeasonFilter } from '../seasons/season-filter';
import { dateCell, EXPORT_FORMATS, exportWriter, CONTENT_TYPES, type ExportCell } from './export-file';

/** The file handed back (the GraphQL face answers it as a DownloadFile). */
export interface ExportedFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export const EXPORT_LISTS = ['people', 'groups', 'categories', 'posts', 'archive'] as const;
export type ExportListKind = (typeof EXPORT_LISTS)[number];

/** Rows an export may hold: the import's own maximum, so any export can be imported back. */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows read per statement. */
const CHUNK = 1_000;

export const EXPORT_MSG = {
  listInvalid: 'Elenco da esportare non valido.',
  formatInvalid: 'Formato di esportazione non valido: scegli csv oppure xlsx.',
  kindRequired: 'Indica quali persone esportare (atleti, allenatori, ...).',
  tooManyRows: (max: number) => `L'elenco supera le ${max.toLocaleString('it-IT')} righe esportabili: restringi la ricerca o i filtri e riprova.`,
} as const;

export interface ExportRequest {
  list: unknown;
  format: unknown;
  /** people and archive: the kind (required). */
  kind?: unknown;
  search?: unknown;
  /** people: members of any of these groups; posts: addressed to any of them. Another club's ids match nothing. */
  groupIds?: readonly unknown[] | null;
  /** people: the dashboard's filters, as the list takes them; posts: addedWithin is the feed's "created" filter. */
  addedWithin?: PeopleFilters['addedWithin'];
  certificate?: PeopleFilters['certificate'];
  /** people and archive: only these roles (a selection of the list, 1 to BULK_MAX_IDS ids); another club's ids match nothing. */
  roleIds?: readonly unknown[] | null;
  /** people and archive: only the people in this season, as the list's season filter (seasons/season-filter.ts). */
  seasonId?: unknown;
  /** posts: 0, 1, 2. */
  priority?: unknown;
  /** posts: the feed's order (NEWEST unless given). */
  postOrder?: unknown;
}

const exportRequest = z.object({
  list: z.enum(EXPORT_LISTS, { error: EXPORT_MSG.listInvalid }),
  format: z.enum(EXPORT_FORMATS, { error: EXPORT_MSG.formatInvalid }),
  kind: z.enum(PERSON_KINDS, { error: MSG.kindInvalid }).nullish(),
});

/** The selection's ids that can name a role (an unknown or foreign one matches nothing): 1 to BULK_MAX_IDS of them. */
function selectedRoleIds(raw: readonly unknown[]): string[] {
  const ids = parseInput(z.object({ roleIds: roleIdsInput }), { roleIds: raw }, { summary: 'first' }).roleIds;
  return ids.filter((id): id is string => isUuid(id));
}

/** The ids among `groupIds` that can name a group (an unknown or foreign one simply matches nothing). */
const NO_GROUP = '00000000-0000-0000-0000-000000000000';
const groupIdsOf = (raw: ExportRequest['groupIds']): string[] | null => {
  if (!raw?.length) return null;
  const ids = raw.filter((id): id is string => isUuid(id));
  return ids.length ? ids : [NO_GROUP];
};

/** A table being exported: its headers, its row count (checked against the cap first), and its rows in chunks. */
interface ExportTable {
  name: string;
  headers: string[];
  count(): Promise<number>;
  rows(): AsyncIterable<ExportCell[][]>;
  /** What was exported, in words, for the access log. */
  describe: string;
}

/** Reads every row of a `findMany` in chunks through the cursor (the order must end on the unique id). */
async function* chunks<T extends { id: string }>(read: (cursor: string | undefined) => Promise<T[]>): AsyncIterable<T[]> {
  let cursor: string | undefined;
  for (;;) {
    const batch = await read(cursor);
    if (batch.length) yield batch;
    if (batch.length < CHUNK) return;
    cursor = batch[batch.length - 1].id;
  }
}
const page = (cursor: string | undefined) => ({ take: CHUNK, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) });

const yesNo = (value: boolean) => (value ? 'Sì' : 'No');
const when = (instant: Date) => SORTABLE_TIME.format(instant);

// ---- people ----

type Row = Record<string, unknown>;
const PERSON_INCLUDE = {
  person: { include: { address: true } },
  athlete: true,
  coach: true,
  member: true,
  manager: true,
  groups: { where: { group: { archivedAt: null } }, select: { group: { select: { name: true } } }, orderBy: [{ group: { name: 'asc' } }, { groupId: 'asc' }] },
} satisfies Prisma.PersonRoleInclude;
type ExportedRole = Prisma.PersonRoleGetPayload<{ include: typeof PERSON_INCLUDE }>;

/** A role's cell for a template column, in the template's format (dates as dates, gender M/F). */
function personCell(role: ExportedRole, kind: PersonKindKey, column: ImportColumn): ExportCell {
  if (column.key === 'groups') return joinGroupNames(role.groups.map((g) => g.group.name)) || null;
  const [scope, ...rest] = column.field.split('.');
  const relation = PEOPLE_KINDS[kind].details;
  const details = relation ? (role[relation] as Row | null) : null;
  const source: Row | null = scope === 'profile' ? (rest[0] === 'address' ? role.person.address : role.person) : scope === 'details' ? details : role;
  const value = source?.[rest[rest.length - 1] ?? scope];
  if (value === null || value === undefined || value === '') return null;
  if (column.type === 'gender') return value === 1 ? 'M' : value === 2 ? 'F' : null;
  if (value instanceof Date) return dateCell(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

async function peopleTable(ctx: RequestContext, kind: PersonKindKey, request: ExportRequest, archived: boolean): Promise<ExportTable> {
  const groupIds = groupIdsOf(request.groupIds);
  const filters = await withSeasonFilter(ctx, { kind, search: request.search, archived, addedWithin: request.addedWithin, certificate: request.certificate, seasonId: request.seasonId });
  const base = peopleListWhere(ctx, filters);
  const inGroups: Prisma.PersonRoleWhereInput = groupIds ? { ...base, groups: { some: { groupId: { in: groupIds }, clubId: base.clubId as string } } } : base;
  const where: Prisma.PersonRoleWhereInput = request.roleIds ? { ...inGroups, id: { in: selectedRoleIds(request.roleIds) } } : inGroups;
  // Health columns only for roles that may read them; the file still imports (a missing column changes nothing).
  const health = canReadHealth(ctx);
  const columns = importColumns(kind).filter((c) => health || !(c.field.startsWith('details.') && isHealthField(kind, c.field.slice(8))));
  const withHealth = columns.some((c) => c.field.startsWith('details.') && isHealthField(kind, c.field.slice(8)));
  const db = clubDb(ctx);
  const label = PERSON_KIND_INFO[kind].plural;
  return {
    name: archived ? `Archivio ${label}` : label,
    headers: [...columns.map((c) => c.header), ...(archived ? ['Archiviato il'] : [])],
    describe: archived ? `archivio ${label.toLowerCase()}` : label.toLowerCase(),
    count: () => db.personRole.count({ where }),
    async *rows() {
      for await (const batch of chunks((cursor) => db.personRole.findMany({ where, orderBy: PEOPLE_ORDER, include: PERSON_INCLUDE, ...page(cursor) }))) {
        // Allergies, certificates...: every person whose health data leaves in the file is logged as read.
        if (withHealth) revealHealth(ctx, { roleIds: batch.map((r) => r.id) }, 'Esportazione elenco');
        yield batch.map((role) => [...columns.map((c) => personCell(role, kind, c)), ...(archived ? [role.archivedAt ? when(role.archivedAt) : null] : [])]);
      }
    },
  };
}

// ---- groups and categories ----

async function groupsTable(ctx: RequestContext, request: ExportRequest, categories: boolean): Promise<ExportTable> {
  const types = categories ? ['athlete'] : GROUP_TYPES.map((t) => t.key).filter((k) => k !== 'athlete');
  const where = await groupListWhere(ctx, { types, search: request.search });
  const db = clubDb(ctx);
  const typeName = (key: string) => GROUP_TYPES.find((t) => t.key === key)?.name ?? key;
  return {
    name: categories ? 'Categorie' : 'Gruppi',
    headers: categories ? ['Nome', 'Atleti', 'Nascosta', 'Attiva', 'Creata il'] : ['Nome', 'Tipo', 'Persone', 'Nascosto', 'Attivo', 'Creato il'],
    describe: categories ? 'categorie' : 'gruppi',
    count: () => db.group.count({ where }),
    async *rows() {
      const include = { _count: { select: { members: { where: ACTIVE_MEMBER } } } } satisfies Prisma.GroupInclude;
      for await (const batch of chunks((cursor) => db.group.findMany({ where, orderBy: GROUP_ORDER, include, ...page(cursor) }))) {
        yield batch.map((g) =>
          categories
            ? [g.name, g._count.members, yesNo(g.isHidden), yesNo(g.isActive), when(g.createdAt)]
            : [g.name, typeName(g.type), g._count.members, yesNo(g.isHidden), yesNo(g.isActive), when(g.createdAt)],
        );
      }
    },
  };
}

// ---- feed ----

const PRIORITY_LABELS: Record<number, string> = { 0: '', 1: 'Importante', 2: 'Urgente' };

function postsTable(ctx: RequestContext, request: ExportRequest): ExportTable {
  const { where: base, orderBy } = postListQuery(ctx, { search: request.search, priority: request.priority, orderBy: request.postOrder, createdWithin: request.addedWithin });
  const groupIds = groupIdsOf(request.groupIds);
  const where: Prisma.PostWhereInput = groupIds ? { ...base, groups: { some: { groupId: { in: groupIds }, group: { clubId: base.clubId as string } } } } : base;
  const db = clubDb(ctx);
  const include = { groups: { select: { group: { select: { name: true } } }, orderBy: [{ group: { name: 'asc' } }, { groupId: 'asc' }] } } satisfies Prisma.PostInclude;
  return {
    name: 'Bacheca',
    headers: ['Titolo', 'Testo', 'Priorità', 'Gruppi', 'Pubblicato il'],
    describe: 'bacheca',
    count: () => db.post.count({ where }),
    async *rows() {
      for await (const batch of chunks((cursor) => db.post.findMany({ where, orderBy, include, ...page(cursor) }))) {
        yield batch.map((p) => [p.title, p.caption, PRIORITY_LABELS[p.priority] || null, joinGroupNames(p.groups.map((g) => g.group.name)) || null, when(p.createdAt)]);
      }
    },
  };
}

const FILE_NAMES: Record<Exclude<ExportListKind, 'people' | 'archive'>, string> = { groups: 'gruppi', categories: 'categorie', posts: 'bacheca' };

/**
 * The file of one list, as the request's member of the club (export.run, then the list's read permission). An
 * unknown list or format, a people list without its kind, more than EXPORT_MAX_ROWS rows: ValidationError, in Italian.
 */
export async function exportList(
  ctx: RequestContext,
  request: ExportRequest,
  { now = ctx.deps.now(), maxRows = EXPORT_MAX_ROWS, xlsxHeapMb }: { now?: Date; maxRows?: number; xlsxHeapMb?: number } = {},
): Promise<ExportedFile> {
  const actor = clubMember(ctx);
  // Every export reads and writes up to 100,000 rows: counted per account and per club (rate-limits.ts).
  await ctx.deps.limits.consume('export', { account: actor.accountId, club: actor.clubId });
  const { list, format, kind } = parseInput(exportRequest, { list: request.list, format: request.format, kind: request.kind });
  if ((list === 'people' || list === 'archive') && !kind) throw new ValidationError({ kind: EXPORT_MSG.kindRequired }, EXPORT_MSG.kindRequired);
  const table =
    list === 'people' || list === 'archive'
      ? await peopleTable(ctx, kind!, request, list === 'archive')
      : list === 'posts'
        ? postsTable(ctx, request)
        : await groupsTable(ctx, request, list === 'categories');

  const total = await table.count();
  if (total > maxRows) throw new ValidationError({ list: EXPORT_MSG.tooManyRows(maxRows) }, EXPORT_MSG.tooManyRows(maxRows));

  const writer = exportWriter(format, table.headers, table.name, { xlsxHeapMb });
  let content: Buffer;
  try {
    for await (const rows of table.rows()) {
      writer.add(rows);
      // Let other requests in between chunks (PGlite runs in this thread).
      await new Promise((resolve) => setImmediate(resolve));
    }
    content = await writer.finish();
  } finally {
    writer.close();
  }
  const filename = `${list === 'people' ? kind : list === 'archive' ? `archivio_${kind}` : FILE_NAMES[list]}_${clubDate(now)}.${format}`;
  logExport(ctx, { entityType: list === 'people' || list === 'archive' ? 'person' : list === 'posts' ? 'post' : 'group', entityLabel: filename, detail: describe(table.describe, request, total) });
  return { filename, contentType: CONTENT_TYPES[format], content };
}

/** The export in words, for the access log. */
function describe(what: string, request: ExportRequest, total: number): string {
  const parts = [
    what,
    typeof request.search === 'string' && request.search.trim() && `ricerca "${request.search.trim()}"`,
    request.groupIds?.length && `${request.groupIds.length === 1 ? '1 gruppo' : `${request.groupIds.length} gruppi`}`,
    request.roleIds && 'selezione',
    `${total} righe`,
  ].filter(Boolean);
  return parts.join('; ');
}
