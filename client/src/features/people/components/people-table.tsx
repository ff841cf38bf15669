// The rows of a people list: a table on wide screens, cards on phones (spec §2: avatar initials, full name, tax code
// in upper case, group badges, contacts, an action menu per row). Athlete lists add the medical certificate's state
// for a viewer who reads health data (the server answers null to anyone else).
import { Avatar, Badge, Box, Button, Flex, HStack, Link, Skeleton, Stack, Table, Text, useBreakpointValue, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon } from '../../../components/icons';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import { graphql } from '../../../gql';
import type { PeopleTable_PersonRoleFragment } from '../../../gql/graphql';

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

export function PeopleTable({ rows, onOpen, renderActions, caption, showCertificate = false }: PeopleTableProps) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" aria-label={caption} listStyleType="none">
        {rows.map((row) => (
          <Box as="li" key={row.id} bg="bg" borderWidth="1px" borderRadius="xl" p="4">
            <Flex justify="space-between" align="flex-start" gap="2">
              <NameButton row={row} onOpen={onOpen} />
              {renderActions(row)}
            </Flex>
            <Stack gap="2" mt="3" ps="11">
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
    <Box bg="bg" borderWidth="1px" borderRadius="xl" overflowX="auto">
      <Table.Root size="sm" interactive>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Nome</Table.ColumnHeader>
            <Table.ColumnHeader>Codice fiscale</Table.ColumnHeader>
            {showCertificate && <Table.ColumnHeader>Certificato</Table.ColumnHeader>}
            <Table.ColumnHeader>Gruppi</Table.ColumnHeader>
            <Table.ColumnHeader>Contatti</Table.ColumnHeader>
            <Table.ColumnHeader w="1" pe="4">
              <Box srOnly>Azioni</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell ps="4" py="3">
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
    </Box>
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
