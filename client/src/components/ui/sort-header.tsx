// A table's column header that sorts (issue 15): a button saying where a click takes the order, aria-sort on the header
// cell and an arrow for the eye. Without `sort` it is a plain header. The people and groups tables use it.
import { Box, Button, Table, type TableColumnHeaderProps } from '@chakra-ui/react';
import { ariaSortOf, nextColumnOrder, type ColumnOrders } from '../../lib/list-sort';

export interface SortHeaderProps<O extends string> extends Omit<TableColumnHeaderProps, 'onSort'> {
  label: string;
  /** The column's two orders: going up, going down. */
  orders: ColumnOrders<O>;
  /** The list's order and how to change it. */
  sort?: { order: O; onSort: (order: O) => void };
}

export function SortHeader<O extends string>({ label, orders, sort, ...header }: SortHeaderProps<O>) {
  if (!sort) return <Table.ColumnHeader {...header}>{label}</Table.ColumnHeader>;
  const state = ariaSortOf(orders, sort.order);
  const next = nextColumnOrder(orders, sort.order);
  return (
    <Table.ColumnHeader {...header} aria-sort={state}>
      <Button
        variant="plain"
        size="sm"
        p="0"
        h="auto"
        fontWeight="inherit"
        color="inherit"
        onClick={() => sort.onSort(next)}
        aria-label={`${label}: ordina ${next === orders[1] ? 'in ordine decrescente' : 'in ordine crescente'}`}
      >
        {label}
        <Box as="span" aria-hidden="true" color={state === 'none' ? 'fg.subtle' : 'fg'}>
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </Box>
      </Button>
    </Table.ColumnHeader>
  );
}
