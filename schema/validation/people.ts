// Person forms (spec §5): the shared profile, each kind's own fields, and the save payload. The client runs
// `savePersonInput(kind)` before submitting; the server parses every save (GraphQL and REST) with the same one.
import { z } from 'zod';
import { MIN_PERSON_AGE_YEARS, PERSON_KIND_INFO, type PersonKindKey } from '../constants';
import { MSG } from '../messages';
import { blankToUndefined, INT4_MAX, isoDate, optionalEmail, optionalText, phone, requiredText } from './fields';
import { TAX_CODE_PATTERN, taxCodeField } from './tax-code';

/** Optional, blank-tolerant wrappers for legacy payloads and HTML forms (which send "" and "1"/"0"). */

export const optionalDate = z.preprocess(blankToUndefined, isoDate(MSG.dateInvalid).optional());

export const optionalInt = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b.trim()) : b;
  },
  z
    .number({ error: MSG.numberInvalid })
    .int({ error: MSG.numberInvalid })
    .min(0, { error: MSG.numberInvalid })
    .max(INT4_MAX, { error: MSG.numberInvalid })
    .optional(),
);

export const flag = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (v === '1' || v === 1 || v === 'true' || v === 'on') return true;
  if (v === '0' || v === 0 || v === 'false' || v === 'off') return false;
  return v;
}, z.boolean({ error: MSG.invalidFields }).optional());

const longText = (max = 2000) => optionalText.pipe(z.string().max(max, { error: MSG.textTooLong }).optional());
const shortText = longText(200);



/** Age by calendar-year difference (spec §5): born in 2023 is 3 in 2026, whatever the month. */
export function ageInYears(birthday: string, today = new Date()): number {
  return today.getFullYear() - Number(birthday.slice(0, 4));
}

const birthday = optionalDate
  .refine((d) => !d || new Date(`${d}T00:00:00Z`).getTime() <= Date.now(), { error: MSG.birthdayInFuture })
  .refine((d) => !d || ageInYears(d) >= MIN_PERSON_AGE_YEARS, { error: MSG.minAge });

const gender = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b) : b;
  },
  z.union([z.literal(1), z.literal(2)], {
    error: (issue) => (issue.input === undefined ? MSG.genderRequired : MSG.genderInvalid),
  }),
);

/** Italian codice fiscale, check character included (schema/validation/tax-code.ts). Upper-cased, no spaces. */
export const taxIdCode = taxCodeField(MSG.taxCodeRequired);
export { TAX_CODE_PATTERN };

export const addressInput = z.object({
  address: shortText,
  streetNumber: shortText,
  postalCode: shortText,
  city: shortText,
  province: shortText,
  country: shortText,
});

export const personProfileInput = z.object({
  firstname: requiredText(MSG.firstnameRequired).pipe(z.string().max(100, { error: MSG.textTooLong })),
  secondname: shortText,
  lastname: requiredText(MSG.lastnameRequired).pipe(z.string().max(100, { error: MSG.textTooLong })),
  nickname: shortText,
  taxIdCode,
  typeRoleId: optionalInt,
  // Blank or null is "not given" where gender is optional (the inner preprocess alone would call it missing).
  typeGenderId: z.preprocess(blankToUndefined, gender.optional()),
  birthday,
  birthplace: shortText,
  birthNation: shortText,
  nationality: shortText,
  photoUrl: longText(500),
  legalRepresentative: shortText,
  emailPrimary: optionalEmail,
  emailSecondary: optionalEmail,
  phonePrimary: phone(MSG.phonePrimaryDigits),
  phoneSecondary: phone(MSG.phoneSecondaryDigits),
  address: z.preprocess(blankToUndefined, addressInput.optional()),
  hasBlsd: flag,
  blsdExpiresOn: optionalDate,
  hasFirstAid: flag,
  firstAidExpiresOn: optionalDate,
  hasFirePrevention: flag,
  firePreventionExpiresOn: optionalDate,
  isGuarded: flag,
});
export type PersonProfileInput = z.output<typeof personProfileInput>;

export const athleteDetailsInput = z.object({
  medicalExaminationExpirationDate: optionalDate,
  typeMedicalExaminationId: optionalInt,
  medicalExaminationScheduledDate: optionalDate,
  typeMedicalExaminationAccountableId: optionalInt,
  healthCard: shortText,
  allergies: longText(),
  intolerances: longText(),
  athleteCondition: longText(),
  athleteAttorneyName: shortText,
});

export const coachDetailsInput = z
  .object({
    coachRole: shortText,
    coachValidityStartDate: optionalDate,
    coachValidityEndDate: optionalDate,
    healthCard: shortText,
    allergies: longText(),
    intolerances: longText(),
  })
  .refine((c) => !c.coachValidityStartDate || !c.coachValidityEndDate || c.coachValidityEndDate >= c.coachValidityStartDate, {
    error: MSG.validityEndBeforeStart,
    path: ['coachValidityEndDate'],
  });

export const memberDetailsInput = z.object({
  typeMembershipId: optionalInt,
  membershipNumber: shortText,
  membershipStartDate: optionalDate,
  membershipExpiredDate: optionalDate,
});

export const managerDetailsInput = z.object({ managerRole: shortText });

/** Each kind's own fields; volunteers and accompagnatori have none beyond the private note. */
export const DETAILS_INPUT = {
  athlete: athleteDetailsInput,
  coach: coachDetailsInput,
  member: memberDetailsInput,
  manager: managerDetailsInput,
  staff: null,
  voluntary: null,
} as const satisfies Record<PersonKindKey, z.ZodType | null>;

const uuid = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional());

/**
 * The save payload of one kind: `id` (of the role) makes it an update; `profile` is the shared profile;
 * `details` the kind's own fields. Error paths are `profile.firstname`, `details.coachRole`, `notePrivate`.
 */
function buildSavePersonInput(kind: PersonKindKey) {
  const details = DETAILS_INPUT[kind];
  const profile = PERSON_KIND_INFO[kind].genderRequired ? personProfileInput.extend({ typeGenderId: gender }) : personProfileInput;
  return z.object({
    id: uuid,
    profile: z.preprocess((v) => v ?? {}, profile),
    details: z.preprocess((v) => v ?? {}, details ?? z.object({})),
    notePrivate: longText(5000),
    isActive: flag,
  });
}
/** Built once per kind: zod compiles a schema's fast path on its first parse, which cost every save a compile (about 10 % of its CPU). */
const savePersonInputs = new Map<PersonKindKey, ReturnType<typeof buildSavePersonInput>>();
export function savePersonInput(kind: PersonKindKey) {
  let schema = savePersonInputs.get(kind);
  if (!schema) savePersonInputs.set(kind, (schema = buildSavePersonInput(kind)));
  return schema;
}
export type SavePersonInput = z.output<ReturnType<typeof buildSavePersonInput>>;
