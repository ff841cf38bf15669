// The groups and categories lists' sorts (issue 15): the `ordina` values of the address (Italian words), the labels of
// "Ordina per" and the sortable columns; the rules are list-sort.ts's, as for the people lists. Pure, unit-tested.
import type { GroupOrder } from '../gql/graphql';
import type { ColumnOrders, SortOption } from './list-sort';

export const GROUP_SORT_OPTIONS: readonly SortOption<GroupOrder>[] = [
  { order: 'NAME', param: '', label: 'Nome (A-Z)' },
  { order: 'NAME_DESC', param: 'nome-za', label: 'Nome (Z-A)' },
  { order: 'TYPE', param: 'tipologia', label: 'Tipologia' },
  { order: 'TYPE_DESC', param: 'tipologia-inversa', label: 'Tipologia (ordine inverso)' },
  { order: 'MEMBERS_DESC', param: 'piu-persone', label: 'Persone: dal numero più alto' },
  { order: 'MEMBERS', param: 'meno-persone', label: 'Persone: dal numero più basso' },
  { order: 'CREATED_DESC', param: 'ultimi-creati', label: 'Creazione: dalla più recente' },
  { order: 'CREATED', param: 'primi-creati', label: 'Creazione: dalla meno recente' },
  { order: 'AGE', param: 'eta', label: 'Età: dai più giovani' },
  { order: 'AGE_DESC', param: 'eta-inversa', label: 'Età: dai più grandi' },
];

/**
 * The sorts a list offers. Groups: by type (their types differ), not by age. Categories: youngest first by default
 * (the order a club thinks of them in: "Under 8" before "Under 18"), by name as a choice; not by type (all athletes).
 */
export function groupSortOptionsFor(list: 'groups' | 'categories'): readonly SortOption<GroupOrder>[] {
  if (list === 'groups') return GROUP_SORT_OPTIONS.filter((o) => !o.order.startsWith('AGE'));
  const options = GROUP_SORT_OPTIONS.filter((o) => !o.order.startsWith('TYPE')).map((o) =>
    o.order === 'AGE' ? { ...o, param: '' } : o.order === 'NAME' ? { ...o, param: 'nome' } : o,
  );
  return [...options.filter((o) => o.order.startsWith('AGE')), ...options.filter((o) => !o.order.startsWith('AGE'))];
}

/** The sortable columns of the groups table: their two orders (going up, going down). */
export const GROUP_COLUMN_ORDERS = {
  name: ['NAME', 'NAME_DESC'],
  age: ['AGE', 'AGE_DESC'],
  type: ['TYPE', 'TYPE_DESC'],
  members: ['MEMBERS', 'MEMBERS_DESC'],
} as const satisfies Record<string, ColumnOrders<GroupOrder>>;
