// The club-scoped data access: every read and write of a club-owned model (one with a `clubId` column) goes through
// a client bound to one club, which puts that club into the statement itself (hitobito's "readables", Documenso's
// permission-in-the-where), so an id of another club behaves exactly like an unknown id and a service cannot forget
// the club. Without a scope the app's client refuses club-owned models outright (MissingClubScopeError): a new
// service that forgets the club fails loudly in its first test instead of leaking.
//
// What the scope does, per operation of a club-owned model:
//   - reads, counts, aggregates, updates, deletes (single or many): `clubId` added to the top-level `where`
//     (a `clubId` the caller wrote is overridden, so naming another club matches nothing);
//   - create, createMany, upsert's create and every nested create of a club-owned model: `clubId` set, and a
//     different one the caller wrote is refused (ClubScopeViolationError: a bug, never user input);
//   - raw SQL ($queryRaw, $executeRaw): allowed only when the club is one of the statement's parameters, so the
//     statement itself is what filters by club (services write it with clubSql, club-sql.ts); the unsafe variants never.
//   - relations read inside any statement (`include`, `select`, `_count`, the relation loads of Pothos): a list or
//     optional relation to a club-owned model gets the club in its `where` too, and every narrowing below, so no
//     path through the data model reaches a row that the same model's own reads would not.
// Models without `clubId` are the account side (Account, Session, ...), the club itself and the membership that
// grants access to it; details tables hang off a role (1:1, keyed by roleId) and are reached through their role
// (read on their own, they are narrowed to the roles the scope shows).
import type { PrismaClient } from '../generated/prisma/client.js';
import { getDatamodel } from '../generated/pothos-types';

/** A service reached club-owned data without a club scope: a programming error, surfaced as a 500 and logged. */
export class MissingClubScopeError extends Error {
  constructor(what: string) {
    super(`${what} needs a club scope: use the request's club-scoped client (ctx.db), or deps.systemDb for a deliberate cross-club operation`);
    this.name = 'MissingClubScopeError';
  }
}

/** A write named another club than its scope's. */
export class ClubScopeViolationError extends Error {
  constructor(model: string) {
    super(`${model}: a write named another club than the scope's`);
    this.name = 'ClubScopeViolationError';
  }
}

type Field = { name: string; kind: string; type: string; isList?: boolean; isRequired?: boolean; relationFromFields?: readonly string[] };
/** The data model's models and fields (shared with organisation-scope.ts, which fences by the same relations). */
export const MODELS: Record<string, { fields: readonly Field[] }> = getDatamodel().datamodel.models;

/** Club-owned: the models with a `clubId` column, except the membership (the access grant itself, read by account). */
export const CLUB_OWNED_MODELS: ReadonlySet<string> = new Set(
  Object.entries(MODELS)
    .filter(([name, model]) => name !== 'Membership' && model.fields.some((f) => f.name === 'clubId' && f.kind === 'scalar'))
    .map(([name]) => name),
);

/** For nested writes and reads: model -> relation field -> target model, and whether it is a list or required. */
type Relation = { target: string; list: boolean; required: boolean };
export const RELATIONS = new Map(
  Object.entries(MODELS).map(([name, model]) => [
    name,
    new Map<string, Relation>(model.fields.filter((f) => f.kind === 'object').map((f) => [f.name, { target: f.type, list: !!f.isList, required: !!f.isRequired }])),
  ]),
);

/** A role's details tables (no `clubId`, one required `role`): AthleteDetails, CoachDetails, ... */
export const DETAILS_MODELS: ReadonlySet<string> = new Set(
  [...RELATIONS].filter(([name, relations]) => !CLUB_OWNED_MODELS.has(name) && relations.get('role')?.target === 'PersonRole' && relations.get('role')?.required).map(([name]) => name),
);

export const WHERE_OPERATIONS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
  'upsert',
]);
export const CREATE_OPERATIONS = new Set(['create', 'createMany', 'createManyAndReturn', 'upsert']);

export type Row = Record<string, unknown>;
export const isRow = (value: unknown): value is Row => !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** Sets `clubId` on a row to create (refusing another club), then on the club-owned rows nested in it. */
function stampCreate(model: string, row: unknown, clubId: string): void {
  if (!isRow(row)) return;
  if (CLUB_OWNED_MODELS.has(model)) {
    if (row.clubId !== undefined && row.clubId !== clubId) throw new ClubScopeViolationError(model);
    // A row written with the relation form (`club: { connect }`) names its club there; otherwise the column.
    if (!('club' in row)) row.clubId = clubId;
    else if (!isRow(row.club) || !isRow(row.club.connect) || row.club.connect.id !== clubId) throw new ClubScopeViolationError(model);
  }
  stampNested(model, row, clubId);
}

/** Walks the relation fields of a create or update `data` for nested creates of club-owned rows. */
function stampNested(model: string, data: unknown, clubId: string): void {
  if (!isRow(data)) return;
  const relations = RELATIONS.get(model);
  if (!relations) return;
  for (const [field, value] of Object.entries(data)) {
    const target = relations.get(field)?.target;
    if (!target || !isRow(value)) continue;
    const each = (rows: unknown, fn: (row: unknown) => void) => (Array.isArray(rows) ? rows.forEach(fn) : fn(rows));
    each(value.create, (row) => stampCreate(target, row, clubId));
    if (isRow(value.createMany)) each(value.createMany.data, (row) => stampCreate(target, row, clubId));
    each(value.connectOrCreate, (entry) => isRow(entry) && stampCreate(target, entry.create, clubId));
    each(value.upsert, (entry) => {
      if (!isRow(entry)) return;
      stampCreate(target, entry.create, clubId);
      stampNested(target, entry.update, clubId);
    });
    each(value.update, (entry) => isRow(entry) && stampNested(target, 'data' in entry ? entry.data : entry, clubId));
  }
}

/**
 * The club is a parameter of the statement, as itself: server code builds its raw statements with clubSql
 * (club-sql.ts), which puts it there. A parameter that merely contains the club id (a JSON document, a lock key)
 * does not count: the statement itself must compare with the club.
 */
function sqlNamesClub(args: unknown, clubId: string): boolean {
  const values = isRow(args) && Array.isArray(args.values) ? args.values : [];
  return values.some((value) => value === clubId);
}

/**
 * A coach's narrowing (role allenatore): athletes only of the groups they coach. An athlete role outside them (and
 * its details), the profile of a person who holds no visible role, an athlete group they do not coach and its member
 * rows, the medical certificates (and their reminders) of anyone who is not an athlete of their groups all match
 * nothing, lists and counts included, by whatever relation they are reached: a person who is both a coach and an
 * athlete of another group shows the coach role only. Roles of other kinds stay visible (read permissions decide
 * about those).
 */
export interface AthleteGroupsScope {
  groupIds: readonly string[];
}

function narrowingFor(model: string, scope: AthleteGroupsScope): Row | null {
  const groupIds = [...scope.groupIds];
  const inGroups = { groups: { some: { groupId: { in: groupIds } } } };
  const visibleRole = { OR: [{ kind: { not: 'athlete' } }, inGroups] };
  // A certificate is an athlete's health data: shown only for an athlete of the coach's groups.
  const certificateOfTheirs = { person: { roles: { some: { kind: 'athlete', ...inGroups } } } };
  switch (model) {
    case 'PersonRole':
      return visibleRole;
    case 'Person':
      return { roles: { some: visibleRole } };
    case 'Group':
      return { OR: [{ type: { not: 'athlete' } }, { id: { in: groupIds } }] };
    case 'GroupMember':
      // Both ends visible: a member row of a group they coach, or a non-athlete in a non-athlete group.
      return { OR: [{ groupId: { in: groupIds } }, { role: { kind: { not: 'athlete' } }, group: { type: { not: 'athlete' } } }] };
    case 'MedicalCertificate':
      return certificateOfTheirs;
    case 'CertificateReminder':
      return { certificate: certificateOfTheirs };
    default:
      return null;
  }
}

/** Adds `extra` to a where with AND, keeping its top-level keys (unique lookups need them there). */
export function andWhere(where: unknown, extra: Row): Row {
  const base = isRow(where) ? where : {};
  const and: unknown[] = base.AND === undefined ? [] : Array.isArray(base.AND) ? base.AND : [base.AND];
  return { ...base, AND: [...and, extra] };
}

/** The statement's text names the people or role tables. */
function readsPeople(args: unknown): boolean {
  const strings = isRow(args) && Array.isArray(args.strings) ? args.strings.join(' ') : '';
  return /\b(people|person_roles)\b/.test(strings);
}

/** The statement takes the coach's group ids as a parameter (an array value equal to them). */
function sqlNamesGroups(args: unknown, scope: AthleteGroupsScope): boolean {
  const values = isRow(args) && Array.isArray(args.values) ? args.values : [];
  const wanted = [...scope.groupIds].sort().join(',');
  return values.some((value) => Array.isArray(value) && [...(value as unknown[])].sort().join(',') === wanted);
}

export const READ_OPERATIONS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy']);

/** What a read of `model` reached through a relation must also match (the club, a coach's narrowing), or null. */
export type RelationFilter = (model: string) => Row | null;

const withFilter = (args: unknown, filter: Row): Row => {
  const row = isRow(args) ? args : {};
  return { ...row, where: andWhere(row.where, filter) };
};

/**
 * `args` (a statement's, or a relation's within it) with `filter` added to every list or optional relation read in
 * its `select`, `include` and `_count`, at any depth. New objects throughout: callers pass shared constants (the
 * legacy records' includes), which must never carry one request's scope into the next. A required to-one relation
 * cannot take a `where`; it leads from a row already narrowed to one its narrowing implies (a role's person, a
 * member row's role, a certificate's person).
 */
export function narrowRelations(model: string, args: Row, filter: RelationFilter): Row {
  const relations = RELATIONS.get(model);
  if (!relations) return args;
  let narrowed = args;
  for (const key of ['select', 'include'] as const) {
    const shape = args[key];
    if (!isRow(shape)) continue;
    const next: Row = {};
    for (const [field, value] of Object.entries(shape)) {
      const relation = relations.get(field);
      if (field === '_count') next[field] = narrowCount(relations, value, filter);
      else if (!relation || !value) next[field] = value;
      else {
        const extra = relation.list || !relation.required ? filter(relation.target) : null;
        next[field] = !extra && value === true ? true : narrowRelations(relation.target, extra ? withFilter(value, extra) : isRow(value) ? value : {}, filter);
      }
    }
    narrowed = { ...narrowed, [key]: next };
  }
  return narrowed;
}

/** `_count` (true: every list relation) with the filter in each counted relation. */
function narrowCount(relations: Map<string, Relation>, value: unknown, filter: RelationFilter): unknown {
  const counted =
    value === true ? Object.fromEntries([...relations].filter(([, r]) => r.list).map(([field]) => [field, true])) : isRow(value) && isRow(value.select) ? value.select : null;
  if (!counted) return value;
  const select = Object.fromEntries(
    Object.entries(counted).map(([field, v]) => {
      const extra = v && relations.get(field) ? filter(relations.get(field)!.target) : null;
      return [field, extra ? withFilter(v, extra) : v];
    }),
  );
  return { ...(isRow(value) ? value : {}), select };
}

/** The relation filter of a scope: the club on club-owned models, and a coach's narrowing. */
const relationFilter =
  (clubId: string, athleteGroups?: AthleteGroupsScope): RelationFilter =>
  (model) => {
    const narrowing = athleteGroups ? narrowingFor(model, athleteGroups) : null;
    if (!CLUB_OWNED_MODELS.has(model)) return narrowing;
    return narrowing ? { AND: [{ clubId }, narrowing] } : { clubId };
  };

export type QueryHook = (params: { model?: string; operation: string; args: unknown; query: (args: unknown) => Promise<unknown> }) => Promise<unknown>;

const scopeHook = (clubId: string, athleteGroups?: AthleteGroupsScope): QueryHook => {
  const filter = relationFilter(clubId, athleteGroups);
  return async ({ model, operation, args, query }) => {
    if (!model) {
      if (operation === '$queryRaw' || operation === '$executeRaw') {
        if (!sqlNamesClub(args, clubId)) throw new MissingClubScopeError('Raw SQL that does not take the club as a parameter');
        // Under a coach's narrowing a statement that reads people or roles must take the groups too (a club-wide
        // count would leak); others (a file by id, group ids to filter further) are narrowed by what follows them.
        if (athleteGroups && readsPeople(args) && !sqlNamesGroups(args, athleteGroups)) {
          throw new MissingClubScopeError('Raw SQL on people under a group scope that does not take the groups as a parameter');
        }
      } else if (operation === '$queryRawUnsafe' || operation === '$executeRawUnsafe') {
        throw new MissingClubScopeError(`${operation}`);
      }
      return query(args);
    }
    let a = (args ?? {}) as Row;
    // Relations read by the statement, whatever its operation (a write answers rows too).
    if (isRow(a.select) || isRow(a.include)) a = narrowRelations(model, a, filter);
    // A details table read on its own: only the details of a role the scope shows.
    if (DETAILS_MODELS.has(model) && READ_OPERATIONS.has(operation)) {
      a.where = andWhere(a.where, { role: { AND: [{ clubId }, ...(athleteGroups ? [narrowingFor('PersonRole', athleteGroups)!] : [])] } });
    }
    if (CLUB_OWNED_MODELS.has(model)) {
      if (WHERE_OPERATIONS.has(operation)) a.where = { ...(isRow(a.where) ? a.where : {}), clubId };
      if (athleteGroups && WHERE_OPERATIONS.has(operation)) {
        // The per-kind counters cannot be narrowed: under a group scope the lists count their rows instead.
        if (model === 'PersonRoleCount') throw new MissingClubScopeError('PersonRoleCount under a group scope');
        const narrowing = narrowingFor(model, athleteGroups);
        if (narrowing) a.where = andWhere(a.where, narrowing);
      }
      if (CREATE_OPERATIONS.has(operation)) {
        const rows = operation === 'upsert' ? a.create : a.data;
        (Array.isArray(rows) ? rows : [rows]).forEach((row) => stampCreate(model, row, clubId));
      }
    }
    if (operation === 'update' || operation === 'updateMany' || operation === 'updateManyAndReturn') stampNested(model, a.data, clubId);
    if (operation === 'upsert') stampNested(model, a.update, clubId);
    if (operation === 'create' && !CLUB_OWNED_MODELS.has(model)) stampNested(model, a.data, clubId);
    return query(a);
  };
};

const guardHook: QueryHook = async ({ model, operation, args, query }) => {
  if (model && CLUB_OWNED_MODELS.has(model)) throw new MissingClubScopeError(`${model}.${operation}`);
  if (!model && operation !== '$transaction' && /^\$(query|execute)Raw/.test(operation)) throw new MissingClubScopeError(`Raw SQL (${operation})`);
  return query(args);
};

export const extend = (client: PrismaClient, hook: QueryHook) =>
  client.$extends({ query: { $allOperations: hook as never } }) as unknown as PrismaClient;

/** Each guarded client's unguarded client underneath: the fences of access/ are built on it (unguardedUnder). */
const underneath = new WeakMap<PrismaClient, PrismaClient>();

/** The app's everyday client: account-side models work, club-owned ones and raw SQL throw MissingClubScopeError. */
export const guardedClient = (system: PrismaClient): PrismaClient => {
  const guarded = extend(system, guardHook);
  underneath.set(guarded, system);
  return guarded;
};

/**
 * The unguarded client under `client` (itself when it is not a guarded client): for access/'s own fences only,
 * which put their narrowing on top of it (a fence over the guard would refuse the club-owned reads it narrows).
 */
export const unguardedUnder = (client: PrismaClient): PrismaClient => underneath.get(client) ?? client;

/**
 * A client (and its transactions) bound to one club, and for a coach to the athletes of their groups. `system` is
 * the unguarded client underneath.
 */
export const clubScopedClient = (system: PrismaClient, clubId: string, athleteGroups?: AthleteGroupsScope): PrismaClient =>
  extend(system, scopeHook(clubId, athleteGroups));
