// The staff's call-up screen's words and small helpers: days and moments in Italian (the club's wall clock, whatever
// the browser's zone), the deadline's input value and back, the answers' colours, the school letters' addresses.
import { addDays, clubInstant, CLUB_TIME_ZONE } from '../../../../schema/club-time';
import type { CallUpResponse } from '../../../../schema/validation/calendar';

const DAY = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: CLUB_TIME_ZONE });
const WALL = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: CLUB_TIME_ZONE });

/** "domenica 20 settembre 2026" for a YYYY-MM-DD day. */
export const longDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** "12 set, 10:30" for an instant, on the club's clock. */
export const moment = (instant: string) => MOMENT.format(new Date(instant));

export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The days around a series' day in which it may have been moved (the server looks as far). */
export const aroundDay = (day: string) => ({ from: addDays(day, -31), to: addDays(day, 31) });

/** A datetime-local input's value ("2026-09-20T10:30") of an instant, on the club's clock. */
export function wallClockValue(instant: string | Date): string {
  const part = Object.fromEntries(WALL.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** The ISO instant of a datetime-local value read on the club's clock; "" when it is not a complete value. */
export function instantOfWallClock(value: string): string {
  const found = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!found) return '';
  return clubInstant(found[1], Number(found[2]) * 60 + Number(found[3])).toISOString();
}

export const RESPONSE_PALETTE: Record<CallUpResponse, string> = { si: 'green', no: 'red', forse: 'orange' };

/** The school-absence letters of a day's called-up minors (one PDF), or of one athlete. */
export function schoolLettersUrl(eventId: string, occursOn: string, personId?: string): string {
  const query = new URLSearchParams({ eventId, occursOn, ...(personId ? { personId } : {}) });
  return `/api/convocazioni/lettere-scuola.pdf?${query.toString()}`;
}

/** "lettera-scuola-luca-rossi-2026-09-20.pdf" */
export function schoolLetterFilename(occursOn: string, name?: string): string {
  if (!name) return `lettere-scuola-${occursOn}.pdf`;
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `lettera-scuola-${slug || 'atleta'}-${occursOn}.pdf`;
}
