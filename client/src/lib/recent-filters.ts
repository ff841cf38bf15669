// The Italian query parameters the dashboard's statistics link with, and what the lists read back from them:
// /athlete?aggiunti=oggi|settimana, /athlete?certificato=valido|in-scadenza|scaduto|mancante|non-richiesto, /feed?creati=oggi|settimana.
// Unknown values mean "no filter". Pure, unit-tested; shared by the dashboard, the people lists and the feed.
import type { RecentPeriod } from '../../../schema/club-time';
import type { CertificateState as CertificateStatus } from '../../../schema/medical-certificates';

export const ADDED_PARAM = 'aggiunti';
export const CERTIFICATE_PARAM = 'certificato';
export const CREATED_PARAM = 'creati';

const PERIOD_VALUES: Record<RecentPeriod, string> = { today: 'oggi', week: 'settimana' };
const CERTIFICATE_VALUES: Record<CertificateStatus, string> = {
  valid: 'valido',
  expiring: 'in-scadenza',
  expired: 'scaduto',
  missing: 'mancante',
  notRequired: 'non-richiesto',
};

export const ADDED_LABELS: Record<RecentPeriod, string> = { today: 'Aggiunti oggi', week: 'Aggiunti questa settimana' };
export const CREATED_LABELS: Record<RecentPeriod, string> = { today: 'Creati oggi', week: 'Creati questa settimana' };
export const CERTIFICATE_LABELS: Record<CertificateStatus, string> = {
  valid: 'Certificato valido',
  expiring: 'Certificato in scadenza',
  expired: 'Certificato scaduto',
  missing: 'Certificato mancante',
  notRequired: 'Certificato non richiesto',
};

const keyOf = <K extends string>(table: Record<K, string>, value: string | null): K | null =>
  (Object.keys(table) as K[]).find((k) => table[k] === value) ?? null;

export const periodOfParam = (value: string | null): RecentPeriod | null => keyOf(PERIOD_VALUES, value);
export const certificateOfParam = (value: string | null): CertificateStatus | null => keyOf(CERTIFICATE_VALUES, value);
/** The `certificato` value of a state (what the athlete list's certificate select writes): 'expiring' -> 'in-scadenza'. */
export const certificateParamOf = (status: CertificateStatus): string => CERTIFICATE_VALUES[status];

/** A list's address with one of these filters, e.g. listLink('/athlete', 'aggiunti', 'today') = '/athlete?aggiunti=oggi'. */
export function listLink(route: string, param: typeof ADDED_PARAM | typeof CREATED_PARAM, period: RecentPeriod): string;
export function listLink(route: string, param: typeof CERTIFICATE_PARAM, status: CertificateStatus): string;
export function listLink(route: string, param: string, value: string): string {
  const shown = param === CERTIFICATE_PARAM ? CERTIFICATE_VALUES[value as CertificateStatus] : PERIOD_VALUES[value as RecentPeriod];
  return `${route}?${new URLSearchParams({ [param]: shown })}`;
}
