// Fast bulk writes for seeding (the demo club, the benchmarks): ids made here so every table goes in with
// multi-row INSERTs, no reading back. Search texts are written exactly as the services write them.
// Pass the PrismaClient or an open transaction: the caller decides the transaction boundaries.
import { randomUUID } from 'node:crypto';
import { foldText } from '../../schema/text';
import type { PersonKind, Prisma } from '../../server/generated/prisma/client.js';
import { personKeys } from '../../server/modules/people/save-person.service';


export type Db = Prisma.TransactionClient;

type Without<T, K extends keyof T> = Omit<T, K>;

export type AddressSeed = Without<Prisma.AddressCreateManyInput, 'id' | 'clubId'>;
export type ProfileSeed = Without<Prisma.PersonCreateManyInput, 'id' | 'clubId' | 'searchText' | 'sortName' | 'addressId'> & {
  address?: AddressSeed | null;
};

export interface RoleSeed {
  kind: PersonKind;
  /** Archived roles leave the lists (one way): isActive false and archivedAt set. */
  archivedAt?: Date | null;
  notePrivate?: string | null;
  createdAt?: Date;
  athlete?: Without<Prisma.AthleteDetailsCreateManyInput, 'roleId'>;
  coach?: Without<Prisma.CoachDetailsCreateManyInput, 'roleId'>;
  member?: Without<Prisma.MemberDetailsCreateManyInput, 'roleId'>;
  manager?: Without<Prisma.ManagerDetailsCreateManyInput, 'roleId'>;
  groupIds?: string[];
}

export interface PersonSeed {
  profile: ProfileSeed;
  roles: RoleSeed[];
}

export interface InsertedPerson {
  personId: string;
  roleIds: string[];
}

/** Post.searchText, as the post service writes it (save-post.service.ts). */
export const postSearchText = (title: string, caption: string): string => foldText(`${title} ${caption}`);

// Prisma 7's createMany costs about 1 ms a row in its query compiler (100k people with their roles took minutes
// here), so rows go in as plain multi-row INSERTs sent through the same Prisma client or transaction: the same
// connection and driver adapter on PGlite and PostgreSQL, ten times faster. Keys are the Prisma field names,
// whose columns are their snake_case form throughout this schema; a key missing from a row takes the default.
const TABLES = {
  address: 'addresses',
  person: 'people',
  personRole: 'person_roles',
  athleteDetails: 'athlete_details',
  coachDetails: 'coach_details',
  memberDetails: 'member_details',
  managerDetails: 'manager_details',
  group: 'groups',
  groupMember: 'group_members',
  post: 'posts',
  postGroup: 'post_groups',
} as const;

/** PostgreSQL takes at most 65,535 parameters a statement. */
const MAX_PARAMS = 60_000;
const MAX_ROWS = 1000;

const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function insertRows(db: Db, model: keyof typeof TABLES, rows: object[]): Promise<void> {
  if (!rows.length) return;
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = fields.map((f) => `"${column(f)}"`).join(', ');
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / fields.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const values = fields.map((f) => {
        const value = (row as Record<string, unknown>)[f];
        if (value === undefined) return 'DEFAULT';
        params.push(value);
        return `$${params.length}`;
      });
      return `(${values.join(', ')})`;
    });
    await db.$executeRawUnsafe(`INSERT INTO "${TABLES[model]}" (${columns}) VALUES ${tuples.join(', ')}`, ...params);
  }
}

/** Writes people, their addresses, roles, role details and group memberships; returns the ids in input order. */
export async function insertPeople(db: Db, clubId: string, people: PersonSeed[]): Promise<InsertedPerson[]> {
  const addresses: Prisma.AddressCreateManyInput[] = [];
  const persons: Prisma.PersonCreateManyInput[] = [];
  const roles: Prisma.PersonRoleCreateManyInput[] = [];
  const athletes: Prisma.AthleteDetailsCreateManyInput[] = [];
  const coaches: Prisma.CoachDetailsCreateManyInput[] = [];
  const members: Prisma.MemberDetailsCreateManyInput[] = [];
  const managers: Prisma.ManagerDetailsCreateManyInput[] = [];
  const groupMembers: Prisma.GroupMemberCreateManyInput[] = [];
  const inserted: InsertedPerson[] = [];
  const now = new Date();

  for (const { profile, roles: personRoles } of people) {
    const { address, ...fields } = profile;
    const personId = randomUUID();
    let addressId: string | null = null;
    if (address) {
      addressId = randomUUID();
      addresses.push({ ...address, id: addressId, clubId });
    }
    persons.push({ ...fields, taxIdCode: fields.taxIdCode?.toUpperCase() ?? null, id: personId, clubId, addressId, ...personKeys(fields), updatedAt: now });
    const roleIds: string[] = [];
    for (const role of personRoles) {
      const roleId = randomUUID();
      roleIds.push(roleId);
      roles.push({
        id: roleId,
        clubId,
        personId,
        kind: role.kind,
        isActive: !role.archivedAt,
        archivedAt: role.archivedAt ?? null,
        notePrivate: role.notePrivate ?? null,
        createdAt: role.createdAt ?? now,
        updatedAt: role.createdAt ?? now,
      });
      if (role.athlete) athletes.push({ ...role.athlete, roleId });
      if (role.coach) coaches.push({ ...role.coach, roleId });
      if (role.member) members.push({ ...role.member, roleId });
      if (role.manager) managers.push({ ...role.manager, roleId });
      for (const groupId of role.groupIds ?? []) groupMembers.push({ id: randomUUID(), clubId, groupId, roleId });
    }
    inserted.push({ personId, roleIds });
  }

  await insertRows(db, 'address', addresses);
  await insertRows(db, 'person', persons);
  await insertRows(db, 'personRole', roles);
  await insertRows(db, 'athleteDetails', athletes);
  await recordSeededCertificates(db, clubId, athletes.filter((a) => a.medicalExaminationExpirationDate).map((a) => a.roleId));
  await insertRows(db, 'coachDetails', coaches);
  await insertRows(db, 'memberDetails', members);
  await insertRows(db, 'managerDetails', managers);
  await insertRows(db, 'groupMember', groupMembers);
  return inserted;
}

export interface GroupSeed {
  name: string;
  type: PersonKind;
  isHidden?: boolean;
  archivedAt?: Date | null;
}

/** Writes groups (a category is a group of type athlete); returns their ids in input order. */
export async function insertGroups(db: Db, clubId: string, groups: GroupSeed[]): Promise<string[]> {
  const rows = groups.map((g) => ({
    id: randomUUID(),
    clubId,
    name: g.name,
    type: g.type,
    isHidden: g.isHidden ?? false,
    isActive: !g.archivedAt,
    archivedAt: g.archivedAt ?? null,
    updatedAt: new Date(),
  }));
  await insertRows(db, 'group', rows);
  return rows.map((r) => r.id);
}

export interface PostSeed {
  title: string;
  caption: string;
  priority: 0 | 1 | 2;
  groupIds: string[];
  archivedAt?: Date | null;
  createdAt?: Date;
}

/** Writes feed posts and their target groups; returns their ids in input order. */
export async function insertPosts(db: Db, clubId: string, posts: PostSeed[]): Promise<string[]> {
  const rows = posts.map((p) => ({
    id: randomUUID(),
    clubId,
    title: p.title,
    caption: p.caption,
    priority: p.priority,
    isActive: !p.archivedAt,
    archivedAt: p.archivedAt ?? null,
    searchText: postSearchText(p.title, p.caption),
    createdAt: p.createdAt ?? new Date(),
    updatedAt: p.createdAt ?? new Date(),
  }));
  await insertRows(db, 'post', rows);
  const targets = posts.flatMap((p, i) => p.groupIds.map((groupId) => ({ postId: rows[i].id, groupId })));
  await insertRows(db, 'postGroup', targets);
  return rows.map((r) => r.id);
}

/**
 * The certificates' history behind the seeded athletes' legacy expiry (certificates.service.ts keeps the two in step
 * in the app): one certificate each, issued a year before it expires, its type from the legacy code.
 */
async function recordSeededCertificates(db: Db, clubId: string, roleIds: string[]): Promise<void> {
  for (let start = 0; start < roleIds.length; start += MAX_ROWS * 10) {
    await db.$executeRaw`
      INSERT INTO medical_certificates (club_id, person_id, type, issued_on, expires_on)
      SELECT r.club_id, r.person_id,
             CASE a.type_medical_examination_id WHEN 1 THEN 'agonistico'::"MedicalCertificateType" WHEN 2 THEN 'non_agonistico'::"MedicalCertificateType" END,
             (a.medical_examination_expiration_date - interval '1 year')::date, a.medical_examination_expiration_date
      FROM athlete_details a JOIN person_roles r ON r.id = a.role_id AND r.club_id = ${clubId}::uuid
      WHERE a.role_id = ANY(${roleIds.slice(start, start + MAX_ROWS * 10)}::uuid[]) AND a.medical_examination_expiration_date IS NOT NULL`;
  }
}
