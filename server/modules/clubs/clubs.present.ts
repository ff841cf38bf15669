// The legacy REST shape of a club (spec §3 Club), read by the clubs routes and by the accounts' /login and /me.
import { CLUB_TYPES, SPORTS } from '../../../schema/constants';
import { seasonLabelFor } from '../../../schema/season';
import type { Address, Club } from '../../generated/prisma/client.js';
import { fileUrl } from '../files/files.service';

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
