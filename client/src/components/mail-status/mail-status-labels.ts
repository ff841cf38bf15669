// How mail reaching a person is said (MailStatus): to the staff on the person page, to the person in their area.
// Pure: unit-tested in tests/client/mail-status-labels.test.ts.
import { CLUB_TIME_ZONE } from '../../../../schema/club-time';
import type { MailStatus_ViewFragment } from '../../gql/graphql';

export type MailStatusView = MailStatus_ViewFragment;

const DAY = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** The last failure as the remote server gave it, with its day: "550 5.1.1 User unknown, 10 settembre 2026". */
export function lastFailureLine(status: Pick<MailStatusView, 'lastFailure' | 'lastFailureAt'>): string {
  return [status.lastFailure, status.lastFailureAt ? DAY.format(new Date(status.lastFailureAt)) : null].filter(Boolean).join(', ');
}

/** The staff's alert on a blocked address. */
export function staffBlockedText(status: MailStatusView): string {
  const last = lastFailureLine(status);
  return `Indirizzo e-mail bloccato: ${status.failures} mancate consegne${last ? ` (ultima: ${last})` : ''}.`;
}

/** The person's own alert on their blocked address. */
export function ownBlockedText(status: MailStatusView): string {
  return `Le e-mail a questo indirizzo non arrivano${status.lastFailure ? `: ${status.lastFailure}` : ''}. Se hai risolto, sblocca l'indirizzo.`;
}

/** The staff's notes beside (or instead of) the block: failures, a temporary one, notices by e-mail turned off. */
export function staffMailNotes(status: MailStatusView): string[] {
  const notes: string[] = [];
  if (status.failures > 0 && !status.blocked) notes.push(`La posta a questo indirizzo non è stata recapitata ${status.failures === 1 ? '1 volta' : `${status.failures} volte`}`);
  if (status.lastFailurePermanent === false) notes.push('Ultima mancata consegna temporanea (es. casella piena)');
  if (!status.noticesByEmail) notes.push(`Non riceve gli avvisi non obbligatori per e-mail${status.complainedAt ? ' su segnalazione di spam' : ''}`);
  return notes;
}
