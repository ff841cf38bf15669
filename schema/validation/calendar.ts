// The calendar's forms (issue 38), one schema each, so the server refuses with the words the form shows. Days are
// YYYY-MM-DD, times hh:mm on the club's wall clock (Europe/Rome).
import { z } from 'zod';
import { MSG } from '../messages';
import { CAL_MSG } from '../messages-calendar';
import { blankToUndefined, isoDate, optionalText, requiredText } from './fields';

export const EVENT_KINDS = ['allenamento', 'partita', 'evento'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_KIND_LABELS: Record<EventKind, string> = { allenamento: 'Allenamento', partita: 'Partita', evento: 'Evento' };
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A repeating event ends within this many days of its first one (a season and a bit). */
export const MAX_SERIES_DAYS = 400;
/** The calendar is read at most this many days at a time (a month view with its margins, a list of a quarter). */
export const MAX_RANGE_DAYS = 93;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** hh:mm to minutes after midnight. */
export const time = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message })
      .transform((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3))),
  );
export const minutesToTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const shortText = (message: string) => requiredText(message).pipe(z.string().max(120, { error: MSG.textTooLong }));
const optionalShort = optionalText.pipe(z.string().max(120, { error: MSG.textTooLong }).optional());
const duration = z.number({ error: CAL_MSG.eventDurationInvalid }).int({ error: CAL_MSG.eventDurationInvalid }).min(15, { error: CAL_MSG.eventDurationInvalid }).max(720, { error: CAL_MSG.eventDurationInvalid });

export const repeatInput = z.object({
  weekdays: z.array(z.enum(WEEKDAYS, { error: CAL_MSG.eventWeekdaysRequired }), { error: CAL_MSG.eventWeekdaysRequired }).min(1, { error: CAL_MSG.eventWeekdaysRequired }).max(7),
  intervalWeeks: z.preprocess(blankToUndefined, z.number({ error: CAL_MSG.eventIntervalInvalid }).int({ error: CAL_MSG.eventIntervalInvalid }).min(1, { error: CAL_MSG.eventIntervalInvalid }).max(4, { error: CAL_MSG.eventIntervalInvalid }).default(1)),
  until: isoDate(CAL_MSG.eventRepeatUntilInvalid),
});

export const saveEventInput = z
  .object({
    id: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional()),
    kind: z.enum(EVENT_KINDS, { error: CAL_MSG.eventKindInvalid }),
    title: shortText(CAL_MSG.eventTitleRequired),
    groupIds: z.array(z.uuid({ error: MSG.idInvalid }), { error: CAL_MSG.eventGroupsRequired }).min(1, { error: CAL_MSG.eventGroupsRequired }).max(40),
    venueId: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional()),
    startsOn: isoDate(CAL_MSG.eventDateRequired),
    startTime: time(CAL_MSG.eventTimeInvalid),
    durationMinutes: duration,
    repeat: repeatInput.nullish(),
    skipClosures: z.boolean().default(true),
    opponent: optionalShort,
    home: z.boolean().nullish(),
    competition: optionalShort,
    cardBody: optionalShort,
    meetingTime: time(CAL_MSG.eventTimeInvalid).nullish(),
    meetingPlace: optionalShort,
    notes: optionalText.pipe(z.string().max(2000, { error: MSG.textTooLong }).optional()),
  })
  .refine((e) => !e.repeat || (e.repeat.until > e.startsOn && daysBetween(e.startsOn, e.repeat.until) <= MAX_SERIES_DAYS), { path: ['repeat', 'until'], error: CAL_MSG.eventRepeatUntilInvalid })
  .refine((e) => e.kind !== 'partita' || typeof e.home === 'boolean', { path: ['home'], error: CAL_MSG.matchHomeRequired });
export type SaveEventInput = z.output<typeof saveEventInput>;

/** One occurrence (the day it was due) changed or cancelled, or the series from that day on. */
export const occurrenceChangeInput = z.object({
  eventId: z.uuid({ error: MSG.idInvalid }),
  occursOn: isoDate(CAL_MSG.eventDateRequired),
  cancel: z.boolean().default(false),
  startsOn: z.preprocess(blankToUndefined, isoDate(CAL_MSG.eventDateRequired).optional()),
  startTime: time(CAL_MSG.eventTimeInvalid).nullish(),
  durationMinutes: duration.nullish(),
  venueId: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).nullish()),
  note: optionalText.pipe(z.string().max(500, { error: MSG.textTooLong }).optional()),
});

export const venueInput = z.object({
  id: z.preprocess(blankToUndefined, z.uuid({ error: MSG.idInvalid }).optional()),
  name: shortText(CAL_MSG.venueNameRequired),
  address: optionalText.pipe(z.string().max(300, { error: MSG.textTooLong }).optional()),
});

export const closureInput = z
  .object({ startsOn: isoDate(CAL_MSG.closurePeriodInvalid), endsOn: isoDate(CAL_MSG.closurePeriodInvalid), reason: shortText(CAL_MSG.closureReasonRequired) })
  .refine((c) => c.startsOn <= c.endsOn && daysBetween(c.startsOn, c.endsOn) <= 92, { path: ['endsOn'], error: CAL_MSG.closurePeriodInvalid });

export const calendarRangeInput = z
  .object({ from: isoDate(CAL_MSG.calendarRangeInvalid), to: isoDate(CAL_MSG.calendarRangeInvalid) })
  .refine((r) => r.from <= r.to && daysBetween(r.from, r.to) <= MAX_RANGE_DAYS, { path: ['to'], error: CAL_MSG.calendarRangeInvalid });

export const CALL_UP_RESPONSES = ['si', 'no', 'forse'] as const;
export type CallUpResponse = (typeof CALL_UP_RESPONSES)[number];
export const CALL_UP_RESPONSE_LABELS: Record<CallUpResponse, string> = { si: 'Sì', no: 'No', forse: 'Forse' };
/** The most athletes one call-up names (a squad and more). */
export const MAX_CALL_UP = 60;

export const callUpInput = z.object({
  eventId: z.uuid({ error: MSG.idInvalid }),
  occursOn: isoDate(CAL_MSG.eventDateRequired),
  personIds: z.array(z.uuid({ error: MSG.idInvalid }), { error: CAL_MSG.callUpPeopleRequired }).min(1, { error: CAL_MSG.callUpPeopleRequired }).max(MAX_CALL_UP),
  /** When answers close (ISO instant); none: at the event's start. */
  deadline: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true, error: CAL_MSG.callUpDeadlineInvalid }).optional()),
  /** Athletes the checks block, called up all the same: each with its reason (callups.override). */
  overrides: z
    .array(z.object({ personId: z.uuid({ error: MSG.idInvalid }), reason: requiredText(CAL_MSG.callUpOverrideReasonRequired).pipe(z.string().max(300, { error: MSG.textTooLong })) }))
    .max(MAX_CALL_UP)
    .default([]),
});

export const callUpAnswerInput = z.object({
  response: z.enum(CALL_UP_RESPONSES, { error: CAL_MSG.callUpResponseInvalid }),
  note: optionalText.pipe(z.string().max(300, { error: MSG.textTooLong }).optional()),
});

/** The attendance of a day, as the phone took it: every athlete's mark, the phone's own id for the submission. */
export const attendanceInput = z.object({
  eventId: z.uuid({ error: MSG.idInvalid }),
  occursOn: isoDate(CAL_MSG.eventDateRequired),
  submissionId: z.uuid({ error: MSG.idInvalid }),
  takenAt: z.iso.datetime({ offset: true, error: MSG.idInvalid }),
  marks: z
    .array(z.object({ personId: z.uuid({ error: MSG.idInvalid }), present: z.boolean(), reason: optionalText.pipe(z.string().max(200, { error: MSG.textTooLong }).optional()) }))
    .min(1, { error: CAL_MSG.attendanceNotAthlete })
    .max(150),
});

export const attendanceRangeInput = z
  .object({ from: isoDate(CAL_MSG.attendanceRangeInvalid), to: isoDate(CAL_MSG.attendanceRangeInvalid) })
  .refine((r) => r.from <= r.to && daysBetween(r.from, r.to) <= MAX_SERIES_DAYS, { path: ['to'], error: CAL_MSG.attendanceRangeInvalid });

/** The school-absence letter's text when the club has not written its own: {placeholders} filled per athlete. */
export const SCHOOL_LETTER_TEMPLATE = [
  'Con la presente si comunica che {atleta}, nato/a il {nascita}, tesserato/a della nostra società, è convocato/a per {evento} del giorno {data}{luogo}, con ritrovo alle ore {ritrovo} e termine previsto alle ore {fine}.',
  'Si chiede pertanto di voler giustificare l’assenza dalle lezioni, o l’uscita anticipata, per la giornata indicata.',
  'Ringraziando per la collaborazione, si porgono distinti saluti.',
].join('\n\n');
export const SCHOOL_LETTER_PLACEHOLDERS = ['atleta', 'nascita', 'evento', 'data', 'luogo', 'ritrovo', 'inizio', 'fine', 'societa'] as const;

export const schoolLetterTemplateInput = z
  .string({ error: CAL_MSG.schoolLetterTemplateInvalid })
  .trim()
  .refine((t) => !t || (t.includes('{atleta}') && t.length <= 3000), { error: CAL_MSG.schoolLetterTemplateInvalid });

export const schoolNameInput = z.string({ error: CAL_MSG.schoolNameInvalid }).trim().max(200, { error: CAL_MSG.schoolNameInvalid });

export const schoolLettersInput = z.object({ occursOn: isoDate(CAL_MSG.eventDateRequired) });
