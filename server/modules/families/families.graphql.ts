// GraphQL face of families (issue 36 point 1): a person's guardians and the minors they are guardian of. Thin
// adapters over guardianships.service.ts; who may call each field is in the operation table (families.read/write).
import { builder } from '../../graphql/builder';
import { GuardianRelationshipEnum } from '../../graphql/enums';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { clubRowWhere } from '../../lib/club-rows';
import { dayOf as day } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';
import { GUARDIAN_SEARCH_LIMIT, guardianCandidatesWhere, removeGuardianship, saveGuardianship } from './guardianships.service';

// A person as a family sees them: the contact fields only, and a tax code that may be unknown (a guardian named in a
// registration or an import). No health field is reachable from here.
const FamilyPersonRef = builder.prismaObject('Person', {
  variant: 'FamilyPerson',
  description: 'A guardian or a minor: name and contacts. taxIdCode is null for a guardian whose tax code the club does not know.',
  fields: (t) => ({
    personId: t.exposeID('id'),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    taxIdCode: t.exposeString('taxIdCode', { nullable: true }),
    birthday: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.birthday) }),
    emailPrimary: t.exposeString('emailPrimary', { nullable: true }),
    phonePrimary: t.exposeString('phonePrimary', { nullable: true }),
  }),
});

builder.prismaObject('Guardianship', {
  description: "A minor's guardian with the guardian's choices.",
  fields: (t) => ({
    id: t.exposeID('id'),
    relationship: t.expose('relationship', { type: GuardianRelationshipEnum }),
    canPickUp: t.exposeBoolean('canPickUp', { description: 'May pick the child up after trainings and matches.' }),
    receivesCommunications: t.exposeBoolean('receivesCommunications', { description: 'Receives what the club sends about the child (notices, reminders).' }),
    pays: t.exposeBoolean('pays', { description: "Pays the child's fees and receives the receipts." }),
    minor: t.relation('minor', { type: FamilyPersonRef }),
    guardian: t.relation('guardian', { type: FamilyPersonRef }),
  }),
});

const PersonFamilyRef = builder.prismaObject('Person', {
  variant: 'PersonFamily',
  description: "A person's family: their guardians, and the minors they are guardian of.",
  fields: (t) => ({
    personId: t.exposeID('id'),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    birthday: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (p) => day(p.birthday) }),
    guardians: t.relation('guardians', { description: 'In the order they were added.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
    guardianOf: t.relation('guardianOf', { description: 'The minors this person is guardian of.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

const NewGuardianInput = builder.inputType('NewGuardianInput', {
  description: 'A guardian not in the registry yet. The same tax code, or the same name with the same e-mail or phone, finds the person already there instead.',
  fields: (t) => ({
    firstname: t.string(),
    lastname: t.string(),
    taxIdCode: t.string({ description: 'Optional: many clubs know a parent only by name and contacts.' }),
    emailPrimary: t.string(),
    phonePrimary: t.string(),
  }),
});

const SaveGuardianshipInput = builder.inputType('SaveGuardianshipInput', {
  description: 'No id: adds a guardian (guardianId of a person in the registry, or guardian for a new one). With id: changes the relationship and the choices.',
  fields: (t) => ({
    id: t.id(),
    minorId: t.id({ required: true }),
    guardianId: t.id(),
    guardian: t.field({ type: NewGuardianInput }),
    relationship: t.field({ type: GuardianRelationshipEnum, required: true }),
    canPickUp: t.boolean({ description: 'Default true.' }),
    receivesCommunications: t.boolean({ description: 'Default true.' }),
    pays: t.boolean({ description: 'Default true.' }),
  }),
});

const SaveGuardianshipPayload = builder.objectRef<{ message: string; id: string }>('SaveGuardianshipPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Italian success message.' }),
    guardianship: t.prismaField({ type: 'Guardianship', resolve: (query, p, _args, ctx) => clubDb(ctx).guardianship.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

const RemoveGuardianshipPayload = builder.objectRef<{ message: string; id: string }>('RemoveGuardianshipPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), guardianshipId: t.exposeID('id') }),
});

builder.queryFields((t) => ({
  personFamily: t.prismaField({
    type: PersonFamilyRef,
    nullable: true,
    description: "A person's guardians and the minors they are guardian of; null when unknown or of another club.",
    args: { personId: t.arg.id({ required: true }) },
    resolve: (query, _root, { personId }, ctx) => clubDb(ctx).person.findFirst({ ...query, where: clubRowWhere(clubMember(ctx).clubId, personId) }),
  }),
  guardianCandidates: t.prismaField({
    type: [FamilyPersonRef],
    description: `People of the registry matching every word of search (name, tax code, e-mail), at most ${GUARDIAN_SEARCH_LIMIT}: guardians known only by name included. Fewer than 2 characters: none.`,
    args: { search: t.arg.string({ required: true }), excludePersonId: t.arg.id() },
    resolve: (query, _root, { search, excludePersonId }, ctx) =>
      search.trim().length < 2
        ? []
        : clubDb(ctx).person.findMany({ ...query, where: guardianCandidatesWhere(ctx, search.slice(0, 100), excludePersonId ?? undefined), orderBy: [{ sortName: 'asc' }, { id: 'asc' }], take: GUARDIAN_SEARCH_LIMIT }),
  }),
}));

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  saveGuardianship: t.field({
    type: SaveGuardianshipPayload,
    description: 'Adds a guardian to a person (a minor, usually) or edits the relationship and choices.',
    args: { input: t.arg({ type: SaveGuardianshipInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { guardianship, message } = await saveGuardianship(ctx, input);
      return { message, id: guardianship.id };
    },
  }),
  removeGuardianship: t.field({
    type: RemoveGuardianshipPayload,
    description: 'Ends a guardianship; the guardian stays in the registry.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: async (_root, { id }, ctx) => {
      const { guardianship, message } = await removeGuardianship(ctx, id);
      return { message, id: guardianship.id };
    },
  }),
}));
