// /category/:id/idoneita (issue 14): who among a category's athletes may train and play today, by their medical
// certificate (valid, expiring or not required: yes; expired or missing: no), with the counts and the list as a CSV
// made in the browser. Health data: the server answers only a viewer with health.read (and logs the read).
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, HStack, Link, SimpleGrid, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router';
import { ArrowLeftIcon, DownloadIcon } from '../../../components/icons';
import { CertificateBadge } from '../../../components/ui/certificate-badge';
import { ListEmpty, ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { graphql } from '../../../gql';
import type { GroupEligibilityPage_EligibilityQuery } from '../../../gql/graphql';
import { saveBlob } from '../../../lib/authorized-file';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { eligibilityCsv, eligibilityFileName } from '../eligibility-csv';
import { TableScroll } from '../../../components/ui/table-scroll';

const EligibilityQuery = graphql(`
  query GroupEligibilityPage_Eligibility($groupId: ID!) {
    groupEligibility(groupId: $groupId) {
      today
      mayPlay
      mayNotPlay
      group {
        id
        name
      }
      athletes {
        state
        mayPlay
        expiresOn
        role {
          id
          person {
            id
            firstname
            lastname
            taxIdCode
            birthday
          }
        }
      }
    }
  }
`);

type Eligibility = NonNullable<GroupEligibilityPage_EligibilityQuery['groupEligibility']>;
type Row = Eligibility['athletes'][number];

const italianDay = (day: string | null | undefined) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '—');
const nameOf = (row: Row) => `${row.role.person.lastname} ${row.role.person.firstname}`;

function MayPlay({ row }: { row: Row }) {
  return (
    <Badge colorPalette={row.mayPlay ? 'green' : 'red'} variant="solid" minW="8" justifyContent="center">
      {row.mayPlay ? 'Sì' : 'No'}
    </Badge>
  );
}

function PersonLink({ row }: { row: Row }) {
  return (
    <Link asChild fontWeight="semibold" color="fg" overflowWrap="anywhere">
      <RouterLink to={`/persona/${row.role.id}`}>{nameOf(row)}</RouterLink>
    </Link>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: 'green' | 'red' }) {
  return (
    <Box as="section" aria-label={label} bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Text fontSize="sm" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" lineHeight="1.1" color={value > 0 ? `${tone}.fg` : 'fg'}>
        {value}
      </Text>
    </Box>
  );
}

function EligibilityRows({ rows }: { rows: readonly Row[] }) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Atleti">
        {rows.map((row) => (
          <Box as="li" key={row.role.id} bg="bg" borderWidth="1px" borderRadius="xl" p="4">
            <Flex justify="space-between" align="flex-start" gap="3">
              <Stack gap="0.5" minW="0">
                <PersonLink row={row} />
                <Text fontFamily="mono" fontSize="sm" letterSpacing="wide">
                  {row.role.person.taxIdCode.toUpperCase()}
                </Text>
              </Stack>
              <Stack gap="0.5" align="flex-end" flexShrink={0}>
                <Text fontSize="xs" color="fg.muted">
                  Può giocare
                </Text>
                <MayPlay row={row} />
              </Stack>
            </Flex>
            <HStack gap="2" mt="3" wrap="wrap" fontSize="sm">
              <CertificateBadge state={row.state} />
              {row.expiresOn && <Text color="fg.muted">scadenza {italianDay(row.expiresOn)}</Text>}
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label="Idoneità degli atleti" bg="bg" borderWidth="1px" borderRadius="xl">
      <Table.Root size="sm">
        <Table.Caption srOnly>Idoneità degli atleti</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Atleta</Table.ColumnHeader>
            <Table.ColumnHeader>Codice fiscale</Table.ColumnHeader>
            <Table.ColumnHeader>Data di nascita</Table.ColumnHeader>
            <Table.ColumnHeader>Certificato</Table.ColumnHeader>
            <Table.ColumnHeader>Scadenza</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">Può giocare</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.role.id}>
              <Table.Cell ps="4" py="3">
                <PersonLink row={row} />
              </Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="sm" letterSpacing="wide" whiteSpace="nowrap">
                {row.role.person.taxIdCode.toUpperCase()}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{italianDay(row.role.person.birthday)}</Table.Cell>
              <Table.Cell>
                <CertificateBadge state={row.state} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{italianDay(row.expiresOn)}</Table.Cell>
              <Table.Cell pe="4">
                <MayPlay row={row} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

function exportCsv(eligibility: Eligibility) {
  const csv = eligibilityCsv(
    eligibility.athletes.map((row) => ({ ...row.role.person, state: row.state, expiresOn: row.expiresOn, mayPlay: row.mayPlay })),
  );
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), eligibilityFileName(eligibility.group.name, eligibility.today));
}

export default function GroupEligibilityPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(EligibilityQuery, { variables: { groupId: id }, fetchPolicy: 'cache-and-network' });
  // null: no such group in the club (another club's, or a wrong address); a refusal comes as an error.
  const eligibility = data?.groupEligibility ?? null;
  useDocumentTitle(eligibility ? `Idoneità · ${eligibility.group.name}` : 'Idoneità');

  const back = (
    <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
      <RouterLink to="/category">
        <ArrowLeftIcon boxSize="4" />
        Categorie
      </RouterLink>
    </Link>
  );

  let body;
  if (!data) {
    body = loading ? <PageSpinner label="Caricamento dell'idoneità..." /> : <ListError message={messageOfError(error)} onRetry={() => void refetch()} />;
  } else if (!eligibility) {
    body = <ListError message="Categoria non trovata: l'indirizzo non corrisponde a nessuna categoria della società." />;
  } else {
    const total = eligibility.athletes.length;
    body = (
      <Stack gap="5">
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
          <Count label="Possono giocare" value={eligibility.mayPlay} tone="green" />
          <Count label="Non possono giocare" value={eligibility.mayNotPlay} tone="red" />
        </SimpleGrid>
        {total ? <EligibilityRows rows={eligibility.athletes} /> : <ListEmpty>Nessun atleta in questa categoria.</ListEmpty>}
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxW="6xl" w="100%">
      {back}
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            {eligibility ? `Idoneità · ${eligibility.group.name}` : 'Idoneità'}
          </Heading>
          {eligibility && (
            <Text color="fg.muted" fontSize="sm">
              Certificati medici al {italianDay(eligibility.today)} ·{' '}
              {eligibility.athletes.length === 1 ? '1 atleta' : `${eligibility.athletes.length} atleti`}
            </Text>
          )}
        </Stack>
        {eligibility && eligibility.athletes.length > 0 && (
          <Button variant="outline" onClick={() => exportCsv(eligibility)} flexShrink={0}>
            <DownloadIcon />
            Esporta CSV
          </Button>
        )}
      </Flex>
      {body}
    </Stack>
  );
}
