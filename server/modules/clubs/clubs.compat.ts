import { CLUB_TYPES, SPORTS } from '../../../schema/constants';
import { seasonLabelFor } from '../../../schema/season';
import { ok } from '../../compat/envelope';
import { toCamelKeys } from '../../compat/naming';
import type { LegacyBody, LegacyRoute } from '../../compat/router';
import type { RequestContext } from '../../context';
import type { Address, Club } from '../../generated/prisma/client.js';
import { renameErrorFields } from '../../lib/errors';
import { fileUrl, isUploadedFile } from '../files/files.service';
import { presentGroup } from '../groups/groups.present';
import { listSelectableGroups } from '../groups/list-groups.service';
import { getAppSettings } from './app-settings.service';
import { updateClub } from './update-club.service';
import { archiveClub } from './archive-club.service';
import { listMyClubs } from './my-clubs.service';
import { clubDb } from '../../access/request-db';

/** A club of the account's (with addresses) as the legacy client reads it in /club/load and /me. */
export const presentMembershipClub = (m: { token: string; role: string; boardRole: number; club: ClubRecord }) => ({
  ...presentClub(m.club),
  token: m.token,
  role: m.role,
  board_role: m.boardRole,
});

/** Load the club with this to present its addresses. */
export const CLUB_RECORD_INCLUDE = { legalAddress: true, clubAddress: true } as const;

type ClubRecord = Club & { legalAddress?: Address | null; clubAddress?: Address | null };

const presentAddress = (a: Address | null | undefined) =>
  a
    ? { id: a.id, address: a.address, street_number: a.streetNumber, postal_code: a.postalCode, city: a.city, province: a.province, country: a.country }
    : null;

/**
 * The club as the legacy client reads it (spec §3 Club). `logo_file` is the uploaded logo's /files/<id> (else the
 * sign-up url_logo); the address objects are present when the club was loaded with CLUB_RECORD_INCLUDE.
 */
export function presentClub(club: ClubRecord) {
  const sportLabel = SPORTS.find((s) => s.value === club.sport)?.label;
  const typeLabel = CLUB_TYPES.find((t) => t.value === club.typeClub)?.label ?? club.typeClub;
  return {
    id: club.id,
    full_name: club.fullName,
    type_club: club.typeClub,
    type_club_details: typeLabel ? [{ name: typeLabel }] : [],
    type_sport: club.sport,
    type_sport_details: sportLabel ? [{ name: sportLabel }] : [],
    foundation: club.foundation,
    company_name: club.companyName,
    vat_number: club.vatNumber,
    fiscal_code: club.fiscalCode,
    legal_representative_name_surname: club.legalRepresentativeNameSurname,
    legal_representative_fiscal_code: club.legalRepresentativeFiscalCode,
    legal_address_id: club.legalAddressId,
    ...('legalAddress' in club ? { legal_address: presentAddress(club.legalAddress) } : {}),
    email_primary: club.emailPrimary,
    email_secondary: club.emailSecondary,
    phone_primary: club.phonePrimary,
    phone_secondary: club.phoneSecondary,
    club_address_id: club.clubAddressId,
    ...('clubAddress' in club ? { club_address: presentAddress(club.clubAddress) } : {}),
    logo_file: club.logoFileId ? fileUrl(club.logoFileId) : club.logoUrl,
    primary_color: club.primaryColor,
    secondary_color: club.secondaryColor,
    season_label: seasonLabelFor(club.seasonLabel),
    plan: club.plan,
    is_active: club.isActive,
    created_at: club.createdAt.toISOString(),
    updated_at: club.updatedAt.toISOString(),
  };
}

const clubRecord = async (ctx: RequestContext, clubId: string) =>
  presentClub(await clubDb(ctx).club.findUniqueOrThrow({ where: { id: clubId }, include: CLUB_RECORD_INCLUDE }));

const asObject = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) && !isUploadedFile(v) ? (v as Record<string, unknown>) : undefined;

/** Legacy names the service reads under another name (`type_sport` is the sport, the file comes as `logo_file`). */
const LEGACY_ALIASES: Record<string, string> = { typeSport: 'sport', typeClubId: 'typeClub' };

/**
 * A /club/update body (JSON or multipart, the record's snake_case names) as the service's input: addresses as
 * nested objects (`legal_address[city]` in multipart), the logo as the `logo_file` file part, `remove_logo` 1/true.
 */
export function legacyClubInput(body: LegacyBody) {
  const top = toCamelKeys(body);
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(top)) {
    const name = LEGACY_ALIASES[key] ?? key;
    if (!(name in raw) || key === name) raw[name] = value;
  }
  for (const field of ['legalAddress', 'clubAddress']) {
    const nested = asObject(raw[field]);
    if (nested) raw[field] = toCamelKeys(nested);
  }
  const logo = isUploadedFile(raw.logoFile) ? raw.logoFile : undefined;
  const removeLogo = [true, 1, '1', 'true', 'on'].includes(raw.removeLogo as never);
  delete raw.logoFile;
  delete raw.removeLogo;
  return { raw, logo, removeLogo };
}

/** Service field names back to the legacy ones (`sport` -> `type_sport`, `logo` -> `logo_file`); snake_case is applied by the envelope. */
const legacyField = (path: string) => (path === 'sport' ? 'typeSport' : path === 'logo' ? 'logoFile' : path);

export const clubsLegacyRoutes: LegacyRoute[] = [
  {
    path: '/club/single',
    access: 'club',
    handler: async (ctx) => {
      const { clubId } = await getAppSettings(ctx);
      return ok({ club: await clubRecord(ctx, clubId) });
    },
  },
  {
    // Not shown in the spec: the account's clubs, each as /club/single presents it plus the account's own token
    // (send it as X-Club), role and board role, like /api/me's profile.clubs.
    path: '/club/load',
    access: 'session',
    handler: async (ctx) => ok({ clubs: (await listMyClubs(ctx)).map(presentMembershipClub) }),
  },
  {
    // Owner only: archives the X-Club club (`id` must be its id); its collaborators lose access at once.
    path: '/club/archive',
    access: 'club',
    handler: async (ctx, body) => {
      const { message } = await archiveClub(ctx, body.id);
      return ok(null, message);
    },
  },
  {
    path: '/club/update',
    access: 'club',
    handler: async (ctx, body) => {
      const { raw, logo, removeLogo } = legacyClubInput(body);
      try {
        const { clubId, message } = await updateClub(ctx, raw, { logo, removeLogo });
        return ok({ club: await clubRecord(ctx, clubId) }, message);
      } catch (error) {
        throw renameErrorFields(error, legacyField);
      }
    },
  },
  {
    path: '/app',
    access: 'club',
    handler: async (ctx) => {
      const settings = await getAppSettings(ctx);
      const [club, groups] = await Promise.all([
        clubDb(ctx).club.findUniqueOrThrow({ where: { id: settings.clubId }, include: CLUB_RECORD_INCLUDE }),
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
