// A list's sorts in its address (issue 15), whatever the list: each sort's `ordina` value (Italian words, '' for the
// default), its label in "Ordina per", and the two sorts of a sortable column header. The people lists
// (people-sort.ts) and the groups lists (group-sort.ts) name their own options; the rules are these. Pure, unit-tested.

export interface SortOption<O extends string> {
  order: O;
  /** The `ordina` value in the address ('' for the default). */
  param: string;
  label: string;
}

/** The order an `ordina` value names among `options`; anything else is the default (the option whose value is ''). */
export function orderOfParam<O extends string>(value: string, options: readonly SortOption<O>[]): O {
  const picked = options.find((o) => o.param === value) ?? options.find((o) => o.param === '') ?? options[0];
  return picked.order;
}

/** The `ordina` value of `order` ('' for the default, or an order `options` does not hold). */
export const paramOfOrder = <O extends string>(order: O, options: readonly SortOption<O>[]): string => options.find((o) => o.order === order)?.param ?? '';

/** A sortable column's two orders: going up, going down. */
export type ColumnOrders<O extends string> = readonly [up: O, down: O];

/** What a click on a column's header sorts by: its first order, or the other one when it already sorts by it. */
export function nextColumnOrder<O extends string>([up, down]: ColumnOrders<O>, current: O): O {
  return current === up ? down : up;
}

/** The column header's aria-sort under `current`. */
export function ariaSortOf<O extends string>([up, down]: ColumnOrders<O>, current: O): 'ascending' | 'descending' | 'none' {
  return current === up ? 'ascending' : current === down ? 'descending' : 'none';
}
