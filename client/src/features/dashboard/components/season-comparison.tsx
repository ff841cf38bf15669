// The chosen season's figures against the previous season's (issue 35 point 1): soci in the register during the
// season, renewals, new admissions, exits, cards by body; a nivo bar chart (lazy, and only once there is a figure to
// draw: a new club's dashboard does not download it) and the same numbers as a table.
// For members who read the register (members.read).
import { useQuery } from '@apollo/client/react';
import { Box, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { ListError } from '../../../components/ui/list-status';
import { TableScroll } from '../../../components/ui/table-scroll';
import { messageOfError } from '../../../lib/errors';
import { SeasonStatisticsQuery } from '../season-documents';

const SeasonChart = lazy(() => import('./season-chart'));

type Figures = { season: { label: string }; members: number; renewals: number; admissions: number; exits: number; cards: { body: string; count: number }[] };

const FIGURES: { key: 'members' | 'renewals' | 'admissions' | 'exits'; label: string }[] = [
  { key: 'members', label: 'Soci nel libro' },
  { key: 'renewals', label: 'Rinnovi' },
  { key: 'admissions', label: 'Nuove ammissioni' },
  { key: 'exits', label: 'Uscite' },
];

const cardsOf = (f: Figures | null, body: string) => f?.cards.find((c) => c.body === body)?.count ?? 0;

export function SeasonComparison({ seasonId }: { seasonId: string | null }) {
  const { data, error, refetch } = useQuery(SeasonStatisticsQuery, { variables: { seasonId }, fetchPolicy: 'cache-and-network' });
  const stats = data?.seasonStatistics;
  let body;
  if (!stats && error) body = <ListError message={messageOfError(error)} onRetry={() => void refetch().catch(() => undefined)} />;
  else if (!stats) body = <Skeleton h="240px" />;
  else {
    const now = stats.season as Figures;
    const before = (stats.previous ?? null) as Figures | null;
    const bodies = [...new Set([...now.cards, ...(before?.cards ?? [])].map((c) => c.body))];
    const rows = [
      ...FIGURES.map((f) => ({ label: f.label, now: now[f.key], before: before?.[f.key] ?? null })),
      ...bodies.map((b) => ({ label: `Tessere ${b}`, now: cardsOf(now, b), before: before ? cardsOf(before, b) : null })),
    ];
    const keys = before ? [before.season.label, now.season.label] : [now.season.label];
    const chartRows = rows.map((r) => ({ figure: r.label, [now.season.label]: r.now, ...(before ? { [before.season.label]: r.before ?? 0 } : {}) }));
    const summary = rows.map((r) => `${r.label}: ${r.now}${before ? ` (${before.season.label}: ${r.before})` : ''}`).join('; ');
    const anyFigure = rows.some((r) => r.now > 0 || (r.before ?? 0) > 0);
    body = (
      <Stack gap="4">
        {anyFigure ? (
          <Box role="img" aria-label={`Grafico a barre: ${summary}`} h={{ base: '220px', md: '260px' }} data-testid="season-chart">
            <Suspense fallback={<Skeleton h="100%" />}>
              <SeasonChart rows={chartRows} keys={keys} />
            </Suspense>
          </Box>
        ) : (
          <Text color="fg.muted" data-testid="season-chart-empty">
            Nessun socio né tessera registrati finora: il grafico comparirà con i primi dati del libro soci.
          </Text>
        )}
        <TableScroll label="Confronto tra stagioni">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Dato</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{now.season.label}</Table.ColumnHeader>
                {before && <Table.ColumnHeader textAlign="end">{before.season.label}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.label}>
                  <Table.Cell>{r.label}</Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold">
                    {r.now}
                  </Table.Cell>
                  {before && <Table.Cell textAlign="end">{r.before}</Table.Cell>}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
        {!before && <Text color="fg.muted" fontSize="sm">È la prima stagione della società: nessun confronto.</Text>}
      </Stack>
    );
  }
  return (
    <Stack as="section" aria-labelledby="dashboard-season" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} data-testid="season-comparison">
      <Heading as="h2" size="md" id="dashboard-season">
        La stagione {stats?.season.season.label ?? ''} {stats?.previous ? `e la precedente (${stats.previous.season.label})` : ''}
      </Heading>
      {body}
    </Stack>
  );
}
