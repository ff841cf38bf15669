import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEED_FILTERS,
  feedQueryVariables,
  formatPostDate,
  hasActiveFilters,
  priorityBadge,
  PRIORITY_FILTER_OPTIONS,
} from '../../client/src/features/posts/feed-filters';

describe('feed filters -> posts query variables', () => {
  it('no filter: nulls and newest first', () => {
    expect(feedQueryVariables(DEFAULT_FEED_FILTERS)).toEqual({ search: null, priority: null, groupId: null, orderBy: 'NEWEST' });
    expect(hasActiveFilters(DEFAULT_FEED_FILTERS)).toBe(false);
  });

  it('priority "0" (none) is a real filter, distinct from every priority', () => {
    expect(feedQueryVariables({ ...DEFAULT_FEED_FILTERS, priority: '0' }).priority).toBe(0);
    expect(feedQueryVariables({ ...DEFAULT_FEED_FILTERS, priority: '2' }).priority).toBe(2);
    expect(hasActiveFilters({ ...DEFAULT_FEED_FILTERS, priority: '0' })).toBe(true);
    expect(PRIORITY_FILTER_OPTIONS.map((o) => o.value)).toEqual(['', '0', '1', '2']);
  });

  it('unknown values fall back to no filter; search is trimmed', () => {
    const v = feedQueryVariables({ search: '  torneo  ', priority: '7', groupId: 'g1', order: 'SIDEWAYS' as never });
    expect(v).toEqual({ search: 'torneo', priority: null, groupId: 'g1', orderBy: 'NEWEST' });
  });
});

describe('post card texts', () => {
  it('priority 0 shows no badge; 1 Importante; 2 Urgente', () => {
    expect(priorityBadge(0)).toBeNull();
    expect(priorityBadge(1)?.label).toBe('Importante');
    expect(priorityBadge(2)?.label).toBe('Urgente');
  });

  it('dates in Italian, club time', () => {
    expect(formatPostDate('2026-11-21T10:00:00.000Z')).toBe('21 novembre 2026');
    expect(formatPostDate('2026-12-31T23:30:00.000Z')).toBe('1 gennaio 2027');
    expect(formatPostDate('non è una data')).toBe('');
  });
});
