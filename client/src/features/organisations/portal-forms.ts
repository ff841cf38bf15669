// The portal forms' own checks before sending (the form layer, issue 15): what the webhook, API key, staff
// invitation and affiliation request forms need at least, and the values turned into the mutations' input. The
// server checks everything again with its own rules (server/modules/organisations, federation): its words come back
// under the fields they concern.
import { z } from 'zod';
import { requiredText } from '../../../../schema/validation/fields';
import type { OrganisationScope, OrganisationStaffRole, WebhookEvent } from '../../gql/graphql';

const PORTAL_FORM_MSG = {
  webhookUrlRequired: "Indica l'indirizzo del tuo servizio.",
  webhookEventsRequired: 'Scegli almeno un evento.',
  keyClubsRequired: 'Scegli almeno una società, o togli il limite.',
  staffEmailRequired: 'Indica l’email della persona da invitare.',
  clubNumberRequired: 'Indica la partita IVA o il codice fiscale della società.',
} as const;

export const webhookForm = z.object({
  url: requiredText(PORTAL_FORM_MSG.webhookUrlRequired),
  events: z.array(z.custom<WebhookEvent>()).min(1, { error: PORTAL_FORM_MSG.webhookEventsRequired }),
});

/** The key's days as typed ("" for a key that never expires); the clubs only when limited to some. */
export const apiKeyForm = z
  .object({
    name: z.string(),
    scopes: z.array(z.custom<OrganisationScope>()),
    expiresInDays: z.string(),
    limited: z.boolean(),
    clubIds: z.array(z.string()),
  })
  .superRefine((key, ctx) => {
    if (key.limited && key.clubIds.length === 0) ctx.addIssue({ code: 'custom', path: ['clubIds'], message: PORTAL_FORM_MSG.keyClubsRequired });
  })
  .transform((key) => ({
    name: key.name.trim(),
    scopes: key.scopes,
    expiresInDays: key.expiresInDays.trim() === '' ? null : Number(key.expiresInDays),
    clubIds: key.limited ? key.clubIds : null,
  }));

export const staffInviteForm = z.object({
  email: requiredText(PORTAL_FORM_MSG.staffEmailRequired),
  role: z.custom<OrganisationStaffRole>(),
});

export const affiliationRequestForm = z.object({
  clubNumber: requiredText(PORTAL_FORM_MSG.clubNumberRequired),
});
