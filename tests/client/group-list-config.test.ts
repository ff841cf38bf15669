import { describe, expect, it } from 'vitest';
import { GROUP_FORM_TYPES, GROUP_LIST_CONFIG, openGroupPath } from '../../client/src/features/groups/group-list-config';
import { groupTypeLabel } from '../../client/src/lib/group-types';

describe('groups and categories share one list, told apart by configuration', () => {
  it('groups list every type but athlete; categories only athlete', () => {
    expect(GROUP_LIST_CONFIG.groups.types).toEqual(['manager', 'coach', 'staff', 'member', 'voluntary']);
    expect(GROUP_LIST_CONFIG.categories.types).toEqual(['athlete']);
    expect(GROUP_LIST_CONFIG.groups.newLabel).toBe('Nuovo gruppo');
    expect(GROUP_LIST_CONFIG.categories.newLabel).toBe('Nuova categoria');
  });

  it('the group form offers the spec types with their labels, in order', () => {
    expect(GROUP_FORM_TYPES.map((t) => [t.key, t.name])).toEqual([
      ['manager', 'Dirigente'],
      ['coach', 'Allenatori'],
      ['staff', 'Staff'],
      ['member', 'Socio'],
      ['voluntary', 'Volontario'],
    ]);
    expect(groupTypeLabel('athlete')).toBe('Atleti');
  });
});

describe('"Apri" opens the people list of the group kind with tp', () => {
  const id = '6f1c2b7e-3c5d-4e8f-9a0b-1c2d3e4f5a6b';

  it('a group: tp is its name, on the list of its kind', () => {
    const url = new URL(openGroupPath('groups', { id, name: 'Staff tecnico & co', type: 'coach' }), 'http://x');
    expect(url.pathname).toBe('/staff/coach');
    expect(url.searchParams.get('tp')).toBe('Staff tecnico & co');
  });

  it('a category: tp is id_name, on the athletes list', () => {
    const url = new URL(openGroupPath('categories', { id, name: 'Under 12', type: 'athlete' }), 'http://x');
    expect(url.pathname).toBe('/athlete');
    expect(url.searchParams.get('tp')).toBe(`${id}_Under 12`);
  });

  it('each kind goes to its own route (accompagnatori are staff)', () => {
    expect(openGroupPath('groups', { id, name: 'A', type: 'staff' })).toBe('/staff/assistant?tp=A');
    expect(openGroupPath('groups', { id, name: 'A', type: 'member' })).toBe('/club/member?tp=A');
    expect(openGroupPath('groups', { id, name: 'A', type: 'voluntary' })).toBe('/club/voluntary?tp=A');
    expect(openGroupPath('groups', { id, name: 'A', type: 'manager' })).toBe('/staff/manager?tp=A');
  });
});
