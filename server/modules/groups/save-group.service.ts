import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { saveGroupInput } from '../../../schema/validation/registry';
import type { RequestContext } from '../../context';
import type { PersonKind } from '../../generated/prisma/client.js';
import { ConflictError } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';
import { nested, parseEdit, sentColumns, storedFields } from '../../lib/partial-update';
import { GROUP_WITH_COUNT, type GroupWithCount } from './groups.present';
import type { Db } from '../../lib/club-rows';
import { findClubGroup } from './groups.policy';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';

/** A group's editable fields: none may be emptied (name and type are required, the flags yes or no). */
const EDITABLE = ['name', 'type', 'isHidden', 'isActive'] as const;

/**
 * Creates (no id) or updates a group; a category is a group of type athlete. The name is unique per club and
 * type among the groups not archived, compared without case or accents ("Pulcini" = "pulcinì").
 */
export async function saveGroup(ctx: RequestContext, raw: unknown): Promise<{ group: GroupWithCount; message: string }> {
  const { clubId } = authorizeMember(ctx, 'groups.write');
  const db = clubDb(ctx);
  // An update is validated as the stored group with the fields sent laid over it: a field left out keeps its value.
  // Read before the transaction, so no lock is held meanwhile; the update below is guarded against a concurrent archive.
  const id = nested(raw, 'id');
  const existing = isUuid(id) ? await findClubGroup(db, clubId, id, GROUP_WITH_COUNT) : null;
  if (existing?.archivedAt) throw new ConflictError(MSG.archivedReadOnly);
  const input = parseEdit(saveGroupInput, existing && { id, ...storedFields(existing, EDITABLE) }, raw);

  return db.$transaction(async (tx) => {
    // Serialises the saves claiming one name (club, type, folded name), so two requests cannot both pass the name
    // check; saves of other groups and names go on side by side.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`groups:${clubId}:${input.type}:${foldText(input.name)}`}, 0))`;
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
    const data = { name: input.name, type: input.type, isHidden: input.isHidden, isActive: input.isActive };
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
