// Legacy REST face of leads (spec §7): POST /api/lead, public. The body speaks the legacy snake_case names
// (club_name, funnel_name); `fn`, the query parameter's name, is accepted for the funnel too.
import { MSG } from '../../../schema/messages';
import { ok } from '../../compat/envelope';
import { toCamelKeys } from '../../compat/naming';
import type { LegacyRoute } from '../../compat/router';
import type { Lead } from '../../generated/prisma/client.js';
import { submitLead } from './submit-lead.service';

/** What the visitor sent, as stored (normalised), in the legacy names. Nothing the server adds (ip, agent) is echoed. */
export function presentLead(lead: Lead) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    club_name: lead.clubName,
    role: lead.role,
    region: lead.region,
    members: lead.members,
    funnel_name: lead.funnelName,
    created_at: lead.createdAt.toISOString(),
  };
}

export const leadsLegacyRoutes: LegacyRoute[] = [
  {
    path: '/lead',
    handler: async (ctx, body) => {
      const { fn, ...fields } = body;
      const input = toCamelKeys(fields);
      if (input.funnelName === undefined || input.funnelName === null || input.funnelName === '') input.funnelName = fn;
      return ok({ lead: presentLead(await submitLead(ctx, input)) }, MSG.leadSent);
    },
  },
];
