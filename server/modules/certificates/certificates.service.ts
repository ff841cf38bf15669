// Medical certificates with their history (issue 14): added with their file, listed newest first, removed when
// entered by mistake. The latest (by expiry) is mirrored into the athlete role's legacy fields
// (athlete_details.medical_examination_*), which the lists, the dashboard, the legacy REST and the organisations'
// API read: one place decides what "the certificate" of an athlete is. Health data: health.read to see,
// health.write and the athletes' write permission to change.
import { clubDate } from '../../../schema/club-time';
import { CERTIFICATE_TYPE_RULES, certificateState, type CertificateState } from '../../../schema/medical-certificates';
import { MSG } from '../../../schema/messages';
import { medicalCertificateInput } from '../../../schema/validation/medical-certificate';
import type { RequestContext } from '../../context';
import type { AthleteDetails, MedicalCertificate } from '../../generated/prisma/client.js';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { shownHealth } from '../../access/health-data';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { isUuid, type Db } from '../../lib/club-rows';
import { parseInput } from '../../lib/validate';
import { storeFile, type UploadedFile } from '../files/files.service';
import { CURRENT_ROLE_FIRST } from '../people/people.policy';
import { legacyCertificateChange } from './legacy-certificate-rule';

/** 2027-03-31 -> 31/03/2027, as the access log's lines are read. */
const italian = (d: string | null) => (d ? d.split('-').reverse().join('/') : '');

/** The newest first: by expiry, then by entry. */
export const LATEST_FIRST = [{ expiresOn: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }] as const;

/** The person's athlete role in the club (the active one when archived ones precede it), which certificates belong with (NotFoundError when none). */
async function athleteRoleOf(tx: Db, clubId: string, personId: unknown) {
  const role = isUuid(personId)
    ? await tx.personRole.findFirst({
        where: { clubId, personId, kind: 'athlete' },
        orderBy: [...CURRENT_ROLE_FIRST],
        include: { person: { select: { firstname: true, lastname: true } } },
      })
    : null;
  if (!role) {
    const person = isUuid(personId) ? await tx.person.findFirst({ where: { clubId, id: personId }, select: { id: true } }) : null;
    throw person ? new ConflictError(MSG.certificateNotAthlete) : new NotFoundError();
  }
  return role;
}

/** Writes the person's latest certificate into their athlete role's legacy fields (or clears them when none is left). */
export async function mirrorLatestCertificate(tx: Db, clubId: string, personId: string): Promise<void> {
  const latest = await tx.medicalCertificate.findFirst({ where: { clubId, personId }, orderBy: [...LATEST_FIRST] });
  // The current athlete role: an archived one registered again stays as it was archived.
  const role = await tx.personRole.findFirst({ where: { clubId, personId, kind: 'athlete' }, orderBy: [...CURRENT_ROLE_FIRST], select: { id: true } });
  if (!role) return;
  // A file is the document of one role at most (a unique column): when the person's archived athlete role still
  // holds it, the current role goes without (the file stays reachable through the history).
  const heldElsewhere = latest?.fileId
    ? await tx.athleteDetails.findFirst({ where: { medicalExaminationDocumentId: latest.fileId, roleId: { not: role.id } }, select: { roleId: true } })
    : null;
  const mirrored = {
    medicalExaminationExpirationDate: latest?.expiresOn ?? null,
    typeMedicalExaminationId: latest?.type ? CERTIFICATE_TYPE_RULES[latest.type].legacyTypeId : null,
    medicalExaminationDocumentId: heldElsewhere ? null : (latest?.fileId ?? null),
  };
  await tx.athleteDetails.upsert({ where: { roleId: role.id }, create: { roleId: role.id, ...mirrored }, update: mirrored });
}

/**
 * A new athlete role of a person who already has a certificate history (registered again after an archive) shows
 * its latest certificate, as the lists and the eligibility read it from the role; without a history nothing changes.
 */
export async function mirrorCertificateHistory(tx: Db, clubId: string, personId: string): Promise<void> {
  if (await tx.medicalCertificate.count({ where: { clubId, personId } })) await mirrorLatestCertificate(tx, clubId, personId);
}

export interface AddCertificateResult {
  certificate: MedicalCertificate;
  message: string;
}

/** Adds a certificate (and its file) to an athlete's history; the latest becomes the legacy fields' value. */
export async function addMedicalCertificate(
  ctx: RequestContext,
  personId: unknown,
  raw: unknown,
  readFile: () => Promise<UploadedFile | undefined> = async () => undefined,
  now = ctx.deps.now(),
): Promise<AddCertificateResult> {
  // health.write is the operation's (the table's); people.athlete.write too, the certificate being an athlete's.
  const { clubId } = authorizeMember(ctx, 'people.athlete.write');
  const input = parseInput(medicalCertificateInput(clubDate(now)), raw);
  const file = await readFile();
  return clubDb(ctx).$transaction(async (tx) => {
    const role = await athleteRoleOf(tx, clubId, personId);
    if (role.archivedAt) throw new ConflictError(MSG.archivedReadOnly);
    const stored = file ? await storeFile(tx, { clubId, purpose: 'medical-certificate' }, file, 'file') : null;
    const certificate = await tx.medicalCertificate.create({
      data: {
        clubId,
        personId: role.personId,
        type: input.type,
        sport: input.sport ?? null,
        issuedOn: dateColumn(input.issuedOn),
        expiresOn: dateColumn(input.expiresOn),
        issuer: input.issuer ?? null,
        fileId: stored?.id ?? null,
        createdByAccountId: ctx.viewer?.accountId ?? null,
      },
    });
    await mirrorLatestCertificate(tx, clubId, role.personId);
    describeChange(tx, {
      action: 'update',
      entityType: 'person',
      entityId: role.personId,
      personId: role.personId,
      entityLabel: `${role.person.firstname} ${role.person.lastname}`,
      detail: `Certificato medico ${CERTIFICATE_TYPE_RULES[input.type].label.toLowerCase()} aggiunto, scadenza ${italian(input.expiresOn)}`,
    });
    return { certificate, message: MSG.certificateSaved };
  });
}

/** Removes a certificate entered by mistake (and its file); the previous one, if any, becomes the latest again. */
export async function deleteMedicalCertificate(ctx: RequestContext, id: unknown): Promise<{ personId: string; message: string }> {
  const { clubId } = authorizeMember(ctx, 'people.athlete.write');
  return clubDb(ctx).$transaction(async (tx) => {
    const certificate = isUuid(id) ? await tx.medicalCertificate.findFirst({ where: { id, clubId } }) : null;
    if (!certificate) throw new NotFoundError();
    const role = await athleteRoleOf(tx, clubId, certificate.personId);
    if (role.archivedAt) throw new ConflictError(MSG.archivedReadOnly);
    await tx.medicalCertificate.delete({ where: { id: certificate.id } });
    if (certificate.fileId) await tx.storedFile.deleteMany({ where: { id: certificate.fileId, clubId, certificateOf: { is: null }, medicalCertificateOf: { is: null } } });
    await mirrorLatestCertificate(tx, clubId, certificate.personId);
    describeChange(tx, {
      action: 'update',
      entityType: 'person',
      entityId: certificate.personId,
      personId: certificate.personId,
      entityLabel: `${role.person.firstname} ${role.person.lastname}`,
      detail: `Certificato medico con scadenza ${italian(dayOf(certificate.expiresOn))} eliminato`,
    });
    return { personId: certificate.personId, message: MSG.certificateDeleted };
  });
}

/** A person's certificate history as shown (GraphQL and the legacy record): null without health.read, else logged. */
export function shownCertificates<T>(ctx: RequestContext, personId: string, rows: T[]): T[] | null {
  return shownHealth(ctx, { personIds: rows.length ? [personId] : [] }, rows, 'Storico certificati medici');
}

/** The athlete's person and details row as a save has just written or read them (what recordLegacyCertificate reads otherwise). */
export interface LegacyCertificateSource {
  personId: string;
  athlete: Pick<AthleteDetails, 'medicalExaminationExpirationDate' | 'typeMedicalExaminationId' | 'medicalExaminationDocumentId'> | null;
}

/**
 * After a save through the legacy fields (the person form's expiry and document, REST `athlete/save`), the history
 * follows what was written: a new expiry is recorded as a certificate (its type from the legacy code, no issue
 * date), and an earlier one corrects the latest when that one too came from the legacy fields (a typo fixed); a new document on the same
 * expiry becomes the latest certificate's file. Without a change nothing is written. The legacy fields stay as
 * written (what a legacy client reads back).
 */
export async function recordLegacyCertificate(tx: Db, clubId: string, roleId: string, known?: LegacyCertificateSource): Promise<void> {
  const role = known ?? (await tx.personRole.findFirst({ where: { id: roleId, clubId, kind: 'athlete' }, select: { personId: true, athlete: true }, relationLoadStrategy: 'join' }));
  const details = role?.athlete;
  if (!role || !details?.medicalExaminationExpirationDate) return;
  const latest = await tx.medicalCertificate.findFirst({ where: { clubId, personId: role.personId }, orderBy: [...LATEST_FIRST] });
  const wanted = details.medicalExaminationDocumentId;
  // A file already in the history stays with its certificate (file_id is unique).
  const fileId = wanted && wanted !== latest?.fileId && (await tx.medicalCertificate.findFirst({ where: { fileId: wanted }, select: { id: true } })) ? null : wanted;
  // The rule itself is shared with the import (legacy-certificate-rule.ts).
  const change = legacyCertificateChange(latest && { ...latest, expiresOn: dayOf(latest.expiresOn)!, issuedOn: dayOf(latest.issuedOn) }, {
    expiresOn: dayOf(details.medicalExaminationExpirationDate)!,
    legacyTypeId: details.typeMedicalExaminationId,
    fileId,
  });
  if (change.action === 'update') {
    await tx.medicalCertificate.update({ where: { id: change.id }, data: { expiresOn: dateColumn(change.expiresOn), type: change.type, fileId: change.fileId } });
  } else if (change.action === 'create') {
    await tx.medicalCertificate.create({ data: { clubId, personId: role.personId, type: change.type, expiresOn: dateColumn(change.expiresOn), fileId: change.fileId } });
  }
}

/**
 * An athlete's certificate state on `now`'s club day, from the latest expiry (the legacy field mirrors it) and the
 * birthday: what the lists, the person page, the legacy records, eligibility and the organisations' API all show.
 */
export const athleteCertificateState = (expiresOn: Date | null | undefined, birthday: Date | null | undefined, now: Date): CertificateState =>
  certificateState(dayOf(expiresOn), dayOf(birthday), clubDate(now));
