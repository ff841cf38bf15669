// Updating the club named by X-Club: every §3 field with its two addresses and the logo (GraphQL updateClub,
// legacy /api/club/update), or only the settings (updateClubSettings). One transaction: a refused logo or field
// leaves the stored club exactly as it was.
import { LOGO_MIME_TYPES } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { CLUB_ADDRESS_FIELDS, clubInput, clubSettingsInput } from '../../../schema/validation/club';
import type { RequestContext } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { storeFile, type UploadedFile } from '../files/files.service';
import { checkLogo } from './logo-image';
import { saveAddress } from '../../lib/addresses';
import { definedOnly, emptied, nested, type Row } from '../../lib/partial-update';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';

export interface UpdateClubOptions {
  /** The new logo (replaces the stored one); a function reads it lazily (GraphQL upload streams). */
  logo?: UploadedFile | (() => Promise<UploadedFile | undefined>) | undefined;
  /** Removes the stored logo (ignored when a new one is sent). */
  removeLogo?: boolean | null | undefined;
}

export interface UpdateClubResult {
  clubId: string;
  message: string;
}

const ADDRESSES = [
  { field: 'legalAddress', column: 'legalAddressId' },
  { field: 'clubAddress', column: 'clubAddressId' },
] as const;

/** Columns an edit may empty: everything but the name (required) and the addresses (written apart). */
const CLEARABLE = Object.keys(clubInput.shape).filter((k) => !['fullName', 'legalAddress', 'clubAddress'].includes(k));
const SETTINGS_FIELDS = Object.keys(clubSettingsInput.shape);
const CLEARABLE_ADDRESS: readonly string[] = CLUB_ADDRESS_FIELDS;

/**
 * Legacy clients send the club's `id` with the record. Another club's id (or any other value) is answered as an
 * unknown record would be, before anything is read or written: the X-Club header alone names the club.
 */
function refuseForeignId(raw: unknown, clubId: string): void {
  const id = nested(raw, 'id');
  if (id !== undefined && id !== null && id !== '' && id !== clubId) throw new NotFoundError();
}

export async function updateClub(ctx: RequestContext, raw: unknown, options: UpdateClubOptions = {}): Promise<UpdateClubResult> {
  const { clubId } = authorizeMember(ctx, 'club.write');
  refuseForeignId(raw, clubId);
  const input = parseInput(clubInput, raw);
  // Upload streams are read only now: after the viewer and the fields passed, before the transaction opens.
  const logo = typeof options.logo === 'function' ? await options.logo() : options.logo;
  if (logo) await checkLogo(logo);

  await clubDb(ctx).$transaction(async (tx) => {
    const club = await tx.club.findUniqueOrThrow({
      where: { id: clubId },
      select: { logoFileId: true, legalAddressId: true, clubAddressId: true },
    });
    const { legalAddress, clubAddress, ...fields } = input;
    const columns: Row = { ...emptied(raw, CLEARABLE), ...definedOnly(fields) };
    const sentAddresses = { legalAddress, clubAddress };
    for (const { field, column } of ADDRESSES) {
      const values = { ...emptied(nested(raw, field), CLEARABLE_ADDRESS), ...definedOnly(sentAddresses[field] ?? {}) };
      const id = await saveAddress(tx, clubId, club[column], values);
      if (id !== club[column]) columns[column] = id;
    }
    if (logo) {
      columns.logoFileId = (await storeFile(tx, { clubId, purpose: 'logo' }, logo, 'logo', LOGO_MIME_TYPES)).id;
    } else if (options.removeLogo) {
      // The sign-up's url_logo goes too: "remove the logo" leaves the placeholder.
      Object.assign(columns, { logoFileId: null, logoUrl: null });
    }
    await tx.club.update({ where: { id: clubId }, data: columns });
    // The replaced logo is referenced by nothing any more.
    if (club.logoFileId && 'logoFileId' in columns) await tx.storedFile.deleteMany({ where: { id: club.logoFileId, clubId } });
  });
  return { clubId, message: MSG.clubUpdated };
}

/** The settings page: season label and the two colours only, with the same rules as the full form. */
export async function updateClubSettings(ctx: RequestContext, raw: unknown): Promise<UpdateClubResult> {
  const { clubId } = authorizeMember(ctx, 'club.write');
  refuseForeignId(raw, clubId);
  const input = parseInput(clubSettingsInput, raw);
  await clubDb(ctx).club.update({ where: { id: clubId }, data: { ...emptied(raw, SETTINGS_FIELDS), ...definedOnly(input) } });
  return { clubId, message: MSG.changesSaved };
}
