// The data access of an organisation (issue 34 point 1): its API keys and its staff on the portal. Like the club
// scope (club-scope.ts) it puts the narrowing into every statement, so a service that forgets a where-clause still
// reaches nothing beyond the organisation's own rows and the clubs that consent to it:
//   - organisation-owned models (an `organisationId` column: its staff, keys, webhooks, invitations, request log,
//     affiliations): `organisationId` added to every statement's where and set on every create (another one
//     refused); their children (an affiliation's events, a request's clubs, a webhook's deliveries) narrowed
//     through their parent and written only nested in it;
//   - the organisation itself: its own row only (other organisations are read only as a relation: names and codes);
//   - club-owned models, the clubs and a role's details: the consenting clubs only (`clubId IN (...)`, relations
//     included, as club-scope.ts does for one club), READ-ONLY: every write is refused;
//   - raw SQL: $queryRaw only, when a parameter is the consenting clubs (or some of them) and the statement writes
//     nothing; $executeRaw and the unsafe variants never;
//   - every other model (accounts, sessions, memberships, ...) refused at the top level.
// An organisation-owned row names its club (an affiliation, a request's clubs): the organisation's link wins there,
// so the portal lists pending and ended affiliations too. Writes are for staff only (`writes`); an API key reads.
import type { PrismaClient } from '../generated/prisma/client.js';
import {
  andWhere,
  CLUB_OWNED_MODELS,
  CREATE_OPERATIONS,
  DETAILS_MODELS,
  extend,
  isRow,
  MODELS,
  narrowRelations,
  READ_OPERATIONS,
  RELATIONS,
  unguardedUnder,
  WHERE_OPERATIONS,
  type QueryHook,
  type RelationFilter,
  type Row,
} from './club-scope';

/** A statement an organisation's scope may not make: a bug (a 500, logged), never user input. */
export class OrganisationScopeError extends Error {
  constructor(what: string) {
    super(`${what}: outside the organisation's scope (its own rows, read-only the clubs that consent to it)`);
    this.name = 'OrganisationScopeError';
  }
}

export interface OrganisationFence {
  organisationId: string;
  /** The clubs that consent, resolved at most once, when a statement first needs them. */
  consentingClubs: () => Promise<readonly string[]>;
  /** Whether the organisation's own rows may be written (its staff); club data never is. */
  writes: boolean;
}

/** Models with an `organisationId` column. */
export const ORGANISATION_OWNED_MODELS: ReadonlySet<string> = new Set(
  Object.entries(MODELS)
    .filter(([, model]) => model.fields.some((f) => f.name === 'organisationId' && f.kind === 'scalar'))
    .map(([name]) => name),
);

/** Children of an organisation-owned row (no `organisationId` of their own): model -> the relation to their parent. */
const ORGANISATION_CHILDREN: ReadonlyMap<string, string> = new Map(
  Object.entries(MODELS).flatMap(([name, model]) => {
    if (ORGANISATION_OWNED_MODELS.has(name)) return [];
    const parent = model.fields.find((f) => f.kind === 'object' && f.isRequired && !f.isList && ORGANISATION_OWNED_MODELS.has(f.type) && f.relationFromFields?.length);
    return parent ? [[name, parent.name] as [string, string]] : [];
  }),
);

const READ_ONLY = new Set([...READ_OPERATIONS]);
const WRITES_TEXT = /\b(insert|update|delete|truncate|merge|alter|drop|create|grant|copy|call|do)\b/i;

/** The organisation's narrowing of `model`, or null when the model is not the organisation's. */
function organisationWhere(model: string, organisationId: string): Row | null {
  if (ORGANISATION_OWNED_MODELS.has(model)) return { organisationId };
  const parent = ORGANISATION_CHILDREN.get(model);
  return parent ? { [parent]: { organisationId } } : null;
}

/** The fence of a club-side model read by the organisation, or null when the model is neither club-side nor fenced. */
function clubWhere(model: string, clubIds: readonly string[]): Row | null {
  const clubs = { in: [...clubIds] };
  if (model === 'Club') return { id: clubs };
  if (CLUB_OWNED_MODELS.has(model)) return { clubId: clubs };
  if (DETAILS_MODELS.has(model)) return { role: { clubId: clubs } };
  return null;
}

/** The raw statement takes the consenting clubs, or some of them, as a parameter (an array of their ids). */
function sqlNamesClubs(args: unknown, clubIds: readonly string[]): boolean {
  const values = isRow(args) && Array.isArray(args.values) ? args.values : [];
  const allowed = new Set(clubIds);
  return values.some((value) => Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'string' && allowed.has(id)));
}

/**
 * A write's `data`: relation fields only as creates of the model's own children (an affiliation's event written in
 * the affiliation's statement), which the parent's narrowing covers; any other nested write is refused.
 */
function checkNested(model: string, data: unknown): void {
  if (!isRow(data)) return;
  const relations = RELATIONS.get(model);
  for (const [field, value] of Object.entries(data)) {
    const relation = relations?.get(field);
    if (!relation) continue;
    const ownChild = ORGANISATION_CHILDREN.get(relation.target) !== undefined && RELATIONS.get(relation.target)?.get(ORGANISATION_CHILDREN.get(relation.target)!)?.target === model;
    if (!ownChild || !isRow(value) || Object.keys(value).some((k) => k !== 'create' && k !== 'createMany')) throw new OrganisationScopeError(`${model}.${field} (nested write)`);
  }
}

/** The statement reads relations (in its `select`, `include` or `_count`), which the fence then narrows. */
function readsRelations(model: string, args: Row): boolean {
  const relations = RELATIONS.get(model);
  return [args.select, args.include].some((shape) => isRow(shape) && Object.keys(shape).some((field) => field === '_count' || !!relations?.has(field)));
}

/** Sets the organisation on a row to create, refusing another one. */
function stampOrganisation(model: string, row: unknown, organisationId: string): void {
  if (!isRow(row)) return;
  if (row.organisationId !== undefined && row.organisationId !== organisationId) throw new OrganisationScopeError(`${model} of another organisation`);
  row.organisationId = organisationId;
  checkNested(model, row);
}

const fenceHook = (fence: OrganisationFence): QueryHook => {
  const { organisationId } = fence;
  let clubs: Promise<readonly string[]> | undefined;
  const consenting = () => (clubs ??= fence.consentingClubs());
  return async ({ model, operation, args, query }) => {
    if (!model) {
      if (operation === '$queryRaw') {
        const text = isRow(args) && Array.isArray(args.strings) ? args.strings.join(' ') : '';
        if (WRITES_TEXT.test(text)) throw new OrganisationScopeError('Raw SQL that writes');
        if (!sqlNamesClubs(args, await consenting())) throw new OrganisationScopeError('Raw SQL that does not take the consenting clubs as a parameter');
      } else if (/^\$(query|execute)Raw/.test(operation)) {
        throw new OrganisationScopeError(operation);
      }
      return query(args);
    }
    const own = organisationWhere(model, organisationId);
    const clubIds = own || model === 'Organisation' ? null : await consenting();
    const fenced = clubIds ? clubWhere(model, clubIds) : null;
    if (!own && !fenced && model !== 'Organisation') throw new OrganisationScopeError(`${model}.${operation}`);
    const writes = !READ_ONLY.has(operation);
    // The organisation's rows are written by its staff only; the organisation itself and club data never.
    if (writes && (!own || !fence.writes)) throw new OrganisationScopeError(`${model}.${operation} (read-only)`);
    if (writes && ORGANISATION_CHILDREN.has(model) && CREATE_OPERATIONS.has(operation)) throw new OrganisationScopeError(`${model}.${operation} (create it nested in its parent)`);

    let a = (args ?? {}) as Row;
    if (readsRelations(model, a)) {
      // Only now: the statement that finds the consenting clubs reads the organisation's rows without relations.
      const relationClubs = clubIds ?? (await consenting());
      const filter: RelationFilter = (target) => (target === 'Organisation' ? null : (organisationWhere(target, organisationId) ?? clubWhere(target, relationClubs)));
      a = narrowRelations(model, a, filter);
    }
    const where = own ?? fenced ?? { id: organisationId };
    if (WHERE_OPERATIONS.has(operation)) a = { ...a, where: andWhere(a.where, where) };
    if (CREATE_OPERATIONS.has(operation)) {
      const rows = operation === 'upsert' ? a.create : a.data;
      (Array.isArray(rows) ? rows : [rows]).forEach((row) => stampOrganisation(model, row, organisationId));
    }
    if (writes && operation !== 'delete' && operation !== 'deleteMany') checkNested(model, operation === 'upsert' ? a.update : a.data);
    return query(a);
  };
};

/**
 * A client bound to one organisation and, read-only, to the clubs that consent to it. `base` is the app's client
 * (guarded or not): the fence is put on the unguarded client underneath it.
 */
export const organisationScopedClient = (base: PrismaClient, fence: OrganisationFence): PrismaClient => extend(unguardedUnder(base), fenceHook(fence));
