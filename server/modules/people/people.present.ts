// The legacy REST shapes of people (spec §3): "Person (as listed)" for `load`, the whole record for `single`,
// `save` and `archive`. snake_case, dates as YYYY-MM-DD, date-times as ISO 8601, files as {id, filename, mime_type,
// size, url} (never their bytes).
import { DETAILS_INPUT } from '../../../schema/validation/people';
import type { Prisma } from '../../generated/prisma/client.js';
import { toSnakeKeys } from '../../compat/naming';
import { fileUrl } from '../files/files.service';
import { PEOPLE_KINDS } from './people.kinds';
import { withoutHealth } from '../../access/health-data';
import { athleteCertificateState } from '../certificates/certificates.service';
import { dayOf as day } from '../../lib/date-columns';

const FILE = { select: { id: true, filename: true, mimeType: true, size: true } } as const;

/** The role's active groups by name, with what the legacy pivot needs. */
const GROUPS = {
  where: { group: { archivedAt: null } },
  orderBy: { group: { name: 'asc' } },
  select: { groupId: true, group: { select: { id: true, name: true } } },
} as const satisfies Prisma.PersonRole$groupsArgs;

export const LISTED_INCLUDE = {
  person: { select: { id: true, firstname: true, lastname: true, taxIdCode: true, birthday: true, emailPrimary: true, phonePrimary: true } },
  groups: GROUPS,
  athlete: { select: { medicalExaminationExpirationDate: true } },
} as const satisfies Prisma.PersonRoleInclude;

/** The certificate history of `single` (newest expiry first), with each file. */
const CERTIFICATES = {
  orderBy: [{ expiresOn: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
  include: { file: FILE },
} as const satisfies Prisma.Person$medicalCertificatesArgs;

export const RECORD_INCLUDE = {
  person: { include: { address: true, blsdFile: FILE, firstAidFile: FILE, firePreventionFile: FILE, medicalCertificates: CERTIFICATES } },
  athlete: { include: { medicalExaminationDocument: FILE } },
  coach: true,
  member: true,
  manager: true,
  groups: GROUPS,
  documents: { ...FILE, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.PersonRoleInclude;

type Listed = Prisma.PersonRoleGetPayload<{ include: typeof LISTED_INCLUDE }>;
export type PersonRecord = Prisma.PersonRoleGetPayload<{ include: typeof RECORD_INCLUDE }>;
type StoredFileMeta = { id: string; filename: string; mimeType: string; size: number };

const instant = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const presentFile = (f: StoredFileMeta | null | undefined) =>
  f ? { id: f.id, filename: f.filename, mime_type: f.mimeType, size: f.size, url: fileUrl(f.id) } : null;

function presentGroups(role: Pick<Listed, 'id' | 'kind' | 'groups'>) {
  const pivotKey = PEOPLE_KINDS[role.kind].pivotKey;
  return role.groups.map((m) => ({ id: m.group.id, name: m.group.name, pivot: { group_id: m.groupId, [pivotKey]: role.id } }));
}

/** An athlete's certificate state on `now`'s day (schema/medical-certificates.ts), null for other kinds or without health data. */
function certificateStatusOf(role: Pick<Listed, 'kind' | 'athlete'> & { person: { birthday: Date | null } }, showHealth: boolean, now: Date) {
  if (role.kind !== 'athlete' || !showHealth) return {};
  return { medical_certificate_status: athleteCertificateState(role.athlete?.medicalExaminationExpirationDate, role.person.birthday, now) };
}

/**
 * "Person (as listed)": a row of the people lists. Athletes' rows add `medical_certificate_status` (valid, expiring,
 * expired, missing, notRequired on `now`'s day; null without health data).
 */
export function presentListed(role: Listed, showHealth: boolean, now: Date) {
  const p = role.person;
  return {
    id: role.id,
    profile: {
      id: p.id,
      firstname: p.firstname,
      lastname: p.lastname,
      tax_id_code: p.taxIdCode,
      birthday: day(p.birthday),
      email_primary: p.emailPrimary,
      phone_primary: p.phonePrimary,
    },
    groups: presentGroups(role),
    is_active: role.isActive,
    created_at: instant(role.createdAt),
    updated_at: instant(role.updatedAt),
    ...(role.kind === 'athlete' ? { medical_certificate_status: null, ...certificateStatusOf(role, showHealth, now) } : {}),
  };
}

function presentProfile(p: PersonRecord['person']) {
  return {
    id: p.id,
    type_role_id: p.typeRoleId,
    firstname: p.firstname,
    secondname: p.secondname,
    lastname: p.lastname,
    nickname: p.nickname,
    tax_id_code: p.taxIdCode,
    type_gender_id: p.typeGenderId,
    birthday: day(p.birthday),
    birthplace: p.birthplace,
    birth_nation: p.birthNation,
    nationality: p.nationality,
    photo_url: p.photoUrl,
    legal_representative: p.legalRepresentative,
    email_primary: p.emailPrimary,
    email_secondary: p.emailSecondary,
    phone_primary: p.phonePrimary,
    phone_secondary: p.phoneSecondary,
    address_id: p.addressId,
    address: p.address
      ? {
          id: p.address.id,
          address: p.address.address,
          street_number: p.address.streetNumber,
          postal_code: p.address.postalCode,
          city: p.address.city,
          province: p.address.province,
          country: p.address.country,
        }
      : null,
    has_blsd: p.hasBlsd,
    blsd_expires_on: day(p.blsdExpiresOn),
    blsd_file: presentFile(p.blsdFile),
    has_first_aid: p.hasFirstAid,
    first_aid_expires_on: day(p.firstAidExpiresOn),
    first_aid_file: presentFile(p.firstAidFile),
    has_fire_prevention: p.hasFirePrevention,
    fire_prevention_expires_on: day(p.firePreventionExpiresOn),
    fire_prevention_file: presentFile(p.firePreventionFile),
    is_guarded: p.isGuarded,
    created_at: instant(p.createdAt),
    updated_at: instant(p.updatedAt),
  };
}

/** The kind's own fields, flat and snake_case, every one present (null when unset; health data null unless shown). */
function presentDetails(role: PersonRecord, showHealth: boolean, now: Date) {
  const relation = PEOPLE_KINDS[role.kind].details;
  const schema = DETAILS_INPUT[role.kind];
  if (!relation || !schema) return {};
  const row = (role[relation] ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.keys(schema.shape).map((key) => {
      const value = row[key];
      return [key, value instanceof Date ? day(value) : (value ?? null)];
    }),
  );
  if (role.kind === 'athlete') fields.medicalExaminationDocument = presentFile(role.athlete?.medicalExaminationDocument);
  const legacy = toSnakeKeys(showHealth ? fields : withoutHealth(role.kind, fields));
  if (role.kind !== 'athlete') return legacy;
  // Beside the spec's fields, unchanged: the state today and the history (health data: null without it).
  return {
    ...legacy,
    medical_certificate_status: null,
    ...certificateStatusOf(role, showHealth, now),
    medical_certificates: showHealth ? role.person.medicalCertificates.map(presentCertificate) : null,
  };
}

function presentCertificate(c: PersonRecord['person']['medicalCertificates'][number]) {
  return {
    id: c.id,
    type: c.type,
    sport: c.sport,
    issued_on: day(c.issuedOn),
    expires_on: day(c.expiresOn),
    issuer: c.issuer,
    file: presentFile(c.file),
    created_at: instant(c.createdAt),
  };
}

/**
 * The whole record (`single`, and the answer of `save` and `archive`). `showHealth`: whether the viewer's role reads
 * health data (access/health-data.ts); without it those fields are present and null, so the shape never changes.
 * `now`: the day the certificate state is measured on (AppDeps.now).
 */
export function presentRecord(role: PersonRecord, showHealth: boolean, now: Date) {
  return {
    id: role.id,
    type: role.kind,
    ...presentDetails(role, showHealth, now),
    note_private: role.notePrivate,
    is_active: role.isActive,
    archived_at: instant(role.archivedAt),
    created_at: instant(role.createdAt),
    updated_at: instant(role.updatedAt),
    profile: presentProfile(role.person),
    groups: presentGroups(role),
    documents: role.documents.map(presentFile),
  };
}
