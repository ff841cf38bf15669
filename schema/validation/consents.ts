// Consents and the club's privacy notice (issue 36 point 2): purposes, who may answer for whom, the inputs' rules and
// Italian messages shared by the server and the screens.
import { z } from 'zod';
import { MSG } from '../messages';
import { blankToUndefined, isoDate, requiredText } from './fields';
import { AGE_OF_MAJORITY } from './families';

export const CONSENT_PURPOSES = ['trattamento_dati', 'dati_salute', 'foto_video', 'comunicazioni'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  trattamento_dati: 'Trattamento dei dati personali',
  dati_salute: 'Dati relativi alla salute',
  foto_video: 'Foto e video',
  comunicazioni: 'Comunicazioni della società',
};

/** The age from which a minor consents alone to what art. 2-quinquies of the Italian privacy code allows. */
export const OWN_CONSENT_AGE = 14;

/**
 * What a minor from 14 may consent to alone: the processing of their data and the club's communications. Health data
 * and images of a minor stay with the guardians until 18 (the stricter reading clubs and federations apply).
 */
export const MINOR_OWN_PURPOSES: readonly ConsentPurpose[] = ['trattamento_dati', 'comunicazioni'];

export type ConsentGiver = 'self' | 'guardian' | 'either';

/** Whole years from a YYYY-MM-DD birthday to `day` (by the exact birthday). */
export function ageOn(birthday: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5, 10) < birthday.slice(5, 10) ? years - 1 : years;
}

/**
 * Who answers for `purpose` about a person born on `birthday`, on `day`: an adult (or a birthday the club does not
 * know) themselves; under 14 a guardian; from 14 to 17 either, for MINOR_OWN_PURPOSES, else a guardian.
 */
export function consentGiver(birthday: string | null | undefined, day: string, purpose: ConsentPurpose): ConsentGiver {
  if (!birthday) return 'self';
  const age = ageOn(birthday, day);
  if (age >= AGE_OF_MAJORITY) return 'self';
  if (age < OWN_CONSENT_AGE) return 'guardian';
  return MINOR_OWN_PURPOSES.includes(purpose) ? 'either' : 'guardian';
}

export const publishPrivacyNoticeInput = z.object({
  title: requiredText(MSG.privacyNoticeTitleRequired).pipe(z.string().max(200, { error: MSG.textTooLong })),
  text: requiredText(MSG.privacyNoticeTextRequired).pipe(z.string().max(50_000, { error: MSG.textTooLong })),
});

const answer = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : blankToUndefined(v)),
  z.boolean({ error: MSG.consentAnswerRequired }),
);

export const recordConsentInput = z.object({
  personId: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid })),
  purpose: z.enum(CONSENT_PURPOSES, { error: MSG.consentPurposeInvalid }),
  granted: answer,
  givenById: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional()),
  givenOn: z.preprocess(blankToUndefined, isoDate(MSG.consentGivenOnInvalid).optional()),
});
export type RecordConsentInput = z.output<typeof recordConsentInput>;
