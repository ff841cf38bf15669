// An organisation's staff on its portal (issue 34 point 1): "staff of organisation X" resolved once per operation
// (the account's staff role there, refused unless it holds the operation's permission), then a client fenced to X
// (organisation-scope.ts): X's own rows, read-only the clubs whose affiliation with X is in force. The portal's
// operations name the organisation, or a record of it: organisationOfRecord finds that record's organisation first,
// answering an unknown id and a malformed one alike.
import type { RequestContext } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { isUuid } from '../lib/club-rows';
import { NotFoundError } from '../lib/errors';
import type { Actor } from './actor';
import { authorizeOrganisation } from './authorize';
import { unguardedUnder } from './club-scope';
import { organisationScopedClient } from './organisation-scope';
import type { OperationRule } from './operation-rules';
import type { OrganisationPermission } from './permissions';

export type StaffActor = Extract<Actor, { kind: 'staff' }>;

export interface StaffAccess {
  actor: StaffActor;
  /** Fenced to the organisation and, read-only, to the clubs whose affiliation is in force. */
  db: PrismaClient;
  /**
   * The clubs (at most two, not archived) with this VAT number or fiscal code: how an admin names a club it asks to
   * affiliate, which is not in the fence yet. Only their ids.
   */
  clubsByPublicNumber: (number: string) => Promise<Array<{ id: string }>>;
}

/**
 * The account as staff of `organisationId` holding `permission`, refused with `refusal` (ForbiddenError) otherwise.
 * `base`: the app's client (ctx.deps.db) or, in tests, the unguarded one; the fence is built on what is under it.
 */
export async function organisationStaffAccess(
  base: PrismaClient,
  accountId: string,
  organisationId: string,
  permission: OrganisationPermission,
  refusal: string,
): Promise<StaffAccess> {
  const role = await authorizeOrganisation(base, accountId, organisationId, permission, refusal);
  const db: PrismaClient = organisationScopedClient(base, {
    organisationId,
    writes: true,
    // The affiliations are the organisation's own rows: read through the fence itself.
    consentingClubs: async () => (await db.affiliation.findMany({ where: { status: 'active' }, select: { clubId: true } })).map((a) => a.clubId),
  });
  const clubsByPublicNumber = (number: string) =>
    unguardedUnder(base).club.findMany({ where: { archivedAt: null, OR: [{ vatNumber: number }, { fiscalCode: number }] }, select: { id: true }, take: 2 });
  return { actor: { kind: 'staff', accountId, organisationId, role }, db, clubsByPublicNumber };
}

/** The organisation-owned records the portal's operations name by id. */
export type OrganisationRecord = 'affiliation' | 'organisationApiKey' | 'organisationWebhook' | 'organisationStaffInvitation';

/**
 * The organisation `id`'s record belongs to, or null (unknown, or not an id): read before any staff scope exists,
 * its organisation only. `base` as for organisationStaffAccess.
 */
export async function organisationOfRecord(base: PrismaClient, record: OrganisationRecord, id: unknown): Promise<string | null> {
  if (!isUuid(id)) return null;
  const delegate = unguardedUnder(base)[record] as unknown as { findUnique(args: object): Promise<{ organisationId: string } | null> };
  return (await delegate.findUnique({ where: { id }, select: { organisationId: true } }))?.organisationId ?? null;
}

type StaffRule = Extract<OperationRule, { who: 'staff' }>;

/** The staff accesses the gate resolved for a request, by organisation and by record (`record:id`). */
const admitted = new WeakMap<RequestContext, Map<string, StaffAccess>>();

/**
 * The gate's part for a staff rule (access/operation-access.ts): finds the organisation the call names (its
 * `organisationId`, or its record's), refuses unless the account's role there holds the rule's permission, and keeps
 * the access for the service, which asks for it with staffAccessOf / staffAccessOfRecord and states no rule itself.
 */
export async function admitStaff(ctx: RequestContext, accountId: string, rule: StaffRule, args: Record<string, unknown>): Promise<void> {
  const input = args.input && typeof args.input === 'object' ? (args.input as Record<string, unknown>) : {};
  let organisationId: string;
  let recordKey: string | null = null;
  if (rule.of === 'organisationId') {
    const named = args.organisationId ?? input.organisationId;
    // Not an id (absent, or of another type): refused as an unknown organisation is, by authorizeOrganisation.
    organisationId = typeof named === 'string' ? named : '';
  } else {
    const found = await organisationOfRecord(ctx.deps.db, rule.of.record, args.id);
    if (!found) throw new NotFoundError(rule.of.notFound);
    organisationId = found;
    recordKey = `${rule.of.record}:${args.id as string}`;
  }
  const access = await organisationStaffAccess(ctx.deps.db, accountId, organisationId, rule.permission, rule.refusal);
  const byKey = admitted.get(ctx) ?? new Map<string, StaffAccess>();
  byKey.set(organisationId, access);
  if (recordKey) byKey.set(recordKey, access);
  admitted.set(ctx, byKey);
}

const notAdmitted = (what: string) =>
  new Error(`No staff access to ${what} was admitted for this call: give the operation a staff rule in server/access/operation-rules.ts.`);

/** The access the gate admitted for `organisationId` in this request (a staff rule with `of: 'organisationId'`). */
export function staffAccessOf(ctx: RequestContext, organisationId: string): StaffAccess {
  const access = admitted.get(ctx)?.get(organisationId);
  if (!access) throw notAdmitted(`organisation ${organisationId}`);
  return access;
}

/** The access the gate admitted for the organisation of `record` `id` (a staff rule with `of: { record }`). */
export function staffAccessOfRecord(ctx: RequestContext, record: OrganisationRecord, id: unknown): StaffAccess {
  const access = admitted.get(ctx)?.get(`${record}:${String(id)}`);
  if (!access) throw notAdmitted(`${record} ${String(id)}`);
  return access;
}
