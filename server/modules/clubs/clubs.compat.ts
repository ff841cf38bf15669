import { SPORTS } from '../../../schema/constants';
import { seasonLabelFor } from '../../../schema/season';
import { ok } from '../../compat/envelope';
import type { LegacyRoute } from '../../compat/router';
import type { Club } from '../../generated/prisma/client.js';
import { presentGroup } from '../groups/groups.present';
import { listSelectableGroups } from '../groups/list-groups.service';
import { getAppSettings } from './app-settings.service';

/** The club as the legacy client reads it (spec §3 Club). */
export function presentClub(club: Club) {
  const sportLabel = SPORTS.find((s) => s.value === club.sport)?.label;
  return {
    id: club.id,
    full_name: club.fullName,
    type_club: club.typeClub,
    type_club_details: club.typeClub ? [{ name: club.typeClub }] : [],
    type_sport: club.sport,
    type_sport_details: sportLabel ? [{ name: sportLabel }] : [],
    foundation: club.foundation,
    company_name: club.companyName,
    vat_number: club.vatNumber,
    fiscal_code: club.fiscalCode,
    legal_representative_name_surname: club.legalRepresentativeNameSurname,
    legal_representative_fiscal_code: club.legalRepresentativeFiscalCode,
    email_primary: club.emailPrimary,
    email_secondary: club.emailSecondary,
    phone_primary: club.phonePrimary,
    phone_secondary: club.phoneSecondary,
    logo_file: club.logoUrl,
    primary_color: club.primaryColor,
    secondary_color: club.secondaryColor,
    season_label: seasonLabelFor(club.seasonLabel),
    plan: club.plan,
    is_active: club.isActive,
    created_at: club.createdAt.toISOString(),
    updated_at: club.updatedAt.toISOString(),
  };
}

export const clubsLegacyRoutes: LegacyRoute[] = [
  {
    path: '/club/single',
    access: 'club',
    handler: async (ctx) => {
      const { clubId } = await getAppSettings(ctx);
      return ok({ club: presentClub(await ctx.deps.db.club.findUniqueOrThrow({ where: { id: clubId } })) });
    },
  },
  {
    path: '/app',
    access: 'club',
    handler: async (ctx) => {
      const settings = await getAppSettings(ctx);
      const [club, groups] = await Promise.all([
        ctx.deps.db.club.findUniqueOrThrow({ where: { id: settings.clubId } }),
        listSelectableGroups(ctx),
      ]);
      return ok({
        club: presentClub(club),
        groups: groups.map(presentGroup),
        typeGroup: settings.typeGroups.map((t) => ({ id: t.key, name: t.name, layout: t.layout })),
      });
    },
  },
];
