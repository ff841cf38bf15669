// The certificate history of imported athletes: an imported expiry (the legacy field) goes through the same rule as
// the person form's (certificates/legacy-certificate-rule.ts), decided row by row here and written with set-based
// statements (import-write.ts). The latest certificates of the athletes already in the club are read in one
// statement per 2,000 people.
import { newImportRowId } from './import-ids';
import { CLUB, clubSql } from '../../access/club-sql';
import type { Db } from '../../lib/club-rows';
import { legacyCertificateChange, type LatestCertificate } from '../certificates/legacy-certificate-rule';
import { breathe, type ImportWrites, type SqlRow } from './import-write';

/** The latest certificate (by expiry, then entry: certificates.service.ts LATEST_FIRST) of each of these people. */
export async function latestCertificates(db: Db, clubId: string, personIds: readonly string[]): Promise<Map<string, LatestCertificate>> {
  const found = new Map<string, LatestCertificate>();
  for (let i = 0; i < personIds.length; i += 2_000) {
    const rows = await db.$queryRaw<Array<LatestCertificate & { personId: string }>>(clubSql(clubId)`
      SELECT DISTINCT ON (m.person_id) m.person_id AS "personId", m.id, to_char(m.expires_on, 'YYYY-MM-DD') AS "expiresOn",
             to_char(m.issued_on, 'YYYY-MM-DD') AS "issuedOn", m.type::text AS type, m.file_id AS "fileId"
      FROM medical_certificates m
      WHERE m.club_id = ${CLUB} AND m.person_id = ANY(${personIds.slice(i, i + 2_000)}::uuid[])
      ORDER BY m.person_id, m.expires_on DESC, m.created_at DESC, m.id DESC`);
    for (const { personId, ...latest } of rows) found.set(personId, latest);
    await breathe();
  }
  return found;
}

/** The people whose imported details carry an expiry, and who are already in the club (their history may hold certificates). */
export function certifiedPeople(writes: ImportWrites): { personOfRole: Map<string, SqlRow>; known: string[] } {
  const personOfRole = new Map<string, SqlRow>();
  for (const change of writes.changes) personOfRole.set(change.role_id as string, change);
  const known = writes.detailsUpserts
    .filter((d) => d.medical_examination_expiration_date)
    .map((d) => personOfRole.get(d.role_id as string))
    .filter((c): c is SqlRow => !!c && c.person_created !== true)
    .map((c) => c.person_id as string);
  return { personOfRole, known };
}

/**
 * Adds to `writes` what each imported expiry does to the person's history, as the person form would decide it
 * (the file has neither the certificate's type nor its document). A certificate the run updates is named in the
 * person's undo record (other_row_ids), so the undo puts it back rather than deleting it.
 */
export async function decideCertificates(db: Db, clubId: string, writes: ImportWrites): Promise<void> {
  const { personOfRole, known } = certifiedPeople(writes);
  const latest = known.length ? await latestCertificates(db, clubId, known) : new Map<string, LatestCertificate>();
  for (const details of writes.detailsUpserts) {
    const expiresOn = details.medical_examination_expiration_date as string | null;
    const change = personOfRole.get(details.role_id as string);
    if (!expiresOn || !change) continue;
    const personId = change.person_id as string;
    const decided = legacyCertificateChange(latest.get(personId) ?? null, { expiresOn, legacyTypeId: null, fileId: null });
    if (decided.action === 'create') {
      writes.certificateInserts.push({ id: newImportRowId(), person_id: personId, type: decided.type, expires_on: decided.expiresOn, file_id: decided.fileId });
    } else if (decided.action === 'update') {
      writes.certificateUpdates.push({ id: decided.id, person_id: personId, type: decided.type, expires_on: decided.expiresOn, file_id: decided.fileId });
      change.other_row_ids = [...((change.other_row_ids as string[] | undefined) ?? []), decided.id];
    }
  }
}
