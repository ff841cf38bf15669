// The people lists' sorts (issue 15) as the lists and the archive offer them: the `ordina` parameter of the address (Italian words),
// the labels of the "Ordina per" select, and which table column each sort belongs to; the rules are list-sort.ts's. Pure, unit-tested.
import type { PeopleOrder } from '../gql/graphql';
import * as listSort from './list-sort';

export const PEOPLE_SORT_OPTIONS: readonly listSort.SortOption<PeopleOrder>[] = [
  { order: 'NAME', param: '', label: 'Nome (A-Z)' },
  { order: 'NAME_DESC', param: 'nome-za', label: 'Nome (Z-A)' },
  { order: 'TAX_CODE', param: 'codice-fiscale', label: 'Codice fiscale (A-Z)' },
  { order: 'TAX_CODE_DESC', param: 'codice-fiscale-za', label: 'Codice fiscale (Z-A)' },
  { order: 'BIRTHDAY_DESC', param: 'piu-giovani', label: 'Età: prima i più giovani' },
  { order: 'BIRTHDAY', param: 'piu-grandi', label: 'Età: prima i più grandi' },
  { order: 'CREATED_DESC', param: 'ultimi-registrati', label: 'Registrazione: prima i più recenti' },
  { order: 'CREATED', param: 'primi-registrati', label: 'Registrazione: prima i meno recenti' },
  { order: 'CERTIFICATE', param: 'certificato-scadenza', label: 'Certificato: prima chi scade' },
  { order: 'CERTIFICATE_DESC', param: 'certificato-ultimi', label: 'Certificato: prima la scadenza più lontana' },
];

/** The sorts a list offers: the certificate's only where its column shows (athletes, health.read). */
export const sortOptionsFor = (withCertificate: boolean) => PEOPLE_SORT_OPTIONS.filter((o) => withCertificate || !o.order.startsWith('CERTIFICATE'));

/** The order an `ordina` value names among `options`; anything else is the default (by name). */
export const orderOfParam = (value: string, options: readonly listSort.SortOption<PeopleOrder>[] = PEOPLE_SORT_OPTIONS): PeopleOrder =>
  listSort.orderOfParam(value, options);

export const paramOfOrder = (order: PeopleOrder): string => listSort.paramOfOrder(order, PEOPLE_SORT_OPTIONS);

/** A sortable column: its two orders (going up, going down). */
export const COLUMN_ORDERS = {
  name: ['NAME', 'NAME_DESC'],
  taxCode: ['TAX_CODE', 'TAX_CODE_DESC'],
  certificate: ['CERTIFICATE', 'CERTIFICATE_DESC'],
} as const satisfies Record<string, listSort.ColumnOrders<PeopleOrder>>;
export type SortColumn = keyof typeof COLUMN_ORDERS;

/** What a click on `column`'s header sorts by: its first order, or the other one when it already sorts by it. */
export const nextColumnOrder = (column: SortColumn, current: PeopleOrder): PeopleOrder => listSort.nextColumnOrder<PeopleOrder>(COLUMN_ORDERS[column], current);

/** The header's aria-sort for `column` under `current`. */
export const ariaSortOf = (column: SortColumn, current: PeopleOrder) => listSort.ariaSortOf<PeopleOrder>(COLUMN_ORDERS[column], current);
