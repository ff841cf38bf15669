// The words and colours of consents, shared by the person page's section, the /privacy page and the personal area.
import { clubDate } from '../../../schema/club-time';
import type { ConsentGiver, ConsentStatus } from '../gql/graphql';

export const CONSENT_STATUS_INFO: Record<ConsentStatus, { label: string; color: string }> = {
  dato: { label: 'Dato', color: 'green' },
  negato: { label: 'Negato', color: 'red' },
  revocato: { label: 'Revocato', color: 'red' },
  da_rinnovare: { label: 'Da rinnovare', color: 'orange' },
  mancante: { label: 'Mancante', color: 'gray' },
};

/** Who answers for a purpose today. */
export const CONSENT_GIVER_LABELS: Record<ConsentGiver, string> = {
  self: 'La persona stessa',
  guardian: 'Un genitore o tutore',
  either: 'La persona o un genitore',
};

/** A calendar day (YYYY-MM-DD) as 01/03/2026. */
export const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** An instant (ISO) as its day in the club's time zone, 01/03/2026. */
export const italianDayOf = (instant: string) => italianDay(clubDate(new Date(instant)));

export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;
