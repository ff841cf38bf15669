// GraphQL face of attendance (issue 38 point 3): a day's sheet, recording it (idempotent: the phone's submission id),
// and the statistics. Thin adapters over attendance.service.ts; who may call each field is the operation table's.
import { builder } from '../../graphql/builder';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { attendanceSheet, attendanceStats, recordAttendance, type AttendanceStats, type RecordedAttendance, type RosterRow } from './attendance.service';

const errors = [ValidationError, NotFoundError, ForbiddenError, UnauthenticatedError];

const RosterRef = builder.objectRef<RosterRow>('AttendanceRow').implement({
  fields: (t) => ({
    personId: t.exposeID('personId'),
    name: t.exposeString('name'),
    present: t.exposeBoolean('present', { nullable: true, description: 'Null: not taken yet.' }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

const SheetRef = builder.objectRef<{ takenAt: Date | null; rows: RosterRow[] }>('AttendanceSheet').implement({
  fields: (t) => ({ takenAt: t.expose('takenAt', { type: 'DateTime', nullable: true }), rows: t.field({ type: [RosterRef], resolve: (s) => s.rows }) }),
});

const StatLine = (name: string) =>
  builder.objectRef<{ sessions: number; present: number; rate: number | null }>(name).implement({
    fields: (t) => ({ sessions: t.exposeInt('sessions'), present: t.exposeInt('present'), rate: t.exposeFloat('rate', { nullable: true, description: 'Percent present, one decimal.' }) }),
  });
const PersonStat = builder.objectRef<AttendanceStats['people'][number]>('AttendancePersonStat').implement({
  fields: (t) => ({ personId: t.exposeID('personId'), name: t.exposeString('name'), sessions: t.exposeInt('sessions'), present: t.exposeInt('present'), rate: t.exposeFloat('rate', { nullable: true }) }),
});
const MonthStat = builder.objectRef<AttendanceStats['months'][number]>('AttendanceMonthStat').implement({
  fields: (t) => ({ month: t.exposeString('month', { description: 'YYYY-MM' }), sessions: t.exposeInt('sessions'), present: t.exposeInt('present'), rate: t.exposeFloat('rate', { nullable: true }) }),
});
const TotalStat = StatLine('AttendanceTotal');

const StatsRef = builder.objectRef<AttendanceStats>('AttendanceStats').implement({
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    people: t.field({ type: [PersonStat], resolve: (s) => s.people }),
    months: t.field({ type: [MonthStat], resolve: (s) => s.months }),
    total: t.field({ type: TotalStat, resolve: (s) => s }),
  }),
});

builder.queryFields((t) => ({
  attendanceSheet: t.field({
    type: SheetRef,
    description: "A day's roster (the active athletes of the event's groups) with the marks taken, if any.",
    args: { eventId: t.arg.id({ required: true }), occursOn: t.arg.string({ required: true }) },
    errors: { types: errors },
    resolve: (_r, { eventId, occursOn }, ctx) => attendanceSheet(ctx, eventId, occursOn),
  }),
  attendanceStats: t.field({
    type: StatsRef,
    description: 'Attendance between two days (at most 400), of a group, an athlete or the club: per athlete and per month.',
    args: { from: t.arg.string({ required: true }), to: t.arg.string({ required: true }), groupId: t.arg.id(), personId: t.arg.id() },
    errors: { types: errors },
    resolve: (_r, args, ctx) => attendanceStats(ctx, args),
  }),
}));

builder.mutationField('recordAttendance', (t) =>
  t.field({
    type: builder.objectRef<RecordedAttendance>('RecordAttendancePayload').implement({
      fields: (f) => ({ message: f.exposeString('message'), stored: f.exposeBoolean('stored'), present: f.exposeInt('present'), total: f.exposeInt('total') }),
    }),
    description: "Stores a day's attendance as the phone took it: once per submissionId, replacing the day's earlier sheet, never by an older one (takenAt).",
    args: {
      input: t.arg({
        type: builder.inputType('RecordAttendanceInput', {
          fields: (f) => ({
            eventId: f.id({ required: true }),
            occursOn: f.string({ required: true }),
            submissionId: f.id({ required: true, description: 'A UUID made on the phone when the attendance was taken.' }),
            takenAt: f.string({ required: true, description: 'ISO instant it was taken, by the phone.' }),
            marks: f.field({ type: [builder.inputType('AttendanceMarkInput', { fields: (g) => ({ personId: g.id({ required: true }), present: g.boolean({ required: true }), reason: g.string() }) })], required: true }),
          }),
        }),
        required: true,
      }),
    },
    errors: { types: [ConflictError, ...errors] },
    resolve: (_r, { input }, ctx) => recordAttendance(ctx, input),
  }),
);
