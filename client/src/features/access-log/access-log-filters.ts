// The Registro accessi filters as they live in the address (so a filtered log can be linked, e.g. from a person's
// page, and Back undoes a filter), and the action groups the "Azione" menu offers.
import { ACCESS_LOG_ACTIONS, type AccessLogAction } from '../../../../schema/access-log';

/** The "Azione" menu: groups of actions first, then each action on its own. */
export const ACTION_GROUPS: ReadonlyArray<{ value: string; label: string; actions: readonly AccessLogAction[] }> = [
  { value: 'changes', label: 'Modifiche ai dati', actions: ['create', 'update', 'archive', 'restore', 'delete', 'merge', 'import'] },
  { value: 'sign-ins', label: 'Accessi e tentativi', actions: ['sign_in', 'sign_in_failed'] },
  { value: 'health', label: 'Letture di dati sanitari', actions: ['health_read'] },
  { value: 'exports', label: 'Esportazioni', actions: ['export'] },
  {
    value: 'collaborators',
    label: 'Collaboratori e ruoli',
    actions: ['collaborator_invited', 'collaborator_invitation_revoked', 'collaborator_joined', 'collaborator_removed', 'collaborator_left', 'role_changed', 'ownership_transferred'],
  },
  { value: 'security', label: 'Sicurezza account e società', actions: ['two_factor_enabled', 'two_factor_disabled', 'club_archived'] },
];

export const ACTION_OPTIONS = [
  ...ACTION_GROUPS.map(({ value, label }) => ({ value, label })),
  ...(Object.entries(ACCESS_LOG_ACTIONS) as [AccessLogAction, string][]).map(([value, label]) => ({ value, label: `Solo: ${label}` })),
];

/** The actions an "Azione" value stands for (none: every action). */
export function actionsOf(value: string): AccessLogAction[] | undefined {
  const group = ACTION_GROUPS.find((g) => g.value === value);
  if (group) return [...group.actions];
  return value in ACCESS_LOG_ACTIONS ? [value as AccessLogAction] : undefined;
}

export interface LogFilters {
  action: string;
  actor: string;
  search: string;
  from: string;
  to: string;
  person: string;
  /** The person's name, shown on the chip of a person filter that came with the address. */
  personName: string;
}

const KEYS = ['action', 'actor', 'search', 'from', 'to', 'person', 'personName'] as const;

export function filtersFrom(params: URLSearchParams): LogFilters {
  return Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as LogFilters;
}

export function paramsOf(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** The GraphQL filter (and the export's query string) of the address's filters. */
export function queryFilter(filters: LogFilters) {
  return {
    actions: actionsOf(filters.action),
    actorAccountId: filters.actor || undefined,
    personId: filters.person || undefined,
    search: filters.search || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export function exportQuery(filters: LogFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(queryFilter(filters))) {
    if (Array.isArray(value)) params.set(key, value.join(','));
    else if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
