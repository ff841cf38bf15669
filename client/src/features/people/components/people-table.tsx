// The rows of a people list: a table on wide screens, cards on phones (spec §2: avatar initials, full name, tax code
// in upper case, group badges, contacts, an action menu per row). Athlete lists add the medical certificate's state
// for a viewer who reads health data (the server answers null to anyone else).
import { Avatar, Badge, Box, Button, Checkbox, Flex, HStack, Link, Skeleton, Stack, Table, Text, useBreakpointValue, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import { graphql } from '../../../gql';
import type { PeopleOrder, PeopleTable_PersonRoleFragment } from '../../../gql/graphql';
import { COLUMN_ORDERS } from '../../../lib/people-sort';
import { SortHeader } from '../../../components/ui/sort-header';
import { TableScroll } from '../../../components/ui/table-scroll';

export const PeopleTableRowFragment = graphql(`
  fragment PeopleTable_PersonRole on PersonRole {
    id
    kind
    isActive
    archivedAt
    certificateStatus
    person {
      id
      firstname
      lastname
      taxIdCode
      emailPrimary
      phonePrimary
    }
    groups {
      id
      name
    }
  }
`);

export type PeopleRow = PeopleTable_PersonRoleFragment;

export const fullName = (row: Pick<PeopleRow, 'person'>) => `${row.person.firstname} ${row.person.lastname}`;

export interface PeopleTableProps {
  rows: readonly PeopleRow[];
  /** Opens the record (the name is a button). */
  onOpen: (row: PeopleRow) => void;
  /** The row's action menu. */
  renderActions: (row: PeopleRow) => ReactNode;
  caption: string;
  /** The "Certificato" column (athletes, a viewer with health.read). */
  showCertificate?: boolean;
  /** Row selection for the bulk actions (a checkbox per row and "Seleziona tutti"); none when not given. */
  selection?: RowSelection;
  /** The list's order: the Nome, Codice fiscale and Certificato headers sort by their column when clicked. */
  sort?: { order: PeopleOrder; onSort: (order: PeopleOrder) => void };
}

/** Which rows of the page are selected, and how to change that. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (row: PeopleRow) => void;
  /** Selects every row of the page, or none when all already are. */
  toggleAll: () => void;
}

function RowCheckbox({ row, selection }: { row: PeopleRow; selection: RowSelection }) {
  return (
    <Checkbox.Root checked={selection.selected.has(row.id)} onCheckedChange={() => selection.toggle(row)} colorPalette="brand">
      <Checkbox.HiddenInput aria-label={`Seleziona ${fullName(row)}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** "Seleziona tutti" (the rows of this page): checked, unchecked or indeterminate. */
export function SelectAllCheckbox({ rows, selection, showLabel = false }: { rows: readonly PeopleRow[]; selection: RowSelection; showLabel?: boolean }) {
  const count = rows.filter((row) => selection.selected.has(row.id)).length;
  const checked = count === 0 ? false : count === rows.length ? true : 'indeterminate';
  return (
    <Checkbox.Root checked={checked} onCheckedChange={selection.toggleAll} colorPalette="brand">
      <Checkbox.HiddenInput aria-label="Seleziona tutti" />
      <Checkbox.Control />
      <Checkbox.Label srOnly={!showLabel} fontWeight="normal">
        Seleziona tutti
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

function GroupBadges({ row }: { row: PeopleRow }) {
  if (!row.groups.length) return <Text color="fg.muted" fontSize="sm">Nessun gruppo</Text>;
  return (
    <Wrap gap="1">
      {row.groups.map((g) => (
        <Badge key={g.id} colorPalette="brand" variant="subtle">
          {g.name}
        </Badge>
      ))}
    </Wrap>
  );
}

function Contacts({ row }: { row: PeopleRow }) {
  const { emailPrimary: email, phonePrimary: phone } = row.person;
  if (!email && !phone) return <Text color="fg.muted" fontSize="sm">—</Text>;
  return (
    <Stack gap="0.5" fontSize="sm" minW="0">
      {email && (
        <Link href={`mailto:${email}`} color="fg" truncate maxW="100%">
          <MailIcon boxSize="3.5" color="fg.muted" />
          {email}
        </Link>
      )}
      {phone && (
        <Link href={`tel:${phone}`} color="fg">
          <PhoneIcon boxSize="3.5" color="fg.muted" />
          {phone}
        </Link>
      )}
    </Stack>
  );
}

function CertificateState({ row }: { row: PeopleRow }) {
  return row.certificateStatus ? <CertificateBadge state={row.certificateStatus} /> : <Text color="fg.muted" fontSize="sm">—</Text>;
}

function NameButton({ row, onOpen }: { row: PeopleRow; onOpen: (row: PeopleRow) => void }) {
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root size="sm" colorPalette="brand" variant="subtle" flexShrink={0}>
        <Avatar.Fallback name={fullName(row)} />
      </Avatar.Root>
      <Stack gap="0" minW="0" align="flex-start">
        <Button variant="plain" p="0" h="auto" minW="0" fontWeight="semibold" color="fg" onClick={() => onOpen(row)} textAlign="start" whiteSpace="normal" _hover={{ textDecoration: 'underline' }}>
          {fullName(row)}
        </Button>
        {!row.isActive && (
          <Badge colorPalette="gray" size="sm">
            Disattivo
          </Badge>
        )}
      </Stack>
    </HStack>
  );
}

export function PeopleTable({ rows, onOpen, renderActions, caption, showCertificate = false, selection, sort }: PeopleTableProps) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" aria-label={caption} listStyleType="none">
        {selection && (
          <Box as="li" px="4">
            <SelectAllCheckbox rows={rows} selection={selection} showLabel />
          </Box>
        )}
        {rows.map((row) => (
          <Box
            as="li"
            key={row.id}
            bg={selection?.selected.has(row.id) ? 'brand.subtle' : 'bg'}
            borderWidth="1px"
            borderColor={selection?.selected.has(row.id) ? 'brand.muted' : undefined}
            borderRadius="xl"
            p="4"
          >
            <Flex justify="space-between" align="flex-start" gap="2">
              <HStack gap="3" align="center" minW="0">
                {selection && <RowCheckbox row={row} selection={selection} />}
                <NameButton row={row} onOpen={onOpen} />
              </HStack>
              {renderActions(row)}
            </Flex>
            <Stack gap="2" mt="3" ps={selection ? '19' : '11'}>
              <Text fontFamily="mono" fontSize="sm" letterSpacing="wide">
                {row.person.taxIdCode.toUpperCase()}
              </Text>
              {showCertificate && (
                <HStack gap="2" fontSize="sm">
                  <Text color="fg.muted">Certificato</Text>
                  <CertificateState row={row} />
                </HStack>
              )}
              <GroupBadges row={row} />
              <Contacts row={row} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label={caption} bg="bg" borderWidth="1px" borderRadius="xl">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader ps="4" w="1">
                <SelectAllCheckbox rows={rows} selection={selection} />
              </Table.ColumnHeader>
            )}
            <SortHeader orders={COLUMN_ORDERS.name} label="Nome" sort={sort} ps={selection ? '2' : '4'} />
            <SortHeader orders={COLUMN_ORDERS.taxCode} label="Codice fiscale" sort={sort} />
            {showCertificate && <SortHeader orders={COLUMN_ORDERS.certificate} label="Certificato" sort={sort} />}
            <Table.ColumnHeader>Gruppi</Table.ColumnHeader>
            <Table.ColumnHeader>Contatti</Table.ColumnHeader>
            <Table.ColumnHeader w="1" pe="4">
              <Box srOnly>Azioni</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id} data-selected={selection?.selected.has(row.id) ? '' : undefined} bg={selection?.selected.has(row.id) ? 'brand.subtle' : undefined}>
              {selection && (
                <Table.Cell ps="4" py="3">
                  <RowCheckbox row={row} selection={selection} />
                </Table.Cell>
              )}
              <Table.Cell ps={selection ? '2' : '4'} py="3">
                <NameButton row={row} onOpen={onOpen} />
              </Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="sm" letterSpacing="wide" whiteSpace="nowrap">
                {row.person.taxIdCode.toUpperCase()}
              </Table.Cell>
              {showCertificate && (
                <Table.Cell>
                  <CertificateState row={row} />
                </Table.Cell>
              )}
              <Table.Cell maxW="64">
                <GroupBadges row={row} />
              </Table.Cell>
              <Table.Cell maxW="64">
                <Contacts row={row} />
              </Table.Cell>
              <Table.Cell pe="4" textAlign="end">
                {renderActions(row)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

/** Placeholder rows while the first page loads. */
export function PeopleTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p="4" role="status" aria-live="polite">
      <Box srOnly>Caricamento...</Box>
      <Stack gap="4">
        {Array.from({ length: rows }, (_, i) => (
          <HStack key={i} gap="3">
            <Skeleton boxSize="8" borderRadius="full" flexShrink={0} />
            <Skeleton h="4" flex="2" />
            <Skeleton h="4" flex="2" display={{ base: 'none', md: 'block' }} />
            <Skeleton h="4" flex="1" display={{ base: 'none', md: 'block' }} />
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
