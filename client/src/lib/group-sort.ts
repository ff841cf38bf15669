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
];

/** The sorts a list offers: by type only where types differ (groups; every category is of athletes). */
export const groupSortOptionsFor = (withType: boolean) => GROUP_SORT_OPTIONS.filter((o) => withType || !o.order.startsWith('TYPE'));

/** The sortable columns of the groups table: their two orders (going up, going down). */
export const GROUP_COLUMN_ORDERS = {
  name: ['NAME', 'NAME_DESC'],
  type: ['TYPE', 'TYPE_DESC'],
  members: ['MEMBERS', 'MEMBERS_DESC'],
} as const satisfies Record<string, ColumnOrders<GroupOrder>>;
