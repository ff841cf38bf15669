// "Letture delle organizzazioni" on /affiliazioni (issue 13 point 7, the club's side): every API request with which
// an organisation read the club's data, newest first: when, which organisation (and key), which operation, how many
// of the club's rows and which of the shared data. A table on wide screens, cards on phones; "Carica altri" for the
// next page (keyset cursor).
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Flex, Heading, Stack, Table, Text, useBreakpointValue, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { CLUB_TIME_ZONE } from '../../../../../schema/club-time';
import { MSG } from '../../../../../schema/messages';
import { ORGANISATION_SCOPE_LABELS, scopeOfEnumName, type OrganisationScope } from '../../../../../schema/organisation-scopes';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { Affiliations_ReadsQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { AffiliationReadsQuery } from '../affiliation-documents';
import { TableScroll } from '../../../components/ui/table-scroll';

type Read = Affiliations_ReadsQuery['affiliationReads']['nodes'][number];

/** Reads per page. */
const PAGE = 20;

/** The shared data in a few words (the full wording of the consent shows on hover). */
const SHORT_SCOPE_LABELS: Record<OrganisationScope, string> = {
  'club.profile': 'Profilo della società',
  'people.registry': 'Anagrafica',
  'people.contacts': 'Contatti',
  'people.certificates': 'Certificati medici',
  'staff.qualifications': 'Qualifiche dello staff',
};

const WHEN = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' });
const when = (iso: string) => WHEN.format(new Date(iso));
const NUMBER = new Intl.NumberFormat('it-IT');
const rowsLabel = (rows: number) => (rows === 1 ? '1 riga' : `${NUMBER.format(rows)} righe`);

function Scopes({ scopes }: { scopes: readonly string[] }) {
  if (!scopes.length) return <Text color="fg.muted">—</Text>;
  return (
    <Wrap gap="1">
      {scopes.map((name) => {
        const scope = scopeOfEnumName(name);
        return (
          <Badge key={name} variant="subtle" colorPalette="gray" whiteSpace="normal" textAlign="start" title={scope ? ORGANISATION_SCOPE_LABELS[scope] : undefined}>
            {scope ? SHORT_SCOPE_LABELS[scope] : name}
          </Badge>
        );
      })}
    </Wrap>
  );
}

function Organisation({ read }: { read: Read }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="medium">{read.organisation.name}</Text>
      <Text fontSize="sm" color="fg.muted">
        <Text as="span" fontFamily="mono">
          {read.organisation.code}
        </Text>{' '}
        · chiave{' '}
        <Text as="span" fontFamily="mono">
          {read.keyPrefix}…
        </Text>
      </Text>
    </Stack>
  );
}

const Operation = ({ read }: { read: Read }) => (
  <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
    {read.operation || '—'}
  </Text>
);

function ReadsList({ reads }: { reads: readonly Read[] }) {
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!wide) {
    return (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Letture delle organizzazioni">
        {reads.map((read) => (
          <Box as="li" key={read.cursor} bg="bg" borderWidth="1px" borderRadius="xl" p="4">
            <Stack gap="2">
              <Flex justify="space-between" gap="3" fontSize="sm" color="fg.muted">
                <time dateTime={read.at}>{when(read.at)}</time>
                <Text as="span">{rowsLabel(read.rows)}</Text>
              </Flex>
              <Organisation read={read} />
              <Operation read={read} />
              <Scopes scopes={read.scopes} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableScroll label="Letture delle organizzazioni" bg="bg" borderWidth="1px" borderRadius="xl">
      <Table.Root size="sm">
        <Table.Caption srOnly>Letture delle organizzazioni</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Quando</Table.ColumnHeader>
            <Table.ColumnHeader>Organizzazione</Table.ColumnHeader>
            <Table.ColumnHeader>Operazione</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Righe</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">Dati usati</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {reads.map((read) => (
            <Table.Row key={read.cursor} verticalAlign="top">
              <Table.Cell ps="4" py="3" whiteSpace="nowrap" fontSize="sm">
                <time dateTime={read.at}>{when(read.at)}</time>
              </Table.Cell>
              <Table.Cell py="3" maxW="64">
                <Organisation read={read} />
              </Table.Cell>
              <Table.Cell py="3" maxW="48">
                <Operation read={read} />
              </Table.Cell>
              <Table.Cell py="3" textAlign="end" fontVariantNumeric="tabular-nums">
                {NUMBER.format(read.rows)}
              </Table.Cell>
              <Table.Cell pe="4" py="3" maxW="64">
                <Scopes scopes={read.scopes} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

export function AffiliationReads() {
  const { data, loading, error, refetch, fetchMore } = useQuery(AffiliationReadsQuery, { variables: { first: PAGE }, fetchPolicy: 'cache-and-network' });
  const [loadingMore, setLoadingMore] = useState(false);
  const connection = data?.affiliationReads;

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: connection.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          affiliationReads: {
            ...fetchMoreResult.affiliationReads,
            nodes: [...previous.affiliationReads.nodes, ...fetchMoreResult.affiliationReads.nodes],
          },
        }),
      });
    } catch (e) {
      notify(MESSAGE_LEVEL.error, messageOfError(e));
    } finally {
      setLoadingMore(false);
    }
  }

  let body;
  if (!connection && loading) body = <ListLoading label="Caricamento delle letture..." />;
  else if (!connection) body = <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (connection.nodes.length === 0) body = <ListEmpty>Nessuna organizzazione ha ancora letto i dati della società.</ListEmpty>;
  else
    body = (
      <Stack gap="3">
        <ReadsList reads={connection.nodes} />
        {connection.pageInfo.hasNextPage && (
          <Flex justify="center">
            <Button variant="outline" onClick={() => void loadMore()} loading={loadingMore} w={{ base: 'full', sm: 'auto' }}>
              Carica altri
            </Button>
          </Flex>
        )}
      </Stack>
    );

  return (
    <Stack as="section" gap="3" aria-labelledby="affiliation-reads-title">
      <Stack gap="1">
        <Heading as="h2" size="lg" id="affiliation-reads-title">
          Letture delle organizzazioni
        </Heading>
        <Text color="fg.muted">Ogni lettura dei dati della società con una chiave API di un'organizzazione: quando, con quale operazione, quante righe e quali dati.</Text>
      </Stack>
      {body}
    </Stack>
  );
}
