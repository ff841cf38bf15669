// The membership register (libro soci, issue 35 point 2): a socio runs from admission to exit across seasons with
// one number of the club's register for life (sequential, never reused, never renumbered); each season records
// its renewal and quota. Kept apart from cards (cards.service.ts), as the law keeps them.
import { MSG } from '../../../schema/messages';
import { admitMemberInput, recordMemberExitInput, renewMembershipInput } from '../../../schema/validation/seasons';
import type { RequestContext } from '../../context';
import type { Prisma, RegisterMember, RegisterMemberSeason } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { isUniqueViolation } from '../../db/sql-state';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { CLUB, clubSql } from '../../access/club-sql';
import { describeChange } from '../../access/change-log';
import { assertSeasonWritable, findSeason } from './seasons.service';

/**
 * Takes `count` numbers of the club's register in the caller's transaction, the first answered: one statement on the
 * club's counter row (created with the first admission), which holds the row's lock until the transaction ends, so
 * concurrent admissions queue and never share a number; a rolled-back admission gives its numbers back with the
 * transaction. `atLeast`: the lowest number the sequence may give from now on (an import that kept numbers of a
 * paper register moves the sequence past them; count 0 only moves it). The admission form and the import number
 * with this one function.
 */
export async function takeRegisterNumbers(tx: Db, clubId: string, count: number, atLeast = 1): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ number: number }>>(clubSql(clubId)`
    INSERT INTO register_counters (club_id, next_number) VALUES (${CLUB}::uuid, GREATEST(${atLeast}::int, 1) + ${count}::int)
    ON CONFLICT (club_id) DO UPDATE SET next_number = GREATEST(register_counters.next_number, ${atLeast}::int) + ${count}::int
    RETURNING next_number - ${count}::int AS number`);
  return Number(row.number);
}

const nextRegisterNumber = (tx: Db, clubId: string) => takeRegisterNumbers(tx, clubId, 1);

async function findMember(db: Db, clubId: string, id: unknown): Promise<RegisterMember> {
  const member = await db.registerMember.findFirst({ where: clubRowWhere(clubId, id) });
  if (!member) throw new NotFoundError();
  return member;
}

/** Admits a person of the club to the register with the next number; once at a time (a readmission after an exit is a new entry). */
export async function admitMember(ctx: RequestContext, raw: unknown): Promise<{ member: RegisterMember; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(admitMemberInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const person = await tx.person.findFirst({ where: clubRowWhere(clubId, input.personId), select: { id: true, firstname: true, lastname: true } });
      if (!person) throw new NotFoundError();
      if (await tx.registerMember.count({ where: { personId: person.id, exitOn: null } })) throw new ConflictError(MSG.memberAlreadyAdmitted, { personId: MSG.memberAlreadyAdmitted });
      const number = await nextRegisterNumber(tx, clubId);
      const member = await tx.registerMember.create({
        data: {
          clubId,
          personId: person.id,
          number,
          admittedOn: dateColumn(input.admittedOn),
          boardDecision: input.boardDecision ?? null,
          boardDecisionOn: input.boardDecisionOn ? dateColumn(input.boardDecisionOn) : null,
        },
      });
      describeChange(tx, { action: 'create', entityType: 'person', entityId: person.id, personId: person.id, entityLabel: `${person.firstname} ${person.lastname}`, detail: `Ammesso nel libro soci, numero ${number}` });
      return { member, message: MSG.memberAdmitted(number) };
    });
  } catch (e) {
    // A concurrent admission of the same person won the one-open-entry index.
    if (isUniqueViolation(e)) throw new ConflictError(MSG.memberAlreadyAdmitted, { personId: MSG.memberAlreadyAdmitted });
    throw e;
  }
}

/** Records a socio's exit: they stay in the register with their number, which is never given to anyone else. */
export async function recordMemberExit(ctx: RequestContext, raw: unknown): Promise<{ member: RegisterMember; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(recordMemberExitInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const member = await findMember(tx, clubId, input.memberId);
    if (member.exitOn) throw new ConflictError(MSG.memberAlreadyExited);
    if (input.exitOn < dayOf(member.admittedOn)!) throw new ValidationError({ exitOn: MSG.memberExitBeforeAdmission }, MSG.memberExitBeforeAdmission);
    const [updated] = await tx.registerMember.updateManyAndReturn({ where: { id: member.id, exitOn: null }, data: { exitOn: dateColumn(input.exitOn), exitCause: input.cause } });
    if (!updated) throw new ConflictError(MSG.memberAlreadyExited);
    describeChange(tx, { action: 'update', entityType: 'person', entityId: member.personId, personId: member.personId, detail: `Uscita dal libro soci (${input.cause}), numero ${member.number}` });
    return { member: updated, message: MSG.memberExitRecorded };
  });
}

/** Records a socio's renewal for a season that is not closed, with its quota. */
export async function renewMembership(ctx: RequestContext, raw: unknown): Promise<{ renewal: RegisterMemberSeason; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(renewMembershipInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const member = await findMember(tx, clubId, input.memberId);
      const season = await findSeason(tx, clubId, input.seasonId);
      if (member.exitOn) throw new ConflictError(MSG.memberExitedNoRenewal);
      assertSeasonWritable(season);
      if (input.renewedOn < dayOf(member.admittedOn)!) throw new ValidationError({ renewedOn: MSG.memberRenewalBeforeAdmission }, MSG.memberRenewalBeforeAdmission);
      const renewal = await tx.registerMemberSeason.create({
        data: { clubId, memberId: member.id, seasonId: season.id, renewedOn: dateColumn(input.renewedOn), quotaCents: input.quotaCents ?? null },
      });
      describeChange(tx, { action: 'update', entityType: 'person', entityId: member.personId, personId: member.personId, detail: `Rinnovo socio per la stagione ${season.label}` });
      return { renewal, message: MSG.memberRenewed(season.label) };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(MSG.memberAlreadyRenewed);
    throw e;
  }
}

/**
 * The register's rows, by number: all time, or those who were soci during a season (admitted by its end, not
 * left before its start). An unknown season, or another club's, matches nothing.
 */
export async function memberRegisterWhere(ctx: RequestContext, seasonId: string | null | undefined): Promise<Prisma.RegisterMemberWhereInput> {
  const { clubId } = clubMember(ctx);
  if (seasonId === null || seasonId === undefined) return { clubId };
  const season = isUuid(seasonId) ? await clubDb(ctx).clubSeason.findFirst({ where: clubRowWhere(clubId, seasonId) }) : null;
  if (!season) return { clubId, id: { in: [] } };
  return { clubId, admittedOn: { lte: season.endsOn }, OR: [{ exitOn: null }, { exitOn: { gte: season.startsOn } }] };
}
