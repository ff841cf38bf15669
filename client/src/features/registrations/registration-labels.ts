// The words of online registration shared by the staff's pages: the statuses' colours, the ask levels, the days.
import { clubDate } from '../../../../schema/club-time';
import type { AskLevel, QuestionKind, RegistrationFormStatus, SubmissionStatus } from '../../../../schema/validation/registrations';

export const FORM_STATUS_COLORS: Record<RegistrationFormStatus, string> = { bozza: 'gray', aperto: 'green', chiuso: 'red' };

export const SUBMISSION_STATUS_COLORS: Record<SubmissionStatus, string> = {
  da_firmare: 'gray',
  in_attesa: 'orange',
  modifiche_richieste: 'blue',
  approvata: 'green',
  rifiutata: 'red',
  sostituita: 'gray',
};

export const ASK_LEVEL_LABELS: Record<AskLevel, string> = { richiesto: 'Richiesto', facoltativo: 'Facoltativo', no: 'Non chiesto' };

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = { testo: 'Testo libero', si_no: 'Sì o no', scelta: 'Scelta tra opzioni' };

/** The kinds of medical certificate a family may declare. */
export const CERTIFICATE_TYPE_LABELS: Record<string, string> = { agonistico: 'Agonistico', non_agonistico: 'Non agonistico', ludico_motorio: 'Ludico-motorio' };

/** A calendar day (YYYY-MM-DD) as 01/03/2026. */
export const italianDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** An instant (ISO) as its day in the club's time zone, 01/03/2026. */
export const italianDayOf = (instant: string) => italianDay(clubDate(new Date(instant)));

/** An instant (ISO) as day and time in Italy, 01/03/2026 14:05. */
export const italianDateTime = (instant: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

/** The public link of a form: the address the product is opened at, then the form's path. */
export const formLink = (path: string) => `${window.location.origin}${path}`;
