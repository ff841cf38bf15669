// The personal area's forms (issue 36 point 4): what a member or a guardian may change about a person. Contacts
// change at once; the key fields (name, tax code, birth data) only ask the club, which approves or rejects.
// The client runs the same schemas before sending; the server parses every call with them.
import { z } from 'zod';
import { MSG } from '../messages';
import { FAMILY_MSG } from '../messages-family';
import { blankToUndefined } from './fields';
import { personProfileInput } from './people';

const requiredId = z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }));
const profile = personProfileInput.shape;

/** Changed at once from the personal area. */
export const FAMILY_CONTACT_FIELDS = ['emailPrimary', 'phonePrimary', 'address'] as const;
/** Changed only when the club approves (a person's identity in the registry and the libro soci). */
export const FAMILY_KEY_FIELDS = ['firstname', 'lastname', 'taxIdCode', 'birthday', 'birthplace'] as const;
export type FamilyKeyField = (typeof FAMILY_KEY_FIELDS)[number];

export const FAMILY_FIELD_LABELS: Record<FamilyKeyField | (typeof FAMILY_CONTACT_FIELDS)[number], string> = {
  firstname: 'Nome',
  lastname: 'Cognome',
  taxIdCode: 'Codice fiscale',
  birthday: 'Data di nascita',
  birthplace: 'Luogo di nascita',
  emailPrimary: 'Email',
  phonePrimary: 'Cellulare',
  address: 'Indirizzo',
};

export const familyContactsInput = z.object({
  emailPrimary: profile.emailPrimary,
  phonePrimary: profile.phonePrimary,
  address: profile.address,
});

export const familyKeyFieldsInput = z.object({
  firstname: profile.firstname.optional(),
  lastname: profile.lastname.optional(),
  taxIdCode: profile.taxIdCode.optional(),
  birthday: profile.birthday,
  birthplace: profile.birthplace,
});

/** One save of the personal area's form: contacts (all of them, as the form shows them) and the key fields asked. */
export const updateFamilyPersonInput = z.object({
  personId: requiredId,
  contacts: familyContactsInput.optional(),
  keyFields: familyKeyFieldsInput.optional(),
});
export type UpdateFamilyPersonInput = z.output<typeof updateFamilyPersonInput>;

/** The staff's answer to a request of the personal area: approve, or reject with the reason the family receives. */
export const decideFamilyRequestInput = z
  .object({
    id: requiredId,
    approve: z.boolean({ error: MSG.idInvalid }),
    reason: z.preprocess(blankToUndefined, z.string().trim().max(1000, { error: MSG.textTooLong }).optional()),
  })
  .refine((d) => d.approve || !!d.reason, { path: ['reason'], error: FAMILY_MSG.familyReasonRequired });
