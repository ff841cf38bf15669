import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { saveGroupInput } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import { Prisma, type Group, type PersonKind } from '../../generated/prisma/client.js';
import { ConflictError } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';
import { nested, parseEdit, sentColumns, storedFields } from '../../lib/partial-update';
import { GROUP_WITH_COUNT, type GroupWithCount } from './groups.present';
import type { Db } from '../../lib/club-rows';
import { findClubGroup } from './groups.policy';
import { clubDb } from '../../access/request-db';
import { CLUB, clubSql } from '../../access/club-sql';
import { writeLogged } from '../../access/change-log';
import { clubMember } from '../../access/authorize';
import { bandFromName } from '../seasons/categories-age';

/** A group's editable fields: none may be emptied (name and type are required, the flags yes or no). */
const EDITABLE = ['name', 'type', 'isHidden', 'isActive'] as const;

/**
 * Creates (no id) or updates a group; a category is a group of type athlete. The name is unique per club and
 * type among the groups not archived, compared without case or accents ("Pulcini" = "pulcinì").
 */
export async function saveGroup(ctx: RequestContext, raw: unknown): Promise<{ group: GroupWithCount; message: string }> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  // An update is validated as the stored group with the fields sent laid over it: a field left out keeps its value.
  // Read before the transaction, so no lock is held meanwhile; the update below is guarded against a concurrent archive.
  const id = nested(raw, 'id');
  const existing = isUuid(id) ? await findClubGroup(db, clubId, id, GROUP_WITH_COUNT) : null;
  if (existing?.archivedAt) throw new ConflictError(MSG.archivedReadOnly);
  const input = parseEdit(saveGroupInput, existing && { id, ...storedFields(existing, EDITABLE) }, raw);

  // The usual edit keeps the group's name (up to case and accents) and type: it claims nothing new, so it needs
  // neither the name lock nor the siblings' names, nor a transaction.
  if (existing && existing.type === input.type && foldText(existing.name) === foldText(input.name)) {
    const group = await updateKeepingName(ctx, clubId, existing, sentColumns(raw, input, ['name', 'isHidden', 'isActive'], []));
    if (group) return { group: { ...group, _count: existing._count }, message: MSG.changesSaved };
    // Renamed, retyped or archived since it was read: the whole way below.
  }

  return db.$transaction(async (tx) => {
    // Serialises the saves claiming one name (club, type, folded name), so two requests cannot both pass the name
    // check; saves of other groups and names go on side by side.
    await tx.$executeRaw(clubSql(clubId)`SELECT pg_advisory_xact_lock(hashtextextended('groups:' || ${CLUB}::text || ${`:${input.type}:${foldText(input.name)}`}, 0))`);
    if (existing && existing.type !== input.type && (await tx.groupMember.count({ where: { groupId: existing.id } })) > 0) {
      throw new ConflictError(MSG.groupTypeLocked, { type: MSG.groupTypeLocked });
    }
    await assertNameFree(tx, clubId, input.type, input.name, existing?.id);

    if (existing) {
      // Only the fields sent are written (a yes/no flag sent empty stays as stored); archived meanwhile, nothing is.
      const [group] = await tx.group.updateManyAndReturn({ where: { id: existing.id, archivedAt: null }, data: sentColumns(raw, input, EDITABLE, []) });
      if (!group) throw new ConflictError(MSG.archivedReadOnly);
      // The member count read with the group: a save does not change the members.
      return { group: { ...group, _count: existing._count }, message: MSG.changesSaved };
    }
    // A new category named "Under 10" starts with the band its name says (editable on the categories page).
    const band = input.type === 'athlete' ? bandFromName(input.name) : null;
    const data = { name: input.name, type: input.type, isHidden: input.isHidden, isActive: input.isActive, ...band };
    const group = await tx.group.create({ data: { ...data, clubId } });
    return { group: { ...group, _count: { members: 0 } }, message: input.type === 'athlete' ? MSG.categoryCreated : MSG.groupCreated };
  });
}

async function assertNameFree(tx: Db, clubId: string, type: PersonKind, name: string, selfId?: string) {
  // A club has tens of groups of a type, so comparing folded names here is cheap and needs no extra column.
  const siblings = await tx.group.findMany({
    where: { clubId, type, archivedAt: null, ...(selfId ? { id: { not: selfId } } : {}) },
    select: { name: true },
  });
  const wanted = foldText(name);
  if (siblings.some((g) => foldText(g.name) === wanted)) {
    throw new ConflictError(MSG.groupNameTaken, { name: MSG.groupNameTaken });
  }
}

/** The columns of the fields an edit keeping the name may write. */
const COLUMN_OF: Record<string, string> = { name: 'name', isHidden: 'is_hidden', isActive: 'is_active' };

/**
 * An edit of `existing` that keeps its name and type, with its log line, in one statement (writeLogged): written
 * only while the row still has the name and type read and is not archived, else null. A concurrent rename cannot
 * leave two groups of one name: the row no longer matches, and the save goes through the name lock and check.
 */
async function updateKeepingName(ctx: RequestContext, clubId: string, existing: Group, data: Record<string, unknown>): Promise<Group | null> {
  const sets = Object.entries(data).map(([field, value]) => Prisma.sql`${Prisma.raw(COLUMN_OF[field])} = ${value}`);
  const [group] = await writeLogged<Group>(
    clubDb(ctx),
    ctx,
    clubId,
    Prisma.sql`
      UPDATE groups SET ${Prisma.join([...sets, Prisma.sql`updated_at = now()`])}
      WHERE id = ${existing.id}::uuid AND club_id = ${clubId}::uuid AND archived_at IS NULL AND type = ${existing.type}::"PersonKind" AND name = ${existing.name}
      RETURNING id, club_id AS "clubId", name, type, is_hidden AS "isHidden", is_active AS "isActive", archived_at AS "archivedAt", created_at AS "createdAt", updated_at AS "updatedAt"`,
    // The line the recording transaction would write for this UPDATE (change-log.ts ENTITY_OF.Group).
    [{ action: 'update', entityType: 'group', entityId: existing.id, entityLabel: (data.name as string | undefined) ?? existing.name }],
  );
  return group ?? null;
}
