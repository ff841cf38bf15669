// The club edit form's values, from the stored club and back to the mutation's input, checked with the server's
// own rules (schema/validation/club.ts) before sending.
import { z } from 'zod';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '../../../../schema/constants';
import { MSG } from '../../../../schema/messages';
import { clubInput } from '../../../../schema/validation/club';
import { formSchema } from '../../components/form';
import type { ClubInput, ClubRecord_ClubFragment, Sport } from '../../gql/graphql';

export const ADDRESS_KEYS = ['address', 'streetNumber', 'postalCode', 'city', 'province', 'country'] as const;
export type AddressValues = Record<(typeof ADDRESS_KEYS)[number], string>;

export interface ClubFormValues {
  fullName: string;
  typeClub: string;
  sport: string;
  foundation: string;
  companyName: string;
  vatNumber: string;
  fiscalCode: string;
  legalRepresentativeNameSurname: string;
  legalRepresentativeFiscalCode: string;
  emailPrimary: string;
  emailSecondary: string;
  phonePrimary: string;
  phoneSecondary: string;
  legalAddress: AddressValues;
  clubAddress: AddressValues;
  primaryColor: string;
  secondaryColor: string;
  /** A new logo chosen (sent beside the input), or null. */
  logo: File | null;
  removeLogo: boolean;
}

type StoredAddress = ClubRecord_ClubFragment['legalAddress'];
const addressValues = (a: StoredAddress): AddressValues =>
  Object.fromEntries(ADDRESS_KEYS.map((k) => [k, a?.[k] ?? ''])) as AddressValues;

export function valuesFromClub(club: ClubRecord_ClubFragment): ClubFormValues {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    fullName: club.fullName,
    typeClub: s(club.typeClub),
    sport: s(club.sport),
    foundation: s(club.foundation),
    companyName: s(club.companyName),
    vatNumber: s(club.vatNumber),
    fiscalCode: s(club.fiscalCode),
    legalRepresentativeNameSurname: s(club.legalRepresentativeNameSurname),
    legalRepresentativeFiscalCode: s(club.legalRepresentativeFiscalCode),
    emailPrimary: s(club.emailPrimary),
    emailSecondary: s(club.emailSecondary),
    phonePrimary: s(club.phonePrimary),
    phoneSecondary: s(club.phoneSecondary),
    legalAddress: addressValues(club.legalAddress),
    clubAddress: addressValues(club.clubAddress),
    primaryColor: s(club.primaryColor),
    secondaryColor: s(club.secondaryColor),
    logo: null,
    removeLogo: false,
  };
}

/**
 * The mutation's input: every field is sent, an empty one as "" (or null for the typed ones), which the server
 * reads as "clear it". The season label is left out (it stays as stored): it lives on the settings page.
 */
export function toClubInput({ logo: _logo, removeLogo: _removeLogo, ...values }: ClubFormValues): ClubInput {
  const foundation = values.foundation.trim();
  return {
    ...values,
    typeClub: values.typeClub || null,
    sport: (values.sport || null) as Sport | null,
    foundation: foundation && /^\d+$/.test(foundation) ? Number(foundation) : null,
  };
}

/**
 * The edit form's schema: the server's rules, the foundation checked as typed (so "19x7" is an error, not a blank),
 * a chosen logo checked by the picker's rule (a refused file stays chosen, so saving is refused with its message);
 * what it gives is the mutation's variables.
 */
export const clubForm = formSchema(
  clubInput.extend({
    logo: z.custom<File | null>().superRefine((file, ctx) => {
      const problem = file ? checkLogoFile(file) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    removeLogo: z.boolean(),
  }),
  (values: ClubFormValues) => ({ input: toClubInput(values), logo: values.logo, removeLogo: values.removeLogo && !values.logo }),
  (values) => ({ ...values, foundation: values.foundation.trim() || undefined }),
);

/** The logo picker's check, with the server's messages (the server checks the content again). */
export function checkLogoFile(file: File): string | undefined {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return MSG.logoTypeNotAllowed;
  if (file.size === 0) return MSG.fileEmpty;
  if (file.size > LOGO_MAX_BYTES) return MSG.logoTooLarge;
  return undefined;
}
