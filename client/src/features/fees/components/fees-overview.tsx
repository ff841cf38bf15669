// The treasurer's view of a season (issue 37 point 2): what is still to collect on this month's charges, what the
// season expects and collected so far, the overdue per group (each a link to the overdue list of that group), and
// "Previsto e incassato per mese": a nivo bar chart (lazy, and only once a month has a figure: a new club does not
// download it), one image for screen readers with its summary, and the same numbers as a table behind "Mostra i
// numeri".
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Link, SimpleGrid, Skeleton, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListError } from '../../../components/ui/list-status';
import { TableScroll } from '../../../components/ui/table-scroll';
import type { FeesPage_OverviewQuery } from '../../../gql/graphql';
import { messageOfError } from '../../../lib/errors';
import { FeesOverviewQuery } from '../fees-documents';
import { euro, longMonth, peopleCount, shortMonth } from '../fees-labels';
import { StatFigure } from '../../../components/ui/stat-figure';

const FeesChart = lazy(() => import('./fees-chart'));

type Overview = NonNullable<FeesPage_OverviewQuery['feesOverview']>;

const CHART_HEIGHT = { base: '240px', md: '280px' };

function MonthsChart({ months }: { months: Overview['months'] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  const anyFigure = months.some((m) => m.expectedCents > 0 || m.collectedCents > 0);
  const rows = months.map((m) => ({ month: shortMonth(m.month), Previsto: m.expectedCents / 100, Incassato: m.collectedCents / 100 }));
  const summary = months
    .filter((m) => m.expectedCents > 0 || m.collectedCents > 0)
    .map((m) => `${longMonth(m.month)}: previsto ${euro(m.expectedCents)}, incassato ${euro(m.collectedCents)}`)
    .join('; ');
  return (
    <Stack as="section" aria-labelledby="quote-mesi" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id="quote-mesi">
          Previsto e incassato per mese
        </Heading>
        {anyFigure && (
          <Button size="sm" variant="outline" onClick={() => setShowTable((s) => !s)} aria-expanded={showTable} aria-controls={tableId}>
            {showTable ? 'Nascondi i numeri' : 'Mostra i numeri'}
          </Button>
        )}
      </Flex>
      {anyFigure ? (
        <>
          <Box role="img" aria-label={`Grafico a barre, previsto e incassato per mese: ${summary}`} h={CHART_HEIGHT} data-testid="fees-chart">
            <Suspense fallback={<Skeleton h="100%" />}>
              <FeesChart rows={rows} compact={compact} />
            </Suspense>
          </Box>
          <Flex as="ul" listStyleType="none" gap="4" justify="center" fontSize="sm" aria-label="Legenda">
            <Flex as="li" align="center" gap="2">
              <Box aria-hidden boxSize="3" borderRadius="sm" bg="#94a3b8" />
              Previsto
            </Flex>
            <Flex as="li" align="center" gap="2">
              <Box aria-hidden boxSize="3" borderRadius="sm" bg="#16a34a" />
              Incassato
            </Flex>
          </Flex>
        </>
      ) : (
        <Text color="fg.muted" data-testid="fees-chart-empty">
          Nessun addebito né pagamento in questa stagione: il grafico comparirà quando assegnerai un piano.
        </Text>
      )}
      <Box id={tableId} hidden={!showTable || !anyFigure}>
        <TableScroll label="Previsto e incassato per mese, in tabella">
          <Table.Root size="sm" aria-label="Previsto e incassato per mese">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Mese</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Previsto</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Incassato</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {months.map((m) => (
                <Table.Row key={m.month}>
                  <Table.Cell textTransform="capitalize">{longMonth(m.month)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {euro(m.expectedCents)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {euro(m.collectedCents)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      </Box>
    </Stack>
  );
}

function OverdueByGroup({ groups }: { groups: Overview['overdueByGroup'] }) {
  return (
    <Stack as="section" aria-labelledby="quote-scaduto" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} minW="0">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id="quote-scaduto">
          Scaduto per gruppo
        </Heading>
        <Link asChild fontSize="sm" colorPalette="brand" fontWeight="medium">
          <RouterLink to="/quote/scaduti">Tutte le quote scadute</RouterLink>
        </Link>
      </Flex>
      {groups.length === 0 ? (
        <Text color="fg.muted">Nessuna quota scaduta da incassare.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Scaduto per gruppo">
          {groups.map((g) => (
            <Flex as="li" key={g.groupId ?? 'nessuno'} justify="space-between" align="center" gap="3" borderWidth="1px" borderRadius="lg" px="3" py="2" wrap="wrap">
              <Stack gap="0" minW="0">
                <Link asChild fontWeight="semibold" colorPalette="brand" overflowWrap="anywhere">
                  <RouterLink to={g.groupId ? `/quote/scaduti?gruppo=${encodeURIComponent(g.groupId)}` : '/quote/scaduti'} aria-label={`Quote scadute di ${g.groupName}: ${euro(g.overdueCents)}`}>
                    {g.groupName}
                  </RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {peopleCount(g.people)}
                </Text>
              </Stack>
              <Text fontWeight="bold" color="red.fg" whiteSpace="nowrap">
                {euro(g.overdueCents)}
              </Text>
            </Flex>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function FeesOverview({ seasonId, seasonLabel }: { seasonId: string; seasonLabel: string }) {
  const { data, error, refetch } = useQuery(FeesOverviewQuery, { variables: { seasonId }, fetchPolicy: 'cache-and-network' });
  const overview = data?.feesOverview;
  if (!overview && error) return <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  if (!overview) {
    return (
      <Stack gap="4" role="status" aria-label="Caricamento della panoramica">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Skeleton h="28" borderRadius="xl" />
          <Skeleton h="28" borderRadius="xl" />
          <Skeleton h="28" borderRadius="xl" />
        </SimpleGrid>
        <Skeleton h="72" borderRadius="xl" />
      </Stack>
    );
  }
  const expected = overview.months.reduce((sum, m) => sum + m.expectedCents, 0);
  const collected = overview.months.reduce((sum, m) => sum + m.collectedCents, 0);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatFigure label="Da incassare questo mese" value={euro(overview.dueThisMonthCents)} hint="Ancora aperto sulle rate che scadono questo mese." />
        <StatFigure label="Previsto nella stagione" value={euro(expected)} hint={`Gli addebiti della stagione ${seasonLabel}, sconti inclusi.`} />
        <StatFigure label="Incassato nella stagione" value={euro(collected)} hint="I pagamenti ricevuti, al netto dei rimborsi." />
      </SimpleGrid>
      <Box display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <MonthsChart months={overview.months} />
        <OverdueByGroup groups={overview.overdueByGroup} />
      </Box>
    </Stack>
  );
}
