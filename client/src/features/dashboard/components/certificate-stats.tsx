// "Certificati medici": the club's active athletes by the state of their certificate today (valid, expiring within
// 30 days, expired, missing; under-6s need none and are left out), each number linking to the athlete list filtered
// by that state. Health data: the server answers null to a role that does not read it, and the section is left out.
import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import type { DashboardPage_DashboardQuery } from '../../../gql/graphql';
import { CERTIFICATE_PARAM, listLink } from '../../../lib/recent-filters';
import { formatDayMonth } from '../dashboard-dates';
import { StatCard } from './stat-card';

type Numbers = DashboardPage_DashboardQuery['dashboard'];

export function CertificateStats({ numbers }: { numbers: Numbers }) {
  const { certificatesValid: valid, certificatesExpiring: expiring, certificatesExpired: expired, certificatesMissing: missing } = numbers;
  if (valid === null || expiring === null || expired === null || missing === null) return null;
  const link = (state: 'valid' | 'expiring' | 'expired' | 'missing') => listLink(PERSON_KIND_INFO.athlete.route, CERTIFICATE_PARAM, state);
  const until = formatDayMonth(numbers.certificatesExpiringUntil);
  return (
    <Stack as="section" aria-labelledby="dashboard-certificates" gap="3">
      <Heading as="h2" size="md" id="dashboard-certificates">
        Certificati medici
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard label="Certificati validi" value={valid} hint={`Atleti, validi oltre il ${until}`} to={link('valid')} />
        <StatCard label="Certificati in scadenza" value={expiring} tone="warning" hint={`Atleti, entro il ${until}`} to={link('expiring')} />
        <StatCard label="Certificati scaduti" value={expired} tone="danger" hint="Atleti da rinnovare" to={link('expired')} />
        <StatCard label="Certificati mancanti" value={missing} tone="danger" hint="Atleti senza certificato registrato" to={link('missing')} />
      </SimpleGrid>
    </Stack>
  );
}
