// "Oggi in società": what changed today and this week, each number linking to the filtered list behind it (people
// lists and feed read the same Italian parameters). The medical certificates have their own section
// (certificate-stats.tsx).
import { Heading, Link, SimpleGrid, Stack, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import type { DashboardPage_DashboardQuery } from '../../../gql/graphql';
import { ADDED_PARAM, CREATED_PARAM, listLink } from '../../../lib/recent-filters';
import { formatDayMonth } from '../dashboard-dates';
import { StatCard, StatCardSkeleton } from './stat-card';

type Numbers = DashboardPage_DashboardQuery['dashboard'];

/** "2 atleti", "1 allenatore": the kinds with someone added in the period, each a link to its filtered list. */
function AddedLinks({ numbers, period }: { numbers: Numbers; period: 'today' | 'week' }) {
  const added = numbers.kinds
    .map((k) => ({ kind: k.kind, count: period === 'today' ? k.addedToday : k.addedThisWeek }))
    .filter((k) => k.count > 0);
  if (!added.length) return null;
  return (
    <Wrap as="ul" gap="2" mt="2" listStyleType="none">
      {added.map(({ kind, count }) => {
        const info = PERSON_KIND_INFO[kind];
        return (
          <li key={kind}>
            <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
              <RouterLink to={listLink(info.route, ADDED_PARAM, period)}>
                {count} {(count === 1 ? info.singular : info.plural).toLowerCase()}
              </RouterLink>
            </Link>
          </li>
        );
      })}
    </Wrap>
  );
}

export function DailyStats({ numbers }: { numbers: Numbers }) {
  return (
    <Stack as="section" aria-labelledby="dashboard-daily" gap="3">
      <Heading as="h2" size="md" id="dashboard-daily">
        Oggi in società
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
        <StatCard label="Aggiunti oggi" value={numbers.addedToday} hint={numbers.addedToday ? undefined : 'Nessuna nuova persona oggi'}>
          <AddedLinks numbers={numbers} period="today" />
        </StatCard>
        <StatCard
          label="Aggiunti questa settimana"
          value={numbers.addedThisWeek}
          hint={`Da lunedì ${formatDayMonth(numbers.weekStart)}`}
        >
          <AddedLinks numbers={numbers} period="week" />
        </StatCard>
        <StatCard label="Post della settimana" value={numbers.postsThisWeek} hint="Pubblicati nel feed" to={listLink('/feed', CREATED_PARAM, 'week')} />
      </SimpleGrid>
    </Stack>
  );
}

export function DailyStatsSkeleton() {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <StatCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
