// Creating and updating a person role (GraphQL savePerson and legacy /{resource}/save). One Person profile per
// tax code per club is shared by all the roles of that person; each role keeps its kind's fields in a details row.
import type { PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { foldText } from '../../../schema/text';
import { addressInput, DETAILS_INPUT, personProfileInput, savePersonInput, type SavePersonInput } from '../../../schema/validation/people';
import type { RequestContext } from '../../context';
import { Prisma, type Person } from '../../generated/prisma/client.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { storeFile, type UploadedFile } from '../files/files.service';
import { PEOPLE_KINDS, type DetailsRelation, type PersonKindSpec } from './people.kinds';
import type { Db } from '../../lib/club-rows';
import { clubRoleWhere } from './people.policy';
import { saveAddress } from '../../lib/addresses';
import { definedOnly, nested, parseEdit, sentColumns, sentGroup, storedFields, type Row } from '../../lib/partial-update';
import { isUuid } from '../../lib/club-rows';
import { athleteGroupsOf, clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { describeChange, writeLogged } from '../../access/change-log';
import type { AccessLogEntryInput } from '../../access/access-log';
import { canWriteHealth } from '../../access/health-data';
import { HEALTH_DETAIL_FIELDS } from '../../../schema/health-data';
import { mirrorCertificateHistory, recordLegacyCertificate, type LegacyCertificateSource } from '../certificates/certificates.service';
import { isUniqueViolation } from '../../db/sql-state';
import type { PersonRecord } from './people.present';

/** Files sent with a save. Each replaces the stored one; manager `documents` are added to the role's documents. */
export interface PersonFiles {
  blsdFile?: UploadedFile;
  firstAidFile?: UploadedFile;
  firePreventionFile?: UploadedFile;
  medicalExaminationDocument?: UploadedFile;
  documents?: UploadedFile[];
}

export interface SavePersonResult {
  roleId: string;
  created: boolean;
  /** The kind's creation message (spec §8) or 'Modifiche salvate'. */
  message: string;
  /**
   * Asked with `withRecord` and saved by the profile-alone path: the legacy record as stored now (the role read before
   * the UPDATE with the values written laid over it, and the record's other rows read by the UPDATE's own statement:
   * recordRelations), so that the answer needs no read of its own.
   */
  record?: PersonRecord;
}

type ProfileInput = SavePersonInput['profile'];

/** @db.Date columns: the inputs carry them as YYYY-MM-DD. */
const DATE_FIELDS = new Set([
  'birthday',
  'blsdExpiresOn',
  'firstAidExpiresOn',
  'firePreventionExpiresOn',
  'medicalExaminationExpirationDate',
  'medicalExaminationScheduledDate',
  'coachValidityStartDate',
  'coachValidityEndDate',
  'membershipStartDate',
  'membershipExpiredDate',
]);

/** The profile's own columns (the address is a row apart). */
const PROFILE_COLUMNS = Object.keys(personProfileInput.shape).filter((k) => k !== 'address');
/** Profile columns an edit may empty (required names and the yes/no flags cannot be null). */
const CLEARABLE_PROFILE = Object.keys(personProfileInput.shape).filter(
  (k) => !['firstname', 'lastname', 'taxIdCode', 'address', 'hasBlsd', 'hasFirstAid', 'hasFirePrevention', 'isGuarded'].includes(k),
);
const ADDRESS_FIELDS = Object.keys(addressInput.shape);

const toColumns = (values: Row): Row =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, DATE_FIELDS.has(k) && typeof v === 'string' ? new Date(`${v}T00:00:00Z`) : v]));


type KeyedFields = Pick<Person, 'firstname' | 'lastname'> & { taxIdCode?: string | null; secondname?: string | null; nickname?: string | null };

/**
 * The folded keys written with every profile (database triggers copy them to its roles):
 * searchText, what the people search matches every word against; sortName, the lists' order.
 */
export function personKeys(p: KeyedFields): { searchText: string; sortName: string } {
  return {
    searchText: foldText([p.firstname, p.secondname, p.lastname, p.nickname, p.taxIdCode].filter(Boolean).join(' ')),
    sortName: foldText(`${p.lastname} ${p.firstname}`),
  };
}

/** A new person's columns from a parsed profile (the address aside), keys included: what createRole writes. */
export function newPersonColumns(profile: SavePersonInput['profile']): ProfileColumns & { searchText: string; sortName: string } {
  const { address: _address, ...fields } = profile;
  return { ...(toColumns(definedOnly(fields)) as ProfileColumns), ...personKeys(fields) };
}

const roleConflict = (spec: PersonKindSpec) => {
  const message = MSG.roleExists(spec.singular);
  return new ConflictError(message, { 'profile.taxIdCode': message });
};
const taxCodeTaken = () => new ConflictError(MSG.taxCodeTaken, { 'profile.taxIdCode': MSG.taxCodeTaken });

/**
 * Creates (no id) or updates (id of a role of this kind and club) a person role, its profile, address, details and
 * files in one transaction: a refused file or a conflict leaves nothing half-saved.
 * - create: the club's profile with the same tax code is reused (and updated with the fields sent), else created;
 *   a second active role of the same kind is a ConflictError. When the person's role of this kind is archived, a new
 *   role is created beside it (coming back, issue 15): the archived one stays as it is, read-only, with its history.
 * - update: archived roles are read-only; the tax code cannot move onto another person of the club.
 * `sentFiles` may be a function reading them (GraphQL upload streams).
 */
export async function savePerson(
  ctx: RequestContext,
  kind: PersonKindKey,
  raw: unknown,
  sentFiles: PersonFiles | (() => Promise<PersonFiles>) = {},
  withRecord = false,
): Promise<SavePersonResult> {
  const { clubId } = authorizeMember(ctx, `people.${kind}.write`);
  const spec = PEOPLE_KINDS[kind];
  // An update is validated as the stored role with the fields sent laid over it: a field left out keeps its value.
  const stored = await storedRole(clubDb(ctx), clubId, spec, nested(raw, 'id'));
  const input = parseEdit(savePersonInput(kind), stored?.fields ?? null, raw);
  // A coach edits the athletes of their groups; registering new people is the office's (they would be in no group).
  if (!input.id && athleteGroupsOf(ctx)) throw new ForbiddenError(MSG.coachCannotRegister);
  // GraphQL uploads are read only now: after the viewer and the fields passed, and before the transaction opens.
  const files = typeof sentFiles === 'function' ? await sentFiles() : sentFiles;
  if (stored && !athleteGroupsOf(ctx) && !Object.values(files).some((f) => (Array.isArray(f) ? f.length : f))) {
    const saved = await saveProfileAlone(ctx, clubId, spec, input, raw, stored.role, withRecord);
    if (saved) return saved;
  }
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      if (!canWriteHealth(ctx)) await refuseHealthChanges(tx, spec, input, raw, files);
      const { roleId, personId, details } = input.id
        ? await updateRole(tx, clubId, spec, input, raw, stored?.role)
        : { ...(await createRole(tx, clubId, spec, input)), details: undefined };
      await attachFiles(tx, clubId, spec, { roleId, personId }, files);
      // The legacy certificate fields feed the certificates' history (certificates.service.ts); the details the update
      // wrote or read are passed on, unless a file changed them since.
      if (kind === 'athlete') await recordLegacyCertificate(tx, clubId, roleId, files.medicalExaminationDocument || !details ? undefined : { personId, athlete: details as LegacyCertificateSource['athlete'] });
      describeChange(tx, savedLine(spec, input, personId));
      return { roleId, created: !input.id, message: input.id ? MSG.changesSaved : spec.createdMessage };
    });
  } catch (e) {
    // Two saves racing for one tax code: the unique indexes decide and the loser gets the same answer as above.
    if (isUniqueViolation(e)) throw input.id ? taxCodeTaken() : roleConflict(spec);
    throw e;
  }
}

/** The access-log line of a save: the person saved, with their name and the kind. */
const savedLine = (spec: PersonKindSpec, input: SavePersonInput, personId: string): AccessLogEntryInput => ({
  action: input.id ? 'update' : 'create',
  entityType: 'person',
  entityId: personId,
  personId,
  entityLabel: `${input.profile.firstname} ${input.profile.lastname}`,
  detail: spec.singular,
});

/** Profile columns that are not text, for the casts of saveProfileAlone's UPDATE. */
const INT_COLUMNS = new Set(['typeRoleId', 'typeGenderId']);
const BOOLEAN_COLUMNS = new Set(['hasBlsd', 'hasFirstAid', 'hasFirePrevention', 'isGuarded']);
/** The people table's column of a profile field (their names are the fields' in snake case: prisma/schema.prisma). */
const columnOf = (field: string) => Prisma.raw(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
const valueOf = (field: string, value: unknown) =>
  DATE_FIELDS.has(field) ? Prisma.sql`${value}::date` : INT_COLUMNS.has(field) ? Prisma.sql`${value}::int` : BOOLEAN_COLUMNS.has(field) ? Prisma.sql`${value}::boolean` : Prisma.sql`${value}::text`;

/**
 * The usual edit, the profile's own columns alone (no address, details, role columns or files; the tax code kept;
 * no certificate expiry to mirror), by anyone but a coach (whose raw statements on people must name their groups):
 * the UPDATE and its log line in one statement (change-log.ts writeLogged), with no transaction. Written only while
 * the person still holds the role, not archived, with the columns its keys fold that were not sent as read;
 * otherwise, or when the edit is more than that, null: the transaction below does it.
 */
async function saveProfileAlone(ctx: RequestContext, clubId: string, spec: PersonKindSpec, input: SavePersonInput, raw: unknown, role: StoredRole, withRecord: boolean): Promise<SavePersonResult | null> {
  const rawProfile = nested(raw, 'profile');
  const { address, ...profile } = input.profile;
  const details = spec.details ? ((role[spec.details] as Row | null) ?? null) : null;
  const profileAlone =
    profile.taxIdCode === role.person.taxIdCode &&
    !Object.keys(sentColumns(sentGroup(rawProfile, 'address', ADDRESS_FIELDS), address, ADDRESS_FIELDS)).length &&
    !Object.keys(sentDetails(spec, input, raw)).length &&
    !Object.keys(sentColumns(raw, input, ['notePrivate', 'isActive'], ['notePrivate'])).length &&
    (!spec.details || details) && // a role without its details row gets one in the transaction
    !(spec.key === 'athlete' && details?.medicalExaminationExpirationDate);
  if (!profileAlone) return null;
  const values = sentColumns(rawProfile, profile, PROFILE_COLUMNS, CLEARABLE_PROFILE);
  const keys = personKeys({ ...role.person, ...values });
  const sets = [
    ...Object.entries(values).map(([field, value]) => Prisma.sql`${columnOf(field)} = ${valueOf(field, value)}`),
    Prisma.sql`search_text = ${keys.searchText}, sort_name = ${keys.sortName}, updated_at = now()`,
  ];
  const asRead = KEYED_COLUMNS.filter((k) => !(k in values)).map((k) => Prisma.sql` AND ${columnOf(k)} IS NOT DISTINCT FROM ${role.person[k]}::text`);
  const written = await writeLogged<{ updatedAt: Date } & Partial<RecordRelations>>(
    clubDb(ctx),
    ctx,
    clubId,
    Prisma.sql`
      UPDATE people SET ${Prisma.join(sets)}
      WHERE id = ${role.personId}::uuid AND club_id = ${clubId}::uuid${asRead.length ? Prisma.join(asRead, '') : Prisma.empty}
        AND EXISTS (SELECT 1 FROM person_roles r WHERE r.id = ${role.id}::uuid AND r.person_id = people.id AND r.archived_at IS NULL)
      RETURNING updated_at AS "updatedAt"`,
    [savedLine(spec, input, role.personId)],
    withRecord ? recordRelations(clubId, spec, role) : undefined,
  );
  if (!written.length) return null;
  // The row as a re-read would give it: the columns written (dates as Prisma hands them over), keys and updated_at.
  const person = { ...role.person, ...toColumns(values), ...keys, updatedAt: written[0].updatedAt };
  const record = withRecord ? legacyRecord(spec, role, person, written[0] as RecordRelations) : undefined;
  return { roleId: role.id, created: false, message: MSG.changesSaved, record };
}

/** A stored file as the legacy record shows it (people.present.ts FILE). */
type FileMeta = { id: string; filename: string; mimeType: string; size: number };
/** A medical certificate as jsonb hands it over: its days and instant as text. */
type CertificateJson = Row & { issuedOn: string | null; expiresOn: string; createdAt: string; file: FileMeta | null };

/** What the legacy record (people.present.ts RECORD_INCLUDE) holds beyond the role, its profile and its details row. */
interface RecordRelations {
  groups: { groupId: string; group: { id: string; name: string } }[];
  documents: FileMeta[];
  /** The profile's and the details' files, by id. */
  files: Record<string, FileMeta> | null;
  certificates: CertificateJson[];
}

const fileJson = (f: string) => Prisma.raw(`jsonb_build_object('id', ${f}.id, 'filename', ${f}.filename, 'mimeType', ${f}.mime_type, 'size', ${f}.size)`);

/**
 * The select list of a profile-alone UPDATE (writeLogged's `answer`) that reads, in the same statement, the rows of
 * the legacy record the role's read before it left out: its active groups by name, its documents, the profile's and
 * the details' files, an athlete's certificates (newest expiry first), as RECORD_INCLUDE orders them. Each names the
 * club, as the club-scoped client narrows every relation. The UPDATE writes none of them, so its snapshot is the
 * record as written. Instead of a joined read of every relation before the UPDATE: the profile and details read
 * alone cost half as much in the client (people-list's figures: docs/benchmarks.md).
 */
function recordRelations(clubId: string, spec: PersonKindSpec, role: StoredRole): Prisma.Sql {
  const details = spec.details ? ((role[spec.details] as Row | null) ?? null) : null;
  const fileIds = [role.person.blsdFileId, role.person.firstAidFileId, role.person.firePreventionFileId, details?.medicalExaminationDocumentId].filter((id): id is string => typeof id === 'string');
  const club = Prisma.sql`${clubId}::uuid`;
  return Prisma.sql`written."updatedAt",
    (SELECT coalesce(jsonb_agg(jsonb_build_object('groupId', m.group_id, 'group', jsonb_build_object('id', g.id, 'name', g.name)) ORDER BY g.name), '[]'::jsonb)
       FROM group_members m JOIN groups g ON g.id = m.group_id AND g.club_id = ${club} AND g.archived_at IS NULL
       WHERE m.role_id = ${role.id}::uuid AND m.club_id = ${club}) AS groups,
    (SELECT coalesce(jsonb_agg(${fileJson('d')} ORDER BY d.created_at, d.id), '[]'::jsonb)
       FROM stored_files d WHERE d.role_id = ${role.id}::uuid AND d.club_id = ${club}) AS documents,
    ${fileIds.length ? Prisma.sql`(SELECT jsonb_object_agg(f.id, ${fileJson('f')}) FROM stored_files f WHERE f.id = ANY(${fileIds}::uuid[]) AND f.club_id = ${club})` : Prisma.sql`NULL::jsonb`} AS files,
    ${spec.key === 'athlete' ? Prisma.sql`(SELECT coalesce(jsonb_agg(jsonb_build_object(
         'id', c.id, 'clubId', c.club_id, 'personId', c.person_id, 'type', c.type, 'sport', c.sport, 'issuedOn', c.issued_on,
         'expiresOn', c.expires_on, 'issuer', c.issuer, 'fileId', c.file_id, 'createdByAccountId', c.created_by_account_id,
         'createdAt', c.created_at, 'file', (SELECT ${fileJson('cf')} FROM stored_files cf WHERE cf.id = c.file_id AND cf.club_id = ${club})
       ) ORDER BY c.expires_on DESC, c.created_at DESC, c.id DESC), '[]'::jsonb)
       FROM medical_certificates c WHERE c.person_id = ${role.personId}::uuid AND c.club_id = ${club})` : Prisma.sql`'[]'::jsonb`} AS certificates`;
}

/** A jsonb day (YYYY-MM-DD) as Prisma hands a @db.Date over: midnight UTC. */
const dayOf = (value: string | null) => (value === null ? null : new Date(`${value}T00:00:00Z`));

/**
 * The legacy record (PersonRecord) of a profile-alone save: the role as read with `person` written, and the rows
 * recordRelations read. Only the kind's own details relation is set (presentRecord reads no other); an athlete's
 * certificates alone (the record shows no other kind's).
 */
function legacyRecord(spec: PersonKindSpec, role: StoredRole, person: Row, relations: RecordRelations): PersonRecord {
  const file = (id: unknown) => (typeof id === 'string' ? (relations.files?.[id] ?? null) : null);
  const details = spec.details ? ((role[spec.details] as Row | null) ?? null) : null;
  const medicalCertificates = relations.certificates.map((c) => ({ ...c, issuedOn: dayOf(c.issuedOn), expiresOn: dayOf(c.expiresOn), createdAt: new Date(c.createdAt) }));
  return {
    ...role,
    athlete: null,
    coach: null,
    member: null,
    manager: null,
    ...(spec.details ? { [spec.details]: details && spec.key === 'athlete' ? { ...details, medicalExaminationDocument: file(details.medicalExaminationDocumentId) } : details } : {}),
    person: { ...person, blsdFile: file(person.blsdFileId), firstAidFile: file(person.firstAidFileId), firePreventionFile: file(person.firePreventionFileId), medicalCertificates },
    groups: relations.groups,
    documents: relations.documents,
  } as unknown as PersonRecord;
}

/** A role as read for a save: its person and its kind's details row (under the details relation's name). */
type StoredRole = { id: string; personId: string; archivedAt: Date | null; person: Person } & Row;

/**
 * The role `id` names (of this kind, in the club, as the viewer may see it): the row, and its fields in the shape of
 * the save's input; null for a creation (no id; an id that is no uuid is left to the validation's message). An
 * unknown id is NotFoundError.
 */
async function storedRole(db: Db, clubId: string, spec: PersonKindSpec, id: unknown): Promise<{ role: StoredRole; fields: Row } | null> {
  if (!isUuid(id)) return null;
  const role = await db.personRole.findFirst({
    where: clubRoleWhere(clubId, id, spec.key),
    // The profile and the details alone: the legacy record's other rows are read by the UPDATE (recordRelations).
    include: { person: { include: { address: true } }, ...(spec.details ? { [spec.details]: true } : {}) },
    relationLoadStrategy: 'join', // one statement, not one per relation
  });
  if (!role) throw new NotFoundError();
  const detailsSchema = DETAILS_INPUT[spec.key];
  return { role, fields: {
    id: role.id,
    profile: { ...storedFields(role.person, PROFILE_COLUMNS), address: storedFields(role.person.address, ADDRESS_FIELDS) },
    details: (detailsSchema && spec.details && storedFields((role as Row)[spec.details] as Row | null, Object.keys(detailsSchema.shape))) || {},
    notePrivate: role.notePrivate,
    isActive: role.isActive,
  } };
}

export async function createRole(tx: Db, clubId: string, spec: PersonKindSpec, input: SavePersonInput) {
  const { address, ...profile } = input.profile;
  const existing = await tx.person.findUnique({
    where: { clubId_taxIdCode: { clubId, taxIdCode: profile.taxIdCode } },
    // Only an active role of the kind stands in the way: archived ones are history (one active per kind, a partial
    // unique index in the database).
    include: { roles: { where: { kind: spec.key, archivedAt: null }, select: { id: true } } },
  });
  if (existing?.roles.length) throw roleConflict(spec);

  let personId: string;
  if (existing) {
    const sent = definedOnly(profile);
    await tx.person.update({
      where: { id: existing.id },
      data: { ...toColumns(sent), ...personKeys({ ...existing, ...sent }) },
    });
    await savePersonAddress(tx, clubId, existing, definedOnly(address));
    personId = existing.id;
  } else {
    const addressValues = definedOnly(address);
    const created = Object.keys(addressValues).length ? await tx.address.create({ data: { ...addressValues, clubId } }) : null;
    const person = await tx.person.create({
      data: { ...(toColumns(definedOnly(profile)) as ProfileColumns), clubId, addressId: created?.id, ...personKeys(profile) },
    });
    personId = person.id;
  }

  const role = await tx.personRole.create({
    data: {
      clubId,
      personId,
      kind: spec.key,
      notePrivate: input.notePrivate,
      isActive: input.isActive ?? true,
      ...(spec.details ? { [spec.details]: { create: toColumns(definedOnly(input.details)) } } : {}),
    },
  });
  // An athlete coming back without a certificate typed in shows the latest of their history.
  if (existing && spec.key === 'athlete' && !(input.details as Row | undefined)?.medicalExaminationExpirationDate) await mirrorCertificateHistory(tx, clubId, personId);
  return { roleId: role.id, personId };
}

/** The profile columns its search and sort keys (personKeys) are folded from. */
const KEYED_COLUMNS = ['firstname', 'secondname', 'lastname', 'nickname', 'taxIdCode'] as const;

/**
 * `read`: the role as savePerson read it before the transaction. It is written without reading it again, as long as
 * what the write builds on is still as read: the person still holds the role, not archived, and the profile columns
 * not sent that its keys are folded from (and its address link, when an address is written) are unchanged; the UPDATE
 * checks that in its WHERE. Otherwise (a concurrent edit or archive) it is read again here and written as read.
 */
async function updateRole(tx: Db, clubId: string, spec: PersonKindSpec, input: SavePersonInput, raw: unknown, read?: StoredRole): Promise<{ roleId: string; personId: string; details: Row | null | undefined }> {
  // The role with its profile and details in one statement (no lock yet: the first write below takes the row's).
  const role: StoredRole | null =
    read ??
    (await tx.personRole.findFirst({
      where: clubRoleWhere(clubId, input.id, spec.key),
      include: { person: true, ...(spec.details ? { [spec.details]: true } : {}) },
      relationLoadStrategy: 'join',
    }));
  if (!role) throw new NotFoundError();
  if (role.archivedAt) throw new ConflictError(MSG.archivedReadOnly);

  const { address, ...profile } = input.profile;
  if (profile.taxIdCode !== role.person.taxIdCode) {
    const other = await tx.person.findUnique({ where: { clubId_taxIdCode: { clubId, taxIdCode: profile.taxIdCode } }, select: { id: true } });
    if (other) throw taxCodeTaken();
  }
  // Only the fields sent are written (validated with the stored ones above); those sent empty are cleared.
  const rawProfile = nested(raw, 'profile');
  const values = sentColumns(rawProfile, profile, PROFILE_COLUMNS, CLEARABLE_PROFILE);
  const addressValues = sentColumns(sentGroup(rawProfile, 'address', ADDRESS_FIELDS), address, ADDRESS_FIELDS);
  const data = { ...toColumns(values), ...personKeys({ ...role.person, ...values }) };
  if (read) {
    const unchanged = Object.fromEntries(KEYED_COLUMNS.filter((k) => !(k in values)).map((k) => [k, role.person[k]]));
    const linked = Object.keys(addressValues).length ? { addressId: role.person.addressId } : {};
    const written = await tx.person.updateMany({ where: { id: role.personId, ...unchanged, ...linked, roles: { some: { id: role.id, archivedAt: null } } }, data });
    if (!written.count) return updateRole(tx, clubId, spec, input, raw);
  } else {
    await tx.person.update({ where: { id: role.personId }, data });
  }
  await savePersonAddress(tx, clubId, role.person, addressValues);

  // Each row is written only when something of it was sent: a save of the profile alone writes the profile alone.
  const sent = sentDetails(spec, input, raw);
  let details = spec.details ? (((role as Row)[spec.details] as Row | null) ?? null) : null;
  if (spec.details && (Object.keys(sent).length || !details)) {
    // One INSERT ... ON CONFLICT (a role without its details row gets one, as on creation).
    details = await detailsOf(tx, spec.details).upsert({ where: { roleId: role.id }, create: { roleId: role.id, ...sent }, update: sent });
  }
  const roleColumns = sentColumns(raw, input, ['notePrivate', 'isActive'], ['notePrivate']);
  if (Object.keys(roleColumns).length) await tx.personRole.update({ where: { id: role.id }, data: roleColumns });
  // Details read before the transaction are passed on only when they hold no certificate expiry (recordLegacyCertificate
  // then has nothing to do); with one, it reads them in the transaction, where a concurrent save's are seen.
  const certified = read && details && !Object.keys(sent).length && details.medicalExaminationExpirationDate;
  return { roleId: role.id, personId: role.personId, details: certified ? undefined : details };
}

/** The model of a kind's details rows (keyed by roleId). */
const detailsOf = (tx: Db, relation: DetailsRelation) =>
  tx[`${relation}Details`] as unknown as { upsert(args: { where: { roleId: string }; create: Row; update: Row }): Promise<Row> };

/** The details columns a save writes: the fields sent, and those sent empty (null or blank) as null. */
function sentDetails(spec: PersonKindSpec, input: SavePersonInput, raw: unknown): Row {
  const detailsSchema = DETAILS_INPUT[spec.key];
  return detailsSchema ? toColumns(sentColumns(nested(raw, 'details'), input.details, Object.keys(detailsSchema.shape))) : {};
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime() : (a ?? null) === (b ?? null);

/**
 * A role without health.write (a coach) may save a person as long as the health data stays as stored: a form that
 * sends those fields back unchanged passes, any change (or a new certificate file) is refused.
 */
async function refuseHealthChanges(tx: Db, spec: PersonKindSpec, input: SavePersonInput, raw: unknown, files: PersonFiles) {
  const health = HEALTH_DETAIL_FIELDS[spec.key];
  if (!health || !spec.details) return;
  const sent = sentDetails(spec, input, raw);
  const stored = input.id
    ? (((await tx.personRole.findFirst({ where: { id: input.id, kind: spec.key }, select: { [spec.details]: true } })) as Row | null)?.[spec.details] as Row | null)
    : null;
  const changed = health.filter((field) => field in sent && !sameValue(sent[field], stored?.[field]));
  if (files.medicalExaminationDocument) changed.push('medicalExaminationDocument');
  if (changed.length) throw new ForbiddenError(MSG.healthWriteDenied);
}

/** The profile's address: its row written in place, or created and linked on first use. */
async function savePersonAddress(tx: Db, clubId: string, person: Pick<Person, 'id' | 'addressId'>, values: Row) {
  const addressId = await saveAddress(tx, clubId, person.addressId, values);
  if (addressId !== person.addressId) await tx.person.update({ where: { id: person.id }, data: { addressId } });
}

/** The profile's training-flag files: input field, Person column, stored purpose. */
const PROFILE_FILES = [
  { field: 'blsdFile', column: 'blsdFileId', purpose: 'blsd' },
  { field: 'firstAidFile', column: 'firstAidFileId', purpose: 'first-aid' },
  { field: 'firePreventionFile', column: 'firePreventionFileId', purpose: 'fire-prevention' },
] as const;

/** Stores the files in the save's transaction; a refused file (type, size) throws and rolls the save back. */
async function attachFiles(tx: Db, clubId: string, spec: PersonKindSpec, ids: { roleId: string; personId: string }, files: PersonFiles) {
  const replaced: string[] = [];
  const profileFiles = PROFILE_FILES.filter(({ field }) => files[field]);
  if (profileFiles.length) {
    const before = await tx.person.findUniqueOrThrow({
      where: { id: ids.personId },
      select: { blsdFileId: true, firstAidFileId: true, firePreventionFileId: true },
    });
    const columns: Partial<Record<(typeof PROFILE_FILES)[number]['column'], string>> = {};
    for (const { field, column, purpose } of profileFiles) {
      columns[column] = (await storeFile(tx, { clubId, purpose }, files[field]!, `profile.${field}`)).id;
      if (before[column]) replaced.push(before[column]);
    }
    await tx.person.update({ where: { id: ids.personId }, data: columns });
  }
  if (spec.key === 'athlete' && files.medicalExaminationDocument) {
    const stored = await storeFile(tx, { clubId, purpose: 'medical-certificate' }, files.medicalExaminationDocument, 'details.medicalExaminationDocument');
    const before = await tx.athleteDetails.findUnique({ where: { roleId: ids.roleId }, select: { medicalExaminationDocumentId: true } });
    await tx.athleteDetails.upsert({
      where: { roleId: ids.roleId },
      create: { roleId: ids.roleId, medicalExaminationDocumentId: stored.id },
      update: { medicalExaminationDocumentId: stored.id },
    });
    if (before?.medicalExaminationDocumentId) replaced.push(before.medicalExaminationDocumentId);
  }
  if (spec.key === 'manager') {
    for (const document of files.documents ?? []) {
      await storeFile(tx, { clubId, purpose: 'manager-document', roleId: ids.roleId }, document, 'details.documents');
    }
  }
  // A replaced file is referenced by nothing any more, unless the certificates' history keeps it.
  if (replaced.length) await tx.storedFile.deleteMany({ where: { id: { in: replaced }, clubId, certificateOf: { is: null } } });
}

type ProfileColumns = Omit<ProfileInput, 'address' | 'birthday' | 'blsdExpiresOn' | 'firstAidExpiresOn' | 'firePreventionExpiresOn'>;
