// /dashboard (spec §2): welcome, the day's statistics, the athletes' medical certificates by state (for a role that
// reads health data), people per kind with the total, the doughnut of athletes and staff, and quick links opening
// each kind's create form in a modal. The numbers come from one query and are
// fetched again after a save from the modal. Composed here (app/) from the dashboard and people features.
import { useQuery } from '@apollo/client/react';
import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { PERSON_KINDS, type PersonKindKey } from '../../../../schema/constants';
import { ListError } from '../../components/ui/list-status';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useSession } from '../../lib/session';
import { useAccess } from '../../lib/use-access';
import { chartSlices } from '../../features/dashboard/chart-slices';
import { CertificateStats } from '../../features/dashboard/components/certificate-stats';
import { ChartCard } from '../../features/dashboard/components/chart-card';
import { DailyStats, DailyStatsSkeleton } from '../../features/dashboard/components/daily-stats';
import { KindCounts, KindCountsSkeleton } from '../../features/dashboard/components/kind-counts';
import { FirstSteps } from '../../features/dashboard/components/first-steps';
import { QuickLinks } from '../../features/dashboard/components/quick-links';
import { formatToday } from '../../features/dashboard/dashboard-dates';
import { DashboardQuery } from '../../features/dashboard/dashboard-documents';
import { SeasonComparison } from '../../features/dashboard/components/season-comparison';
import { useSeasonView } from '../../lib/season-view';
import { useDocumentTitle } from '../../lib/document-title';
import { agreeing, welcomeWord } from '../../lib/greeting';
import { messageOfError } from '../../lib/errors';

// only an account without a club sees them: a chunk of their own, out of the admin shell (at its budget)
const NoClubSteps = lazy(() => import('./no-access').then((m) => ({ default: m.NoClubSteps })));

/** The create modal: closing keeps the kind, so the title does not change while the dialog fades out. */
type Creating = { open: boolean; kind: PersonKindKey; used: boolean };

// The person form (and its validation rules) loads on the first quick link, not with the dashboard: it is the
// heaviest part of the page and most visits only read the numbers. Pointing at the buttons starts the download.
const loadPersonFormPanel = () => import('../../features/people/components/person-form-panel');
const PersonFormPanel = lazy(() => loadPersonFormPanel().then((m) => ({ default: m.PersonFormPanel })));

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { account, membership } = useSession();
  const access = useAccess();
  const club = membership?.club;
  const registrable = PERSON_KINDS.filter((kind) => access.canRegister(kind));
  const { data, error, refetch } = useQuery(DashboardQuery, { fetchPolicy: 'cache-and-network', skip: !club, notifyOnNetworkStatusChange: true });
  const [creating, setCreating] = useState<Creating>({ open: false, kind: 'athlete', used: false });
  const numbers = data?.dashboard;
  // The season looked at (top bar): its figures against the previous season's, for those who read the register.
  const season = useSeasonView({ skip: !club });
  const reload = () => void refetch().catch(() => undefined);

  let body;
  // An account without a club (invited to an organisation only, or left its clubs): what to do, not an empty page.
  if (!club)
    body = (
      <Suspense fallback={<PageSpinner />}>
        <NoClubSteps />
      </Suspense>
    );
  else if (!numbers && error) body = <ListError message={messageOfError(error)} onRetry={reload} />;
  else if (!numbers) {
    body = (
      <Stack gap="8" role="status" aria-label="Caricamento della dashboard">
        <DailyStatsSkeleton />
        <KindCountsSkeleton />
      </Stack>
    );
  } else {
    body = (
      <>
        <DailyStats numbers={numbers} />
        <CertificateStats numbers={numbers} />
        <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
          <KindCounts numbers={numbers} canOpen={(kind) => access.can(`people.${kind}.read`)} />
          <ChartCard slices={chartSlices(numbers.kinds)} />
        </Grid>
        {access.can('members.read') && season.chosen && <SeasonComparison seasonId={season.chosen.id} />}
      </>
    );
  }

  return (
    <Stack gap="8">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {welcomeWord(account?.profile.gender)}, {account?.profile.firstname}
        </Heading>
        <Text color="fg.muted">
          {club ? (
            <>
              Stai gestendo <strong>{club.fullName}</strong> · stagione {season.chosen?.label ?? club.seasonLabel} · {formatToday()}
            </>
          ) : (
            `Non risulti ancora ${agreeing(account?.profile.gender, 'associato', 'associata')} a una società.`
          )}
        </Text>
      </Stack>
      {club && <FirstSteps clubId={club.id} />}
      {club && !season.readOnly && (
        <QuickLinks kinds={registrable} onCreate={(kind) => setCreating({ open: true, kind, used: true })} onIntent={() => void loadPersonFormPanel().catch(() => undefined)} />
      )}
      {body}
      {creating.used && (
        <Suspense fallback={null}>
          <PersonFormPanel
            container="dialog"
            kind={creating.kind}
            state={creating.open ? { mode: 'new' } : { mode: 'closed' }}
            onClose={() => setCreating((c) => ({ ...c, open: false }))}
            onSaved={reload}
          />
        </Suspense>
      )}
    </Stack>
  );
}
