// What a member or a guardian does from the personal area (issue 36 point 4): change contacts (at once), ask the
// club to change a key field (name, tax code, birth data: applied when the club approves), send a new medical
// certificate (in the history when the club approves), withdraw a consent the relation answers for. Each goes
// through familyDoor with the family table's permission; another family's person answers like an unknown id.
import { clubDate } from '../../../schema/club-time';
import { MSG } from '../../../schema/messages';
import { FAMILY_MSG } from '../../../schema/messages-family';
import { CONSENT_PURPOSE_LABELS, CONSENT_PURPOSES, consentGiver, type ConsentPurpose } from '../../../schema/validation/consents';
import { FAMILY_KEY_FIELDS, updateFamilyPersonInput, type FamilyKeyField } from '../../../schema/validation/family-area';
import { medicalCertificateInput } from '../../../schema/validation/medical-certificate';
import { describeChange } from '../../access/change-log';
import { familyDoor, type FamilyMember } from '../../access/cross-club';
import { FAMILY_RELATION_LABELS } from '../../access/permissions';
import type { RequestContext } from '../../context';
import { saveAddress } from '../../lib/addresses';
import type { Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { storeFile, type UploadedFile } from '../files/files.service';

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/** Who asked, as the club reads it: the acting person's name and relation ("Anna Bianchi (Genitore o tutore)"). */
async function requester(db: Db, member: FamilyMember): Promise<string> {
  const acting = await db.person.findFirstOrThrow({ where: { clubId: member.clubId, id: member.actingPersonId }, select: { firstname: true, lastname: true } });
  return `${fullName(acting)} (${FAMILY_RELATION_LABELS[member.relation]})`;
}

/** A key field's stored value as the form sends it (dates YYYY-MM-DD), to compare with what was sent. */
function storedKey(person: Record<FamilyKeyField, unknown>, field: FamilyKeyField): string | null {
  const value = person[field];
  if (value instanceof Date) return dayOf(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * One save of the personal area's form: the contacts sent are written at once; the key fields that differ from the
 * record become one change request for the club (one pending request per person at a time).
 */
export async function updateFamilyPerson(ctx: RequestContext, raw: unknown): Promise<{ message: string; applied: string[]; requested: string[] }> {
  const input = parseInput(updateFamilyPersonInput, raw);
  const reading = await familyDoor(ctx, input.personId, 'family.read');
  const { db, clubId } = reading;
  const person = await db.person.findFirstOrThrow({ where: { clubId, id: reading.personId }, include: { address: true } });
  const changes = Object.fromEntries(
    FAMILY_KEY_FIELDS.flatMap((field) => {
      const sent = input.keyFields?.[field];
      if (sent === undefined) return [];
      const from = storedKey(person, field);
      const to = sent === null || sent === '' ? null : String(sent);
      return from === to ? [] : [[field, { from, to }]];
    }),
  );
  const requested = Object.keys(changes);
  const contacts = input.contacts;
  const contactValues = contacts && { emailPrimary: contacts.emailPrimary ?? null, phonePrimary: contacts.phonePrimary ?? null };
  const contactsChanged =
    !!contacts &&
    (contactValues!.emailPrimary !== person.emailPrimary ||
      contactValues!.phonePrimary !== person.phonePrimary ||
      (contacts.address !== undefined && Object.entries(contacts.address).some(([k, v]) => (v ?? null) !== ((person.address as Record<string, unknown> | null)?.[k] ?? null))));
  if (!requested.length && !contactsChanged) return { message: FAMILY_MSG.familyNothingChanged, applied: [], requested: [] };
  // Each part needs its own permission of the table: a minor changes neither.
  const writer = contactsChanged ? await familyDoor(ctx, input.personId, 'family.contacts.write') : null;
  if (requested.length) await familyDoor(ctx, input.personId, 'family.changes.request');
  const by = await requester(db, reading);

  await (writer ?? reading).db.$transaction(async (tx) => {
    if (contactsChanged) {
      await tx.person.update({ where: { id: person.id }, data: contactValues! });
      if (contacts.address !== undefined) {
        const addressId = await saveAddress(tx, clubId, person.addressId, Object.fromEntries(Object.entries(contacts.address).map(([k, v]) => [k, v ?? null])));
        if (addressId !== person.addressId) await tx.person.update({ where: { id: person.id }, data: { addressId } });
      }
      describeChange(tx, { action: 'update', entityType: 'person', entityId: person.id, personId: person.id, entityLabel: fullName(person), detail: `Contatti aggiornati dall'area personale da ${by}` });
    }
    if (requested.length) {
      if (await tx.personChangeRequest.findFirst({ where: { clubId, personId: person.id, status: 'in_attesa' }, select: { id: true } })) throw new ConflictError(FAMILY_MSG.familyChangePending);
      await tx.personChangeRequest.create({ data: { clubId, personId: person.id, changes, requestedByAccountId: ctx.viewer!.accountId, requestedBy: by, createdAt: ctx.deps.now() } });
      describeChange(tx, { action: 'update', entityType: 'person', entityId: person.id, personId: person.id, entityLabel: fullName(person), detail: `Richiesta di modifica dall'area personale da ${by}` });
    }
  });
  const message = contactsChanged && requested.length ? FAMILY_MSG.familyContactsSavedAndChangeRequested : requested.length ? FAMILY_MSG.familyChangeRequested : FAMILY_MSG.familyContactsSaved;
  return { message, applied: contactsChanged ? ['contacts'] : [], requested };
}

/**
 * A new medical certificate from the personal area: validated as the staff's form validates it, stored with its
 * file, and waiting for the club (one at a time per person). Only an athlete has certificates.
 */
export async function submitFamilyCertificate(
  ctx: RequestContext,
  personId: unknown,
  raw: unknown,
  readFile: () => Promise<UploadedFile | undefined>,
): Promise<{ message: string; id: string }> {
  const member = await familyDoor(ctx, personId, 'family.certificates.submit');
  const { db, clubId } = member;
  const input = parseInput(medicalCertificateInput(clubDate(ctx.deps.now())), raw);
  const file = await readFile();
  if (!file) throw new ValidationError({ file: FAMILY_MSG.familyCertificateFileRequired }, FAMILY_MSG.familyCertificateFileRequired);
  const by = await requester(db, member);
  return db.$transaction(async (tx) => {
    const person = await tx.person.findFirstOrThrow({ where: { clubId, id: member.personId }, include: { roles: { where: { kind: 'athlete', archivedAt: null }, select: { id: true } } } });
    if (!person.roles.length) throw new ConflictError(MSG.certificateNotAthlete);
    if (await tx.certificateSubmission.findFirst({ where: { clubId, personId: person.id, status: 'in_attesa' }, select: { id: true } })) throw new ConflictError(FAMILY_MSG.familyCertificatePending);
    const stored = await storeFile(tx, { clubId, purpose: 'medical-certificate' }, file, 'file');
    const submission = await tx.certificateSubmission.create({
      data: {
        clubId,
        personId: person.id,
        type: input.type,
        sport: input.sport ?? null,
        issuedOn: dateColumn(input.issuedOn),
        expiresOn: dateColumn(input.expiresOn),
        issuer: input.issuer ?? null,
        fileId: stored.id,
        submittedByAccountId: ctx.viewer!.accountId,
        submittedBy: by,
        createdAt: ctx.deps.now(),
      },
    });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: person.id, personId: person.id, entityLabel: fullName(person), detail: `Certificato medico inviato dall'area personale da ${by}, da approvare` });
    return { message: FAMILY_MSG.familyCertificateSubmitted, id: submission.id };
  });
}

/** Withdraws the person's consent for `purpose`, when this relation answers for it (consentGiver's rule). */
export async function withdrawFamilyConsent(ctx: RequestContext, personId: unknown, purpose: unknown): Promise<{ message: string }> {
  const member = await familyDoor(ctx, personId, 'family.consents.withdraw');
  if (!CONSENT_PURPOSES.includes(purpose as ConsentPurpose)) throw new NotFoundError();
  const { db, clubId } = member;
  const person = await db.person.findFirstOrThrow({ where: { clubId, id: member.personId }, select: { id: true, firstname: true, lastname: true, birthday: true } });
  const giver = consentGiver(dayOf(person.birthday), clubDate(ctx.deps.now()), purpose as ConsentPurpose);
  // A guardian's reach ends at 18, so an adult's own consent is never a guardian's; a minor's own account answers
  // only for what the law lets them answer from 14.
  if (giver === 'guardian' && member.relation !== 'genitore') throw new ForbiddenError(FAMILY_MSG.familyGuardianOnly);
  const by = await requester(db, member);
  return db.$transaction(async (tx) => {
    const latest = await tx.consent.findFirst({ where: { clubId, personId: person.id, purpose: purpose as ConsentPurpose }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    if (!latest || !latest.granted || latest.withdrawnAt) throw new ConflictError(FAMILY_MSG.familyConsentNotGiven);
    await tx.consent.update({ where: { id: latest.id }, data: { withdrawnAt: ctx.deps.now(), withdrawnBy: ctx.viewer!.accountId } });
    describeChange(tx, {
      action: 'update',
      entityType: 'person',
      entityId: person.id,
      personId: person.id,
      entityLabel: fullName(person),
      detail: `Consenso ${CONSENT_PURPOSE_LABELS[purpose as ConsentPurpose].toLowerCase()} revocato dall'area personale da ${by}`,
    });
    return { message: MSG.consentWithdrawn };
  });
}
