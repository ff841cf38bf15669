// Group channels' words and small rules (issue 39 point 4), pure (tests/client/channel-labels.test.ts): when a message
// was written, told as a chat tells it (the club's clock), where "Nuovi messaggi" goes, the older pages joined to the
// newest. No zod here: the area's first page lists the channels with these.
import { addDays, clubDate, CLUB_TIME_ZONE } from '../../../../schema/club-time';

const TIME = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, day: 'numeric', month: 'short' });
const DAY_YEAR = new Intl.DateTimeFormat('it-IT', { timeZone: CLUB_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });

/** "12 set" this year, "12 set 2025" another one. */
function dayOf(at: Date, now: Date): string {
  return (clubDate(at).slice(0, 4) === clubDate(now).slice(0, 4) ? DAY : DAY_YEAR).format(at);
}

/** A list's last message: "adesso", "5 min fa", "2 ore fa" (today), "ieri", "12 set". */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  const today = clubDate(now);
  const day = clubDate(at);
  if (minutes < 1) return 'adesso';
  if (minutes < 60) return `${minutes} min fa`;
  if (day === today) {
    const hours = Math.floor(minutes / 60);
    return hours === 1 ? '1 ora fa' : `${hours} ore fa`;
  }
  if (day === addDays(today, -1)) return 'ieri';
  return dayOf(at, now);
}

/** A message's time in the conversation: "oggi, 09:15", "ieri, 18:30", "12 set, 09:15". */
export function messageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const today = clubDate(now);
  const day = clubDate(at);
  const label = day === today ? 'oggi' : day === addDays(today, -1) ? 'ieri' : dayOf(at, now);
  return `${label}, ${TIME.format(at)}`;
}

/** "1 nuovo", "3 nuovi". */
export const unreadLabel = (count: number) => (count === 1 ? '1 nuovo' : `${count} nuovi`);

/** What a message is in a list's preview: its text on one line, or why there is none. */
export function previewText(last: { body: string; hidden: boolean }): string {
  if (last.hidden) return 'Messaggio nascosto';
  const text = last.body.replace(/\s+/g, ' ').trim();
  return text || 'Allegato';
}

interface Dated {
  id: string;
  createdAt: string;
  mine: boolean;
}

/** The older pages loaded, then the newest page (polled): each message once, oldest first. */
export function joinPages<M extends { id: string }>(older: readonly M[], newest: readonly M[]): M[] {
  const seen = new Set(newest.map((m) => m.id));
  return [...older.filter((m) => !seen.has(m.id)), ...newest];
}

/**
 * Where "Nuovi messaggi" goes: before the first message of someone else written after what the account had read
 * (`lastReadAt`; never read: the first of someone else). -1 when nothing is new.
 */
export function firstNewIndex(messages: readonly Dated[], lastReadAt: string | null): number {
  const read = lastReadAt ? new Date(lastReadAt).getTime() : -Infinity;
  return messages.findIndex((m) => !m.mine && new Date(m.createdAt).getTime() > read);
}
