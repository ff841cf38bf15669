// GraphQL face of the organisations' read API (issue 13 point 4), for API keys only (Authorization: Bearer cbk_…).
// Each group of fields belongs to one data scope and is checked per row (requireScope): a scope the key lacks or
// the club does not share answers an authorization error on that field only, the rest of the row still resolves.
// Thin adapters over federation.service.ts.
import type { ObjectRef } from '@pothos/core';
import type { OrganisationScope } from '../../../schema/organisation-scopes';
import { builder } from '../../graphql/builder';
import { CertificateCountsRef, LabelCountRef } from '../../graphql/counts';
import { AffiliationStatusEnum, OrganisationScopeEnum, PersonKindEnum } from '../../graphql/enums';
import type { RequestContext } from '../../context';
import { organisationReach, requireScope } from './federation-access';
import { CERTIFICATE_STATES } from '../../../schema/medical-certificates';
import {
  AGE_BANDS,
  API_PAGE_MAX,
  athleteCertificateState,
  certificateTotals,
  clubProfile,
  clubStatistics,
  isMinor,
  listOrganisationClubs,
  listPersonRecords,
  lookupTaxCode,
  PERSON_RECORD_STATUSES,
  type ClubStatisticsRow,
  type OrganisationClub,
  type Page,
  type PersonRecord,
} from './federation.service';

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

/** The value of a scope's field group for one club's row, or a refusal of that field alone. */
async function scoped<T>(ctx: RequestContext, clubId: string, scope: OrganisationScope, value: () => T | Promise<T>): Promise<T> {
  await requireScope(ctx, clubId, scope);
  return value();
}



/** A keyset connection over `node` (edges with cursors, pageInfo), named `${name}Connection`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function connectionOf<T>(name: string, node: ObjectRef<any, T>, cursor: (n: T) => string) {
  const Edge = builder.objectRef<T>(`${name}Edge`).implement({
    fields: (t) => ({ cursor: t.string({ resolve: cursor }), node: t.field({ type: node, resolve: (n) => n as never }) }),
  });
  return builder.objectRef<Page<T>>(`${name}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [Edge], resolve: (p) => p.nodes }),
      // The page is already counted by the connection's `first`: its rows are not multiplied again.
      nodes: t.field({ type: [node], complexity: { field: 1, multiplier: 1 }, resolve: (p) => p.nodes }),
      // Relay's PageInfo: pass endCursor as `after` for the next page (it is also the sync position to keep).
      pageInfo: t.field({
        type: builder.pageInfoRef(),
        resolve: (p) => ({
          hasNextPage: p.hasNextPage,
          hasPreviousPage: p.hasPreviousPage,
          startCursor: p.nodes.length ? cursor(p.nodes[0]) : null,
          endCursor: p.endCursor,
        }),
      }),
    }),
  });
}

// ---- clubs ----

type Profile = NonNullable<Awaited<ReturnType<typeof clubProfile>>>;
const ClubProfileRef = builder.objectRef<Profile>('OrganisationClubProfile').implement({
  description: 'Scope CLUB_PROFILE.',
  fields: (t) => ({
    name: t.exposeString('fullName'),
    companyName: t.exposeString('companyName', { nullable: true }),
    typeClub: t.exposeString('typeClub', { nullable: true, description: 'ASD, SSD, ...' }),
    sport: t.string({ nullable: true, resolve: (c) => c.sport }),
    foundation: t.exposeInt('foundation', { nullable: true }),
    vatNumber: t.exposeString('vatNumber', { nullable: true }),
    fiscalCode: t.exposeString('fiscalCode', { nullable: true }),
    email: t.exposeString('emailPrimary', { nullable: true }),
    phone: t.exposeString('phonePrimary', { nullable: true }),
    city: t.string({ nullable: true, resolve: (c) => c.clubAddress?.city ?? null }),
    province: t.string({ nullable: true, resolve: (c) => c.clubAddress?.province ?? null }),
    peopleByKind: t.field({
      type: [LabelCountRef],
      description: 'Current (not archived) people of each kind.',
      resolve: (c) => c.roleCounts.map((r) => ({ label: r.kind, count: r.total })),
    }),
  }),
});

const OrganisationClubRef = builder.objectRef<OrganisationClub>('OrganisationClub').implement({
  description: "A club's affiliation to the key's organisation and, with CLUB_PROFILE, its profile.",
  fields: (t) => ({
    id: t.exposeID('clubId', { description: "The club's id (the clubId of its people)." }),
    status: t.field({ type: AffiliationStatusEnum, resolve: (c) => c.status }),
    scopes: t.field({ type: [OrganisationScopeEnum], description: "What this key may read of the club now: the key's scopes and the club's consent.", resolve: (c) => c.scopes }),
    minorsContacts: t.exposeBoolean('minorsContacts', { description: "Whether minors' contacts are shared with PEOPLE_CONTACTS." }),
    consentChangedAt: t.expose('consentChangedAt', { type: 'DateTime', description: "The affiliation's last change: after it, read the club's people again from the start." }),
    profile: t.field({
      type: ClubProfileRef,
      nullable: true,
      resolve: (c, _args, ctx) => scoped(ctx, c.clubId, 'club.profile', () => clubProfile(ctx, c.clubId)),
    }),
  }),
});

const OrganisationClubConnection = connectionOf('OrganisationClub', OrganisationClubRef, (c) => c.cursor);

// ---- people ----

const RecordStatusEnum = builder.enumType('PersonRecordStatus', {
  description: 'active; archived (the club archived the role); deleted (the record is gone: remove it).',
  values: PERSON_RECORD_STATUSES,
});
const CertificateStateEnum = builder.enumType('CertificateState', {
  description:
    'valid: expires after today + 30 days; expiring: between today and today + 30; expired: before today; missing: no date recorded; notRequired: under 6 years, who need no certificate (DM 08/08/2014).',
  values: CERTIFICATE_STATES,
});

const RegistryRef = builder.objectRef<PersonRecord>('PersonRegistry').implement({
  description: 'Scope PEOPLE_REGISTRY.',
  fields: (t) => ({
    firstname: t.string({ resolve: (r) => r.firstname ?? '' }),
    secondname: t.string({ nullable: true, resolve: (r) => r.secondname }),
    lastname: t.string({ resolve: (r) => r.lastname ?? '' }),
    taxCode: t.string({ resolve: (r) => r.tax_id_code ?? '' }),
    gender: t.string({ nullable: true, description: 'M or F.', resolve: (r) => (r.type_gender_id === 1 ? 'M' : r.type_gender_id === 2 ? 'F' : null) }),
    birthday: t.string({ nullable: true, description: 'YYYY-MM-DD.', resolve: (r) => day(r.birthday) }),
    birthplace: t.string({ nullable: true, resolve: (r) => r.birthplace }),
    birthNation: t.string({ nullable: true, resolve: (r) => r.birth_nation }),
    nationality: t.string({ nullable: true, resolve: (r) => r.nationality }),
    categories: t.stringList({ description: "The groups or categories the role belongs to, by name.", resolve: (r) => r.categories ?? [] }),
  }),
});

const ContactsRef = builder.objectRef<PersonRecord>('PersonContacts').implement({
  description: "Scope PEOPLE_CONTACTS (minors' only where the club shares them).",
  fields: (t) => ({
    email: t.string({ nullable: true, resolve: (r) => r.email_primary }),
    emailSecondary: t.string({ nullable: true, resolve: (r) => r.email_secondary }),
    phone: t.string({ nullable: true, resolve: (r) => r.phone_primary }),
    phoneSecondary: t.string({ nullable: true, resolve: (r) => r.phone_secondary }),
    address: t.string({ nullable: true, resolve: (r) => [r.address, r.street_number].filter(Boolean).join(' ') || null }),
    postalCode: t.string({ nullable: true, resolve: (r) => r.postal_code }),
    city: t.string({ nullable: true, resolve: (r) => r.city }),
    province: t.string({ nullable: true, resolve: (r) => r.province }),
    country: t.string({ nullable: true, resolve: (r) => r.country }),
  }),
});

const CertificateRef = builder.objectRef<PersonRecord>('MedicalCertificateStatus').implement({
  description: "Scope PEOPLE_CERTIFICATES: an athlete's medical certificate, never the document.",
  fields: (t) => ({
    state: t.field({ type: CertificateStateEnum, resolve: (r, _args, ctx) => athleteCertificateState(r, ctx.deps.now())! }),
    expiresOn: t.string({ nullable: true, resolve: (r) => day(r.medical_examination_expiration_date) }),
    scheduledOn: t.string({ nullable: true, description: 'The next examination, when booked.', resolve: (r) => day(r.medical_examination_scheduled_date) }),
  }),
});

const QualificationRef = builder.objectRef<{ held: boolean; expiresOn: Date | null }>('StaffQualification').implement({
  fields: (t) => ({ held: t.exposeBoolean('held'), expiresOn: t.string({ nullable: true, resolve: (q) => day(q.expiresOn) }) }),
});
const QualificationsRef = builder.objectRef<PersonRecord>('StaffQualifications').implement({
  description: 'Scope STAFF_QUALIFICATIONS.',
  fields: (t) => ({
    blsd: t.field({ type: QualificationRef, resolve: (r) => ({ held: !!r.has_blsd, expiresOn: r.blsd_expires_on }) }),
    firstAid: t.field({ type: QualificationRef, resolve: (r) => ({ held: !!r.has_first_aid, expiresOn: r.first_aid_expires_on }) }),
    firePrevention: t.field({ type: QualificationRef, resolve: (r) => ({ held: !!r.has_fire_prevention, expiresOn: r.fire_prevention_expires_on }) }),
  }),
});

/** A scope's group of fields on a record: null for a deleted record, else the record checked against the scope. */
const recordPart = (scope: OrganisationScope, when: (r: PersonRecord, ctx: RequestContext) => boolean = () => true) =>
  (r: PersonRecord, _args: unknown, ctx: RequestContext) => (r.status === 'deleted' || !when(r, ctx) ? null : scoped(ctx, r.club_id, scope, () => r));

const PersonRecordRef = builder.objectRef<PersonRecord>('OrganisationPersonRecord').implement({
  description: 'A role of a person in an affiliated club (a person with two roles has two records, one personId).',
  fields: (t) => ({
    id: t.exposeID('role_id', { description: 'The record (role) id: stable, the key to store.' }),
    personId: t.exposeID('person_id'),
    clubId: t.exposeID('club_id'),
    kind: t.field({ type: PersonKindEnum, resolve: (r) => r.kind as never }),
    status: t.field({ type: RecordStatusEnum, resolve: (r) => r.status }),
    changedAt: t.expose('changed_at', { type: 'DateTime', description: 'When the record (or its person, details, address or categories) last changed.' }),
    registry: t.field({ type: RegistryRef, nullable: true, resolve: recordPart('people.registry') }),
    contacts: t.field({
      type: ContactsRef,
      nullable: true,
      resolve: async (r, args, ctx) => {
        const part = await recordPart('people.contacts')(r, args, ctx);
        return part && isMinor(r, ctx.deps.now()) && !(await organisationReach(ctx)).get(r.club_id)?.minorsContacts ? null : part;
      },
      description: "null for a minor (or an unknown birthday) when the club does not share minors' contacts.",
    }),
    certificate: t.field({ type: CertificateRef, nullable: true, description: 'null for kinds other than athlete.', resolve: recordPart('people.certificates', (r) => r.kind === 'athlete') }),
    qualifications: t.field({ type: QualificationsRef, nullable: true, resolve: recordPart('staff.qualifications') }),
  }),
});

const PersonRecordConnection = connectionOf('OrganisationPersonRecord', PersonRecordRef, (r) => r.cursor);

// ---- statistics ----


const counts = (rows: ClubStatisticsRow[], label: (r: ClubStatisticsRow) => string, order: readonly string[]) => {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(label(r), (totals.get(label(r)) ?? 0) + r.people);
  return order.filter((l) => totals.has(l)).map((l) => ({ label: l, count: totals.get(l)! }));
};

const StatisticsRef = builder.objectRef<{ clubId: string; rows: ClubStatisticsRow[] }>('OrganisationClubStatistics').implement({
  description: 'Current (not archived) roles of one club.',
  fields: (t) => ({
    clubId: t.exposeID('clubId'),
    byKind: t.field({
      type: [LabelCountRef],
      nullable: true,
      description: 'Scope CLUB_PROFILE.',
      resolve: (s, _a, ctx) => scoped(ctx, s.clubId, 'club.profile', () => counts(s.rows, (r) => r.kind, ['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'])),
    }),
    bySex: t.field({
      type: [LabelCountRef],
      nullable: true,
      description: 'Scope PEOPLE_REGISTRY: M, F, unknown.',
      resolve: (s, _a, ctx) => scoped(ctx, s.clubId, 'people.registry', () => counts(s.rows, (r) => r.gender, ['M', 'F', 'unknown'])),
    }),
    byAgeBand: t.field({
      type: [LabelCountRef],
      nullable: true,
      description: `Scope PEOPLE_REGISTRY: ${AGE_BANDS.join(', ')} (years today).`,
      resolve: (s, _a, ctx) => scoped(ctx, s.clubId, 'people.registry', () => counts(s.rows, (r) => r.age_band, AGE_BANDS)),
    }),
    certificates: t.field({
      type: CertificateCountsRef,
      nullable: true,
      description: 'Scope PEOPLE_CERTIFICATES.',
      resolve: (s, _a, ctx) => scoped(ctx, s.clubId, 'people.certificates', () => certificateTotals(s.rows)),
    }),
  }),
});

// ---- root fields ----

builder.queryFields((t) => ({
  organisationClubs: t.field({
    type: OrganisationClubConnection,
    description: `API keys only. The organisation's affiliated clubs (every status), by id. first: 1-${API_PAGE_MAX}.`,
    args: { first: t.arg.int({ required: true }), after: t.arg.string() },
    resolve: (_root, args, ctx) => listOrganisationClubs(ctx, args),
  }),
  organisationPeople: t.field({
    type: PersonRecordConnection,
    description: `API keys only. Current records (archived included) of the clubs that share people data, in change order. first: 1-${API_PAGE_MAX}; category needs PEOPLE_REGISTRY and certificate PEOPLE_CERTIFICATES (other clubs are left out).`,
    args: {
      first: t.arg.int({ required: true }),
      after: t.arg.string(),
      clubIds: t.arg.idList(),
      kind: t.arg({ type: PersonKindEnum }),
      category: t.arg.string(),
      certificate: t.arg({ type: CertificateStateEnum }),
      updatedSince: t.arg({ type: 'DateTime' }),
    },
    resolve: (_root, args, ctx) => listPersonRecords(ctx, { ...args, clubIds: args.clubIds?.map(String) }, 'current'),
  }),
  organisationPeopleChanges: t.field({
    type: PersonRecordConnection,
    description: 'API keys only. The sync feed: every record changed after `after` (or since updatedSince), deleted ones included (status deleted). Keep the last endCursor and start from it next time.',
    args: {
      first: t.arg.int({ required: true }),
      after: t.arg.string(),
      clubIds: t.arg.idList(),
      kind: t.arg({ type: PersonKindEnum }),
      updatedSince: t.arg({ type: 'DateTime' }),
    },
    resolve: (_root, args, ctx) => listPersonRecords(ctx, { ...args, clubIds: args.clubIds?.map(String) }, 'changes'),
  }),
  organisationPersonLookup: t.field({
    type: [PersonRecordRef],
    description: 'API keys only. Where this tax code is registered among the clubs that share PEOPLE_REGISTRY (duplicate and transfer check).',
    args: { taxCode: t.arg.string({ required: true }) },
    resolve: (_root, { taxCode }, ctx) => lookupTaxCode(ctx, taxCode),
  }),
  organisationStatistics: t.field({
    type: [StatisticsRef],
    description: 'API keys only. Per club: people by kind, sex and age band, certificates valid, expiring, expired.',
    args: { clubIds: t.arg.idList() },
    resolve: async (_root, { clubIds }, ctx) => [...(await clubStatistics(ctx, clubIds?.map(String))).entries()].map(([clubId, rows]) => ({ clubId, rows })),
  }),
}));
