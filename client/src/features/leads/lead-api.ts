// POST /api/lead with plain fetch (public pages load no Apollo). The legacy envelope speaks snake_case: field
// errors come back as context.errors.club_name and are returned under the form's names (clubName).
import { MSG } from '../../../../schema/messages';
import type { FieldErrors } from '../../../../schema/validation/fields';
import type { Lead } from '../../../../schema/validation/lead';

export type LeadSubmission = { ok: true; message: string } | { ok: false; message: string; errors: FieldErrors };

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export async function postLead(lead: Lead): Promise<LeadSubmission> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // The spec's anti-forgery pair: echo the XSRF-TOKEN cookie when the server has set it.
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  let response: Response;
  try {
    response = await fetch('/api/lead', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        club_name: lead.clubName,
        role: lead.role,
        region: lead.region ?? null,
        members: lead.members,
        funnel_name: lead.funnelName,
      }),
    });
  } catch {
    return { ok: false, message: MSG.noConnection, errors: {} };
  }
  const body = (await response.json().catch(() => null)) as { status?: boolean; message?: string; context?: { errors?: Record<string, string> } | null } | null;
  if (response.ok && body?.status) return { ok: true, message: body.message || MSG.leadSent };
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(body?.context?.errors ?? {})) errors[camel(field)] = message;
  return { ok: false, message: body?.message || MSG.unexpected, errors };
}
