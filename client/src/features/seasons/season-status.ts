// How a season's status reads in Italian (top bar menu, seasons page).
import type { SeasonStatus } from '../../gql/graphql';

export const SEASON_STATUS_LABEL: Record<SeasonStatus, string> = {
  preparing: 'In preparazione',
  open: 'In corso',
  closed: 'Chiusa, sola lettura',
};

export const SEASON_STATUS_PALETTE: Record<SeasonStatus, string> = { preparing: 'blue', open: 'green', closed: 'gray' };

/** "1 settembre 2026" from YYYY-MM-DD, without time zones. */
export function formatSeasonDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
