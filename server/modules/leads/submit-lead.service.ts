// A contact request from the public site (spec §4 lead form): validated with the shared schema, rate limited,
// stored with its funnel, and emailed to the sales address. GraphQL `submitLead` and REST `/api/lead` both call it.
import type { Lead } from '../../generated/prisma/client.js';
import { leadInput, type Lead as LeadFields } from '../../../schema/validation/lead';
import type { RequestContext } from '../../context';
import { parseInput } from '../../lib/validate';

/** Longest user agent kept: enough to recognise a browser or a bot, never an unbounded header. */
const USER_AGENT_MAX = 500;

export async function submitLead(ctx: RequestContext, raw: unknown): Promise<Lead> {
  const input = parseInput(leadInput, raw);
  // After validation, so the per-email allowance counts only requests that would be stored.
  await ctx.deps.limits.consume('lead', { ip: ctx.meta.ip, account: input.email });

  const { db, log } = ctx.deps;
  const lead = await db.lead.create({
    data: {
      name: input.name,
      email: input.email,
      phone: input.phone,
      clubName: input.clubName,
      role: input.role,
      region: input.region ?? null,
      members: input.members,
      funnelName: input.funnelName,
      ip: ctx.meta.ip ?? null,
      userAgent: ctx.meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    },
  });
  log.info({ leadId: lead.id, funnel: lead.funnelName }, 'lead stored');
  await notifySales(ctx, lead, input);
  return lead;
}

/**
 * The lead is already stored: a missing sales address or a failing mail server is logged, never shown to the
 * visitor (operators still find the lead in the list and the export).
 */
async function notifySales(ctx: RequestContext, lead: Lead, input: LeadFields): Promise<void> {
  const { config, mailer, log } = ctx.deps;
  if (!config.salesEmail) {
    log.warn({ leadId: lead.id }, 'no sales address configured (SALES_EMAIL): lead stored, no email sent');
    return;
  }
  try {
    await mailer.send({
      to: config.salesEmail,
      subject: `Nuova richiesta di contatto: ${input.clubName} (${input.funnelName})`,
      text: leadMailText(lead),
    }, { ip: ctx.meta.ip });
  } catch (err) {
    log.error({ err, leadId: lead.id }, 'lead stored but the email to the sales address failed');
  }
}

export function leadMailText(lead: Lead): string {
  const rows: Array<[string, string]> = [
    ['Nome e cognome', lead.name],
    ['Email', lead.email],
    ['Telefono', lead.phone],
    ['Società', lead.clubName],
    ['Ruolo', lead.role],
    ['Regione', lead.region ?? 'non indicata'],
    ['Tesserati', lead.members],
    ['Provenienza (funnel)', lead.funnelName],
    ['Ricevuta il', formatRomeTime(lead.createdAt)],
  ];
  return (
    'Una nuova società ha chiesto di essere contattata dal sito di CampoBase.\n\n' +
    rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
    '\n\nPromessa fatta sul sito: ricontatto entro 24 ore. Rispondi direttamente all\'indirizzo email indicato sopra.\n'
  );
}

const ROME_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

/** Date and time as read in Italy, whatever the server's time zone. */
export function formatRomeTime(date: Date): string {
  return ROME_TIME.format(date);
}
