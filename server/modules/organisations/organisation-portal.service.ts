// The organisation's own side (issue 13 point 8): its staff (admins and readers, signed in with their accounts)
// see the organisation's affiliated clubs with their status and consent, the pending requests and applications,
// its keys and its API usage; admins ask clubs to affiliate, accept applications, create and revoke keys (the
// services of affiliations.service.ts and api-keys.service.ts). Each operation acts as staff of the organisation
// it names (access/staff-scope.ts): a client fenced to its own rows and, read-only, the clubs affiliated in force.
import { staffAccessOf } from '../../access/staff-scope';
import type { RequestContext } from '../../context';
import { requireSession } from '../../auth/policy';
import { PERSON_KINDS } from '../../../schema/constants';
import { certificateTotals, statisticsRows } from '../federation/federation.service';
import { ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';

export const PORTAL_MSG = {
  notStaff: ORGANISATION_REFUSAL.notStaff,
} as const;

/** The usage window the portal sums (days). */
export const USAGE_DAYS = 30;

/** The organisations the signed-in account is staff of, with its role. */
export async function myOrganisations(ctx: RequestContext) {
  const viewer = requireSession(ctx);
  const rows = await ctx.deps.db.organisationStaff.findMany({
    where: { accountId: viewer.accountId },
    orderBy: { organisation: { name: 'asc' } },
    select: { role: true, organisation: { select: { id: true, name: true, code: true, kind: true } } },
  });
  return rows.map((r) => ({ ...r.organisation, role: r.role }));
}

/** One organisation as its staff sees it: identity, role, its clubs' affiliations (every status) with club names. */
export async function organisationOverview(ctx: RequestContext, organisationId: string) {
  const { actor, db } = staffAccessOf(ctx, organisationId);
  const role = actor.role;
  // Its affiliations of every status name their clubs; what it reads of a club (counts) only while in force.
  const organisation = await db.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: {
      id: true,
      name: true,
      code: true,
      kind: true,
      parent: { select: { name: true, code: true } },
      children: { select: { name: true, code: true }, orderBy: { name: 'asc' } },
      affiliations: {
        orderBy: [{ status: 'asc' }, { club: { fullName: 'asc' } }],
        select: {
          id: true,
          clubId: true,
          status: true,
          requestedBy: true,
          scopes: true,
          minorsContacts: true,
          updatedAt: true,
          club: { select: { fullName: true, vatNumber: true, fiscalCode: true, roleCounts: { where: { archived: false }, select: { kind: true, total: true } } } },
        },
      },
    },
  });
  // What the staff see of a club is what the club shares: counts with its profile, certificates with that scope.
  const shares = (a: { status: string; scopes: string[] }, scope: string) => a.status === 'active' && a.scopes.includes(scope);
  const certificates = await statisticsRows(db, organisation.affiliations.filter((a) => shares(a, 'people.certificates')).map((a) => a.clubId), ctx.deps.now());
  return {
    ...organisation,
    role,
    affiliations: organisation.affiliations.map((a) => ({
      ...a,
      clubName: a.club.fullName,
      clubNumber: a.club.vatNumber ?? a.club.fiscalCode ?? null,
      peopleCount: shares(a, 'club.profile') ? a.club.roleCounts.reduce((n, c) => n + c.total, 0) : null,
      peopleByKind: shares(a, 'club.profile') ? PERSON_KINDS.map((kind) => ({ label: kind, count: a.club.roleCounts.find((c) => c.kind === kind)?.total ?? 0 })).filter((c) => c.count) : null,
      certificates: certificates.has(a.clubId) ? certificateTotals(certificates.get(a.clubId)!) : null,
    })),
  };
}

/** The organisation's API usage over the last USAGE_DAYS days: totals, per key, and the latest requests. */
export async function organisationUsage(ctx: RequestContext, organisationId: string, now = new Date()) {
  const { db } = staffAccessOf(ctx, organisationId);
  const since = new Date(now.getTime() - USAGE_DAYS * 86_400_000);
  const where = { organisationId, at: { gte: since } };
  const [totals, refused, perKey, latest, keys] = await Promise.all([
    db.apiRequest.aggregate({ where, _count: true, _sum: { cost: true, rows: true } }),
    db.apiRequest.count({ where: { ...where, outcome: 'refused' } }),
    db.apiRequest.groupBy({ by: ['keyPrefix'], where, _count: true, _sum: { cost: true, rows: true }, _max: { at: true } }),
    db.apiRequest.findMany({
      where: { organisationId },
      orderBy: { id: 'desc' },
      take: 20,
      select: { at: true, keyPrefix: true, operation: true, cost: true, rows: true, outcome: true, _count: { select: { clubs: true } } },
    }),
    db.organisationApiKey.findMany({ where: { organisationId }, select: { prefix: true, name: true } }),
  ]);
  // Keys are named by their admins; readers see the names too (never the keys themselves).
  const keyName = new Map(keys.map((k) => [k.prefix, k.name]));
  return {
    days: USAGE_DAYS,
    requests: totals._count,
    refused,
    cost: totals._sum.cost ?? 0,
    rows: totals._sum.rows ?? 0,
    perKey: perKey
      .map((k) => ({ keyPrefix: k.keyPrefix, keyName: keyName.get(k.keyPrefix) ?? null, requests: k._count, cost: k._sum.cost ?? 0, rows: k._sum.rows ?? 0, lastAt: k._max.at }))
      .sort((a, b) => b.requests - a.requests),
    latest: latest.map((r) => ({ ...r, keyName: keyName.get(r.keyPrefix) ?? null, clubs: r._count.clubs })),
  };
}
