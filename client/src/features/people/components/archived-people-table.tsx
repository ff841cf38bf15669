// Archived people of one kind, read only (spec §2, §4): name, tax code, when the record was archived. An archived
// record can no longer be edited or associated with groups; the one action is coming back (issue 15): "Registra di
// nuovo" gives the person a new role of this kind, or, once they have one, a link to it.
import { Avatar, Box, Button, HStack, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { graphql } from '../../../gql';
import type { ArchivedPeopleTable_PersonRoleFragment } from '../../../gql/graphql';
import { useAccess } from '../../../lib/use-access';
import { TableScroll } from '../../../components/ui/table-scroll';

export const ArchivedRowFragment = graphql(`
  fragment ArchivedPeopleTable_PersonRole on PersonRole {
    id
    kind
    archivedAt
    person {
      id
      firstname
      lastname
      taxIdCode
      roles {
        id
        kind
        archivedAt
      }
    }
  }
`);

export type ArchivedRow = ArchivedPeopleTable_PersonRoleFragment;

const dateFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
export const formatArchivedAt = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '—');

function Name({ row }: { row: ArchivedRow }) {
  const name = `${row.person.firstname} ${row.person.lastname}`;
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root size="sm" colorPalette="gray" variant="subtle" flexShrink={0}>
        <Avatar.Fallback name={name} />
      </Avatar.Root>
      <Text fontWeight="semibold" truncate>
        {name}
      </Text>
    </HStack>
  );
}

/** The person's active role of the row's kind, when they were registered again. */
const activeRoleOf = (row: ArchivedRow) => row.person.roles.find((r) => r.kind === row.kind && !r.archivedAt);

function RowAction({ row, onReregister }: { row: ArchivedRow; onReregister: (row: ArchivedRow) => void }) {
  const access = useAccess();
  const name = `${row.person.firstname} ${row.person.lastname}`;
  const active = activeRoleOf(row);
  if (active) {
    return (
      <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
        <RouterLink to={`/persona/${active.id}`} aria-label={`Apri il record attivo di ${name}`}>
          Apri il record attivo
        </RouterLink>
      </Link>
    );
  }
  if (!access.canRegister(row.kind)) return null;
  return (
    <Button size="xs" variant="outline" onClick={() => onReregister(row)} aria-label={`Registra di nuovo ${name}`}>
      Registra di nuovo
    </Button>
  );
}

export interface ArchivedPeopleTableProps {
  rows: readonly ArchivedRow[];
  caption: string;
  onReregister: (row: ArchivedRow) => void;
}

export function ArchivedPeopleTable({ rows, caption, onReregister }: ArchivedPeopleTableProps) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" aria-label={caption} listStyleType="none">
        {rows.map((row) => (
          <Box as="li" key={row.id} bg="bg" borderWidth="1px" borderRadius="xl" p="4">
            <Name row={row} />
            <Stack gap="1" mt="2" ps="11" fontSize="sm">
              <Text fontFamily="mono" letterSpacing="wide">
                {row.person.taxIdCode.toUpperCase()}
              </Text>
              <Text color="fg.muted">Archiviato il {formatArchivedAt(row.archivedAt)}</Text>
              <Box mt="1">
                <RowAction row={row} onReregister={onReregister} />
              </Box>
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label={caption} bg="bg" borderWidth="1px" borderRadius="xl">
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Nome</Table.ColumnHeader>
            <Table.ColumnHeader>Codice fiscale</Table.ColumnHeader>
            <Table.ColumnHeader>Archiviato il</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">
              <Box srOnly>Azioni</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell ps="4" py="3">
                <Name row={row} />
              </Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="sm" letterSpacing="wide" whiteSpace="nowrap">
                {row.person.taxIdCode.toUpperCase()}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatArchivedAt(row.archivedAt)}</Table.Cell>
              <Table.Cell pe="4" textAlign="end" whiteSpace="nowrap">
                <RowAction row={row} onReregister={onReregister} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
