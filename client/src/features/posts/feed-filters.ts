// The feed's filter and sort controls (the spec's dropdowns were static; these really filter): option lists and
// the mapping from what the selects hold (strings) to the `posts` query's variables. Pure, unit-tested.
import { POST_PRIORITIES } from '../../../../schema/constants';
import type { PostOrder } from '../../gql/graphql';

export interface FeedFilters {
  search: string;
  /** '' = every priority, else '0' | '1' | '2'. */
  priority: string;
  /** '' = every group, else a group id. */
  groupId: string;
  order: PostOrder;
}

export const DEFAULT_FEED_FILTERS: FeedFilters = { search: '', priority: '', groupId: '', order: 'NEWEST' };

export const PRIORITY_FILTER_OPTIONS = [
  { value: '', label: 'Tutte le priorità' },
  ...POST_PRIORITIES.map((p) => ({ value: String(p.id), label: p.id === 0 ? 'Nessuna priorità' : p.label })),
];

export const ORDER_OPTIONS: { value: PostOrder; label: string }[] = [
  { value: 'NEWEST', label: 'Più recenti' },
  { value: 'OLDEST', label: 'Meno recenti' },
  { value: 'PRIORITY', label: 'Priorità' },
];

export function isPostOrder(value: string): value is PostOrder {
  return ORDER_OPTIONS.some((o) => o.value === value);
}

/** The `posts` query's filter variables (paging apart). Unknown values fall back to "no filter". */
export function feedQueryVariables(filters: FeedFilters): {
  search: string | null;
  priority: number | null;
  groupId: string | null;
  orderBy: PostOrder;
} {
  const search = filters.search.trim();
  const priority = POST_PRIORITIES.find((p) => String(p.id) === filters.priority)?.id ?? null;
  return {
    search: search === '' ? null : search,
    priority,
    groupId: filters.groupId === '' ? null : filters.groupId,
    orderBy: isPostOrder(filters.order) ? filters.order : 'NEWEST',
  };
}

export function hasActiveFilters(filters: FeedFilters): boolean {
  const v = feedQueryVariables(filters);
  return v.search !== null || v.priority !== null || v.groupId !== null;
}

/** The badge of a post's priority (spec §3: 0 none shows nothing, 1 Importante, 2 Urgente). */
export function priorityBadge(priority: number): { label: string; colorPalette: 'orange' | 'red' } | null {
  if (priority === 1) return { label: 'Importante', colorPalette: 'orange' };
  if (priority === 2) return { label: 'Urgente', colorPalette: 'red' };
  return null;
}

const DATE_FORMAT = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

/** "21 novembre 2026" (club time), or '' for an unreadable date. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}
