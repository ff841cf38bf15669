import { SPORT_VALUES } from '../../../schema/constants';
import { seasonLabelFor } from '../../../schema/season';
import { builder } from '../../graphql/builder';
import { getAppSettings } from './app-settings.service';

export const SportEnum = builder.enumType('Sport', { values: SPORT_VALUES });
const MembershipRoleEnum = builder.enumType('MembershipRole', { values: ['owner', 'admin'] as const });

builder.prismaObject('Club', {
  fields: (t) => ({
    id: t.exposeID('id'),
    fullName: t.exposeString('fullName'),
    sport: t.expose('sport', { type: SportEnum, nullable: true }),
    foundation: t.exposeInt('foundation', { nullable: true }),
    vatNumber: t.exposeString('vatNumber', { nullable: true }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    primaryColor: t.exposeString('primaryColor', { nullable: true }),
    secondaryColor: t.exposeString('secondaryColor', { nullable: true }),
    plan: t.exposeString('plan', { nullable: true }),
    seasonLabel: t.string({
      description: "The club's own season label, or the current September-August season (e.g. 2026/27).",
      select: { seasonLabel: true },
      resolve: (club) => seasonLabelFor(club.seasonLabel),
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
      resolve: (query, settings, _args, ctx) => ctx.deps.db.club.findUniqueOrThrow({ ...query, where: { id: settings.clubId } }),
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
