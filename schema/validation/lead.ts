// The contact-request (lead) form (spec §3 Lead, §5): name, email, phone, club name, role and members required,
// region optional. The public form runs `leadInput` before sending; the server parses every submission (REST and
// GraphQL) with the same schema, so the messages under the fields are the same from either side.
import { z } from 'zod';
import { ITALIAN_REGIONS, LEAD_ROLES, MEMBER_BRACKETS } from '../constants';
import { MSG } from '../messages';
import { normalizePhone } from '../text';
import { requiredText } from './fields';
import { funnelName } from './funnel';

export { funnelName };

/** Case, accents, spaces and punctuation ignored: "emilia romagna", "0-50" and "valle d’aosta" all match. */
const choiceKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** One of `values`, written loosely by a legacy client or exactly by the form; yields the canonical spelling. */
const canonicalChoice = <T extends string>(values: readonly T[]) => {
  const byKey = new Map(values.map((v) => [choiceKey(v), v]));
  return (v: unknown) =>
    typeof v === 'string' ? (v.trim() === '' ? undefined : (byKey.get(choiceKey(v)) ?? v)) : v === null ? undefined : v;
};
const choice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.preprocess(canonicalChoice(values), z.enum(values, { error: message }));
/** Blank (or null) means not given. */
const optionalChoice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.preprocess(canonicalChoice(values), z.enum(values, { error: message }).optional());

const bounded = (message: string, max: number) => requiredText(message).pipe(z.string().max(max, { error: MSG.textTooLong }));

export const leadInput = z.object({
  name: bounded(MSG.leadNameRequired, 200),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: MSG.leadEmailRequired })
      .min(1, { error: MSG.leadEmailRequired })
      .max(254, { error: MSG.emailInvalid })
      .pipe(z.email({ error: MSG.emailInvalid })),
  ),
  // Spaces, dots, dashes and brackets are how people write numbers; what is stored is digits with an optional +.
  phone: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.\-/()]/g, '') : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: MSG.leadPhoneRequired })
      .min(1, { error: MSG.leadPhoneRequired })
      .regex(/^(\+|00)?\d{6,15}$/, { error: MSG.leadPhoneInvalid })
      .transform(normalizePhone),
  ),
  clubName: bounded(MSG.leadClubRequired, 200),
  role: choice(LEAD_ROLES, MSG.leadRoleRequired),
  region: optionalChoice(ITALIAN_REGIONS, MSG.leadRegionInvalid),
  members: choice(MEMBER_BRACKETS, MSG.leadMembersRequired),
  funnelName: z.unknown().optional().transform(funnelName),
});
export type LeadInput = z.input<typeof leadInput>;
export type Lead = z.output<typeof leadInput>;
