// The legacy certificate rule (issue 35 point 4): what an expiry written into an athlete's legacy fields does to
// their certificate history. Decided here only, for the person form (certificates.service.ts
// recordLegacyCertificate, one athlete in its transaction) and for the import (import-certificates.ts, thousands of
// athletes at once with set-based writes): both ask this function, so both give the same answer for the same input.
import { typeOfLegacyId, type MedicalCertificateType } from '../../../schema/medical-certificates';

/** The person's latest certificate (by expiry, then entry), days as YYYY-MM-DD. */
export interface LatestCertificate {
  id: string;
  expiresOn: string;
  /** Null: recorded through the legacy fields (they carry the expiry alone). */
  issuedOn: string | null;
  type: MedicalCertificateType | null;
  fileId: string | null;
}

/** What the legacy fields now say: the expiry, the legacy type code and the document (already free to attach). */
export interface LegacyExpiry {
  expiresOn: string;
  legacyTypeId: number | null;
  fileId: string | null;
}

export type LegacyCertificateChange =
  | { action: 'none' }
  | { action: 'update'; id: string; expiresOn: string; type: MedicalCertificateType | null; fileId: string | null }
  | { action: 'create'; expiresOn: string; type: MedicalCertificateType | null; fileId: string | null };

/**
 * A new expiry is recorded as a certificate (its type from the legacy code, no issue date); the same expiry as the
 * latest only completes it (type, document) and writes nothing when nothing differs; an earlier one corrects the
 * latest when that one too came from the legacy fields (a typo fixed), else it is an older certificate of its own.
 */
export function legacyCertificateChange(latest: LatestCertificate | null, given: LegacyExpiry): LegacyCertificateChange {
  const sameExpiry = !!latest && latest.expiresOn === given.expiresOn;
  const type = typeOfLegacyId(given.legacyTypeId) ?? (sameExpiry && latest ? latest.type : null);
  // A later expiry is a renewal (a new entry); an earlier one over a legacy entry is a correction of it.
  const correction = !!latest && !latest.issuedOn && given.expiresOn < latest.expiresOn;
  if (latest && (sameExpiry || correction)) {
    const fileId = given.fileId ?? latest.fileId;
    if (sameExpiry && type === latest.type && fileId === latest.fileId) return { action: 'none' };
    return { action: 'update', id: latest.id, expiresOn: given.expiresOn, type, fileId };
  }
  return { action: 'create', expiresOn: given.expiresOn, type, fileId: given.fileId };
}
