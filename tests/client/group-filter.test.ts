import { describe, expect, it } from 'vitest';
import { resolveGroupFilter, tpValueOf } from '../../client/src/features/people/group-filter';

const groups = [
  { id: '3f0c1a52-6a51-4a0e-9d8e-0a7c2b1d4e01', name: 'Under 12' },
  { id: '7b2d9e44-1c3f-4f6a-8e2b-5d9a0c7e3f02', name: 'Prima squadra' },
  { id: '9c4e1f66-2d5a-4b7c-9f3d-6e0b1d8f4a03', name: 'Città Alta' },
];

describe('the tp parameter of a people list', () => {
  it('accepts a group id', () => {
    expect(resolveGroupFilter(groups[1].id, groups)).toBe(groups[1]);
  });

  it('accepts <id>_<name> (the categories page link), even with a stale name', () => {
    expect(resolveGroupFilter(`${groups[0].id}_Under 12`, groups)).toBe(groups[0]);
    expect(resolveGroupFilter(`${groups[0].id}_Vecchio_nome`, groups)).toBe(groups[0]);
  });

  it('accepts a name, ignoring case, accents and extra spaces (the groups page link)', () => {
    expect(resolveGroupFilter('prima squadra', groups)).toBe(groups[1]);
    expect(resolveGroupFilter('  UNDER   12 ', groups)).toBe(groups[0]);
    expect(resolveGroupFilter('citta alta', groups)).toBe(groups[2]);
  });

  it('no tp, or one naming no group, selects nothing', () => {
    expect(resolveGroupFilter(null, groups)).toBeNull();
    expect(resolveGroupFilter('', groups)).toBeNull();
    expect(resolveGroupFilter('Under 14', groups)).toBeNull();
    expect(resolveGroupFilter('123_Under 12', groups)).toBeNull();
    expect(resolveGroupFilter('Under 12', [])).toBeNull();
  });

  it('writes the picked group back as its name (and round-trips)', () => {
    expect(tpValueOf(groups[2])).toBe('Città Alta');
    expect(tpValueOf(null)).toBeNull();
    for (const g of groups) expect(resolveGroupFilter(tpValueOf(g), groups)).toBe(g);
  });
});
