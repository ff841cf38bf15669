// The in-memory caches' store (server/lib/expiring-lru.ts): least recently used out first, by count and by weight,
// and nothing served past its lifetime.
import { describe, expect, it } from 'vitest';
import { ExpiringLru } from '../../../server/lib/expiring-lru';

describe('ExpiringLru', () => {
  it('drops the least recently used entry when full', () => {
    const lru = new ExpiringLru<number>(2, 1000);
    lru.set('a', 1, 0);
    lru.set('b', 2, 0);
    expect(lru.get('a', 1)).toBe(1); // a is now the most recently used
    lru.set('c', 3, 2);
    expect([lru.get('a', 3), lru.get('b', 3), lru.get('c', 3)]).toEqual([1, undefined, 3]);
  });

  it('serves nothing past its lifetime', () => {
    const lru = new ExpiringLru<number>(10, 1000, 100);
    lru.set('a', 1, 0, 10);
    expect(lru.get('a', 999)).toBe(1);
    expect(lru.get('a', 1999)).toBeUndefined();
    expect([lru.size, lru.totalWeight]).toEqual([0, 0]);
  });

  it('keeps the total weight under its bound, and never keeps an entry heavier than the bound', () => {
    const lru = new ExpiringLru<string>(10, 1000, 100);
    lru.set('a', 'a', 0, 40);
    lru.set('b', 'b', 0, 40);
    lru.set('c', 'c', 0, 40); // over 100: a goes
    expect([lru.get('a', 1), lru.get('b', 1), lru.get('c', 1)]).toEqual([undefined, 'b', 'c']);
    expect(lru.totalWeight).toBe(80);
    lru.set('big', 'big', 1, 101);
    expect(lru.get('big', 2)).toBeUndefined();
    expect(lru.totalWeight).toBe(80);
    lru.set('b', 'b2', 2, 10); // replaced: its old weight is taken back
    expect(lru.totalWeight).toBe(50);
    lru.deleteWhere((v) => v === 'c');
    lru.delete('b');
    expect([lru.size, lru.totalWeight]).toEqual([0, 0]);
  });
});
