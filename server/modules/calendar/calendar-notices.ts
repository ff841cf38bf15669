// Telling whoever is concerned that a day of an event changed (issue 38 point 1): the people with an active role in
// the event's groups (athletes and staff alike). Each gets an in-app notification, written in the change's own
// transaction (modules/notifications), and a mail after the commit to whoever receives for them (an adult
// themselves, a minor's guardians: families/recipients.ts); a mail server down or an allowance used up never undoes
// the change (emailNotification skips and logs).
import { clubDate } from '../../../schema/club-time';
import { EVENT_KIND_LABELS, minutesToTime, type EventKind } from '../../../schema/validation/calendar';
import { CLUB, clubSql } from '../../access/club-sql';
import { athleteGroupsOf } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { Notification } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/club-rows';
import { longDate } from '../../lib/italian-dates';
import { createPersonNotification, emailNotification } from '../notifications/notify.service';
import { recipientColumns } from '../families/recipients';

export interface EventNotice {
  notification: Notification;
  to: string | null;
}

interface Concerned {
  id: string;
  account_id: string | null;
  email_primary: string | null;
  recipient_email: string | null;
}

const dayText = (date: string) => longDate(new Date(`${date}T12:00:00Z`));

/** What changed, in the words of the notification: the event, the day, and what happens now. */
export function changeText(event: { title: string; kind: EventKind }, day: string, startMinute: number, change: { cancelled: true } | { cancelled: false; date: string; startMinute: number; venue?: string | null } | { from: true; ended: boolean }, note?: string | null): { title: string; body: string } {
  const what = `${EVENT_KIND_LABELS[event.kind]} «${event.title}»`;
  if ('from' in change) {
    return change.ended
      ? { title: `${event.title}: annullato da ${dayText(day)}`, body: `${what} non si terrà più da ${dayText(day)} in poi.` }
      : { title: `${event.title}: cambia da ${dayText(day)}`, body: `${what} cambia da ${dayText(day)} in poi: guarda il calendario per i nuovi orari.` };
  }
  const when = `${dayText(day)} alle ${minutesToTime(startMinute)}`;
  const body = change.cancelled
    ? `${what} di ${when} è annullato.`
    : `${what} di ${when} si terrà ${dayText(change.date)} alle ${minutesToTime(change.startMinute)}${change.venue ? ` (${change.venue})` : ''}.`;
  return { title: `${event.title}: ${change.cancelled ? 'annullato' : 'cambiato'} ${dayText(day)}`, body: note ? `${body}\n\n${note}` : body };
}

/**
 * The groups a statement on people names: a coach's own (the scope refuses a statement on people that does not take
 * them, club-scope.ts), else the event's.
 */
export const groupsParameter = (ctx: RequestContext, eventGroups: readonly string[]): string[] => [...(athleteGroupsOf(ctx)?.groupIds ?? eventGroups)];

/** Writes the notifications of a change to the people of the event's groups (inside the change's transaction). */
export async function noticeEventChange(tx: Db, clubId: string, eventId: string, groups: readonly string[], text: { title: string; body: string }, now: Date): Promise<EventNotice[]> {
  const people = await tx.$queryRaw<Concerned[]>(clubSql(clubId)`
    SELECT DISTINCT p.id::text, p.account_id::text, p.email_primary, r.recipient_email
    FROM calendar_event_groups eg
    JOIN group_members gm ON gm.group_id = eg.group_id
    JOIN person_roles pr ON pr.id = gm.role_id AND pr.archived_at IS NULL
    JOIN people p ON p.id = pr.person_id
    CROSS JOIN LATERAL (SELECT ${recipientColumns(clubDate(now))}) r
    WHERE eg.club_id = ${CLUB} AND eg.event_id = ${eventId}::uuid AND eg.group_id = ANY(${groups}::uuid[])`);
  const notices: EventNotice[] = [];
  for (const p of people) {
    const notification = await createPersonNotification(tx, { clubId, person: { id: p.id, accountId: p.account_id, emailPrimary: p.email_primary }, ...text });
    notices.push({ notification, to: p.recipient_email });
  }
  return notices;
}

/** Mails the notices after the commit: one mail per address (a guardian of two children in the group gets one). */
export async function mailEventNotices(ctx: RequestContext, notices: readonly EventNotice[]): Promise<void> {
  const sent = new Set<string>();
  for (const { notification, to } of notices) {
    if (!to || sent.has(to)) continue;
    sent.add(to);
    await emailNotification(ctx, notification, to);
  }
}
