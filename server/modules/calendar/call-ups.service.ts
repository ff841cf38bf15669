// Call-ups (issue 38 point 2): the coach picks athletes for a day of an event; each is checked then, for that day and
// for today: a valid medical certificate (schema/medical-certificates.ts), membership in the libro soci for the
// season of the day, and a card of the event's body (`cardBody`) valid on the day. A blocked athlete is left out
// unless the caller's role may override (callups.override) and gives a reason, which the access log keeps. Each
// athlete's recipients (an adult themselves, a minor's guardians) get a mail with a link to answer (yes, no, maybe
// with a note) before the deadline; athletes and guardians answer in the personal area too. The staff see the
// answers, and the checks again as they stand, and remind who has not answered (at most every 12 hours).
import { addDays, clubDate, clubInstant } from '../../../schema/club-time';
import { certificateState, mayPlay } from '../../../schema/medical-certificates';
import { MSG } from '../../../schema/messages';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { callUpAnswerInput, callUpInput, EVENT_KIND_LABELS, minutesToTime } from '../../../schema/validation/calendar';
import { authorize, clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { CLUB, clubSql } from '../../access/club-sql';
import { callUpDoor, familyClubs, familyDoor } from '../../access/cross-club';
import { canReadHealth, revealHealth } from '../../access/health-data';
import { clubDb } from '../../access/request-db';
import type { RequestContext, Scope } from '../../context';
import type { CallUp } from '../../generated/prisma/client.js';
import { isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { longDate } from '../../lib/italian-dates';
import { hashToken, randomToken } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { isMinorOn } from '../../../schema/validation/families';
import { recipientColumns } from '../families/recipients';
import { EVENT_INCLUDE, type EventRow } from './events.service';
import { groupsParameter } from './calendar-notices';
import { refuseUnlessCoachOf } from './calendar.policy';
import { occurrencesOf } from './occurrences';

/** A reminder to the same athlete at most this often. */
const REMIND_EVERY_MS = 12 * 3600_000;

export interface CheckedAthlete {
  personId: string;
  name: string;
  blockers: string[];
}

/** The event's day as it takes place (a moved day included), or NotFound. */
export async function eventDay(db: Db, clubId: string, eventId: unknown, occursOn: string): Promise<{ event: EventRow; date: string; startMinute: number; venue: string | null }> {
  const event = isUuid(eventId) ? await db.calendarEvent.findFirst({ where: { clubId, id: eventId, cancelledAt: null }, include: EVENT_INCLUDE }) : null;
  if (!event) throw new NotFoundError();
  const exceptions = await db.calendarEventException.findMany({ where: { clubId, eventId: event.id } });
  const closures = await db.clubClosure.findMany({ where: { clubId } });
  const day = occurrencesOf(event, exceptions, closures, addDays(occursOn, -31), addDays(occursOn, 31)).find((o) => o.occursOn === occursOn && !o.cancelled);
  if (!day) throw new ValidationError({ occursOn: CAL_MSG.occurrenceNotFound }, CAL_MSG.occurrenceNotFound);
  const venueId = day.venueId;
  const venue = venueId ? ((await db.venue.findFirst({ where: { clubId, id: venueId }, select: { name: true } }))?.name ?? null) : null;
  return { event, date: day.date, startMinute: day.startMinute, venue };
}

/**
 * The active athletes of the event's groups (or those of `personIds` among them) with what blocks each on `date`
 * and today: the certificate, the membership for the day's season, the card of the event's body.
 */
export async function checkAthletes(db: Db, clubId: string, event: EventRow, date: string, today: string, personIds?: readonly string[]): Promise<CheckedAthlete[]> {
  const roles = await db.personRole.findMany({
    where: { clubId, kind: 'athlete', archivedAt: null, groups: { some: { groupId: { in: event.groups.map((g) => g.groupId) } } }, ...(personIds ? { personId: { in: [...personIds] } } : {}) },
    select: { personId: true, person: { select: { firstname: true, lastname: true, birthday: true } }, athlete: { select: { medicalExaminationExpirationDate: true } } },
    orderBy: [{ person: { lastname: 'asc' } }, { person: { firstname: 'asc' } }],
  });
  const people = [...new Map(roles.map((r) => [r.personId, r])).values()];
  const ids = people.map((r) => r.personId);
  const [season, members, cards] = await Promise.all([
    db.clubSeason.findFirst({ where: { clubId, startsOn: { lte: dateColumn(date) }, endsOn: { gte: dateColumn(date) } }, select: { id: true, label: true } }),
    db.registerMember.findMany({ where: { clubId, personId: { in: ids }, admittedOn: { lte: dateColumn(date) }, OR: [{ exitOn: null }, { exitOn: { gte: dateColumn(date) } }] }, select: { personId: true, seasons: { select: { seasonId: true } } } }),
    event.cardBody ? db.card.findMany({ where: { clubId, personId: { in: ids }, body: { equals: event.cardBody, mode: 'insensitive' }, startsOn: { lte: dateColumn(date) }, expiresOn: { gte: dateColumn(date) } }, select: { personId: true } }) : [],
  ]);
  return people.map((r) => {
    const blockers: string[] = [];
    const expires = dayOf(r.athlete?.medicalExaminationExpirationDate);
    const birthday = dayOf(r.person.birthday);
    if (!mayPlay(certificateState(expires, birthday, today))) blockers.push(CAL_MSG.blockerCertificateToday);
    if (!mayPlay(certificateState(expires, birthday, date))) blockers.push(CAL_MSG.blockerCertificateOnDay(longDate(dateColumn(date))));
    if (!season) blockers.push(CAL_MSG.blockerNoSeason);
    else if (!members.some((m) => m.personId === r.personId && m.seasons.some((s) => s.seasonId === season.id))) blockers.push(CAL_MSG.blockerMembership(season.label));
    if (event.cardBody && !cards.some((c) => c.personId === r.personId)) blockers.push(CAL_MSG.blockerCard(event.cardBody));
    return { personId: r.personId, name: `${r.person.firstname} ${r.person.lastname}`, blockers };
  });
}

/** Who receives for an athlete of the event's groups (families/recipients.ts). */
async function recipientOf(db: Db, ctx: RequestContext, clubId: string, event: EventRow, personId: string, today: string) {
  const groups = groupsParameter(ctx, event.groups.map((g) => g.groupId));
  const [row] = await db.$queryRaw<Array<{ recipient_email: string | null; recipient_names: string | null }>>(clubSql(clubId)`
    SELECT ${recipientColumns(today)} FROM people p
    WHERE p.club_id = ${CLUB} AND p.id = ${personId}::uuid
      AND EXISTS (SELECT 1 FROM person_roles pr JOIN group_members gm ON gm.role_id = pr.id WHERE pr.person_id = p.id AND gm.group_id = ANY(${groups}::uuid[]))`);
  return row;
}

/** The athletes of an event's day with what blocks each (health data: logged as a read). */
export async function callUpCandidates(ctx: RequestContext, eventId: unknown, occursOn: unknown): Promise<CheckedAthlete[]> {
  const { clubId } = clubMember(ctx);
  if (!canReadHealth(ctx)) throw new ForbiddenError(MSG.permissionDenied);
  const { occursOn: day } = parseInput(callUpInput.pick({ occursOn: true }), { occursOn });
  const db = clubDb(ctx);
  const { event, date } = await eventDay(db, clubId, eventId, day);
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  const rows = await checkAthletes(db, clubId, event, date, clubDate(ctx.deps.now()));
  revealHealth(ctx, { personIds: rows.map((r) => r.personId) }, `Convocazione «${event.title}»`);
  return rows;
}

export interface CallUpResult {
  sent: number;
  blocked: CheckedAthlete[];
  message: string;
}

const linkOf = (scope: Pick<Scope, 'deps'>, token: string) => `${scope.deps.config.publicUrl.replace(/\/$/, '')}/convocazione/${token}`;

function callUpMail(clubName: string, who: string, name: string, event: EventRow, date: string, startMinute: number, venue: string | null, deadline: Date, link: string, reminder: boolean) {
  const kind = EVENT_KIND_LABELS[event.kind].toLowerCase();
  const match = event.kind === 'partita' && event.opponent ? ` contro ${event.opponent} (${event.home ? 'in casa' : 'in trasferta'})` : '';
  const meeting = event.meetingMinute !== null ? `Ritrovo alle ${minutesToTime(event.meetingMinute)}${event.meetingPlace ? `, ${event.meetingPlace}` : ''}.` : '';
  return {
    subject: `${clubName}: ${reminder ? 'rispondi alla convocazione' : 'convocazione'} di ${name} per ${longDate(dateColumn(date))}`,
    text: [
      `Gentile ${who},`,
      '',
      `${name} è convocato/a per ${kind} «${event.title}»${match} ${longDate(dateColumn(date))} alle ${minutesToTime(startMinute)}${venue ? `, ${venue}` : ''}.`,
      meeting,
      '',
      `Rispondi (sì, no o forse) entro ${longDate(deadline)} alle ${deadline.toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' })}:`,
      link,
      '',
      'Puoi rispondere anche dalla tua area personale.',
      '',
      clubName,
    ].filter((l, i, all) => l !== '' || all[i - 1] !== '').join('\n'),
  };
}

/** Calls athletes up for a day of an event, mails their recipients with the link to answer. */
export async function sendCallUps(ctx: RequestContext, raw: unknown): Promise<CallUpResult> {
  const { clubId, accountId } = clubMember(ctx);
  if (!canReadHealth(ctx)) throw new ForbiddenError(MSG.permissionDenied);
  const input = parseInput(callUpInput, raw);
  const db = clubDb(ctx);
  const now = ctx.deps.now();
  const today = clubDate(now);
  const { event, date, startMinute, venue } = await eventDay(db, clubId, input.eventId, input.occursOn);
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  const starts = clubInstant(date, startMinute);
  const deadline = input.deadline ? new Date(input.deadline) : starts;
  if (deadline > starts || deadline <= now) throw new ValidationError({ deadline: CAL_MSG.callUpDeadlineInvalid }, CAL_MSG.callUpDeadlineInvalid);
  const checked = await checkAthletes(db, clubId, event, date, today, input.personIds);
  if (checked.length !== new Set(input.personIds).size) throw new ValidationError({ personIds: CAL_MSG.callUpNotAthlete }, CAL_MSG.callUpNotAthlete);
  revealHealth(ctx, { personIds: checked.map((r) => r.personId) }, `Convocazione «${event.title}»`);
  const overrides = new Map(input.overrides.map((o) => [o.personId, o.reason]));
  const overridden = checked.filter((c) => c.blockers.length && overrides.has(c.personId));
  if (overridden.length) {
    try {
      authorize(clubMember(ctx), 'callups.override');
    } catch {
      throw new ForbiddenError(CAL_MSG.callUpOverrideForbidden);
    }
  }
  const blocked = checked.filter((c) => c.blockers.length && !overrides.has(c.personId));
  const called = checked.filter((c) => !c.blockers.length || overrides.has(c.personId));
  const club = await db.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
  const mails: Array<{ to: string; subject: string; text: string }> = [];
  await db.$transaction(async (tx) => {
    for (const c of called) {
      const token = randomToken();
      const row = await tx.callUp.upsert({
        where: { eventId_occursOn_personId: { eventId: event.id, occursOn: dateColumn(input.occursOn), personId: c.personId } },
        create: { clubId, eventId: event.id, occursOn: dateColumn(input.occursOn), personId: c.personId, blockers: c.blockers, overrideReason: overrides.get(c.personId) ?? null, overriddenBy: overrides.has(c.personId) && c.blockers.length ? accountId : null, deadline, tokenHash: hashToken(token), notifiedAt: now, createdBy: accountId },
        // Called up again: the checks and deadline renewed, a new link (the old one stops), the answer kept.
        update: { blockers: c.blockers, overrideReason: overrides.get(c.personId) ?? null, overriddenBy: overrides.has(c.personId) && c.blockers.length ? accountId : null, deadline, tokenHash: hashToken(token), notifiedAt: now, withdrawnAt: null },
      });
      if (row.overrideReason && c.blockers.length) {
        describeChange(tx, { action: 'update', entityType: 'person', entityId: c.personId, personId: c.personId, entityLabel: c.name, detail: `Convocato/a per «${event.title}» del ${date} senza i requisiti (${c.blockers.join('; ')}): ${row.overrideReason}` });
      }
      const recipient = await recipientOf(tx, ctx, clubId, event, c.personId, today);
      if (recipient?.recipient_email) mails.push({ to: recipient.recipient_email, ...callUpMail(club.fullName, recipient.recipient_names ?? c.name, c.name, event, date, startMinute, venue, deadline, linkOf(ctx, token), false) });
    }
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Convocazione per «${event.title}» del ${date}: ${called.length} atleti` });
  });
  // After the commit: a mail server down or an allowance used up never undoes the call-up (the staff can remind).
  for (const mail of mails) {
    try {
      await ctx.deps.mailer.send(mail, { club: clubId });
    } catch (err) {
      ctx.deps.log.warn({ err, clubId }, 'call-up mail not sent');
    }
  }
  const message = [called.length ? CAL_MSG.callUpSent(called.length) : null, blocked.length ? CAL_MSG.callUpBlocked(blocked.length) : null].filter(Boolean).join(' ');
  return { sent: called.length, blocked, message };
}

export interface CallUpRow {
  callUp: CallUp;
  name: string;
  /** The checks as they stand now, for the day. */
  blockersNow: string[];
  /** Under 18 on the day: the school-absence letter concerns them. */
  minor: boolean;
  school: string | null;
}

/** The call-ups of an event's day with the answers and the checks as they stand (health data: logged). */
export async function callUpList(ctx: RequestContext, eventId: unknown, occursOn: unknown): Promise<CallUpRow[]> {
  const { clubId } = clubMember(ctx);
  const { occursOn: day } = parseInput(callUpInput.pick({ occursOn: true }), { occursOn });
  const db = clubDb(ctx);
  const { event, date } = await eventDay(db, clubId, eventId, day);
  const rows = await db.callUp.findMany({ where: { clubId, eventId: event.id, occursOn: dateColumn(day), withdrawnAt: null }, include: { person: { select: { birthday: true, school: { select: { name: true } } } } } });
  const checked = new Map((await checkAthletes(db, clubId, event, date, clubDate(ctx.deps.now()), rows.map((r) => r.personId))).map((c) => [c.personId, c]));
  // A certificate's state is health data: shown (and logged as read) to the roles that read health only.
  const health = canReadHealth(ctx);
  if (health) revealHealth(ctx, { personIds: rows.map((r) => r.personId) }, `Convocazione «${event.title}»`);
  const visible = (blockers: string[]) => (health ? blockers : blockers.filter((b) => !b.startsWith('Certificato medico')));
  return rows
    .map(({ person, ...callUp }) => ({
      callUp: { ...callUp, blockers: visible(callUp.blockers) },
      name: checked.get(callUp.personId)?.name ?? '',
      blockersNow: visible(checked.get(callUp.personId)?.blockers ?? []),
      minor: isMinorOn(dayOf(person.birthday), date),
      school: person.school?.name ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

/** Mails who has not answered yet (and was not reminded in the last 12 hours), with a new link each. */
export async function remindCallUps(ctx: RequestContext, eventId: unknown, occursOn: unknown): Promise<{ reminded: number; message: string }> {
  const { clubId } = clubMember(ctx);
  const { occursOn: day } = parseInput(callUpInput.pick({ occursOn: true }), { occursOn });
  const db = clubDb(ctx);
  const now = ctx.deps.now();
  const { event, date, startMinute, venue } = await eventDay(db, clubId, eventId, day);
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  const club = await db.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
  const pending = await db.callUp.findMany({
    where: { clubId, eventId: event.id, occursOn: dateColumn(day), withdrawnAt: null, response: null, deadline: { gt: now }, OR: [{ remindedAt: null }, { remindedAt: { lt: new Date(now.getTime() - REMIND_EVERY_MS) } }] },
    include: { person: { select: { firstname: true, lastname: true } } },
  });
  let reminded = 0;
  for (const c of pending) {
    const token = randomToken();
    const recipient = await recipientOf(db, ctx, clubId, event, c.personId, clubDate(now));
    await db.callUp.update({ where: { id: c.id }, data: { tokenHash: hashToken(token), remindedAt: now } });
    if (!recipient?.recipient_email) continue;
    const name = `${c.person.firstname} ${c.person.lastname}`;
    try {
      await ctx.deps.mailer.send({ to: recipient.recipient_email, ...callUpMail(club.fullName, recipient.recipient_names ?? name, name, event, date, startMinute, venue, c.deadline!, linkOf(ctx, token), true) }, { club: clubId });
      reminded++;
    } catch (err) {
      ctx.deps.log.warn({ err, clubId }, 'call-up reminder not sent');
    }
  }
  return { reminded, message: CAL_MSG.callUpReminded(reminded) };
}

/** Withdraws an athlete's call-up (kept, marked; the link stops answering). */
export async function withdrawCallUp(ctx: RequestContext, id: unknown): Promise<{ message: string; id: string }> {
  const { clubId } = clubMember(ctx);
  const db = clubDb(ctx);
  const row = isUuid(id) ? await db.callUp.findFirst({ where: { clubId, id }, include: { event: { include: EVENT_INCLUDE } } }) : null;
  if (!row) throw new NotFoundError();
  refuseUnlessCoachOf(ctx, row.event.groups.map((g) => g.groupId));
  await db.callUp.update({ where: { id: row.id }, data: { withdrawnAt: row.withdrawnAt ?? ctx.deps.now() } });
  return { message: CAL_MSG.callUpWithdrawn, id: row.id };
}

export interface CallUpView {
  callUp: CallUp;
  personName: string;
  clubName: string;
  event: EventRow;
  date: string;
  startMinute: number;
  venue: string | null;
  open: boolean;
}

async function viewOf(db: Db, callUp: CallUp & { person: { firstname: string; lastname: string } }, now: Date): Promise<CallUpView> {
  const { event, date, startMinute, venue } = await eventDay(db, callUp.clubId, callUp.eventId, dayOf(callUp.occursOn)!).catch(async () => {
    // The day was cancelled or moved away since: shown as it was called, closed.
    const event = await db.calendarEvent.findFirstOrThrow({ where: { id: callUp.eventId }, include: EVENT_INCLUDE });
    return { event, date: dayOf(callUp.occursOn)!, startMinute: event.startMinute, venue: null };
  });
  const club = await db.club.findUniqueOrThrow({ where: { id: callUp.clubId }, select: { fullName: true } });
  const open = !callUp.withdrawnAt && !event.cancelledAt && (!callUp.deadline || callUp.deadline > now);
  return { callUp, personName: `${callUp.person.firstname} ${callUp.person.lastname}`, clubName: club.fullName, event, date, startMinute, venue, open };
}

async function recordAnswer(db: Db, view: CallUpView, raw: unknown, accountId: string | null, now: Date): Promise<{ message: string; view: CallUpView }> {
  const input = parseInput(callUpAnswerInput, raw);
  if (view.callUp.withdrawnAt) throw new ConflictError(CAL_MSG.callUpWithdrawn);
  if (!view.open) throw new ConflictError(CAL_MSG.callUpClosed);
  const callUp = await db.callUp.update({ where: { id: view.callUp.id }, data: { response: input.response, responseNote: input.note ?? null, respondedAt: now, respondedBy: accountId } });
  return { message: CAL_MSG.callUpAnswered, view: { ...view, callUp } };
}

/** The call-up a mail's link names (no session: the token is the proof); null when unknown. */
export async function callUpByToken(scope: Pick<Scope, 'deps'>, token: unknown): Promise<CallUpView | null> {
  const door = typeof token === 'string' && /^[\w-]{20,100}$/.test(token) ? await callUpDoor(scope, hashToken(token)) : null;
  if (!door) return null;
  const callUp = await door.db.callUp.findUniqueOrThrow({ where: { id: door.callUp.id }, include: { person: { select: { firstname: true, lastname: true } } } });
  return viewOf(door.db, callUp, scope.deps.now());
}

export async function answerCallUpByToken(scope: Pick<Scope, 'deps'>, token: unknown, raw: unknown): Promise<{ message: string; view: CallUpView }> {
  const view = await callUpByToken(scope, token);
  if (!view) throw new NotFoundError();
  const door = (await callUpDoor(scope, hashToken(String(token))))!;
  return recordAnswer(door.db, view, raw, null, scope.deps.now());
}

/** The call-ups of the account's family from yesterday on, soonest first (the personal area). */
export async function myCallUps(ctx: RequestContext): Promise<CallUpView[]> {
  const now = ctx.deps.now();
  const since = dateColumn(addDays(clubDate(now), -1));
  const views: CallUpView[] = [];
  for (const { members, db } of await familyClubs(ctx)) {
    const rows = await db.callUp.findMany({ where: { personId: { in: members.map((m) => m.personId) }, withdrawnAt: null, occursOn: { gte: since } }, include: { person: { select: { firstname: true, lastname: true } } }, orderBy: { occursOn: 'asc' } });
    for (const row of rows) views.push(await viewOf(db, row, now));
  }
  return views.sort((a, b) => a.date.localeCompare(b.date) || a.startMinute - b.startMinute);
}

/** An answer in the personal area: the call-up's person must be of the family, with the right to answer. */
export async function answerMyCallUp(ctx: RequestContext, id: unknown, raw: unknown): Promise<{ message: string; view: CallUpView }> {
  if (!isUuid(id)) throw new NotFoundError();
  for (const { members, db } of await familyClubs(ctx)) {
    const callUp = await db.callUp.findFirst({ where: { id, personId: { in: members.map((m) => m.personId) } }, include: { person: { select: { firstname: true, lastname: true } } } });
    if (!callUp) continue;
    // The relation decides (a minor answers their own; a guardian their children's): ForbiddenError otherwise.
    await familyDoor(ctx, callUp.personId, 'family.callups.answer');
    return recordAnswer(db, await viewOf(db, callUp, ctx.deps.now()), raw, ctx.viewer!.accountId, ctx.deps.now());
  }
  // Another family's or another club's call-up answers like an unknown id.
  throw new NotFoundError();
}
