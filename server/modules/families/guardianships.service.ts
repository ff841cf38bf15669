// Guardians of minors (issue 36 point 1): a guardianship links a minor to a guardian, both people of the club's
// registry, with the relationship and the guardian's choices (pick-up, communications, payments). A parent of three
// children is one person with three guardianships: a guardian given by tax code, or by name with the same e-mail or
// phone as a person already there, is that person. Who may call what is the operation table's business
// (families.read / families.write); everything here runs through the request's club client, so another club's ids
// are unknown ids.
import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { saveGuardianshipInput, type SaveGuardianshipInput } from '../../../schema/validation/families';
import type { RequestContext } from '../../context';
import type { Guardianship, Person } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { isUniqueViolation } from '../../db/sql-state';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { personKeys } from '../people/save-person.service';

const fullName = (p: Pick<Person, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`;

async function findPerson(db: Db, clubId: string, id: unknown): Promise<Person> {
  const person = isUuid(id) ? await db.person.findFirst({ where: clubRowWhere(clubId, id) }) : null;
  if (!person) throw new NotFoundError();
  return person;
}

type NewGuardian = NonNullable<SaveGuardianshipInput['guardian']>;

/**
 * The registry's person for a guardian given by their data: the one with that tax code, else one with the same
 * name and the same e-mail or phone; a new person (the tax code only if given) when none matches. Contacts the
 * found person lacks are filled in, never overwritten.
 */
async function guardianPerson(db: Db, clubId: string, g: NewGuardian): Promise<Person> {
  const firstname = g.firstname!;
  const lastname = g.lastname!;
  const contacts = [g.emailPrimary ? { emailPrimary: g.emailPrimary } : null, g.phonePrimary ? { phonePrimary: g.phonePrimary } : null].filter((c) => c !== null);
  const found = g.taxIdCode
    ? await db.person.findFirst({ where: { clubId, taxIdCode: g.taxIdCode } })
    : contacts.length
      ? await db.person.findFirst({ where: { clubId, sortName: foldText(`${lastname} ${firstname}`), OR: contacts }, orderBy: { createdAt: 'asc' } })
      : null;
  if (found) {
    const fill = {
      ...(!found.emailPrimary && g.emailPrimary ? { emailPrimary: g.emailPrimary } : {}),
      ...(!found.phonePrimary && g.phonePrimary ? { phonePrimary: g.phonePrimary } : {}),
    };
    return Object.keys(fill).length ? db.person.update({ where: { id: found.id }, data: fill }) : found;
  }
  const fields = { firstname, lastname, taxIdCode: g.taxIdCode ?? null };
  return db.person.create({
    data: { clubId, ...fields, emailPrimary: g.emailPrimary ?? null, phonePrimary: g.phonePrimary ?? null, ...personKeys(fields) },
  });
}

const choices = (input: SaveGuardianshipInput) => ({
  relationship: input.relationship,
  ...(input.canPickUp === undefined ? {} : { canPickUp: input.canPickUp }),
  ...(input.receivesCommunications === undefined ? {} : { receivesCommunications: input.receivesCommunications }),
  ...(input.pays === undefined ? {} : { pays: input.pays }),
});

/**
 * Adds a guardian to a minor (no id: an existing person by `guardianId`, or a new one by `guardian`) or edits a
 * guardianship's relationship and choices (id). One transaction, one access-log line on the minor.
 */
export async function saveGuardianship(ctx: RequestContext, raw: unknown): Promise<{ guardianship: Guardianship; message: string }> {
  const { clubId } = clubMember(ctx);
  const input = parseInput(saveGuardianshipInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const minor = await findPerson(tx, clubId, input.minorId);
      if (input.id) {
        const existing = await tx.guardianship.findFirst({ where: { ...clubRowWhere(clubId, input.id), minorId: minor.id }, include: { guardian: true } });
        if (!existing) throw new NotFoundError();
        const guardianship = await tx.guardianship.update({ where: { id: existing.id }, data: choices(input) });
        describeChange(tx, { action: 'update', entityType: 'person', entityId: minor.id, personId: minor.id, entityLabel: fullName(minor), detail: `Genitore o tutore modificato: ${fullName(existing.guardian)}` });
        return { guardianship, message: MSG.guardianSaved };
      }
      const guardian = input.guardianId ? await findPerson(tx, clubId, input.guardianId) : await guardianPerson(tx, clubId, input.guardian!);
      if (guardian.id === minor.id) throw new ValidationError({ guardianId: MSG.guardianSelf }, MSG.guardianSelf);
      const guardianship = await tx.guardianship.create({ data: { clubId, minorId: minor.id, guardianId: guardian.id, ...choices(input) } });
      describeChange(tx, { action: 'update', entityType: 'person', entityId: minor.id, personId: minor.id, entityLabel: fullName(minor), detail: `Genitore o tutore aggiunto: ${fullName(guardian)}` });
      return { guardianship, message: MSG.guardianSaved };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(MSG.guardianExists, { guardianId: MSG.guardianExists });
    throw e;
  }
}

/** Ends a guardianship; the guardian stays in the registry (they may be guardian of others, or hold roles). */
export async function removeGuardianship(ctx: RequestContext, id: unknown): Promise<{ guardianship: Guardianship; message: string }> {
  const { clubId } = clubMember(ctx);
  if (!isUuid(id)) throw new NotFoundError();
  return clubDb(ctx).$transaction(async (tx) => {
    const found = await tx.guardianship.findFirst({ where: clubRowWhere(clubId, id), include: { minor: true, guardian: true } });
    if (!found) throw new NotFoundError();
    const { minor, guardian, ...guardianship } = found;
    await tx.guardianship.delete({ where: { id: found.id } });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: minor.id, personId: minor.id, entityLabel: fullName(minor), detail: `Genitore o tutore rimosso: ${fullName(guardian)}` });
    return { guardianship, message: MSG.guardianRemoved };
  });
}

/** At most this many people answer a guardian search. */
export const GUARDIAN_SEARCH_LIMIT = 10;

/**
 * People of the registry who could be a guardian, for the person page's search: every word of `search` in their
 * name, tax code, e-mail or phone (guardians known only by name included, who hold no role and appear in no list).
 */
export function guardianCandidatesWhere(ctx: RequestContext, search: string, excludeId?: string) {
  const { clubId } = clubMember(ctx);
  const words = foldText(search).split(/\s+/).filter(Boolean).slice(0, 5);
  const email = search.trim().toLowerCase();
  return {
    clubId,
    ...(excludeId && isUuid(excludeId) ? { id: { not: excludeId } } : {}),
    OR: [{ AND: words.map((w) => ({ searchText: { contains: w } })) }, ...(email.includes('@') ? [{ emailPrimary: email }] : [])],
  };
}
