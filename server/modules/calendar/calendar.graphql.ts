// GraphQL face of the calendar (issue 38 points 1 and 4): venues, closures, events and their occurrences (the private
// feeds are calendar-feeds.graphql.ts'). Thin adapters over the calendar services; who may call each field is the
// operation table's (calendar.read, calendar.write, venues.write). Days are YYYY-MM-DD, times hh:mm in Europe/Rome.
import { EVENT_KINDS, minutesToTime, WEEKDAYS } from '../../../schema/validation/calendar';
import { builder } from '../../graphql/builder';
import { dayOf } from '../../lib/date-columns';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { cancelEvent, changeFollowing, changeOccurrence, clubCalendar, saveEvent, type CalendarItem, type EventRow, type SavedEvent, type VenueClash } from './events.service';
import { ruleParts } from './occurrences';
import { archiveVenue, closures, deleteClosure, saveClosure, saveVenue, venues } from './venues.service';

const writeErrors = [ValidationError, ConflictError, NotFoundError, ForbiddenError, UnauthenticatedError];
const EventKindEnum = builder.enumType('CalendarEventKind', { values: EVENT_KINDS });
const WeekdayEnum = builder.enumType('Weekday', { description: 'MO ... SU', values: WEEKDAYS });

builder.prismaObject('Venue', {
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    address: t.exposeString('address', { nullable: true }),
    archived: t.boolean({ resolve: (v) => v.archivedAt !== null }),
  }),
});

builder.prismaObject('ClubClosure', {
  fields: (t) => ({
    id: t.exposeID('id'),
    startsOn: t.string({ resolve: (c) => dayOf(c.startsOn)! }),
    endsOn: t.string({ resolve: (c) => dayOf(c.endsOn)! }),
    reason: t.exposeString('reason'),
  }),
});

const RepeatRef = builder.objectRef<{ weekdays: (typeof WEEKDAYS)[number][]; intervalWeeks: number; until: string }>('EventRepeat').implement({
  fields: (t) => ({ weekdays: t.field({ type: [WeekdayEnum], resolve: (r) => r.weekdays }), intervalWeeks: t.exposeInt('intervalWeeks'), until: t.exposeString('until') }),
});

const EventRef = builder.objectRef<EventRow>('CalendarEvent').implement({
  description: 'An event of one or more groups: once, or repeating weekly until a day.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: EventKindEnum, resolve: (e) => e.kind }),
    title: t.exposeString('title'),
    groups: t.field({ type: [builder.objectRef<{ id: string; name: string }>('CalendarEventGroup').implement({ fields: (f) => ({ id: f.exposeID('id'), name: f.exposeString('name') }) })], resolve: (e) => e.groups.map((g) => g.group) }),
    venueId: t.exposeID('venueId', { nullable: true }),
    venueName: t.string({ nullable: true, resolve: (e) => e.venue?.name ?? null }),
    startsOn: t.string({ resolve: (e) => dayOf(e.startsOn)! }),
    startTime: t.string({ resolve: (e) => minutesToTime(e.startMinute) }),
    durationMinutes: t.exposeInt('durationMinutes'),
    repeat: t.field({ type: RepeatRef, nullable: true, resolve: (e) => (e.recurrence && e.repeatUntil ? { ...ruleParts(e.recurrence), until: dayOf(e.repeatUntil)! } : null) }),
    skipClosures: t.exposeBoolean('skipClosures'),
    opponent: t.exposeString('opponent', { nullable: true }),
    home: t.exposeBoolean('home', { nullable: true }),
    competition: t.exposeString('competition', { nullable: true }),
    cardBody: t.exposeString('cardBody', { nullable: true, description: 'The body whose card a call-up needs (FIGC, UISP...).' }),
    meetingTime: t.string({ nullable: true, resolve: (e) => (e.meetingMinute === null ? null : minutesToTime(e.meetingMinute)) }),
    meetingPlace: t.exposeString('meetingPlace', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    cancelled: t.boolean({ resolve: (e) => e.cancelledAt !== null }),
  }),
});

const OccurrenceRef = builder.objectRef<CalendarItem>('CalendarOccurrence').implement({
  description: "One day of an event in the calendar (a series' day, or a one-off event).",
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (i) => i.event }),
    occursOn: t.string({ description: "The series' day (the key of a one-day change).", resolve: (i) => i.occurrence.occursOn }),
    date: t.string({ description: 'The day it takes place.', resolve: (i) => i.occurrence.date }),
    startTime: t.string({ resolve: (i) => minutesToTime(i.occurrence.startMinute) }),
    endTime: t.string({ resolve: (i) => minutesToTime((i.occurrence.startMinute + i.occurrence.durationMinutes) % 1440) }),
    startsAt: t.field({ type: 'DateTime', resolve: (i) => i.occurrence.startsAt }),
    endsAt: t.field({ type: 'DateTime', resolve: (i) => i.occurrence.endsAt }),
    venueId: t.id({ nullable: true, resolve: (i) => i.occurrence.venueId }),
    cancelled: t.boolean({ resolve: (i) => i.occurrence.cancelled }),
    changed: t.boolean({ description: 'Changed for this day only.', resolve: (i) => i.occurrence.changed }),
    note: t.string({ nullable: true, resolve: (i) => i.occurrence.note }),
  }),
});

const ClashRef = builder.objectRef<VenueClash>('VenueClash').implement({
  description: 'Another event at the same venue and time.',
  fields: (t) => ({ date: t.exposeString('date'), time: t.exposeString('time'), eventId: t.exposeID('eventId'), title: t.exposeString('title') }),
});

const SavedEventRef = builder.objectRef<SavedEvent>('SaveCalendarEventPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    dryRun: t.exposeBoolean('dryRun'),
    event: t.field({ type: EventRef, nullable: true, resolve: (r) => r.event }),
    clashes: t.field({ type: [ClashRef], resolve: (r) => r.clashes }),
  }),
});

builder.queryFields((t) => ({
  venues: t.prismaField({ type: ['Venue'], args: { includeArchived: t.arg.boolean({ defaultValue: false }) }, resolve: (_q, _r, { includeArchived }, ctx) => venues(ctx, includeArchived ?? false) }),
  closures: t.prismaField({ type: ['ClubClosure'], resolve: (_q, _r, _a, ctx) => closures(ctx) }),
  calendar: t.field({
    type: [OccurrenceRef],
    description: "The club's occurrences between two days (at most 93 days), optionally of some groups or one venue, by start.",
    args: { from: t.arg.string({ required: true }), to: t.arg.string({ required: true }), groupIds: t.arg.idList(), venueId: t.arg.id() },
    errors: { types: [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError] },
    resolve: (_r, args, ctx) => clubCalendar(ctx, { from: args.from, to: args.to, groupIds: args.groupIds?.map(String), venueId: args.venueId ? String(args.venueId) : null }),
  }),
}));

const RepeatInput = builder.inputType('EventRepeatInput', {
  fields: (t) => ({ weekdays: t.field({ type: [WeekdayEnum], required: true }), intervalWeeks: t.int(), until: t.string({ required: true, description: 'YYYY-MM-DD, within 400 days of the first day.' }) }),
});
const SaveEventInput = builder.inputType('SaveCalendarEventInput', {
  fields: (t) => ({
    id: t.id(),
    kind: t.field({ type: EventKindEnum, required: true }),
    title: t.string({ required: true }),
    groupIds: t.idList({ required: true }),
    venueId: t.id(),
    startsOn: t.string({ required: true, description: 'YYYY-MM-DD: the day, or the first day of a series.' }),
    startTime: t.string({ required: true, description: 'hh:mm' }),
    durationMinutes: t.int({ required: true }),
    repeat: t.field({ type: RepeatInput }),
    skipClosures: t.boolean({ description: 'A series skips holidays and closures (default true).' }),
    opponent: t.string(),
    home: t.boolean(),
    competition: t.string(),
    cardBody: t.string({ description: 'The federation or EPS whose valid card a call-up needs (FIGC, UISP, CSI...).' }),
    meetingTime: t.string({ description: 'hh:mm' }),
    meetingPlace: t.string(),
    notes: t.string(),
  }),
});
const OccurrenceInput = builder.inputType('CalendarOccurrenceChangeInput', {
  fields: (t) => ({
    eventId: t.id({ required: true }),
    occursOn: t.string({ required: true, description: "The series' day changed." }),
    cancel: t.boolean(),
    startsOn: t.string({ description: 'Moved to this day.' }),
    startTime: t.string(),
    durationMinutes: t.int(),
    venueId: t.id(),
    note: t.string(),
  }),
});

export const MessageRef = builder.objectRef<{ message: string; id: string }>('CalendarMessagePayload').implement({ fields: (t) => ({ message: t.exposeString('message'), id: t.exposeID('id') }) });

builder.mutationFields((t) => ({
  saveVenue: t.field({
    type: builder.objectRef<{ message: string; id: string }>('SaveVenuePayload').implement({ fields: (f) => ({ message: f.exposeString('message'), id: f.exposeID('id') }) }),
    args: { input: t.arg({ type: builder.inputType('VenueInput', { fields: (f) => ({ id: f.id(), name: f.string({ required: true }), address: f.string() }) }), required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { venue, message } = await saveVenue(ctx, input);
      return { message, id: venue.id };
    },
  }),
  archiveVenue: t.field({
    type: MessageRef,
    args: { id: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { id }, ctx) => {
      const { venue, message } = await archiveVenue(ctx, id);
      return { message, id: venue.id };
    },
  }),
  saveClosure: t.field({
    type: MessageRef,
    args: { input: t.arg({ type: builder.inputType('ClosureInput', { fields: (f) => ({ startsOn: f.string({ required: true }), endsOn: f.string({ required: true }), reason: f.string({ required: true }) }) }), required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { input }, ctx) => {
      const { closure, message } = await saveClosure(ctx, input);
      return { message, id: closure.id };
    },
  }),
  deleteClosure: t.field({
    type: MessageRef,
    args: { id: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { id }, ctx) => ({ ...(await deleteClosure(ctx, id)), id: String(id) }),
  }),
  saveCalendarEvent: t.field({
    type: SavedEventRef,
    description: 'Creates or changes an event. dryRun: the venue clashes, nothing written; clashes refuse the save unless allowVenueClashes.',
    args: { input: t.arg({ type: SaveEventInput, required: true }), dryRun: t.arg.boolean({ defaultValue: false }), allowVenueClashes: t.arg.boolean({ defaultValue: false }) },
    errors: { types: writeErrors },
    resolve: (_r, { input, dryRun, allowVenueClashes }, ctx) => saveEvent(ctx, input, { dryRun: dryRun ?? false, allowVenueClashes: allowVenueClashes ?? false }),
  }),
  cancelCalendarEvent: t.field({
    type: MessageRef,
    args: { id: t.arg.id({ required: true }) },
    errors: { types: writeErrors },
    resolve: async (_r, { id }, ctx) => {
      const { message, eventId } = await cancelEvent(ctx, id);
      return { message, id: eventId };
    },
  }),
  changeCalendarOccurrence: t.field({
    type: builder.objectRef<{ message: string; eventId: string; clashes: VenueClash[] }>('ChangeOccurrencePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), eventId: f.exposeID('eventId'), clashes: f.field({ type: [ClashRef], resolve: (r) => r.clashes }) }),
    }),
    description: "One day of an event changed (moved, another time or venue, a note) or cancelled.",
    args: { input: t.arg({ type: OccurrenceInput, required: true }), allowVenueClashes: t.arg.boolean({ defaultValue: false }) },
    errors: { types: writeErrors },
    resolve: (_r, { input, allowVenueClashes }, ctx) => changeOccurrence(ctx, input, { allowVenueClashes: allowVenueClashes ?? false }),
  }),
  changeCalendarSeriesFrom: t.field({
    type: SavedEventRef,
    description: 'A series from a day on: cancelled (no input), or changed (input: the new series from that day).',
    args: { eventId: t.arg.id({ required: true }), from: t.arg.string({ required: true }), input: t.arg({ type: SaveEventInput }), allowVenueClashes: t.arg.boolean({ defaultValue: false }) },
    errors: { types: writeErrors },
    resolve: (_r, { eventId, from, input, allowVenueClashes }, ctx) => changeFollowing(ctx, eventId, from, input ?? null, { allowVenueClashes: allowVenueClashes ?? false }),
  }),
}));
