// People per kind, each card a link to its list, and the total of distinct people.
import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import type { DashboardPage_DashboardQuery } from '../../../gql/graphql';
import { CHART_COLORS } from '../chart-slices';
import { StatCard, StatCardSkeleton } from './stat-card';

type Numbers = DashboardPage_DashboardQuery['dashboard'];

/** `canOpen`: whether the member may open a kind's list (else its card is no link). */
export function KindCounts({ numbers, canOpen = () => true }: { numbers: Numbers; canOpen?: (kind: PersonKindKey) => boolean }) {
  return (
    <Stack as="section" aria-labelledby="dashboard-kinds" gap="3">
      <Heading as="h2" size="md" id="dashboard-kinds">
        Tesserati e staff
      </Heading>
      {/* Small cards: two a row even on a phone, so the six kinds fit in three rows. */}
      <SimpleGrid columns={{ base: 2, lg: 3 }} gap={{ base: '3', md: '4' }}>
        {numbers.kinds.map((k) => {
          const info = PERSON_KIND_INFO[k.kind];
          return (
            <StatCard
              key={k.kind}
              label={info.plural}
              value={k.active}
              accent={CHART_COLORS[k.kind as keyof typeof CHART_COLORS]}
              hint={k.addedThisWeek ? `+${k.addedThisWeek} questa settimana` : undefined}
              to={canOpen(k.kind) ? info.route : undefined}
            />
          );
        })}
      </SimpleGrid>
      <StatCard label="Totale persone" value={numbers.people} hint="Chi ha più ruoli è contato una volta sola" />
    </Stack>
  );
}

export function KindCountsSkeleton() {
  return (
    <SimpleGrid columns={{ base: 2, lg: 3 }} gap={{ base: '3', md: '4' }} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <StatCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
