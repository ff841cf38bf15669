// A list's view in its address (issue 15): search, filters, sort and page live in the URL's query, so a reload, the
// back button or a shared link opens the same view. A new filter, search or sort goes back to page 1; each change is
// a history entry, except what is typed in the search box (replaced, not one entry per word).
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '../../../schema/constants';

export const PAGE_PARAM = 'pagina';

/** The 1-based page a `pagina` value names (anything else is page 1). */
export function pageOfParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

/** The connection variables of `page` (8 rows a page, as the spec says). */
export const pageVariables = (page: number) => ({ first: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

export interface ListView<K extends string> {
  /** Each field's value in the address ('' when absent). */
  values: Record<K, string>;
  page: number;
  /** Sets fields ('' removes one) and goes back to page 1. `replace`: no new history entry (typing). */
  set: (changes: Partial<Record<K, string>>, options?: { replace?: boolean }) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Clears every field of the view (other parameters of the address stay). */
  clear: () => void;
}

/** The view of a list whose fields are the address's parameters `fields` (their names are the URL's, in Italian). */
export function useListView<K extends string>(fields: readonly K[]): ListView<K> {
  const [params, setParams] = useSearchParams();
  const key = fields.join('\u0000');
  const values = useMemo(
    () => Object.fromEntries(key.split('\u0000').map((f) => [f, params.get(f) ?? ''])) as Record<K, string>,
    [params, key],
  );
  const page = pageOfParam(params.get(PAGE_PARAM));

  const update = useCallback(
    (edit: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          edit(next);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const set = useCallback(
    (changes: Partial<Record<K, string>>, options: { replace?: boolean } = {}) =>
      update((next) => {
        for (const [field, value] of Object.entries<string | undefined>(changes)) {
          if (value) next.set(field, value);
          else next.delete(field);
        }
        next.delete(PAGE_PARAM);
      }, options.replace),
    [update],
  );
  const setPage = useCallback(
    (n: number, options: { replace?: boolean } = {}) =>
      update((next) => {
        if (n > 1) next.set(PAGE_PARAM, String(n));
        else next.delete(PAGE_PARAM);
      }, options.replace),
    [update],
  );
  const clear = useCallback(
    () =>
      update((next) => {
        for (const field of key.split('\u0000')) next.delete(field);
        next.delete(PAGE_PARAM);
      }),
    [update, key],
  );
  return { values, page, set, setPage, clear };
}

/**
 * An address naming a page past the end (a shared link to a list that has since shrunk, the last row of the last page
 * archived): once the total is known, the view moves to the last page instead of showing an empty one.
 */
export function useClampedPage(view: Pick<ListView<string>, 'page' | 'setPage'>, totalPages: number | undefined) {
  const { page, setPage } = view;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages, { replace: true });
  }, [page, totalPages, setPage]);
}
