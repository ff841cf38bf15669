// The club's venues (fields, halls) and closures (holidays of its own, a hall's maintenance), issue 38 point 1: staff
// with venues.write; every member with calendar.read sees them. A venue is archived, never deleted (past events keep
// it); a closure may be deleted (the repeating trainings then fall on those days again).
import { CAL_MSG } from '../../../schema/messages-calendar';
import { closureInput, venueInput } from '../../../schema/validation/calendar';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { isUniqueViolation } from '../../db/sql-state';
import type { ClubClosure, Venue } from '../../generated/prisma/client.js';
import { clubRowWhere, isUuid } from '../../lib/club-rows';
import { dateColumn } from '../../lib/date-columns';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';

export async function venues(ctx: RequestContext, includeArchived: boolean): Promise<Venue[]> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).venue.findMany({ where: { clubId, ...(includeArchived ? {} : { archivedAt: null }) }, orderBy: [{ archivedAt: { sort: 'desc', nulls: 'first' } }, { name: 'asc' }] });
}

export async function saveVenue(ctx: RequestContext, raw: unknown): Promise<{ venue: Venue; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(venueInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      if (input.id && !(await tx.venue.findFirst({ where: clubRowWhere(clubId, input.id), select: { id: true } }))) throw new NotFoundError();
      const data = { name: input.name, address: input.address ?? null };
      const venue = input.id ? await tx.venue.update({ where: { id: input.id }, data }) : await tx.venue.create({ data: { clubId, ...data } });
      describeChange(tx, { action: input.id ? 'update' : 'create', entityType: 'club', entityId: clubId, detail: `Impianto «${venue.name}» ${input.id ? 'modificato' : 'creato'}` });
      return { venue, message: CAL_MSG.venueSaved };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(CAL_MSG.venueNameTaken, { name: CAL_MSG.venueNameTaken });
    throw e;
  }
}

export async function archiveVenue(ctx: RequestContext, id: unknown): Promise<{ venue: Venue; message: string }> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const venue = isUuid(id) ? await tx.venue.findFirst({ where: clubRowWhere(clubId, id) }) : null;
    if (!venue) throw new NotFoundError();
    const archived = await tx.venue.update({ where: { id: venue.id }, data: { archivedAt: venue.archivedAt ?? ctx.deps.now() } });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Impianto «${venue.name}» archiviato` });
    return { venue: archived, message: CAL_MSG.venueArchived };
  });
}

export async function closures(ctx: RequestContext): Promise<ClubClosure[]> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).clubClosure.findMany({ where: { clubId }, orderBy: [{ startsOn: 'desc' }, { id: 'asc' }], take: 200 });
}

export async function saveClosure(ctx: RequestContext, raw: unknown): Promise<{ closure: ClubClosure; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(closureInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const closure = await tx.clubClosure.create({ data: { clubId, startsOn: dateColumn(input.startsOn), endsOn: dateColumn(input.endsOn), reason: input.reason } });
    describeChange(tx, { action: 'create', entityType: 'club', entityId: clubId, detail: `Chiusura dal ${input.startsOn} al ${input.endsOn}: ${input.reason}` });
    return { closure, message: CAL_MSG.closureSaved };
  });
}

export async function deleteClosure(ctx: RequestContext, id: unknown): Promise<{ message: string }> {
  const { clubId } = clubMember(ctx);
  return clubDb(ctx).$transaction(async (tx) => {
    const closure = isUuid(id) ? await tx.clubClosure.findFirst({ where: clubRowWhere(clubId, id) }) : null;
    if (!closure) throw new NotFoundError();
    await tx.clubClosure.delete({ where: { id: closure.id } });
    describeChange(tx, { action: 'delete', entityType: 'club', entityId: clubId, detail: `Chiusura «${closure.reason}» eliminata` });
    return { message: CAL_MSG.closureDeleted };
  });
}
