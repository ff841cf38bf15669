// When a notice's mails go (schema/notice-schedule.ts, shared by the server and the compose screen): the quiet
// hours in the club's zone, across midnight and the daylight-saving changes; an urgent notice never waits.
import { describe, expect, it } from 'vitest';
import { clubMinuteOfDay, inQuietHours, minuteLabel, noticeDeliveryTime } from '../../schema/notice-schedule';

const NIGHT = { start: 22 * 60, end: 7 * 60 };
const at = (iso: string) => new Date(iso);

describe('notice schedule', () => {
  it('reads the wall clock of Rome in winter and in summer', () => {
    expect(clubMinuteOfDay(at('2026-12-01T21:30:00Z'))).toBe(22 * 60 + 30); // UTC+1
    expect(clubMinuteOfDay(at('2026-07-01T20:30:00Z'))).toBe(22 * 60 + 30); // UTC+2
    expect(minuteLabel(420)).toBe('07:00');
    expect(minuteLabel(1335)).toBe('22:15');
  });

  it('moves a normal notice in the quiet hours to their end, the same night or the next morning', () => {
    // 22:30 -> 07:00 the next day; 03:00 -> 07:00 the same day; 21:59 and 07:00 are outside.
    expect(noticeDeliveryTime(at('2026-12-01T21:30:00Z'), false, NIGHT).toISOString()).toBe('2026-12-02T06:00:00.000Z');
    expect(noticeDeliveryTime(at('2026-12-02T02:00:00Z'), false, NIGHT).toISOString()).toBe('2026-12-02T06:00:00.000Z');
    expect(inQuietHours(at('2026-12-01T20:59:00Z'), NIGHT)).toBe(false);
    expect(inQuietHours(at('2026-12-01T21:00:00Z'), NIGHT)).toBe(true);
    expect(inQuietHours(at('2026-12-02T06:00:00Z'), NIGHT)).toBe(false);
    expect(noticeDeliveryTime(at('2026-12-01T20:59:00Z'), false, NIGHT).toISOString()).toBe('2026-12-01T20:59:00.000Z');
  });

  it('an urgent notice, or a club without quiet hours, never waits', () => {
    expect(noticeDeliveryTime(at('2026-12-01T21:30:00Z'), true, NIGHT).toISOString()).toBe('2026-12-01T21:30:00.000Z');
    expect(noticeDeliveryTime(at('2026-12-01T21:30:00Z'), false, null).toISOString()).toBe('2026-12-01T21:30:00.000Z');
    expect(noticeDeliveryTime(at('2026-12-01T21:30:00Z'), false, { start: 600, end: 600 }).toISOString()).toBe('2026-12-01T21:30:00.000Z');
  });

  it('keeps 07:00 local across the night the clocks change (29 March and 25 October 2026)', () => {
    // 23:00 on 28 March (UTC+1) -> 07:00 on 29 March, already UTC+2: 05:00Z.
    expect(noticeDeliveryTime(at('2026-03-28T22:00:00Z'), false, NIGHT).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // 23:00 on 24 October (UTC+2) -> 07:00 on 25 October, back to UTC+1: 06:00Z.
    expect(noticeDeliveryTime(at('2026-10-24T21:00:00Z'), false, NIGHT).toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });

  it('quiet hours within one day (13:00-15:00) hold a notice until 15:00', () => {
    expect(noticeDeliveryTime(at('2026-12-01T13:00:00Z'), false, { start: 780, end: 900 }).toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });
});
