// /calendario/convocazioni/:eventId/:occursOn (calendar.write; issue 38 point 2): the staff's call-ups of one day of
// an event, opened from the calendar's day ("Convocazioni"). The event's day (title, when, opponent, meeting), the
// athletes to call up with their checks ("Da convocare") and the called-up ones with their answers as they come
// ("Convocati": read again every 10 seconds and after each action).
import { useQuery } from '@apollo/client/react';
import { Badge, Box, DataList, Flex, Heading, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { EVENT_KIND_LABELS } from '../../../../../schema/validation/calendar';
import { ArrowLeftIcon } from '../../../components/icons';
import { ListError } from '../../../components/ui/list-status';
import { PageSpinner } from '../../../components/ui/page-spinner';
import type { CallUpsPage_EventQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { aroundDay, isDay, longDay, wallClockValue } from '../call-ups-labels';
import { CallUpEventQuery, CallUpListQuery } from '../call-ups-staff-documents';
import { CalledUpSection } from '../components/called-up-section';
import { CandidatesSection } from '../components/candidates-section';

/** The answers are read again this often while the page is open. */
const POLL_MS = 10_000;

type Occurrence = Extract<CallUpsPage_EventQuery['calendar'], { __typename: 'QueryCalendarSuccess' }>['data'][number];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue overflowWrap="anywhere">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function EventHeader({ occurrence }: { occurrence: Occurrence }) {
  const { event } = occurrence;
  const venue = occurrence.venueId && occurrence.venueId !== event.venueId ? null : event.venueName;
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }}>
      <Stack gap="3">
        <Wrap gap="2">
          <Badge colorPalette={event.kind === 'partita' ? 'orange' : 'purple'}>{EVENT_KIND_LABELS[event.kind]}</Badge>
          {occurrence.cancelled && <Badge colorPalette="red">Annullato</Badge>}
        </Wrap>
        <DataList.Root orientation="vertical" display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }} gap="4">
          <Detail label="Quando">{`${longDay(occurrence.date)}, ${occurrence.startTime}–${occurrence.endTime}`}</Detail>
          {event.opponent && <Detail label="Avversario">{`${event.opponent} (${event.home === false ? 'in trasferta' : 'in casa'})`}</Detail>}
          {event.competition && <Detail label="Competizione">{event.competition}</Detail>}
          {(event.meetingTime || event.meetingPlace) && <Detail label="Ritrovo">{[event.meetingTime ? `ore ${event.meetingTime}` : null, event.meetingPlace].filter(Boolean).join(', ')}</Detail>}
          {venue && <Detail label="Impianto">{venue}</Detail>}
          <Detail label="Gruppi">{event.groups.map((g) => g.name).join(', ')}</Detail>
        </DataList.Root>
      </Stack>
    </Box>
  );
}

export default function CallUpsPage() {
  const { eventId = '', occursOn = '' } = useParams();
  const access = useAccess();
  const validDay = isDay(occursOn);
  const around = validDay ? aroundDay(occursOn) : { from: '', to: '' };
  const eventQuery = useQuery(CallUpEventQuery, { variables: around, skip: !validDay, fetchPolicy: 'cache-and-network' });
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const list = useQuery(CallUpListQuery, { variables: { eventId, occursOn }, skip: !validDay, pollInterval: POLL_MS, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: false });

  const calendar = eventQuery.data?.calendar;
  const occurrence = calendar?.__typename === 'QueryCalendarSuccess' ? (calendar.data.find((o) => o.event.id === eventId && o.occursOn === occursOn) ?? null) : undefined;
  useDocumentTitle(occurrence ? `Convocazioni · ${occurrence.event.title}` : 'Convocazioni');

  const listAnswer = list.data?.callUps;
  const entries = listAnswer?.__typename === 'QueryCallUpsSuccess' ? listAnswer.data : null;
  const listError = listAnswer && listAnswer.__typename !== 'QueryCallUpsSuccess' ? listAnswer.message : list.error ? messageOfError(list.error) : null;
  const calledIds = useMemo(() => new Set((entries ?? []).map((e) => e.personId)), [entries]);
  // the time of the answers shown: a new one each time the poll (or a refetch) brings them
  useEffect(() => {
    if (list.data) setUpdatedAt(new Date());
  }, [list.data]);
  const refreshList = () => void list.refetch().catch(() => undefined);

  const back = (
    <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
      <RouterLink to="/calendario">
        <ArrowLeftIcon boxSize="4" />
        Calendario
      </RouterLink>
    </Link>
  );

  let body;
  if (!validDay) {
    body = <ListError message="Indirizzo non valido: apri le convocazioni dal giorno dell'evento in calendario." />;
  } else if (occurrence === undefined) {
    body =
      calendar && calendar.__typename !== 'QueryCalendarSuccess' ? (
        <ListError message={calendar.message} />
      ) : eventQuery.error ? (
        <ListError message={messageOfError(eventQuery.error)} onRetry={() => void eventQuery.refetch().catch(() => undefined)} />
      ) : (
        <PageSpinner label="Caricamento dell'evento..." />
      );
  } else if (occurrence === null) {
    body = <ListError message="Evento non trovato: il giorno non è più in calendario, oppure l'evento è stato annullato o spostato." />;
  } else {
    body = (
      <Stack gap="8">
        <EventHeader occurrence={occurrence} />
        <CandidatesSection
          key={`${eventId}/${occursOn}`}
          eventId={eventId}
          occursOn={occursOn}
          startValue={wallClockValue(occurrence.startsAt)}
          calledIds={calledIds}
          mayOverride={access.can('callups.override')}
          closedReason={occurrence.cancelled ? 'Questo giorno è annullato: non si possono inviare convocazioni.' : null}
          onSent={refreshList}
        />
        <CalledUpSection
          eventId={eventId}
          occursOn={occursOn}
          entries={entries}
          loading={list.loading}
          error={listError}
          updatedAt={updatedAt}
          mayWrite={access.can('calendar.write')}
          mayEditTemplate={access.can('club.write')}
          onRetry={refreshList}
          onChanged={refreshList}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxW="5xl" w="100%" minW="0">
      {back}
      <Flex gap="1" direction="column" minW="0">
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          {occurrence ? `Convocazioni: ${occurrence.event.title}` : 'Convocazioni'}
        </Heading>
        {occurrence && (
          <Text color="fg.muted">{`${EVENT_KIND_LABELS[occurrence.event.kind]} di ${longDay(occurrence.date)}${occurrence.event.opponent ? ` contro ${occurrence.event.opponent}` : ''}`}</Text>
        )}
      </Flex>
      {body}
    </Stack>
  );
}
