// Merging two profiles of one person (issue 14 point 2): `mergeId` is joined into `keepId`, in one transaction, and
// then deleted. What happens, in order:
//   - roles: a role of a kind the kept person lacks moves to them as it is (its groups, documents, details and feed
//     row with it). When both hold the kind, one role survives: the kept person's, unless it is archived and the
//     merged one's is active (an active role is never lost, an archived one never comes back). The other role is
//     absorbed and deleted: its documents move to the survivor; its group memberships too, but only from an active
//     role into an active one (an archived role's groups are history: moving them would put the person back in groups
//     they left); the survivor's empty detail fields are filled from it (never a value overwritten) and its private
//     note is appended to the survivor's;
//   - medical certificates, their reminders, notifications and person-link invitations move to the kept person (the
//     merged one's pending invitations are closed when the kept person is already linked or invited: a late
//     confirmation must not relink the record); the athlete role's certificate fields then follow the latest
//     certificate (certificates.service.ts mirrorLatestCertificate);
//   - the profile: the kept person's values stay, empty ones are filled from the merged person; the training files
//     (BLSD, first aid, fire prevention) and their flags and dates come as one, from the merged person only when the
//     kept one has none; the address is moved, or its empty fields filled; the linked account is moved when only the
//     merged person has one (both linked to different accounts: ConflictError, nothing merged);
//   - the access log is append-only (a trigger refuses UPDATE), so the merged person's lines are not re-pointed: the
//     merge is one line on the kept person (action merge, entity_id the merged person's id), and reading a person's
//     history (access-log.service.ts personIdsWithMerged) follows those lines, so the kept person's "Modifiche" and
//     the log's person filter show both histories;
//   - the organisations' feed (person_role_changes, kept by triggers) sees every moved role as changed with its new
//     person, every absorbed role as deleted, and the kept person's roles as changed.
// Permission: people archive of any kind to ask (the rule), then write and archive of every kind either person holds
// (a role of another kind is like an unknown person when it is the only one, a refusal otherwise), and health.write
// when either profile holds health data (certificates, the health fields of a role), which the merge moves or rewrites.
import { HEALTH_DETAIL_FIELDS } from '../../../schema/health-data';
import { MSG } from '../../../schema/messages';
import type { PersonKindKey } from '../../../schema/constants';
import { memberActor } from '../../access/actor';
import { authorizePeopleKinds, can } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { canWriteHealth } from '../../access/health-data';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Row } from '../../lib/partial-update';
import { mirrorLatestCertificate } from '../certificates/certificates.service';
import { PEOPLE_KINDS, type DetailsRelation } from './people.kinds';
import { personKeys } from './save-person.service';
import { CLUB, clubSql } from '../../access/club-sql';

export interface MergePeopleResult {
  personId: string;
  message: string;
}

const PERSON_INCLUDE = {
  address: true,
  roles: {
    include: { athlete: true, coach: true, member: true, manager: true, groups: { select: { groupId: true } }, documents: { select: { id: true } } },
    orderBy: { createdAt: 'asc' },
  },
  _count: { select: { medicalCertificates: true } },
} satisfies Prisma.PersonInclude;

type LoadedPerson = Prisma.PersonGetPayload<{ include: typeof PERSON_INCLUDE }>;
type LoadedRole = LoadedPerson['roles'][number];

/** Profile columns filled from the merged person when the kept one has none (names and tax code always stay). */
const FILLED_PROFILE = [
  'typeRoleId',
  'secondname',
  'nickname',
  'typeGenderId',
  'birthday',
  'birthplace',
  'birthNation',
  'nationality',
  'photoUrl',
  'legalRepresentative',
  'emailPrimary',
  'emailSecondary',
  'phonePrimary',
  'phoneSecondary',
] as const;

/** The training flags: each comes with its date and file, as one. */
const TRAININGS = [
  { flag: 'hasBlsd', date: 'blsdExpiresOn', file: 'blsdFileId' },
  { flag: 'hasFirstAid', date: 'firstAidExpiresOn', file: 'firstAidFileId' },
  { flag: 'hasFirePrevention', date: 'firePreventionExpiresOn', file: 'firePreventionFileId' },
] as const;

const ADDRESS_FIELDS = ['address', 'streetNumber', 'postalCode', 'city', 'province', 'country'] as const;

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const fullName = (p: Pick<LoadedPerson, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`;

/** The fields of `from` among `keys` that are empty in `into` and not in `from`. */
function filled(into: Row, from: Row, keys: readonly string[]): Row {
  return Object.fromEntries(keys.filter((key) => isEmpty(into[key]) && !isEmpty(from[key])).map((key) => [key, from[key]]));
}

/** Joins the profile `mergeId` into `keepId` (see the header) and answers the kept person's id. */
export async function mergePeople(ctx: RequestContext, rawKeepId: unknown, rawMergeId: unknown): Promise<MergePeopleResult> {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'archive');
  if (!isUuid(rawKeepId) || !isUuid(rawMergeId)) throw new NotFoundError();
  const [keepId, mergeId] = [rawKeepId.toLowerCase(), rawMergeId.toLowerCase()];
  if (keepId === mergeId) throw new ValidationError({ mergeId: MSG.mergeSamePerson }, MSG.mergeSamePerson);
  const actor = memberActor(ctx)!;
  const allowed = (kind: PersonKindKey) => can(actor, `people.${kind}.write`) && can(actor, `people.${kind}.archive`);

  return clubDb(ctx).$transaction(async (tx) => {
    // Both rows locked, in a fixed order: a second merge (or a save) of either waits, then finds what this one left.
    await tx.$queryRaw(clubSql(clubId)`SELECT id FROM people WHERE club_id = ${CLUB} AND id IN (${keepId}::uuid, ${mergeId}::uuid) ORDER BY id FOR UPDATE`);
    const people = await tx.person.findMany({ where: { id: { in: [keepId, mergeId] }, clubId }, include: PERSON_INCLUDE });
    const keep = people.find((p) => p.id === keepId);
    const merged = people.find((p) => p.id === mergeId);
    // A person holding no role of a kind the viewer may archive is like an unknown one.
    const visible = (p: LoadedPerson | undefined): p is LoadedPerson => !!p && p.roles.some((r) => kinds.includes(r.kind));
    if (!visible(keep) || !visible(merged)) throw new NotFoundError();
    if ([...keep.roles, ...merged.roles].some((r) => !allowed(r.kind))) throw new ForbiddenError(MSG.mergeKindDenied);
    if (keep.accountId && merged.accountId && keep.accountId !== merged.accountId) throw new ConflictError(MSG.mergeTwoAccounts);
    if (!canWriteHealth(ctx) && (holdsHealthData(keep) || holdsHealthData(merged))) throw new ForbiddenError(MSG.healthWriteDenied);

    const orphanFiles: string[] = [];
    for (const role of merged.roles) await mergeRole(tx, clubId, keep, role, orphanFiles);

    // What hangs off the person.
    await tx.medicalCertificate.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    await tx.certificateReminder.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    await tx.notification.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    const keepInvited = await tx.personLinkInvitation.count({ where: { personId: keep.id, usedAt: null } });
    if (keep.accountId || keepInvited) await tx.personLinkInvitation.updateMany({ where: { personId: merged.id, usedAt: null }, data: { usedAt: new Date() } });
    await tx.personLinkInvitation.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    // Seasons and families: cards, register entries (with their numbers for life), consents (as subject and as giver) and guardianships on
    // either side, except a link the kept person has already or one that would make them their own guardian.
    await tx.card.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    await tx.registerMember.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    await tx.consent.updateMany({ where: { personId: merged.id }, data: { personId: keep.id } });
    await tx.consent.updateMany({ where: { givenById: merged.id }, data: { givenById: keep.id } });
    await moveGuardianships(tx, merged.id, keep.id);

    // The profile: the merged person's unique references (files, address) are released before the kept one takes them.
    const profile = mergedProfile(keep, merged, orphanFiles);
    const address = await mergedAddress(tx, keep, merged);
    await tx.person.update({ where: { id: merged.id }, data: { blsdFileId: null, firstAidFileId: null, firePreventionFileId: null, addressId: null, accountId: null } });
    // Always written (updated_at at least): the feed then records every role of the kept person as changed.
    await tx.person.update({
      where: { id: keep.id },
      data: { ...profile, ...address, ...personKeys({ ...keep, ...(profile as Partial<LoadedPerson>) }) },
    });
    await tx.person.delete({ where: { id: merged.id } });
    if (merged.addressId && address.addressId === undefined) await tx.address.deleteMany({ where: { id: merged.addressId } });
    // Files nothing refers to any more (the merged person's training files the kept one already had, an absorbed
    // athlete role's certificate document when the survivor had one), unless the certificates' history keeps them.
    if (orphanFiles.length) {
      await tx.storedFile.deleteMany({
        where: { id: { in: orphanFiles }, certificateOf: { is: null }, medicalCertificateOf: { is: null }, blsdOf: { is: null }, firstAidOf: { is: null }, firePreventionOf: { is: null } },
      });
    }
    // The athlete's certificate fields follow the history, now that it holds both people's certificates.
    if (keep._count.medicalCertificates + merged._count.medicalCertificates > 0) await mirrorLatestCertificate(tx, clubId, keep.id);

    describeChange(tx, {
      action: 'merge',
      entityType: 'person',
      entityId: merged.id,
      personId: keep.id,
      entityLabel: fullName(keep),
      detail: MSG.mergedWith(fullName(merged), merged.taxIdCode ?? ''),
    });
    return { personId: keep.id, message: MSG.merged(fullName(keep)) };
  });
}

/** Whether a profile holds health data (certificates, the health fields of a role), which a merge moves or rewrites. */
function holdsHealthData(person: LoadedPerson): boolean {
  if (person._count.medicalCertificates > 0) return true;
  return person.roles.some((role) => {
    const spec = PEOPLE_KINDS[role.kind];
    const details = spec.details ? (role[spec.details] as Row | null) : null;
    const fields = (HEALTH_DETAIL_FIELDS[role.kind] ?? []).map((f) => (f === 'medicalExaminationDocument' ? 'medicalExaminationDocumentId' : f));
    return !!details && fields.some((f) => !isEmpty(details[f]));
  });
}

/** One role of the merged person: moved to the kept person, or absorbed into their role of the same kind. */
async function mergeRole(tx: Db, clubId: string, keep: LoadedPerson, role: LoadedRole, orphanFiles: string[]): Promise<void> {
  // The kept person's active role of the kind when there is one (archived ones registered again precede it).
  const own = keep.roles.find((r) => r.kind === role.kind && r.archivedAt === null) ?? keep.roles.find((r) => r.kind === role.kind);
  if (!own) {
    // The role itself moves (a trigger copies the kept person's sort and search keys onto it).
    await tx.personRole.update({ where: { id: role.id }, data: { personId: keep.id } });
    keep.roles.push(role);
    return;
  }
  const mergedWins = own.archivedAt !== null && role.archivedAt === null;
  const survivor = mergedWins ? role : own;
  const absorbed = mergedWins ? own : role;
  // The next role of the merged person (it may hold an archived and an active one of a kind) sees the kept person as now.
  if (mergedWins) keep.roles.splice(keep.roles.indexOf(own), 1, role);

  if (absorbed.documents.length) {
    await tx.storedFile.updateMany({ where: { id: { in: absorbed.documents.map((d) => d.id) } }, data: { roleId: survivor.id } });
  }
  if (survivor.archivedAt === null && absorbed.archivedAt === null) {
    const held = new Set(survivor.groups.map((g) => g.groupId));
    const joining = absorbed.groups.filter((g) => !held.has(g.groupId));
    if (joining.length) await tx.groupMember.createMany({ data: joining.map((g) => ({ clubId, groupId: g.groupId, roleId: survivor.id })) });
  }

  const relation = PEOPLE_KINDS[role.kind].details;
  const details = relation ? filledDetails(relation, survivor, absorbed, orphanFiles) : {};
  const note = [survivor.notePrivate, absorbed.notePrivate].filter((n) => !isEmpty(n)).join('\n\n') || null;
  // Deleted first: the kept person holds one role per kind, and its details row holds the certificate document the
  // survivor may take (a unique column).
  await tx.personRole.delete({ where: { id: absorbed.id } });
  await tx.personRole.update({
    where: { id: survivor.id },
    data: {
      // The kept person's archived role gave way to the merged person's active one, which moves to them.
      ...(mergedWins ? { personId: keep.id } : {}),
      ...(note !== survivor.notePrivate ? { notePrivate: note } : {}),
      ...(relation && Object.keys(details).length ? { [relation]: { upsert: { create: details, update: details } } } : {}),
    },
  });
}

/** The survivor's empty detail fields, filled from the absorbed role's details. */
function filledDetails(relation: DetailsRelation, survivor: LoadedRole, absorbed: LoadedRole, orphanFiles: string[]): Row {
  const into = (survivor[relation] ?? {}) as Row;
  const from = (absorbed[relation] ?? {}) as Row;
  const keys = Object.keys(from).filter((key) => key !== 'roleId');
  const values = filled(into, from, keys);
  const lost = from.medicalExaminationDocumentId;
  if (typeof lost === 'string' && values.medicalExaminationDocumentId === undefined) orphanFiles.push(lost);
  return values;
}

/** The kept person's profile columns to write: empty ones filled, trainings taken as a whole when they had none. */
function mergedProfile(keep: LoadedPerson, merged: LoadedPerson, orphanFiles: string[]): Row {
  const values: Row = filled(keep, merged, FILLED_PROFILE);
  for (const { flag, date, file } of TRAININGS) {
    if (!keep[flag] && !keep[date] && !keep[file]) {
      if (merged[flag]) values[flag] = true;
      if (merged[date]) values[date] = merged[date];
      if (merged[file]) values[file] = merged[file];
    } else {
      if (!keep[date] && merged[date]) values[date] = merged[date];
      if (!keep[file] && merged[file]) values[file] = merged[file];
      else if (merged[file]) orphanFiles.push(merged[file]);
    }
  }
  if (!keep.accountId && merged.accountId) values.accountId = merged.accountId;
  return values;
}

/** The kept person's address: theirs with its empty fields filled, or the merged person's, moved. */
async function mergedAddress(tx: Db, keep: LoadedPerson, merged: LoadedPerson): Promise<{ addressId?: string }> {
  if (!merged.address) return {};
  if (!keep.address) return { addressId: merged.address.id };
  const values = filled(keep.address, merged.address, ADDRESS_FIELDS);
  if (Object.keys(values).length) await tx.address.update({ where: { id: keep.address.id }, data: values });
  return {};
}

/** The guardianships of `fromId` (as minor and as guardian) become `toId`'s; duplicates and self-links go. */
async function moveGuardianships(tx: Db, fromId: string, toId: string): Promise<void> {
  for (const [side, other] of [['minorId', 'guardianId'], ['guardianId', 'minorId']] as const) {
    for (const link of await tx.guardianship.findMany({ where: { [side]: fromId } })) {
      const twin = link[other] === toId || (await tx.guardianship.count({ where: { [side]: toId, [other]: link[other] } })) > 0;
      if (twin) await tx.guardianship.delete({ where: { id: link.id } });
      else await tx.guardianship.update({ where: { id: link.id }, data: { [side]: toId } });
    }
  }
}
