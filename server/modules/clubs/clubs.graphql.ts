import { seasonLabelFor } from '../../../schema/season';
import { builder } from '../../graphql/builder';
import { SportEnum } from '../../graphql/enums';
import { AddressInput } from '../../graphql/address';
import { fileUrl, readGraphQLUpload } from '../files/files.service';
import { getAppSettings } from './app-settings.service';
import { rotateClubToken } from './rotate-club-token.service';
import { archiveClub } from './archive-club.service';
import { updateClub, updateClubSettings } from './update-club.service';
import { ForbiddenError, NotFoundError, RateLimitError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { athleteGroupsOfMembership, clubDb } from '../../access/request-db';
import { CLUB_ROLES, ROLE_PERMISSIONS } from '../../access/permissions';
import { clubMember } from '../../access/authorize';

const MembershipRoleEnum = builder.enumType('MembershipRole', {
  description: "A collaborator's role in the club; what each may do is the permission matrix in docs/permissions.md.",
  values: CLUB_ROLES,
});

builder.prismaObject('Club', {
  fields: (t) => ({
    id: t.exposeID('id'),
    fullName: t.exposeString('fullName'),
    typeClub: t.exposeString('typeClub', { nullable: true, description: 'Legal form: ASD, SSD, APS or altro.' }),
    sport: t.expose('sport', { type: SportEnum, nullable: true }),
    foundation: t.exposeInt('foundation', { nullable: true }),
    companyName: t.exposeString('companyName', { nullable: true }),
    vatNumber: t.exposeString('vatNumber', { nullable: true }),
    fiscalCode: t.exposeString('fiscalCode', { nullable: true }),
    legalRepresentativeNameSurname: t.exposeString('legalRepresentativeNameSurname', { nullable: true }),
    legalRepresentativeFiscalCode: t.exposeString('legalRepresentativeFiscalCode', { nullable: true }),
    emailPrimary: t.exposeString('emailPrimary', { nullable: true }),
    emailSecondary: t.exposeString('emailSecondary', { nullable: true }),
    phonePrimary: t.exposeString('phonePrimary', { nullable: true }),
    phoneSecondary: t.exposeString('phoneSecondary', { nullable: true }),
    legalAddress: t.relation('legalAddress', { nullable: true }),
    clubAddress: t.relation('clubAddress', { nullable: true, description: "The club's seat (sede)." }),
    logoUrl: t.string({
      nullable: true,
      description: 'The uploaded logo (/files/<id>, served with the Authorization and X-Club headers), else the url given at sign-up.',
      resolve: (club) => (club.logoFileId ? fileUrl(club.logoFileId) : club.logoUrl),
    }),
    hasUploadedLogo: t.boolean({ description: 'Whether a logo was uploaded (logoUrl is then /files/<id>).', resolve: (club) => !!club.logoFileId }),
    primaryColor: t.exposeString('primaryColor', { nullable: true, description: '#rrggbb' }),
    secondaryColor: t.exposeString('secondaryColor', { nullable: true, description: '#rrggbb' }),
    plan: t.exposeString('plan', { nullable: true }),
    seasonLabel: t.string({
      description: "The club's own season label, or the current September-August season (e.g. 2026/27).",
      select: { seasonLabel: true },
      resolve: (club, _args, ctx) => seasonLabelFor(club.seasonLabel, ctx.deps.now()),
    }),
    customSeasonLabel: t.exposeString('seasonLabel', {
      nullable: true,
      description: 'The season label the club set (settings), null when seasonLabel is the computed one.',
    }),
  }),
});

builder.prismaObject('Membership', {
  name: 'ClubMembership',
  fields: (t) => ({
    id: t.exposeID('id'),
    token: t.exposeString('token', { description: 'Send as the X-Club header to act in this club.' }),
    role: t.expose('role', { type: MembershipRoleEnum }),
    boardRole: t.exposeInt('boardRole'),
    club: t.relation('club'),
    permissions: t.stringList({
      description:
        "What this member may do in the club: the role's row of the permission matrix (docs/permissions.md) (e.g. `people.athlete.write`, `health.read`). The client shows only what they allow; every operation is checked on the server anyway.",
      select: { role: true },
      resolve: (m) => [...ROLE_PERMISSIONS[m.role]],
    }),
    athleteGroupIds: t.idList({
      nullable: true,
      description:
        'For allenatore: the athlete groups they coach. Of the athletes they see and edit only those, and they register nobody new. Null for the other roles (the whole club).',
      select: { role: true, groupIds: true },
      resolve: (m) => athleteGroupsOfMembership(m)?.groupIds ?? null,
    }),
  }),
});

const GroupType = builder.objectRef<{ key: string; name: string; layout: string }>('GroupType').implement({
  fields: (t) => ({ key: t.exposeString('key'), name: t.exposeString('name'), layout: t.exposeString('layout') }),
});

type AppSettingsShape = Awaited<ReturnType<typeof getAppSettings>>;
const AppSettings = builder.objectRef<AppSettingsShape>('AppSettings').implement({
  fields: (t) => ({
    club: t.prismaField({
      type: 'Club',
      resolve: (query, settings, _args, ctx) => clubDb(ctx).club.findUniqueOrThrow({ ...query, where: { id: settings.clubId } }),
    }),
    typeGroups: t.field({ type: [GroupType], resolve: (settings) => [...settings.typeGroups] }),
  }),
});

builder.queryField('appSettings', (t) =>
  t.field({
    type: AppSettings,
    description: 'The club named by X-Club and the group types. Needs a session and the X-Club header.',
    resolve: (_root, _args, ctx) => getAppSettings(ctx),
  }),
);

builder.queryField('club', (t) =>
  t.prismaField({
    type: 'Club',
    description: 'The club named by X-Club. Needs a session and the X-Club header.',
    resolve: (query, _root, _args, ctx) => clubDb(ctx).club.findUniqueOrThrow({ ...query, where: { id: clubMember(ctx).clubId } }),
  }),
);

const settingsFields = {
  seasonLabel: 'e.g. 2025/26; empty for the current September-August season.',
  primaryColor: '#rrggbb; tints the admin area.',
  secondaryColor: '#rrggbb',
} as const;

const ClubSettingsInput = builder.inputType('ClubSettingsInput', {
  description: 'Empty or null clears a value; a field left out stays as stored.',
  fields: (t) => ({
    seasonLabel: t.string({ description: settingsFields.seasonLabel }),
    primaryColor: t.string({ description: settingsFields.primaryColor }),
    secondaryColor: t.string({ description: settingsFields.secondaryColor }),
  }),
});

const ClubInput = builder.inputType('ClubInput', {
  description:
    "Every club field (spec §3). Not required by the schema so that problems come back as ValidationError with Italian messages; empty or null clears a field, a field left out stays as stored.",
  fields: (t) => ({
    id: t.id({ description: 'Optional: when sent it must be the id of the club named by X-Club.' }),
    fullName: t.string(),
    typeClub: t.string({ description: 'ASD, SSD, APS or altro.' }),
    sport: t.field({ type: SportEnum }),
    foundation: t.int({ description: '1800 to the current year.' }),
    companyName: t.string(),
    vatNumber: t.string({ description: 'Partita IVA: 11 digits with a valid check digit (an IT prefix and spaces are accepted).' }),
    fiscalCode: t.string({ description: '11 digits (entity) or 16 characters.' }),
    legalRepresentativeNameSurname: t.string(),
    legalRepresentativeFiscalCode: t.string(),
    emailPrimary: t.string(),
    emailSecondary: t.string(),
    phonePrimary: t.string(),
    phoneSecondary: t.string(),
    legalAddress: t.field({ type: AddressInput }),
    clubAddress: t.field({ type: AddressInput }),
    seasonLabel: t.string({ description: settingsFields.seasonLabel }),
    primaryColor: t.string({ description: settingsFields.primaryColor }),
    secondaryColor: t.string({ description: settingsFields.secondaryColor }),
  }),
});

const UpdateClubPayload = builder.objectRef<{ message: string; clubId: string }>('UpdateClubPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: "'Dati club aggiornati con successo' (updateClub) or 'Modifiche salvate' (settings)." }),
    club: t.prismaField({
      type: 'Club',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).club.findUniqueOrThrow({ ...query, where: { id: payload.clubId } }),
    }),
  }),
});

const RotateClubTokenPayload = builder.objectRef<{ message: string; membershipId: string }>('RotateClubTokenPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    membership: t.prismaField({
      type: 'Membership',
      description: 'The membership with its new token.',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).membership.findUniqueOrThrow({ ...query, where: { id: payload.membershipId } }),
    }),
  }),
});

const ArchiveClubPayload = builder.objectRef<{ message: string; clubId: string }>('ArchiveClubPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), clubId: t.exposeID('clubId') }),
});

const clubRefusals = [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  updateClub: t.field({
    type: UpdateClubPayload,
    description:
      'Updates the club named by X-Club. `logo`: PNG, JPEG or WebP up to 2 MB, checked by content; it replaces the stored one. `removeLogo` brings back the placeholder.',
    args: {
      input: t.arg({ type: ClubInput, required: true }),
      logo: t.arg({ type: 'Upload' }),
      removeLogo: t.arg.boolean(),
    },
    errors: { types: clubRefusals },
    resolve: (_root, { input, logo, removeLogo }, ctx) =>
      updateClub(ctx, input, { logo: logo ? () => readGraphQLUpload(logo, 'logo') : undefined, removeLogo }),
  }),
  updateClubSettings: t.field({
    type: UpdateClubPayload,
    description: 'Season label and club colours of the club named by X-Club (/impostazioni).',
    args: { input: t.arg({ type: ClubSettingsInput, required: true }) },
    errors: { types: clubRefusals },
    resolve: (_root, { input }, ctx) => updateClubSettings(ctx, input),
  }),
  archiveClub: t.field({
    type: ArchiveClubPayload,
    description:
      "Owner only: archives the X-Club club (`id` must be its id). Every member's requests for it are refused from then on and it leaves their club lists; nothing is deleted.",
    args: { id: t.arg.id({ required: true }) },
    errors: { types: clubRefusals },
    resolve: (_root, { id }, ctx) => archiveClub(ctx, id),
  }),
  rotateClubToken: t.field({
    type: RotateClubTokenPayload,
    description:
      "Replaces the signed-in account's token for the club named by X-Club: the old one is refused (FORBIDDEN) from now on; send `membership.token` as X-Club instead. Other members' tokens and the session are unchanged.",
    errors: { types: [RateLimitError, ForbiddenError, UnauthenticatedError] },
    resolve: (_root, _args, ctx) => rotateClubToken(ctx),
  }),
}));
