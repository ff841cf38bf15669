// /calendario (sidebar "Calendario", calendar.read; issue 38): the club's trainings, matches and events in a month,
// week, day or list (agenda) view (react-big-calendar; the list on phones), filtered by group (?gruppo=<id>). A day
// opens its details and, for who may write, its changes; "Nuovo evento" (calendar.write), "Impianti e chiusure"
// (venues.write) and, with a group chosen, its private calendar link to subscribe to.
import { useQuery } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PlusIcon } from '../../../components/icons';
import { FormField } from '../../../components/ui/form-field';
import { ListError } from '../../../components/ui/list-status';
import { SelectInput } from '../../../components/ui/select-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { CalendarGroupsQuery, CalendarQuery } from '../calendar-documents';
import { isoOf, localDate } from '../calendar-labels';
import { AGENDA_DAYS, BigCalendar, itemTitle, type CalendarItem, type CalendarView } from '../components/big-calendar';
import { EventDialog, type CalendarEventData, type Occurrence } from '../components/event-dialog';
import { FeedDialog } from '../components/feed-dialog';
import { OccurrenceDialog } from '../components/occurrence-dialog';

const TITLE = 'Calendario';

/** The days a view shows (a month with its margins is at most 42 days; the API reads up to 93). */
function rangeOf(view: CalendarView, date: Date): { from: string; to: string } {
  const d = dayjs(date);
  if (view === 'month') return { from: isoOf(d.startOf('month').startOf('week').toDate()), to: isoOf(d.endOf('month').endOf('week').toDate()) };
  if (view === 'week') return { from: isoOf(d.startOf('week').toDate()), to: isoOf(d.endOf('week').toDate()) };
  if (view === 'day') return { from: isoOf(date), to: isoOf(date) };
  return { from: isoOf(date), to: isoOf(d.add(AGENDA_DAYS, 'day').toDate()) };
}

const narrow = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 767px)').matches;

export default function CalendarPage() {
  useDocumentTitle(TITLE);
  const access = useAccess();
  const mayWrite = access.can('calendar.write');
  const [params, setParams] = useSearchParams();
  const groupId = params.get('gruppo') ?? '';
  const [view, setView] = useState<CalendarView>(() => (narrow() ? 'agenda' : 'month'));
  const [date, setDate] = useState(() => new Date());
  const range = rangeOf(view, date);
  const groups = useQuery(CalendarGroupsQuery);
  const groupList = groups.data?.groups.edges.map((e) => e.node) ?? [];
  const calendar = useQuery(CalendarQuery, { variables: { ...range, groupIds: groupId ? [groupId] : null }, fetchPolicy: 'cache-and-network' });
  const result = calendar.data?.calendar;
  const occurrences = result?.__typename === 'QueryCalendarSuccess' ? result.data : null;
  const refusal = result && result.__typename !== 'QueryCalendarSuccess' ? result.message : null;
  const items = useMemo<CalendarItem[]>(
    // the club's wall clock (Europe/Rome), whatever the browser's zone: 18:00 is 18:00 on the screen
    () =>
      (occurrences ?? []).map((o) => {
        const start = localDate(o.date, o.startTime);
        const end = localDate(o.date, o.endTime);
        if (end <= start) end.setDate(end.getDate() + 1);
        return { title: itemTitle(o), start, end, occurrence: o };
      }),
    [occurrences],
  );
  const [selected, setSelected] = useState<Occurrence | null>(null);
  const [editing, setEditing] = useState<{ event: CalendarEventData | null; fromDay?: string; startsOn?: string } | undefined>(undefined);
  const [feedOpen, setFeedOpen] = useState(false);
  const group = groupList.find((g) => g.id === groupId) ?? null;

  return (
    <Stack gap="5" maxW="7xl" w="100%" minW="0">
      <Flex gap="4" wrap="wrap" justify="space-between" align="flex-end">
        <Stack gap="1" minW="0">
          <Heading as="h1" size="2xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted">Allenamenti, partite ed eventi dei gruppi, negli impianti della società.</Text>
        </Stack>
        <Flex gap="3" wrap="wrap" w={{ base: '100%', md: 'auto' }} direction={{ base: 'column', sm: 'row' }}>
          {mayWrite && (
            <Button onClick={() => setEditing({ event: null, startsOn: isoOf(date) })}>
              <PlusIcon />
              Nuovo evento
            </Button>
          )}
          {access.can('venues.write') && (
            <Button variant="outline" asChild>
              <RouterLink to="/calendario/impianti">Impianti e chiusure</RouterLink>
            </Button>
          )}
          <Button variant="outline" asChild>
            <RouterLink to="/calendario/presenze">Statistiche presenze</RouterLink>
          </Button>
        </Flex>
      </Flex>
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box w={{ base: '100%', sm: '72' }}>
          <FormField label="Gruppo">
            <SelectInput
              name="gruppo"
              value={groupId}
              onChange={(e) => setParams(e.target.value ? { gruppo: e.target.value } : {}, { replace: true })}
              options={[{ value: '', label: 'Tutti i gruppi' }, ...groupList.map((g) => ({ value: g.id, label: g.name }))]}
            />
          </FormField>
        </Box>
        {group && mayWrite && (
          <Button variant="outline" onClick={() => setFeedOpen(true)} w={{ base: '100%', sm: 'auto' }}>
            Calendario privato del gruppo
          </Button>
        )}
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="calendar-status">
          {calendar.loading ? 'Caricamento...' : occurrences ? (occurrences.length === 1 ? '1 appuntamento' : `${occurrences.length} appuntamenti`) : ''}
        </Text>
      </Flex>
      {calendar.error && !occurrences ? (
        <ListError message={messageOfError(calendar.error)} onRetry={() => void calendar.refetch().catch(() => undefined)} />
      ) : refusal ? (
        <ListError message={refusal} />
      ) : (
        <BigCalendar items={items} view={view} date={date} onView={setView} onNavigate={setDate} onSelect={setSelected} />
      )}
      <OccurrenceDialog
        occurrence={selected}
        mayWrite={mayWrite}
        onClose={() => setSelected(null)}
        onEdit={(event, fromDay) => {
          setSelected(null);
          setEditing(fromDay ? { event, fromDay } : { event });
        }}
      />
      <EventDialog target={editing} onClose={() => setEditing(undefined)} />
      <FeedDialog target={feedOpen && group ? { kind: 'group', id: group.id, name: group.name } : null} onClose={() => setFeedOpen(false)} />
    </Stack>
  );
}
