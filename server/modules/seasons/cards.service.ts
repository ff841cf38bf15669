// Cards (tesseramento, issue 35 point 2): a federation's or EPS card for a season. A person may hold several, and
// needs not be a socio for it.
import { MSG } from '../../../schema/messages';
import { saveCardInput } from '../../../schema/validation/seasons';
import type { RequestContext } from '../../context';
import type { Card } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn } from '../../lib/date-columns';
import { isUniqueViolation } from '../../db/sql-state';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { assertSeasonWritable, findSeason } from './seasons.service';

async function findCard(db: Db, clubId: string, id: unknown): Promise<Card> {
  const card = await db.card.findFirst({ where: clubRowWhere(clubId, id), include: { season: true } });
  if (!card) throw new NotFoundError();
  assertSeasonWritable(card.season);
  return card;
}

/** Creates (no id) or replaces a card; neither its season nor, on an edit, its old season may be closed. */
export async function saveCard(ctx: RequestContext, raw: unknown): Promise<{ card: Card; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(saveCardInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const existing = input.id ? await findCard(tx, clubId, input.id) : null;
      const person = await tx.person.findFirst({ where: clubRowWhere(clubId, input.personId), select: { id: true } });
      if (!person || (existing && existing.personId !== person.id)) throw new NotFoundError();
      const season = await findSeason(tx, clubId, input.seasonId);
      assertSeasonWritable(season);
      const data = { personId: person.id, seasonId: season.id, body: input.body, number: input.number, startsOn: dateColumn(input.startsOn), expiresOn: dateColumn(input.expiresOn) };
      const card = existing ? await tx.card.update({ where: { id: existing.id }, data }) : await tx.card.create({ data: { ...data, clubId } });
      describeChange(tx, { action: existing ? 'update' : 'create', entityType: 'person', entityId: person.id, personId: person.id, detail: `Tessera ${input.body} n. ${input.number} (${season.label})` });
      return { card, message: MSG.cardSaved };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(MSG.cardNumberTaken, { number: MSG.cardNumberTaken });
    throw e;
  }
}

export async function deleteCard(ctx: RequestContext, id: string): Promise<{ card: Card; message: string }> {
  const { clubId } = clubMember(ctx);
  if (!isUuid(id)) throw new NotFoundError();
  return clubDb(ctx).$transaction(async (tx) => {
    const card = await findCard(tx, clubId, id);
    await tx.card.delete({ where: { id: card.id } });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: card.personId, personId: card.personId, detail: `Tessera ${card.body} n. ${card.number} eliminata` });
    return { card, message: MSG.cardDeleted };
  });
}
