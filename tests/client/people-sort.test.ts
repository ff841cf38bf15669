import { describe, expect, it } from 'vitest';
import { PEOPLE_ORDERS } from '../../schema/constants';
import { ariaSortOf, nextColumnOrder, orderOfParam, paramOfOrder, PEOPLE_SORT_OPTIONS, sortOptionsFor } from '../../client/src/lib/people-sort';

describe('the people lists sorts in the address', () => {
  it('offers every order of the server once, each with its own address value', () => {
    expect(PEOPLE_SORT_OPTIONS.map((o) => o.order).sort()).toEqual([...PEOPLE_ORDERS].sort());
    expect(new Set(PEOPLE_SORT_OPTIONS.map((o) => o.param)).size).toBe(PEOPLE_SORT_OPTIONS.length);
    for (const o of PEOPLE_SORT_OPTIONS) expect(orderOfParam(paramOfOrder(o.order))).toBe(o.order);
  });

  it('reads an unknown value, or a certificate sort where it is not offered, as by name', () => {
    expect(orderOfParam('scarpe')).toBe('NAME');
    expect(orderOfParam('certificato-scadenza', sortOptionsFor(false))).toBe('NAME');
    expect(orderOfParam('certificato-scadenza', sortOptionsFor(true))).toBe('CERTIFICATE');
  });

  it('a header click sorts by its column going up, then going down, and says so', () => {
    expect(nextColumnOrder('taxCode', 'NAME')).toBe('TAX_CODE');
    expect(nextColumnOrder('taxCode', 'TAX_CODE')).toBe('TAX_CODE_DESC');
    expect(nextColumnOrder('taxCode', 'TAX_CODE_DESC')).toBe('TAX_CODE');
    expect(ariaSortOf('name', 'NAME_DESC')).toBe('descending');
    expect(ariaSortOf('name', 'TAX_CODE')).toBe('none');
  });
});
