// The guided renewal's run and its undo (issue 35 point 3). One transaction, set-based (a few statements at any
// size): the season renewed from keeps what its groups were (season_rosters), the chosen soci get the next season's
// renewal with their quota, the chosen athletes move to the category their birth date fits next season, the
// athletes not chosen leave their groups; a socio not chosen stays in the register. The run records every row it
// added or removed, so the last run can be undone while nothing done later depends on it.
import { z } from 'zod';
import type { RequestContext } from '../../context';
import type { ClubSeason, SeasonRenewalRun } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';
import { describeChange } from '../../access/change-log';
import { hasBand } from './categories-age';
import { RENEWAL_MSG } from './renewal-messages';
import { nextCategoryOf, nextSeasonBands } from './renewal-proposal.service';
import { ensureNextSeason, renewalFromSeason } from './renewal-seasons';
import { clubToday } from './seasons.service';

const quota = z.number({ error: RENEWAL_MSG.quotaInvalid }).int(RENEWAL_MSG.quotaInvalid).min(0, RENEWAL_MSG.quotaInvalid).max(100_000_000, RENEWAL_MSG.quotaInvalid);
const runInput = z
  .object({
    fromSeasonId: z.string().nullish(),
    memberIds: z.array(z.string()).max(50_000).nullish(),
    athleteRoleIds: z.array(z.string()).max(50_000).nullish(),
    /** The quota of a socio without last season's quota or an own one. */
    quotaCents: quota.nullish(),
    quotas: z.array(z.object({ memberId: z.string(), quotaCents: quota })).max(50_000).nullish(),
  })
  .refine((i) => (i.memberIds?.length ?? 0) + (i.athleteRoleIds?.length ?? 0) > 0, { message: RENEWAL_MSG.nothingSelected, path: ['memberIds'] });

/** Serialises one club's renewal runs and undos: two runs at once cannot both renew. */
const lockRenewals = (tx: Db, clubId: string) => tx.$executeRaw(clubSql(clubId)`SELECT pg_advisory_xact_lock(hashtextextended('season-renewal:' || ${CLUB}::text, 0))`);

const distinct = (ids: readonly string[] | null | undefined) => [...new Set(ids ?? [])];

/** Ids that are not uuids cannot be the club's: refused like unknown ones. */
function assertUuids(ids: readonly string[]) {
  if (!ids.every(isUuid)) throw new NotFoundError();
}

export interface RenewalResult {
  message: string;
  run: SeasonRenewalRun;
}

export async function runSeasonRenewal(ctx: RequestContext, raw: unknown): Promise<RenewalResult> {
  const { clubId, accountId } = authorizeMember(ctx, 'members.write');
  const input = parseInput(runInput, raw);
  const memberIds = distinct(input.memberIds);
  const athleteIds = distinct(input.athleteRoleIds);
  assertUuids([...memberIds, ...athleteIds, ...(input.quotas ?? []).map((q) => q.memberId)]);
  const from = await renewalFromSeason(ctx, input.fromSeasonId);
  const to = await ensureNextSeason(ctx, from);
  if (to.status === 'closed') throw new ConflictError(RENEWAL_MSG.targetClosed(to.label));
  const db = clubDb(ctx);
  const next = await nextSeasonBands(db, from, to);
  const banded = next.categories.filter((c) => c.isActive && hasBand(c)).map((c) => c.id);
  const today = clubToday(ctx);

  const run = await db.$transaction(
    async (tx) => {
      await lockRenewals(tx, clubId);
      if (await tx.seasonRenewalRun.count({ where: { fromSeasonId: from.id, toSeasonId: to.id, undoneAt: null } })) throw new ConflictError(RENEWAL_MSG.alreadyRun(from.label, to.label));
      const [{ members }] = await tx.$queryRaw<Array<{ members: number }>>(clubSql(clubId)`
        SELECT count(*)::int AS members FROM register_members WHERE club_id = ${CLUB} AND id = ANY(${memberIds}::uuid[]) AND exit_on IS NULL`);
      const athletes = await tx.$queryRaw<Array<{ roleId: string; birthday: Date | null }>>(clubSql(clubId)`
        SELECT r.id::text AS "roleId", p.birthday FROM person_roles r JOIN people p ON p.id = r.person_id
        WHERE r.club_id = ${CLUB} AND r.id = ANY(${athleteIds}::uuid[]) AND r.kind = 'athlete' AND r.archived_at IS NULL AND r.is_active`);
      // An id of another club, an unknown one, a socio who left or an archived athlete: like an unknown id.
      if (members !== memberIds.length || athletes.length !== athleteIds.length) throw new NotFoundError();

      const run = await tx.seasonRenewalRun.create({
        data: { clubId, fromSeasonId: from.id, toSeasonId: to.id, accountId, renewedMembers: 0, carriedAthletes: athleteIds.length, movedAthletes: 0, leftAthletes: 0 },
      });
      await snapshotRoster(tx, clubId, from, run.id);
      const renewed = await renewMembers(tx, clubId, { from, to, runId: run.id, memberIds, today, defaultQuota: input.quotaCents ?? null, quotas: input.quotas ?? [] });
      const targets = athletes.map((a) => ({ roleId: a.roleId, target: nextCategoryOf(dayOf(a.birthday), next.categories, next.referenceDate) }));
      const moved = await moveAthletes(tx, clubId, run.id, targets, banded);
      const left = await removeAthletesNotRenewed(tx, clubId, run.id, athleteIds);
      describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, entityLabel: `Rinnovo ${from.label} → ${to.label}`, detail: RENEWAL_MSG.done(renewed, athleteIds.length, moved) });
      return tx.seasonRenewalRun.update({ where: { id: run.id }, data: { renewedMembers: renewed, movedAthletes: moved, leftAthletes: left } });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  return { run, message: RENEWAL_MSG.done(run.renewedMembers, run.carriedAthletes, run.movedAthletes) };
}

/** What the season's groups were when it was renewed: its own composition once the groups go on. */
async function snapshotRoster(tx: Db, clubId: string, from: ClubSeason, runId: string) {
  await tx.$executeRaw(clubSql(clubId)`
    INSERT INTO season_rosters (season_id, group_id, role_id, club_id, run_id)
    SELECT ${from.id}::uuid, gm.group_id, gm.role_id, ${CLUB}, ${runId}::uuid
    FROM group_members gm JOIN groups g ON g.id = gm.group_id JOIN person_roles r ON r.id = gm.role_id
    WHERE gm.club_id = ${CLUB} AND g.archived_at IS NULL AND r.archived_at IS NULL
    ON CONFLICT DO NOTHING`);
}

/**
 * The next season's renewal of each chosen socio, unless they have it already: the quota sent for them, else
 * last season's, else the default. Renewed today, or on their admission when that comes later.
 */
async function renewMembers(
  tx: Db,
  clubId: string,
  a: { from: ClubSeason; to: ClubSeason; runId: string; memberIds: string[]; today: string; defaultQuota: number | null; quotas: Array<{ memberId: string; quotaCents: number }> },
): Promise<number> {
  if (!a.memberIds.length) return 0;
  return tx.$executeRaw(clubSql(clubId)`
    INSERT INTO register_member_seasons (club_id, member_id, season_id, renewed_on, quota_cents, renewal_run_id)
    SELECT ${CLUB}, m.id, ${a.to.id}::uuid, GREATEST(${dateColumn(a.today)}::date, m.admitted_on), COALESCE(own.quota, prev.quota_cents, ${a.defaultQuota}::int), ${a.runId}::uuid
    FROM register_members m
    LEFT JOIN register_member_seasons prev ON prev.member_id = m.id AND prev.season_id = ${a.from.id}::uuid
    LEFT JOIN unnest(${a.quotas.map((q) => q.memberId)}::uuid[], ${a.quotas.map((q) => q.quotaCents)}::int[]) AS own(member_id, quota) ON own.member_id = m.id
    WHERE m.club_id = ${CLUB} AND m.id = ANY(${a.memberIds}::uuid[]) AND m.exit_on IS NULL
    ON CONFLICT (member_id, season_id) DO NOTHING`);
}

/**
 * Each chosen athlete with a fitting category goes to it and leaves the other categories with an age band; the
 * memberships removed and added are recorded for the undo. Returns how many athletes changed category.
 */
async function moveAthletes(tx: Db, clubId: string, runId: string, targets: Array<{ roleId: string; target: string | null }>, banded: string[]): Promise<number> {
  const moving = targets.filter((t): t is { roleId: string; target: string } => t.target !== null);
  if (!moving.length || !banded.length) return 0;
  const roleIds = moving.map((t) => t.roleId);
  const targetIds = moving.map((t) => t.target);
  await tx.$executeRaw(clubSql(clubId)`
    WITH removed AS (
      DELETE FROM group_members gm USING unnest(${roleIds}::uuid[], ${targetIds}::uuid[]) AS t(role_id, target_id)
      WHERE gm.club_id = ${CLUB} AND gm.role_id = t.role_id AND gm.group_id = ANY(${banded}::uuid[]) AND gm.group_id <> t.target_id
      RETURNING gm.group_id, gm.role_id)
    INSERT INTO season_renewal_group_changes (run_id, group_id, role_id, added) SELECT ${runId}::uuid, group_id, role_id, false FROM removed`);
  return tx.$executeRaw(clubSql(clubId)`
    WITH added AS (
      INSERT INTO group_members (id, club_id, group_id, role_id)
      SELECT gen_random_uuid(), ${CLUB}, t.target_id, t.role_id FROM unnest(${roleIds}::uuid[], ${targetIds}::uuid[]) AS t(role_id, target_id)
      ON CONFLICT (group_id, role_id) DO NOTHING
      RETURNING group_id, role_id)
    INSERT INTO season_renewal_group_changes (run_id, group_id, role_id, added) SELECT ${runId}::uuid, group_id, role_id, true FROM added`);
}

/** The active athletes not chosen leave every group (their past season keeps them in its roster). Returns how many. */
async function removeAthletesNotRenewed(tx: Db, clubId: string, runId: string, chosen: string[]): Promise<number> {
  const [{ left }] = await tx.$queryRaw<Array<{ left: number }>>(clubSql(clubId)`
    WITH removed AS (
      DELETE FROM group_members gm USING person_roles r
      WHERE gm.club_id = ${CLUB} AND r.id = gm.role_id AND r.kind = 'athlete' AND r.archived_at IS NULL AND r.is_active
        AND gm.role_id NOT IN (SELECT unnest(${chosen}::uuid[]))
      RETURNING gm.group_id, gm.role_id),
    recorded AS (INSERT INTO season_renewal_group_changes (run_id, group_id, role_id, added) SELECT ${runId}::uuid, group_id, role_id, false FROM removed RETURNING role_id)
    SELECT count(DISTINCT role_id)::int AS "left" FROM recorded`);
  return left;
}

/**
 * Undoes the club's last renewal run: deletes the renewals it wrote and the roster it kept, takes back the
 * memberships it added and restores those it removed. Refused when it is not the last run, when its season is
 * closed, or when a membership it touched changed since (a later change depends on it).
 */
export async function undoSeasonRenewal(ctx: RequestContext, runId: unknown): Promise<RenewalResult> {
  const { clubId } = authorizeMember(ctx, 'members.write');
  const db = clubDb(ctx);
  const run = await db.$transaction(
    async (tx) => {
      await lockRenewals(tx, clubId);
      const run = await tx.seasonRenewalRun.findFirst({ where: clubRowWhere(clubId, runId), include: { toSeason: true } });
      if (!run) throw new NotFoundError();
      if (run.undoneAt) throw new ConflictError(RENEWAL_MSG.undoAlreadyUndone);
      const last = await tx.seasonRenewalRun.findFirst({ where: { undoneAt: null }, orderBy: { createdAt: 'desc' }, select: { id: true } });
      if (last?.id !== run.id) throw new ConflictError(RENEWAL_MSG.undoOnlyLast);
      if (run.toSeason.status === 'closed') throw new ConflictError(RENEWAL_MSG.undoSeasonClosed(run.toSeason.label));
      const [{ changed }] = await tx.$queryRaw<Array<{ changed: number }>>(clubSql(clubId)`
        SELECT count(*)::int AS changed FROM season_renewal_group_changes c JOIN season_renewal_runs run ON run.id = c.run_id
        WHERE run.club_id = ${CLUB} AND c.run_id = ${run.id}::uuid
          AND c.added <> EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = c.group_id AND gm.role_id = c.role_id)`);
      if (changed) throw new ConflictError(RENEWAL_MSG.undoGroupsChanged);

      await tx.$executeRaw(clubSql(clubId)`DELETE FROM register_member_seasons WHERE club_id = ${CLUB} AND renewal_run_id = ${run.id}::uuid`);
      await tx.$executeRaw(clubSql(clubId)`
        DELETE FROM group_members gm USING season_renewal_group_changes c
        WHERE gm.club_id = ${CLUB} AND c.run_id = ${run.id}::uuid AND c.added AND gm.group_id = c.group_id AND gm.role_id = c.role_id`);
      await tx.$executeRaw(clubSql(clubId)`
        INSERT INTO group_members (id, club_id, group_id, role_id)
        SELECT gen_random_uuid(), ${CLUB}, c.group_id, c.role_id FROM season_renewal_group_changes c
        WHERE c.run_id = ${run.id}::uuid AND NOT c.added
        ON CONFLICT (group_id, role_id) DO NOTHING`);
      await tx.$executeRaw(clubSql(clubId)`DELETE FROM season_rosters WHERE club_id = ${CLUB} AND run_id = ${run.id}::uuid`);
      describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, entityLabel: 'Rinnovo annullato', detail: RENEWAL_MSG.undone });
      return tx.seasonRenewalRun.update({ where: { id: run.id }, data: { undoneAt: new Date() } });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  return { run, message: RENEWAL_MSG.undone };
}
