import { ok } from '../../compat/envelope';
import { toCamelKeys } from '../../compat/naming';
import type { LegacyBody, LegacyRoute } from '../../compat/router';
import type { RequestContext } from '../../context';
import { renameErrorFields } from '../../lib/errors';
import { isUploadedFile } from '../files/files.service';
import { presentGroup } from '../groups/groups.present';
import { listSelectableGroups } from '../groups/list-groups.service';
import { getAppSettings } from './app-settings.service';
import { updateClub } from './update-club.service';
import { archiveClub } from './archive-club.service';
import { listMyClubs } from './my-clubs.service';
import { CLUB_RECORD_INCLUDE, presentClub, presentMembershipClub } from './clubs.present';
import { clubDb } from '../../access/request-db';

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
    handler: async (ctx) => {
      const { clubId } = await getAppSettings(ctx);
      return ok({ club: await clubRecord(ctx, clubId) });
    },
  },
  {
    // Not shown in the spec: the account's clubs, each as /club/single presents it plus the account's own token
    // (send it as X-Club), role and board role, like /api/me's profile.clubs.
    path: '/club/load',
    handler: async (ctx) => ok({ clubs: (await listMyClubs(ctx)).map(presentMembershipClub) }),
  },
  {
    // Owner only: archives the X-Club club (`id` must be its id); its collaborators lose access at once.
    path: '/club/archive',
    handler: async (ctx, body) => {
      const { message } = await archiveClub(ctx, body.id);
      return ok(null, message);
    },
  },
  {
    path: '/club/update',
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
