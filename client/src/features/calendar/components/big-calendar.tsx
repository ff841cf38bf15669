// react-big-calendar with the dayjs localizer in Italian (weeks from Monday, 24-hour times), its toolbar's words in
// Italian and its stylesheet: only in the calendar's lazy chunk. Cancelled days are struck through, matches read
// "vs Avversario" at home and "@ Avversario" away. Every appointment is a button for the keyboard too (issue 38):
// Tab reaches it in each view, Enter or Space opens the day as a click does, a ring shows the focus, and its name
// says title, kind, day, time and groups. The toolbar's buttons say which view is on (aria-pressed).
import { Box, VisuallyHidden } from '@chakra-ui/react';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { cloneElement, isValidElement, type KeyboardEvent, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { Calendar, dayjsLocalizer, type EventProps, type EventWrapperProps, type HeaderProps, type Messages, type ToolbarProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { EVENT_KIND_LABELS } from '../../../../../schema/validation/calendar';
import { longDay, matchLine } from '../calendar-labels';
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

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const timeRange = ({ start, end }: { start: Date; end: Date }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`;

/** Italian order: "lun 16 nov", "18:00–19:30". */
const FORMATS = {
  agendaDateFormat: 'ddd D MMM',
  agendaTimeRangeFormat: timeRange,
  // the week and day views show the time in the box's content (TimeEventLabel)
  eventTimeRangeFormat: () => '',
  dayFormat: 'ddd D',
  // the toolbar's title: "Novembre 2026", "23–29 novembre 2026", "Lunedì 16 novembre 2026"
  monthHeaderFormat: (date: Date) => capitalised(dayjs(date).format('MMMM YYYY')),
  dayHeaderFormat: (date: Date) => capitalised(dayjs(date).format('dddd D MMMM YYYY')),
  dayRangeHeaderFormat: ({ start, end }: { start: Date; end: Date }) => {
    const [a, b] = [dayjs(start), dayjs(end)];
    if (a.isSame(b, 'month')) return `${a.format('D')}–${b.format('D MMMM YYYY')}`;
    return a.isSame(b, 'year') ? `${a.format('D MMMM')} – ${b.format('D MMMM YYYY')}` : `${a.format('D MMMM YYYY')} – ${b.format('D MMMM YYYY')}`;
  },
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

/**
 * What a screen reader hears after what the box shows (its title, and in the week and day views its time before it):
 * ", allenamento, lunedì 16 novembre 2026, 18:00–19:30, gruppo Under 12". Hidden text inside the box, not an
 * aria-label, so the name starts with the words on the screen (speech input names a button so) in every view.
 */
export function spokenDetails(o: Occurrence, withTime = true): string {
  const groups = o.event.groups.map((g) => g.name).join(', ');
  const parts = ['', EVENT_KIND_LABELS[o.event.kind].toLowerCase(), longDay(o.date)];
  if (withTime) parts.push(`${o.startTime}–${o.endTime}`);
  if (groups) parts.push(`${o.event.groups.length === 1 ? 'gruppo' : 'gruppi'} ${groups}`);
  if (o.cancelled) parts.push('annullato');
  return parts.join(', ');
}

function EventLabel({ event, withTime = true }: Pick<EventProps<CalendarItem>, 'event'> & { withTime?: boolean }) {
  const o = event.occurrence;
  const label = `${EVENT_KIND_LABELS[o.event.kind]}: ${itemTitle(o)}${o.cancelled ? ' (annullato)' : ''}`;
  return (
    <span title={label} data-day={o.date} data-cancelled={o.cancelled || undefined} style={o.cancelled ? { textDecoration: 'line-through' } : undefined}>
      {event.title}
      <VisuallyHidden>{spokenDetails(o, withTime)}</VisuallyHidden>
    </span>
  );
}

/** The week and day views: the box shows the time above the title (the library's label, emptied, would not be read with a space). */
function TimeEventLabel({ event }: EventProps<CalendarItem>) {
  const o = event.occurrence;
  return (
    <>
      <span className="cb-event-time">{`${o.startTime}–${o.endTime} `}</span>
      <EventLabel event={event} withTime={false} />
    </>
  );
}

/** The week and day columns' headers ("lun 16"), without the library's columnheader role outside any row. */
function TimeHeader({ label }: HeaderProps) {
  return <span>{label}</span>;
}

/**
 * Month, week and day: the library's box of an appointment (a div with the click; in the week and day already a
 * role="button" with tabIndex 0) becomes a focusable button; its keys reach onKeyPressEvent. In the month (a table
 * of weeks: rows of day cells) the box sits in a cell of its own, as a row of that table may hold only cells; not so
 * in the "+ altri" popup, outside the table (the library marks its boxes draggable).
 */
function EventWrapper({ type, draggable, children }: EventWrapperProps<CalendarItem> & { type?: 'date' | 'time'; draggable?: boolean; children?: ReactNode }) {
  if (!isValidElement(children)) return <>{children}</>;
  const box = cloneElement(children as ReactElement<Record<string, unknown>>, { tabIndex: 0, role: 'button' });
  return type === 'date' && !draggable ? <div role="cell">{box}</div> : box;
}

/**
 * The list: the title is a real button inside the library's cell (whose click opens the day): its click, by mouse,
 * Enter or Space, bubbles to that cell.
 */
function AgendaEvent({ event }: EventProps<CalendarItem>) {
  return (
    <button type="button" className="cb-agenda-event">
      <EventLabel event={event} />
    </button>
  );
}

/** The library's toolbar, its buttons in named groups and the view on marked as pressed. */
function Toolbar({ label, view, views, onNavigate, onView, localizer: { messages } }: ToolbarProps<CalendarItem>) {
  const names: View[] = Array.isArray(views) ? views : (Object.keys(views) as View[]);
  return (
    <div className="rbc-toolbar">
      <span className="rbc-btn-group" role="group" aria-label="Periodo">
        <button type="button" onClick={() => onNavigate('TODAY')}>
          {messages.today}
        </button>
        <button type="button" onClick={() => onNavigate('PREV')}>
          {messages.previous}
        </button>
        <button type="button" onClick={() => onNavigate('NEXT')}>
          {messages.next}
        </button>
      </span>
      <span className="rbc-toolbar-label" aria-live="polite">
        {label}
      </span>
      <span className="rbc-btn-group" role="group" aria-label="Vista">
        {names.map((name) => (
          <button key={name} type="button" className={view === name ? 'rbc-active' : undefined} aria-pressed={view === name} onClick={() => onView(name)}>
            {messages[name]}
          </button>
        ))}
      </span>
    </div>
  );
}

const COMPONENTS = {
  event: EventLabel,
  eventWrapper: EventWrapper,
  toolbar: Toolbar,
  agenda: { event: AgendaEvent },
  week: { event: TimeEventLabel, header: TimeHeader },
  day: { event: TimeEventLabel, header: TimeHeader },
};

/** Enter or Space on an appointment opens it, as a click does (Space without scrolling the page). */
const isActivation = (e: SyntheticEvent<HTMLElement>) => {
  const key = (e as KeyboardEvent<HTMLElement>).key;
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
};

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
      data-view={view}
      minW="0"
      w="100%"
      h={view === 'agenda' ? 'auto' : { base: '640px', md: '760px' }}
      css={{
        '& .rbc-toolbar': { gap: '8px', flexWrap: 'wrap' },
        '& .rbc-toolbar button': { color: 'var(--chakra-colors-fg)', borderColor: 'var(--chakra-colors-border)' },
        '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:active': { background: 'var(--chakra-colors-bg-emphasized)' },
        '& .rbc-toolbar-label': { fontWeight: 600 },
        '& .rbc-header': { textTransform: 'capitalize' },
        '& .rbc-off-range-bg': { background: 'var(--chakra-colors-bg-muted)' },
        '& .rbc-off-range': { color: 'var(--chakra-colors-fg-muted)' },
        '& .rbc-today': { background: 'var(--chakra-colors-blue-subtle)' },
        // the list grows with its days (the page scrolls), instead of filling a fixed height
        '& .rbc-agenda-view': { flex: 'none', overflow: 'visible' },
        '& .rbc-agenda-content': { overflowY: 'visible' },
        '& .rbc-agenda-date-cell': { textTransform: 'capitalize' },
        '& .rbc-agenda-event-cell': { cursor: 'pointer' },
        '& .rbc-event-label': { display: 'none' },
        '& .cb-event-time': { display: 'block', fontSize: '75%' },
        // the week's all-day row, empty (every appointment has its times): not an empty table row for screen readers
        '& .rbc-time-header-content > .rbc-allday-cell:not(:has(.rbc-event))': { display: 'none' },
        // the focus: a dark ring and a light one inside it, seen on the page and on an appointment's colour alike;
        // drawn inside the box (the month's rows clip what overflows them)
        '& .rbc-event:focus': { outline: 'none' },
        '& .rbc-event:focus-visible': { outline: '2px solid var(--chakra-colors-fg)', outlineOffset: '-2px', boxShadow: 'inset 0 0 0 4px var(--chakra-colors-bg)' },
        '& .cb-agenda-event': { all: 'unset', cursor: 'pointer', display: 'inline', borderRadius: '2px' },
        '& .cb-agenda-event:hover': { textDecoration: 'underline' },
        '& .cb-agenda-event:focus-visible, & .rbc-toolbar button:focus-visible, & .rbc-button-link:focus-visible': {
          outline: '2px solid var(--chakra-colors-brand-focus-ring, var(--chakra-colors-fg))',
          outlineOffset: '2px',
        },
        '@media (max-width: 767px)': {
          '& .rbc-toolbar': { flexDirection: 'column', alignItems: 'stretch' },
          '& .rbc-btn-group': { display: 'flex' },
          '& .rbc-btn-group button': { flex: 1, paddingLeft: '4px', paddingRight: '4px' },
          // the list: day and time kept on one line each (short formats), the title wraps in what is left
          '& .rbc-agenda-view table.rbc-agenda-table td': { verticalAlign: 'top', paddingLeft: '6px', paddingRight: '6px' },
          '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: 'nowrap' },
          '& .rbc-agenda-event-cell': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
          // the week: seven readable columns, scrolled sideways inside the calendar (not the page)
          '&[data-view="week"] .rbc-time-view': { overflowX: 'auto' },
          '&[data-view="week"] .rbc-time-header, &[data-view="week"] .rbc-time-content': { minWidth: '540px' },
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
        tooltipAccessor={() => ''}
        messages={MESSAGES}
        popup
        scrollToTime={new Date(1970, 0, 1, 14, 0)}
        onKeyPressEvent={(item, e) => {
          if (!isActivation(e) || e.target !== e.currentTarget) return;
          e.preventDefault();
          onSelect(item.occurrence);
        }}
        components={COMPONENTS}
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
