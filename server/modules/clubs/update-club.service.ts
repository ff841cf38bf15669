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
import { nested, parseEdit, sentColumns, sentGroup, storedFields, type Row } from '../../lib/partial-update';
import { clubDb } from '../../access/request-db';
import { clubMember } from '../../access/authorize';

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

/** The club's own columns (the addresses are rows apart); the name is required, every other one may be emptied. */
const COLUMNS = Object.keys(clubInput.shape).filter((k) => !['legalAddress', 'clubAddress'].includes(k));
const CLEARABLE = COLUMNS.filter((k) => k !== 'fullName');
const SETTINGS_FIELDS = Object.keys(clubSettingsInput.shape);

/**
 * Legacy clients send the club's `id` with the record. Another club's id (or any other value) is answered as an
 * unknown record would be, before anything is read or written: the X-Club header alone names the club.
 */
function refuseForeignId(raw: unknown, clubId: string): void {
  const id = nested(raw, 'id');
  if (id !== undefined && id !== null && id !== '' && id !== clubId) throw new NotFoundError();
}

/** The club as its edit form sends it (lib/partial-update.ts storedFields). */
async function storedClub(ctx: RequestContext, clubId: string): Promise<Row> {
  const club = await clubDb(ctx).club.findUniqueOrThrow({ where: { id: clubId }, include: { legalAddress: true, clubAddress: true } });
  return {
    ...storedFields(club, COLUMNS),
    legalAddress: storedFields(club.legalAddress, CLUB_ADDRESS_FIELDS),
    clubAddress: storedFields(club.clubAddress, CLUB_ADDRESS_FIELDS),
  };
}

export async function updateClub(ctx: RequestContext, raw: unknown, options: UpdateClubOptions = {}): Promise<UpdateClubResult> {
  const { clubId } = clubMember(ctx);
  refuseForeignId(raw, clubId);
  // Validated as the stored club with the fields sent laid over it: a field left out keeps its value.
  const input = parseEdit(clubInput, await storedClub(ctx, clubId), raw);
  // Upload streams are read only now: after the viewer and the fields passed, before the transaction opens.
  const logo = typeof options.logo === 'function' ? await options.logo() : options.logo;
  if (logo) await checkLogo(logo);

  await clubDb(ctx).$transaction(async (tx) => {
    const club = await tx.club.findUniqueOrThrow({
      where: { id: clubId },
      select: { logoFileId: true, legalAddressId: true, clubAddressId: true },
    });
    // Only the fields sent are written; those sent empty are cleared.
    const columns: Row = sentColumns(raw, input, COLUMNS, CLEARABLE);
    for (const { field, column } of ADDRESSES) {
      const values = sentColumns(sentGroup(raw, field, CLUB_ADDRESS_FIELDS), input[field], CLUB_ADDRESS_FIELDS);
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
  const { clubId } = clubMember(ctx);
  refuseForeignId(raw, clubId);
  const input = parseInput(clubSettingsInput, raw);
  await clubDb(ctx).club.update({ where: { id: clubId }, data: sentColumns(raw, input, SETTINGS_FIELDS) });
  return { clubId, message: MSG.changesSaved };
}
