// The Registro accessi filters: the address round trip, the "Azione" groups and the export's query string.
import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_ACTION_KEYS } from '../../schema/access-log';
import { ACTION_GROUPS, actionsOf, exportQuery, filtersFrom, paramsOf, queryFilter } from '../../client/src/features/access-log/access-log-filters';

describe('access log filters', () => {
  it('every action belongs to a group of the "Azione" menu, and a single action stands for itself', () => {
    const grouped = new Set(ACTION_GROUPS.flatMap((g) => g.actions));
    expect(ACCESS_LOG_ACTION_KEYS.filter((a) => !grouped.has(a))).toEqual([]);
    expect(actionsOf('sign-ins')).toEqual(['sign_in', 'sign_in_failed']);
    expect(actionsOf('health_read')).toEqual(['health_read']);
    expect(actionsOf('')).toBeUndefined();
    expect(actionsOf('nonsense')).toBeUndefined();
  });

  it('the address keeps the filters; blanks are left out', () => {
    const params = new URLSearchParams('action=changes&from=2026-01-01&person=p-1&personName=Mario+Rossi');
    const filters = filtersFrom(params);
    expect(filters).toMatchObject({ action: 'changes', from: '2026-01-01', to: '', person: 'p-1', personName: 'Mario Rossi' });
    expect(paramsOf(filters).toString()).toBe('action=changes&from=2026-01-01&person=p-1&personName=Mario+Rossi');
  });

  it('the query and the export ask for the same lines', () => {
    const filters = filtersFrom(new URLSearchParams('action=sign-ins&search=mario&to=2026-02-01&personName=Mario'));
    expect(queryFilter(filters)).toEqual({ actions: ['sign_in', 'sign_in_failed'], actorAccountId: undefined, personId: undefined, search: 'mario', from: undefined, to: '2026-02-01' });
    expect(exportQuery(filters)).toBe('?actions=sign_in%2Csign_in_failed&search=mario&to=2026-02-01');
    expect(exportQuery(filtersFrom(new URLSearchParams()))).toBe('');
  });
});
