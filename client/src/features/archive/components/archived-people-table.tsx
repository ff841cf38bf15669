// Archived people of one kind, read only (spec §2, §4): name, tax code, when the record was archived.
// No actions: an archived record can no longer be edited or associated with groups.
import { Avatar, Box, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { graphql } from '../../../gql';
import type { ArchivedPeopleTable_PersonRoleFragment } from '../../../gql/graphql';

export const ArchivedRowFragment = graphql(`
  fragment ArchivedPeopleTable_PersonRole on PersonRole {
    id
    archivedAt
    person {
      id
      firstname
      lastname
      taxIdCode
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

export function ArchivedPeopleTable({ rows, caption }: { rows: readonly ArchivedRow[]; caption: string }) {
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
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" overflowX="auto">
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Nome</Table.ColumnHeader>
            <Table.ColumnHeader>Codice fiscale</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">Archiviato il</Table.ColumnHeader>
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
              <Table.Cell pe="4" whiteSpace="nowrap">
                {formatArchivedAt(row.archivedAt)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
