// "Utilizzo dell'API": the last 30 days in totals (requests, refused ones, rows read, cost), per key, and the latest
// requests with their outcome. Keys are named by their name (as the server answers it to every staff member) over
// their prefix.
// Tables on wide screens, cards on phones.
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Code, Flex, Heading, SimpleGrid, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MSG } from '../../../../../schema/messages';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-status';
import type { OrganisationPortal_UsageQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { OrganisationUsageQuery } from '../organisation-portal-documents';
import { count, moment, OUTCOME_LABELS } from '../portal-labels';
import { TableScroll } from '../../../components/ui/table-scroll';

type Usage = OrganisationPortal_UsageQuery['organisationUsage'];

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" color={tone} data-testid={`usage-${label}`}>
        {count(value)}
      </Text>
    </Box>
  );
}

function KeyName({ prefix, name }: { prefix: string; name: string | null | undefined }) {
  return (
    <Stack gap="0" minW="0">
      {name && (
        <Text fontWeight="medium" overflowWrap="anywhere">
          {name}
        </Text>
      )}
      <Code fontSize="xs" alignSelf="flex-start">
        {prefix}…
      </Code>
    </Stack>
  );
}

function OutcomeBadge({ outcome }: { outcome: string }) {
  const o = OUTCOME_LABELS[outcome] ?? { label: outcome, palette: 'gray' };
  return (
    <Badge colorPalette={o.palette} variant="subtle">
      {o.label}
    </Badge>
  );
}

function Sub({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" size="sm">
      {children}
    </Heading>
  );
}

export function ApiUsage({ organisationId }: { organisationId: string }) {
  const { data, loading, error, refetch } = useQuery(OrganisationUsageQuery, { variables: { organisationId }, fetchPolicy: 'cache-and-network' });
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  if (!data && loading) return <ListLoading label="Caricamento dell'utilizzo..." />;
  if (!data) return <ListError message={error ? messageOfError(error) : MSG.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />;
  const usage = data.organisationUsage;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" aria-label={`Totali degli ultimi ${usage.days} giorni`} role="group">
        <Stat label="Richieste" value={usage.requests} />
        <Stat label="Rifiutate" value={usage.refused} tone={usage.refused > 0 ? 'fg.error' : undefined} />
        <Stat label="Righe lette" value={usage.rows} />
        <Stat label="Costo" value={usage.cost} />
      </SimpleGrid>
      {usage.requests === 0 && usage.latest.length === 0 ? (
        <ListEmpty>Nessuna richiesta con le chiavi dell'organizzazione negli ultimi {usage.days} giorni.</ListEmpty>
      ) : (
        <>
          <Stack gap="3">
            <Sub>Per chiave</Sub>
            {usage.perKey.length === 0 ? (
              <Text color="fg.muted">Nessuna richiesta negli ultimi {usage.days} giorni.</Text>
            ) : wide ? (
              <PerKeyTable usage={usage} />
            ) : (
              <Stack as="ul" gap="3" listStyleType="none" aria-label="Utilizzo per chiave">
                {usage.perKey.map((k) => (
                  <Box as="li" key={k.keyPrefix} borderWidth="1px" borderRadius="lg" p="3">
                    <Stack gap="2">
                      <KeyName prefix={k.keyPrefix} name={k.keyName} />
                      <Text fontSize="sm">
                        {count(k.requests)} richieste · {count(k.rows)} righe · costo {count(k.cost)}
                      </Text>
                      {k.lastAt && (
                        <Text fontSize="sm" color="fg.muted">
                          Ultima: {moment(k.lastAt)}
                        </Text>
                      )}
                    </Stack>
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
          <Stack gap="3">
            <Sub>Ultime richieste</Sub>
            {wide ? (
              <LatestTable usage={usage} />
            ) : (
              <Stack as="ul" gap="3" listStyleType="none" aria-label="Ultime richieste">
                {usage.latest.map((r, i) => (
                  <Box as="li" key={`${r.at}-${i}`} borderWidth="1px" borderRadius="lg" p="3">
                    <Stack gap="2">
                      <Flex justify="space-between" gap="2" align="center">
                        <Text fontSize="sm" color="fg.muted">
                          <time dateTime={r.at}>{moment(r.at)}</time>
                        </Text>
                        <OutcomeBadge outcome={r.outcome} />
                      </Flex>
                      <Code fontSize="sm" alignSelf="flex-start" overflowWrap="anywhere">
                        {r.operation}
                      </Code>
                      <KeyName prefix={r.keyPrefix} name={r.keyName} />
                      <Text fontSize="sm">
                        {count(r.clubs)} società · {count(r.rows)} righe · costo {count(r.cost)}
                      </Text>
                    </Stack>
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function PerKeyTable({ usage }: { usage: Usage }) {
  return (
    <TableScroll label="Utilizzo per chiave" borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label="Utilizzo per chiave">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Chiave</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Richieste</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Righe</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Costo</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">Ultima richiesta</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {usage.perKey.map((k) => (
            <Table.Row key={k.keyPrefix}>
              <Table.Cell ps="4" py="3">
                <KeyName prefix={k.keyPrefix} name={k.keyName} />
              </Table.Cell>
              <Table.Cell textAlign="end">{count(k.requests)}</Table.Cell>
              <Table.Cell textAlign="end">{count(k.rows)}</Table.Cell>
              <Table.Cell textAlign="end">{count(k.cost)}</Table.Cell>
              <Table.Cell pe="4" whiteSpace="nowrap" fontSize="sm">
                {k.lastAt ? moment(k.lastAt) : '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

function LatestTable({ usage }: { usage: Usage }) {
  return (
    <TableScroll label="Ultime richieste" borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label="Ultime richieste">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader ps="4">Quando</Table.ColumnHeader>
            <Table.ColumnHeader>Operazione</Table.ColumnHeader>
            <Table.ColumnHeader>Chiave</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Società</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Righe</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Costo</Table.ColumnHeader>
            <Table.ColumnHeader pe="4">Esito</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {usage.latest.map((r, i) => (
            <Table.Row key={`${r.at}-${i}`}>
              <Table.Cell ps="4" py="3" whiteSpace="nowrap" fontSize="sm">
                <time dateTime={r.at}>{moment(r.at)}</time>
              </Table.Cell>
              <Table.Cell>
                <Code fontSize="xs">{r.operation}</Code>
              </Table.Cell>
              <Table.Cell>
                <KeyName prefix={r.keyPrefix} name={r.keyName} />
              </Table.Cell>
              <Table.Cell textAlign="end">{count(r.clubs)}</Table.Cell>
              <Table.Cell textAlign="end">{count(r.rows)}</Table.Cell>
              <Table.Cell textAlign="end">{count(r.cost)}</Table.Cell>
              <Table.Cell pe="4">
                <OutcomeBadge outcome={r.outcome} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
