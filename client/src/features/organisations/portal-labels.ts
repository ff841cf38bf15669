// The portal's words: roles, affiliation states, data scopes (short, for badges; long, for the key form), request
// outcomes, webhook events and delivery states, and the dates as the portal writes them.
import { ORGANISATION_SCOPE_LABELS, ORGANISATION_SCOPES, scopeEnumName, scopeOfEnumName } from '../../../../schema/organisation-scopes';
import type { OrganisationScope, OrganisationStaffRole, WebhookEvent } from '../../gql/graphql';

export const ROLE_LABELS: Record<string, string> = { admin: 'Amministratore', reader: 'Sola lettura' };

/** The staff roles, for the invitation's select and the role changes. */
export const STAFF_ROLES: { value: OrganisationStaffRole; label: string; description: string }[] = [
  { value: 'admin', label: ROLE_LABELS.admin, description: 'Gestisce richieste, staff, chiavi API e webhook.' },
  { value: 'reader', label: ROLE_LABELS.reader, description: 'Vede società, richieste, staff, webhook e utilizzo, senza cambiare nulla.' },
];

/** The webhook events, in the order the form lists them. */
export const WEBHOOK_EVENTS: { value: WebhookEvent; label: string; description: string }[] = [
  { value: 'created', label: 'Nuovo tesserato', description: 'una persona aggiunta in una società' },
  { value: 'changed', label: 'Modifica', description: 'i dati di una persona, i suoi recapiti o le sue categorie' },
  { value: 'archived', label: 'Archiviazione', description: 'una persona archiviata' },
  { value: 'deleted', label: 'Eliminazione', description: 'una persona eliminata' },
];
export const webhookEventLabel = (event: string) => WEBHOOK_EVENTS.find((e) => e.value === event)?.label ?? event;

/** A delivery's state (pending: waiting or retrying; failed: no attempts left). */
export const DELIVERY_LABELS: Record<string, { label: string; palette: string }> = {
  pending: { label: 'In attesa', palette: 'orange' },
  delivered: { label: 'Consegnata', palette: 'green' },
  failed: { label: 'Non consegnata', palette: 'red' },
};

/** A scope's short name, for the badges of a row ("Anagrafica"). */
const SHORT_SCOPE_LABELS: Record<string, string> = {
  'club.profile': 'Profilo',
  'people.registry': 'Anagrafica',
  'people.contacts': 'Contatti',
  'people.certificates': 'Certificati',
  'staff.qualifications': 'Qualifiche staff',
};

/** Every scope as GraphQL names it (CLUB_PROFILE), with its long and short Italian names. */
export const SCOPES = ORGANISATION_SCOPES.map((scope) => ({
  name: scopeEnumName(scope) as OrganisationScope,
  label: ORGANISATION_SCOPE_LABELS[scope],
  short: SHORT_SCOPE_LABELS[scope],
}));

export const shortScopeLabel = (name: string) => SHORT_SCOPE_LABELS[scopeOfEnumName(name) ?? ''] ?? name;
export const scopeLabel = (name: string) => {
  const scope = scopeOfEnumName(name);
  return scope ? ORGANISATION_SCOPE_LABELS[scope] : name;
};

export interface AffiliationState {
  status: string;
  requestedBy: string;
}

/** The badge of an affiliation as the organisation sees it. */
export function affiliationBadge(a: AffiliationState): { label: string; palette: string } {
  if (a.status === 'active') return { label: 'Attiva', palette: 'green' };
  if (a.status === 'pending') return a.requestedBy === 'club' ? { label: 'Da accettare', palette: 'orange' } : { label: 'In attesa della società', palette: 'blue' };
  if (a.status === 'rejected') return { label: 'Rifiutata', palette: 'gray' };
  return { label: 'Revocata', palette: 'gray' };
}

export const OUTCOME_LABELS: Record<string, { label: string; palette: string }> = {
  ok: { label: 'Riuscita', palette: 'green' },
  partial: { label: 'Parziale', palette: 'orange' },
  refused: { label: 'Rifiutata', palette: 'red' },
};

const DAY = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'medium' });
const MOMENT = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
export const day = (iso: string) => DAY.format(new Date(iso));
export const moment = (iso: string) => MOMENT.format(new Date(iso));
export const count = (n: number) => n.toLocaleString('it-IT');
