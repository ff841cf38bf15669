import { describe, expect, it } from 'vitest';
import { GROUP_ORDERS } from '../../schema/constants';
import { GROUP_COLUMN_ORDERS, GROUP_SORT_OPTIONS, groupSortOptionsFor } from '../../client/src/lib/group-sort';
import { ariaSortOf, nextColumnOrder, orderOfParam, paramOfOrder } from '../../client/src/lib/list-sort';

describe('the groups lists sorts in the address', () => {
  it('offers every order of the server once, each with its own address value', () => {
    expect(GROUP_SORT_OPTIONS.map((o) => o.order).sort()).toEqual([...GROUP_ORDERS].sort());
    expect(new Set(GROUP_SORT_OPTIONS.map((o) => o.param)).size).toBe(GROUP_SORT_OPTIONS.length);
    for (const o of GROUP_SORT_OPTIONS) expect(orderOfParam(paramOfOrder(o.order, GROUP_SORT_OPTIONS), GROUP_SORT_OPTIONS)).toBe(o.order);
  });

  it('reads an unknown value as the default: by name for groups, youngest first for categories (no type sort there)', () => {
    expect(orderOfParam('colore', groupSortOptionsFor('groups'))).toBe('NAME');
    expect(orderOfParam('eta', groupSortOptionsFor('groups'))).toBe('NAME');
    expect(orderOfParam('tipologia', groupSortOptionsFor('groups'))).toBe('TYPE');
    expect(orderOfParam('', groupSortOptionsFor('categories'))).toBe('AGE');
    expect(orderOfParam('tipologia', groupSortOptionsFor('categories'))).toBe('AGE');
    expect(orderOfParam('nome', groupSortOptionsFor('categories'))).toBe('NAME');
    expect(paramOfOrder('AGE', groupSortOptionsFor('categories'))).toBe('');
    expect(orderOfParam('piu-persone', groupSortOptionsFor('categories'))).toBe('MEMBERS_DESC');
    for (const list of ['groups', 'categories'] as const) {
      const options = groupSortOptionsFor(list);
      expect(new Set(options.map((o) => o.param)).size).toBe(options.length);
    }
  });

  it('a header click sorts by its column going up, then going down, and says so', () => {
    expect(nextColumnOrder(GROUP_COLUMN_ORDERS.members, 'NAME')).toBe('MEMBERS');
    expect(nextColumnOrder(GROUP_COLUMN_ORDERS.members, 'MEMBERS')).toBe('MEMBERS_DESC');
    expect(nextColumnOrder(GROUP_COLUMN_ORDERS.members, 'MEMBERS_DESC')).toBe('MEMBERS');
    expect(ariaSortOf(GROUP_COLUMN_ORDERS.type, 'TYPE_DESC')).toBe('descending');
    expect(ariaSortOf(GROUP_COLUMN_ORDERS.name, 'MEMBERS')).toBe('none');
  });
});
