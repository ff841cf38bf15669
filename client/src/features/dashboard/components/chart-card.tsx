// The doughnut of athletes, coaches, managers and accompagnatori, with its legend under it (spec §9: legend at the
// bottom). The legend is HTML with the numbers, so it wraps on a phone and is what screen readers read; nivo
// itself arrives in its own chunk (React.lazy), after the numbers are already on screen.
import { Box, Heading, HStack, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { ChartSlice } from '../chart-slices';

const KindChart = lazy(() => import('./kind-chart'));

const CHART_HEIGHT = { base: '220px', md: '260px' };

export function ChartCard({ slices }: { slices: ChartSlice[] }) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const summary = slices.map((s) => `${s.label} ${s.value}`).join(', ');
  return (
    <Stack as="section" aria-labelledby="dashboard-chart" gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} h="100%">
      <Heading as="h2" size="md" id="dashboard-chart">
        Atleti e staff
      </Heading>
      {total === 0 ? (
        <Stack align="center" justify="center" h={CHART_HEIGHT} gap="3" textAlign="center" data-testid="chart-empty">
          <Box aria-hidden boxSize="36" borderRadius="full" borderWidth="22px" borderColor="border.muted" />
          <Text color="fg.muted" maxW="xs">
            Nessun atleta, allenatore, dirigente o accompagnatore: aggiungili con i pulsanti qui sopra.
          </Text>
        </Stack>
      ) : (
        <Box role="img" aria-label={`Grafico ad anello: ${summary}`} h={CHART_HEIGHT} data-testid="kind-chart">
          <Suspense fallback={<Skeleton h="100%" borderRadius="full" aspectRatio="1" mx="auto" />}>
            <KindChart slices={slices} />
          </Suspense>
        </Box>
      )}
      <Wrap as="ul" justify="center" gap={{ base: '3', md: '5' }} listStyleType="none" aria-label="Legenda">
        {slices.map((s) => (
          <HStack as="li" key={s.id} gap="2" fontSize="sm" data-kind={s.id}>
            <Box aria-hidden boxSize="3" borderRadius="sm" bg={s.color} flexShrink={0} />
            <Text>
              {s.label} <strong>{s.value}</strong>
              {total > 0 && <Text as="span" color="fg.muted"> ({s.percent}%)</Text>}
            </Text>
          </HStack>
        ))}
      </Wrap>
    </Stack>
  );
}
