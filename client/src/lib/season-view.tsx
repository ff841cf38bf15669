// The season the app is looking at (issue 35 point 1), in lib because every feature reads it (features do not
// import each other). The current one unless the URL says otherwise: `?stagione=2025/26` chooses another, so the
// choice survives a reload and travels with a link. A choice made in the top bar is also kept for the tab (sessionStorage) and put back on the next page's URL, so moving through the
// sidebar stays in that season until "Torna alla stagione corrente". A closed season is read-only: the screens that
// depend on the season hide or disable their write actions when `readOnly`.
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { graphql } from '../gql';
import type { SeasonStatus } from '../gql/graphql';
import { PAGE_PARAM } from './use-list-view';

export const SEASON_PARAM = 'stagione';
const STORAGE_KEY = 'campobase.season';

export const SeasonsQuery = graphql(`
  query SeasonContext_Seasons {
    currentSeason {
      id
      label
      startsOn
      endsOn
      status
    }
    seasons {
      id
      label
      startsOn
      endsOn
      status
    }
  }
`);

export interface SeasonInfo {
  id: string;
  label: string;
  startsOn: string;
  endsOn: string;
  status: SeasonStatus;
}

export interface SeasonView {
  /** Every season of the club, the latest first (empty while loading). */
  seasons: SeasonInfo[];
  current: SeasonInfo | null;
  /** The season looked at: the URL's, else the current one. */
  chosen: SeasonInfo | null;
  /** A season other than the current one was chosen (through the URL). */
  isOtherSeason: boolean;
  /** The chosen season is closed: write actions off. */
  readOnly: boolean;
  /** The season filter of lists and exports: the chosen season's id when one other than the default is chosen. */
  filterSeasonId: string | null;
  loading: boolean;
  error: Error | undefined;
  choose(label: string | null): void;
  refetch(): void;
}

const readStored = () => {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};
const store = (label: string | null) => {
  try {
    if (label) sessionStorage.setItem(STORAGE_KEY, label);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // private mode: the URL alone keeps the choice
  }
};

/** The season view; `skip` for a session without a club. */
export function useSeasonView({ skip = false }: { skip?: boolean } = {}): SeasonView {
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(SeasonsQuery, { skip, fetchPolicy: 'cache-first' });
  const asked = params.get(SEASON_PARAM);
  const seasons = useMemo(() => data?.seasons ?? [], [data]);
  const current = data?.currentSeason ?? null;
  const named = asked ? (seasons.find((s) => s.label === asked) ?? null) : null;
  const chosen = named ?? current;
  const isOtherSeason = !!named && named.id !== current?.id;

  const choose = useCallback(
    (label: string | null) => {
      const keep = label && label !== current?.label ? label : null;
      store(keep);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (keep) next.set(SEASON_PARAM, keep);
          else next.delete(SEASON_PARAM);
          next.delete(PAGE_PARAM); // a page of another season's list means nothing here
          return next;
        },
        { replace: false },
      );
    },
    [current?.label, setParams],
  );

  return {
    seasons,
    current,
    chosen,
    isOtherSeason,
    readOnly: chosen?.status === 'closed',
    filterSeasonId: isOtherSeason ? named.id : null,
    loading,
    error,
    choose,
    refetch: () => void refetch().catch(() => undefined),
  };
}

/**
 * Puts the season chosen in this tab back on a URL that lost it (a sidebar link): mounted once, in the top bar.
 * A URL naming a season itself wins, and becomes the tab's choice.
 */
export function useKeepChosenSeason(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const asked = params.get(SEASON_PARAM);
    if (asked) {
      store(asked);
      return;
    }
    const stored = readStored();
    if (!stored) return;
    params.set(SEASON_PARAM, stored);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash }, { replace: true });
  }, [location.pathname, location.search, location.hash, navigate]);
}
