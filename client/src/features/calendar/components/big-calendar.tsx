// react-big-calendar with the dayjs localizer in Italian (weeks from Monday, 24-hour times), its toolbar's words in
// Italian and its stylesheet: only in the calendar's lazy chunk. Cancelled days are struck through, matches read
// "vs Avversario" at home and "@ Avversario" away.
import { Box } from '@chakra-ui/react';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { Calendar, dayjsLocalizer, type EventProps, type Messages, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { EVENT_KIND_LABELS } from '../../../../../schema/validation/calendar';
import { matchLine } from '../calendar-labels';
import type { Occurrence } from './event-dialog';

dayjs.locale('it');
const localizer = dayjsLocalizer(dayjs);

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const satisfies readonly View[];
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** Days the list (agenda) shows from the chosen one. */
export const AGENDA_DAYS = 30;

const MESSAGES: Messages = {
  date: 'Data',
  time: 'Ora',
  event: 'Appuntamento',
  allDay: 'Tutto il giorno',
  week: 'Settimana',
  work_week: 'Settimana lavorativa',
  day: 'Giorno',
  month: 'Mese',
  previous: 'Indietro',
  next: 'Avanti',
  yesterday: 'Ieri',
  tomorrow: 'Domani',
  today: 'Oggi',
  agenda: 'Elenco',
  noEventsInRange: 'Nessun appuntamento in questo periodo.',
  showMore: (count: number) => `+ altri ${count}`,
};

/** Italian order: "lun 16 nov", "18:00–19:30". */
const FORMATS = {
  agendaDateFormat: 'ddd D MMM',
  agendaTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`,
  dayFormat: 'ddd D',
  dayHeaderFormat: 'dddd D MMMM YYYY',
  timeGutterFormat: 'HH:mm',
};

export interface CalendarItem {
  title: string;
  start: Date;
  end: Date;
  occurrence: Occurrence;
}

export const itemTitle = (o: Occurrence) => {
  const match = matchLine(o.event);
  return `${o.event.title}${match ? ` ${match}` : ''}`;
};

const COLOURS = { allenamento: '#1d4ed8', partita: '#c2410c', evento: '#7e22ce' } as const;

function EventLabel({ event }: EventProps<CalendarItem>) {
  const o = event.occurrence;
  const label = `${EVENT_KIND_LABELS[o.event.kind]}: ${itemTitle(o)}${o.cancelled ? ' (annullato)' : ''}`;
  return (
    <span title={label} data-day={o.date} data-cancelled={o.cancelled || undefined} style={o.cancelled ? { textDecoration: 'line-through' } : undefined}>
      {event.title}
    </span>
  );
}

export interface BigCalendarProps {
  items: CalendarItem[];
  view: CalendarView;
  date: Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  onSelect: (occurrence: Occurrence) => void;
}

export function BigCalendar({ items, view, date, onView, onNavigate, onSelect }: BigCalendarProps) {
  return (
    <Box
      minW="0"
      w="100%"
      h={view === 'agenda' ? 'auto' : { base: '640px', md: '760px' }}
      css={{
        '& .rbc-toolbar': { gap: '8px', flexWrap: 'wrap' },
        '& .rbc-toolbar button': { color: 'var(--chakra-colors-fg)', borderColor: 'var(--chakra-colors-border)' },
        '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:active': { background: 'var(--chakra-colors-bg-emphasized)' },
        '& .rbc-toolbar-label': { fontWeight: 600, textTransform: 'capitalize' },
        '& .rbc-header': { textTransform: 'capitalize' },
        '& .rbc-off-range-bg': { background: 'var(--chakra-colors-bg-muted)' },
        '& .rbc-off-range': { color: 'var(--chakra-colors-fg-muted)' },
        '& .rbc-today': { background: 'var(--chakra-colors-blue-subtle)' },
        // the list grows with its days (the page scrolls), instead of filling a fixed height
        '& .rbc-agenda-view': { flex: 'none', overflow: 'visible' },
        '& .rbc-agenda-content': { overflowY: 'visible' },
        '& .rbc-agenda-date-cell': { textTransform: 'capitalize' },
        '& .rbc-agenda-event-cell': { cursor: 'pointer' },
        '& .rbc-event-label': { fontSize: '75%' },
        '@media (max-width: 767px)': {
          '& .rbc-toolbar': { flexDirection: 'column', alignItems: 'stretch' },
          '& .rbc-btn-group': { display: 'flex' },
          '& .rbc-btn-group button': { flex: 1, paddingLeft: '4px', paddingRight: '4px' },
          // the list: day and time kept on one line each (short formats), the title wraps in what is left
          '& .rbc-agenda-view table.rbc-agenda-table td': { verticalAlign: 'top', paddingLeft: '6px', paddingRight: '6px' },
          '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: 'nowrap' },
          '& .rbc-agenda-event-cell': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
        },
      }}
    >
      <Calendar<CalendarItem>
        localizer={localizer}
        culture="it"
        events={items}
        view={view}
        views={[...CALENDAR_VIEWS]}
        date={date}
        length={AGENDA_DAYS}
        onView={(v) => onView(v as CalendarView)}
        onNavigate={onNavigate}
        onSelectEvent={(item) => onSelect(item.occurrence)}
        messages={MESSAGES}
        popup
        scrollToTime={new Date(1970, 0, 1, 14, 0)}
        components={{ event: EventLabel }}
        formats={FORMATS}
        eventPropGetter={(item) => {
          const o = item.occurrence;
          if (view === 'agenda') return { className: o.cancelled ? 'cb-cancelled' : undefined, style: o.cancelled ? { textDecoration: 'line-through', color: 'var(--chakra-colors-fg-muted)' } : {} };
          return {
            className: o.cancelled ? 'cb-cancelled' : undefined,
            style: { background: o.cancelled ? '#4b5563' : COLOURS[o.event.kind], color: '#fff', textDecoration: o.cancelled ? 'line-through' : undefined },
          };
        }}
      />
    </Box>
  );
}
