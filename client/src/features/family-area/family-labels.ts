// The personal area's words: how the account relates to each person, the states of the requests sent to the club,
// the field names of a change, and the days in Italian.
import { clubDate } from '../../../../schema/club-time';
import { FAMILY_FIELD_LABELS, type FamilyKeyField } from '../../../../schema/validation/family-area';
import type { FamilyRelation, FamilyRequestStatus } from '../../gql/graphql';

/** The badge on a person's card and page: yourself, or one of your children (or a minor you are guardian of). */
export const RELATION_LABELS: Record<FamilyRelation, string> = {
  titolare: 'Tu',
  minore: 'Tu',
  genitore: 'Figlio/a',
};

export const REQUEST_STATUS: Record<FamilyRequestStatus, { label: string; color: string }> = {
  in_attesa: { label: 'In attesa', color: 'orange' },
  approvata: { label: 'Approvata', color: 'green' },
  rifiutata: { label: 'Rifiutata', color: 'red' },
};

/** A certificate is masculine in Italian: "approvato", "rifiutato". */
export const CERTIFICATE_STATUS: Record<FamilyRequestStatus, { label: string; color: string }> = {
  in_attesa: { label: 'In attesa', color: 'orange' },
  approvata: { label: 'Approvato', color: 'green' },
  rifiutata: { label: 'Rifiutato', color: 'red' },
};

export const fieldLabel = (field: string) => FAMILY_FIELD_LABELS[field as FamilyKeyField] ?? field;

/** A calendar day (YYYY-MM-DD) as 01/03/2026. */
export const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** An instant (ISO) as its day in the club's time zone, 01/03/2026. */
export const italianDayOf = (instant: string) => italianDay(clubDate(new Date(instant)));

/** A change's value as the family reads it: a day in Italian, an empty value as a dash. */
export const changeValue = (field: string, value: string | null | undefined) => (!value ? '—' : field === 'birthday' ? italianDay(value) : value);

export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/** A file name from a title: "Iscrizioni Under 14 2026/27" -> "iscrizioni-under-14-2026-27". */
export const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'documento';
