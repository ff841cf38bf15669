// GraphQL face of people: the shared Person profile, a PersonRole per kind with its details, the lists (Relay
// connection with totalCount) and savePerson / archivePerson / reregisterPerson. Thin adapters: the rules live in
// the services.
import { PAGE_SIZE, PEOPLE_ORDERS, PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { plannedSelection } from '../../graphql/selection';
import { LIST_OFFSET_DESCRIPTION, withListOffset } from '../../graphql/list-offset';
import { AddressInput } from '../../graphql/address';
import { selectsField } from '../../graphql/selection';
import type { FileUpload } from '../../graphql/scalars';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { readGraphQLUpload } from '../files/files.service';
import { archivePerson } from './archive-person.service';
import { findPersonByTaxCode, getPersonRole } from './get-person.service';
import { countPeople, findPeoplePage, peopleListOrder, peopleListWhere } from './list-people.service';
import { withSeasonFilter } from '../seasons/season-filter';
import { renameErrorFields } from '../../lib/errors';
import { isUuid } from '../../lib/club-rows';
import { reregisterPerson } from './reregister-person.service';
import { savePerson, type PersonFiles } from './save-person.service';
import { CertificateStatusEnum, PersonKindEnum, RecentPeriodEnum } from '../../graphql/enums';
import { GroupRef, StoredFileRef } from '../../graphql/model-refs';
import { clubDb } from '../../access/request-db';
import { shownHealth } from '../../access/health-data';
import type { RequestContext } from '../../context';
import { memberActor } from '../../access/actor';
import { can } from '../../access/authorize';

/** Largest page a client may ask for with first/last. */
const PEOPLE_MAX_PAGE = 100;

const PeopleOrderEnum = builder.enumType('PeopleOrder', {
  description:
    'The order of a people list: NAME (last name, then first name; the default), TAX_CODE, BIRTHDAY, CREATED (registration), CERTIFICATE (athletes only, needs health.read: the medical certificate expiry); _DESC reverses. Missing values come last going up.',
  values: PEOPLE_ORDERS,
});

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/** The kinds a club member may read (none for anyone else: API keys have their own types). */
function readableKinds(ctx: RequestContext): PersonKindKey[] {
  const actor = memberActor(ctx);
  return actor ? PERSON_KINDS.filter((kind) => can(actor, `people.${kind}.read`)) : [];
}

builder.prismaObject('Person', {
  description: 'The shared person profile (one per person per club, identified by the upper-cased tax code).',
  fields: (t) => ({
    id: t.exposeID('id'),
    typeRoleId: t.exposeInt('typeRoleId', { nullable: true }),
    firstname: t.exposeString('firstname'),
    secondname: t.exposeString('secondname', { nullable: true }),
    lastname: t.exposeString('lastname'),
    nickname: t.exposeString('nickname', { nullable: true }),
    // Every person reached as a Person holds a role, and a role requires a tax code; a guardian the club knows only
    // by name is reached as a FamilyPerson (families.graphql.ts), whose taxIdCode may be null.
    taxIdCode: t.string({ description: 'Upper case.', resolve: (p) => p.taxIdCode ?? '' }),
    typeGenderId: t.exposeInt('typeGenderId', { nullable: true, description: '1 male, 2 female.' }),
    birthday: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.birthday) }),
    birthplace: t.exposeString('birthplace', { nullable: true }),
    birthNation: t.exposeString('birthNation', { nullable: true }),
    nationality: t.exposeString('nationality', { nullable: true }),
    photoUrl: t.exposeString('photoUrl', { nullable: true }),
    legalRepresentative: t.exposeString('legalRepresentative', { nullable: true }),
    emailPrimary: t.exposeString('emailPrimary', { nullable: true }),
    emailSecondary: t.exposeString('emailSecondary', { nullable: true }),
    phonePrimary: t.exposeString('phonePrimary', { nullable: true }),
    phoneSecondary: t.exposeString('phoneSecondary', { nullable: true }),
    address: t.relation('address', { nullable: true }),
    hasBlsd: t.exposeBoolean('hasBlsd'),
    blsdExpiresOn: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.blsdExpiresOn) }),
    blsdFile: t.relation('blsdFile', { nullable: true }),
    hasFirstAid: t.exposeBoolean('hasFirstAid'),
    firstAidExpiresOn: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.firstAidExpiresOn) }),
    firstAidFile: t.relation('firstAidFile', { nullable: true }),
    hasFirePrevention: t.exposeBoolean('hasFirePrevention'),
    firePreventionExpiresOn: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.firePreventionExpiresOn) }),
    firePreventionFile: t.relation('firePreventionFile', { nullable: true }),
    isGuarded: t.exposeBoolean('isGuarded'),
    hasLinkedAccount: t.boolean({
      description: "Whether the person confirmed an invitation (invitePersonLink) linking the record to their own account.",
      select: { accountId: true },
      resolve: (p) => p.accountId !== null,
    }),
    roles: t.relation('roles', {
      description: "Every role this person holds in the club (archived ones included) of a kind the viewer may read.",
      // A role of a kind the viewer may not read (a coach looking at an athlete who is also a member) stays unseen.
      query: (_args, ctx) => ({
        where: { kind: { in: readableKinds(ctx) } },
        orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }],
      }),
      // One active role per kind (archived ones registered again add a few): the cost limit (graphql/limits.ts)
      // multiplies the cycle role.person.roles by 6 per level, so a few levels under a page of people are refused.
      complexity: { field: 1, multiplier: PERSON_KINDS.length },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

// Health data answers null to a role without health.read (same shape, nothing shown); what is shown is logged as
// a read of the role's holder: access/health-data.ts, the one gate of every face.
const shown = <T>(ctx: RequestContext, details: { roleId?: string }, value: T): T | null =>
  shownHealth(ctx, { roleIds: details.roleId ? [details.roleId] : [] }, value);

builder.prismaObject('AthleteDetails', {
  fields: (t) => ({
    medicalExaminationExpirationDate: t.string({
      nullable: true,
      resolve: (d, _args, ctx) => shown(ctx, d, day(d.medicalExaminationExpirationDate)),
    }),
    typeMedicalExaminationId: t.int({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.typeMedicalExaminationId) }),
    medicalExaminationDocument: t.field({
      type: StoredFileRef,
      nullable: true,
      select: (_args, _ctx, nestedSelection) => ({ medicalExaminationDocument: nestedSelection(true) }),
      resolve: (d, _args, ctx) => shown(ctx, d, d.medicalExaminationDocument),
    }),
    medicalExaminationScheduledDate: t.string({
      nullable: true,
      resolve: (d, _args, ctx) => shown(ctx, d, day(d.medicalExaminationScheduledDate)),
    }),
    typeMedicalExaminationAccountableId: t.int({
      nullable: true,
      resolve: (d, _args, ctx) => shown(ctx, d, d.typeMedicalExaminationAccountableId),
    }),
    healthCard: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.healthCard) }),
    allergies: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.allergies) }),
    intolerances: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.intolerances) }),
    athleteCondition: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.athleteCondition) }),
    athleteAttorneyName: t.exposeString('athleteAttorneyName', { nullable: true }),
  }),
});

builder.prismaObject('CoachDetails', {
  fields: (t) => ({
    coachRole: t.exposeString('coachRole', { nullable: true }),
    coachValidityStartDate: t.string({ nullable: true, resolve: (d) => day(d.coachValidityStartDate) }),
    coachValidityEndDate: t.string({ nullable: true, resolve: (d) => day(d.coachValidityEndDate) }),
    healthCard: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.healthCard) }),
    allergies: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.allergies) }),
    intolerances: t.string({ nullable: true, resolve: (d, _args, ctx) => shown(ctx, d, d.intolerances) }),
  }),
});

builder.prismaObject('MemberDetails', {
  fields: (t) => ({
    typeMembershipId: t.exposeInt('typeMembershipId', { nullable: true }),
    membershipNumber: t.exposeString('membershipNumber', { nullable: true }),
    membershipStartDate: t.string({ nullable: true, resolve: (d) => day(d.membershipStartDate) }),
    membershipExpiredDate: t.string({ nullable: true, resolve: (d) => day(d.membershipExpiredDate) }),
  }),
});

builder.prismaObject('ManagerDetails', {
  fields: (t) => ({ managerRole: t.exposeString('managerRole', { nullable: true }) }),
});

builder.prismaObject('PersonRole', {
  description: "A person's role of one kind in the club: a row of the people lists.",
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.expose('kind', { type: PersonKindEnum }),
    isActive: t.exposeBoolean('isActive'),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    notePrivate: t.exposeString('notePrivate', { nullable: true }),
    person: t.relation('person'),
    groups: t.field({
      type: [GroupRef],
      description: 'Active (non-archived) groups the role belongs to, by name.',
      // Through the membership rows, planned into the list's own query: a page costs the same statements at any size.
      select: (_args, _ctx, nestedSelection) => ({
        groups: {
          where: { group: { archivedAt: null } },
          orderBy: [{ group: { name: 'asc' } }, { groupId: 'asc' }],
          select: { group: nestedSelection(true) },
        },
      }),
      resolve: (role) => role.groups.map((m) => m.group),
    }),
    athlete: t.relation('athlete', { nullable: true, description: 'Set for kind athlete only; likewise coach, member, manager.' }),
    coach: t.relation('coach', { nullable: true }),
    member: t.relation('member', { nullable: true }),
    manager: t.relation('manager', { nullable: true }),
    documents: t.relation('documents', {
      description: 'Documents attached to the role (manager documents).',
      query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

/** Totals started by the `people` resolver, by its args object (the same object reaches `totalCount`). */
const pendingTotals = new WeakMap<object, Promise<number>>();

builder.queryFields((t) => ({
  people: t.prismaConnection(
    {
      type: 'PersonRole',
      cursor: 'id',
      defaultSize: PAGE_SIZE,
      maxSize: PEOPLE_MAX_PAGE,
      description:
        'People of one kind, by last name then first name unless `orderBy` says otherwise. `search`: every word must match name or tax code, accents ignored. `archived: true` lists the archive.',
      args: {
        kind: t.arg({ type: PersonKindEnum, required: true }),
        search: t.arg.string(),
        groupId: t.arg.id(),
        archived: t.arg.boolean({ defaultValue: false }),
        addedWithin: t.arg({ type: RecentPeriodEnum, description: 'Only roles created today / this week (club time zone).' }),
        certificate: t.arg({ type: CertificateStatusEnum, description: 'Athletes only (refused for other kinds): by medical certificate expiry.' }),
        orderBy: t.arg({ type: PeopleOrderEnum, defaultValue: 'NAME' }),
        offset: t.arg.int({ description: LIST_OFFSET_DESCRIPTION }),
        seasonId: t.arg.id({
          description:
            'Only the people in this season: a renewal in it, a card of it, or in the membership register during it. Absent: the whole registry. An unknown season or another club\'s matches nobody.',
        }),
      },
      resolve: async (query, _root, rawArgs, ctx, info) => {
        const selection = withListOffset({ ...query }, rawArgs);
        const args = await withSeasonFilter(ctx, rawArgs);
        const where = peopleListWhere(ctx, args);
        const orderBy = peopleListOrder(ctx, args);
        // The total is counted beside the page, not after it (Pothos asks for it once the page is back).
        if (selectsField(info, 'totalCount')) {
          const total = countPeople(ctx, args);
          total.catch(() => {}); // awaited by totalCount; if the page fails first, no unhandled rejection
          pendingTotals.set(rawArgs, total);
        }
        // A cursor naming no possible row pages from nowhere: an empty page, not a database error.
        if (selection.cursor && !isUuid(selection.cursor.id)) return [];
        // A list by medical certificate logs each row as read (list-people.service.ts): the same on both faces.
        return findPeoplePage(ctx, args, { ...selection, where, orderBy });
      },
      totalCount: async (_connection, args, ctx) => pendingTotals.get(args) ?? countPeople(ctx, await withSeasonFilter(ctx, args)),
    },
    { name: 'PersonRoleConnection' },
    { name: 'PersonRoleEdge' },
  ),
  personRole: t.prismaField({
    type: 'PersonRole',
    nullable: true,
    description: 'A role of the current club (null when unknown or of another club).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, { id }, ctx) => getPersonRole(ctx, id, { ...query }),
  }),
  personByTaxCode: t.prismaField({
    type: 'Person',
    nullable: true,
    description: 'The profile with this tax code in the current club, to reuse it for another role without retyping.',
    args: { taxIdCode: t.arg.string({ required: true }) },
    resolve: (query, _root, { taxIdCode }, ctx) => findPersonByTaxCode(ctx, taxIdCode, { ...query }),
  }),
}));

const PersonProfileInput = builder.inputType('PersonProfileInput', {
  fields: (t) => ({
    firstname: t.string(),
    secondname: t.string(),
    lastname: t.string(),
    nickname: t.string(),
    taxIdCode: t.string(),
    typeRoleId: t.int(),
    typeGenderId: t.int(),
    birthday: t.string(),
    birthplace: t.string(),
    birthNation: t.string(),
    nationality: t.string(),
    photoUrl: t.string(),
    legalRepresentative: t.string(),
    emailPrimary: t.string(),
    emailSecondary: t.string(),
    phonePrimary: t.string(),
    phoneSecondary: t.string(),
    address: t.field({ type: AddressInput }),
    hasBlsd: t.boolean(),
    blsdExpiresOn: t.string(),
    blsdFile: t.field({ type: 'Upload', description: 'A new file replaces the stored one.' }),
    hasFirstAid: t.boolean(),
    firstAidExpiresOn: t.string(),
    firstAidFile: t.field({ type: 'Upload' }),
    hasFirePrevention: t.boolean(),
    firePreventionExpiresOn: t.string(),
    firePreventionFile: t.field({ type: 'Upload' }),
    isGuarded: t.boolean(),
  }),
});

const AthleteDetailsInput = builder.inputType('AthleteDetailsInput', {
  fields: (t) => ({
    medicalExaminationExpirationDate: t.string(),
    typeMedicalExaminationId: t.int(),
    medicalExaminationDocument: t.field({ type: 'Upload' }),
    medicalExaminationScheduledDate: t.string(),
    typeMedicalExaminationAccountableId: t.int(),
    healthCard: t.string(),
    allergies: t.string(),
    intolerances: t.string(),
    athleteCondition: t.string(),
    athleteAttorneyName: t.string(),
  }),
});

const CoachDetailsInput = builder.inputType('CoachDetailsInput', {
  fields: (t) => ({
    coachRole: t.string(),
    coachValidityStartDate: t.string(),
    coachValidityEndDate: t.string(),
    healthCard: t.string(),
    allergies: t.string(),
    intolerances: t.string(),
  }),
});

const MemberDetailsInput = builder.inputType('MemberDetailsInput', {
  fields: (t) => ({
    typeMembershipId: t.int(),
    membershipNumber: t.string(),
    membershipStartDate: t.string(),
    membershipExpiredDate: t.string(),
  }),
});

const ManagerDetailsInput = builder.inputType('ManagerDetailsInput', {
  fields: (t) => ({
    managerRole: t.string(),
    documents: t.field({ type: ['Upload'], description: "Added to the role's documents." }),
  }),
});

const SavePersonInput = builder.inputType('SavePersonInput', {
  description: 'Fields are not required by the schema so that missing ones come back as ValidationError with the spec\'s Italian messages.',
  fields: (t) => ({
    id: t.id({ description: 'Role id: set to update.' }),
    kind: t.field({ type: PersonKindEnum, required: true }),
    profile: t.field({ type: PersonProfileInput, required: true }),
    athlete: t.field({ type: AthleteDetailsInput }),
    coach: t.field({ type: CoachDetailsInput }),
    member: t.field({ type: MemberDetailsInput }),
    manager: t.field({ type: ManagerDetailsInput }),
    notePrivate: t.string(),
    isActive: t.boolean(),
  }),
});

type SavePersonArgs = typeof SavePersonInput.$inferInput;
type Upload = Promise<FileUpload> | null | undefined;

/** The service's input from the GraphQL one: the kind's details under `details`, uploads apart (read lazily). */
function serviceInput(input: SavePersonArgs) {
  const { blsdFile, firstAidFile, firePreventionFile, ...profile } = input.profile;
  const ownFields: Record<string, unknown> = { athlete: input.athlete, coach: input.coach, member: input.member, manager: input.manager };
  const { medicalExaminationDocument, documents, ...details } = (ownFields[input.kind] ?? {}) as Record<string, unknown> & {
    medicalExaminationDocument?: Upload;
    documents?: Upload[] | null;
  };
  const read = (upload: Upload, field: string) => (upload ? readGraphQLUpload(upload, field) : undefined);
  const files = async (): Promise<PersonFiles> => ({
    blsdFile: await read(blsdFile, 'profile.blsdFile'),
    firstAidFile: await read(firstAidFile, 'profile.firstAidFile'),
    firePreventionFile: await read(firePreventionFile, 'profile.firePreventionFile'),
    medicalExaminationDocument: await read(medicalExaminationDocument, 'details.medicalExaminationDocument'),
    documents: documents ? await Promise.all(documents.map((d) => readGraphQLUpload(d!, 'details.documents'))) : undefined,
  });
  return { raw: { id: input.id, profile, details, notePrivate: input.notePrivate, isActive: input.isActive }, files };
}

const SavePersonPayload = builder.objectRef<{ message: string; roleId: string }>('SavePersonPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', {
      description: "Italian success message (e.g. 'Nuovo atleta salvato correttamente' or 'Modifiche salvate')",
    }),
    role: t.prismaField({
      type: 'PersonRole',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).personRole.findUniqueOrThrow({ ...query, where: { id: payload.roleId } }),
    }),
  }),
});

const ReregisterPersonPayload = builder.objectRef<{ message: string; roleId: string }>('ReregisterPersonPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Italian success message.' }),
    role: t.prismaField({
      type: 'PersonRole',
      description: 'The new, active role (its person is the archived role\'s).',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).personRole.findUniqueOrThrow({ ...query, where: { id: payload.roleId } }),
    }),
  }),
});

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  savePerson: t.field({
    type: SavePersonPayload,
    description: 'Creates (no id) or updates a person role; an existing profile with the same tax code is reused.',
    args: { input: t.arg({ type: SavePersonInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { raw, files } = serviceInput(input);
      try {
        const saved = await savePerson(ctx, input.kind, raw, files);
        return { message: saved.message, roleId: saved.roleId };
      } catch (error) {
        // The kind's own fields travel as `athlete`, `coach`... in this input, not as `details`.
        throw renameErrorFields(error, (path) => path.replace(/^details\./, `${input.kind}.`));
      }
    },
  }),
  reregisterPerson: t.field({
    type: ReregisterPersonPayload,
    description:
      "Registers again the person of an archived role (coming back, e.g. for a new season): a new active role of the same kind for the same profile, starting from the archived role's own fields. The archived role stays as it is, read-only.",
    args: { roleId: t.arg.id({ required: true, description: 'The archived role.' }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: (_root, { roleId }, ctx) => reregisterPerson(ctx, roleId),
  }),
  archivePerson: t.prismaField({
    type: 'PersonRole',
    description: 'One way: the role leaves the lists, can no longer join groups, and the linked profile is notified.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: async (query, _root, { id }, ctx) => {
      const selection = plannedSelection(query);
      const roleId = await archivePerson(ctx, undefined, id);
      return clubDb(ctx).personRole.findUniqueOrThrow({ ...selection, where: { id: roleId } });
    },
  }),
}));
