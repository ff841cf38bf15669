// School-absence letters (issue 38 point 5): for a match or a trip on a school day, the letter to each called-up
// minor's school asking to excuse the absence, from the club's template (its own text or SCHOOL_LETTER_TEMPLATE):
// the athlete, the school if the club knows it (person_schools), the day, the meeting and end times, the place,
// signed for the club by its legal representative. One PDF, a page per athlete, for one athlete or all of a day.
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { z } from 'zod';
import { clubDate } from '../../../schema/club-time';
import { CAL_MSG } from '../../../schema/messages-calendar';
import { isMinorOn } from '../../../schema/validation/families';
import { EVENT_KIND_LABELS, minutesToTime, SCHOOL_LETTER_TEMPLATE, schoolLetterTemplateInput, schoolLettersInput, schoolNameInput } from '../../../schema/validation/calendar';
import { logExport } from '../../access/access-log';
import { authorizeMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import { clubRowWhere, isUuid } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { longDate } from '../../lib/italian-dates';
import { renderPdf } from '../../lib/pdf';
import { parseInput } from '../../lib/validate';
import { refuseUnlessCoachOf } from './calendar.policy';
import { eventDay } from './call-ups.service';
import { holidaysOf } from './occurrences';
import { postalAddressLine } from '../../lib/postal-address';

/** The template the club's letters use, and whether it is the club's own. */
export async function schoolLetterTemplate(ctx: RequestContext): Promise<{ template: string; custom: boolean }> {
  const { clubId } = authorizeMember(ctx, 'calendar.read');
  const club = await clubDb(ctx).club.findUniqueOrThrow({ where: { id: clubId }, select: { schoolLetterTemplate: true } });
  return { template: club.schoolLetterTemplate ?? SCHOOL_LETTER_TEMPLATE, custom: club.schoolLetterTemplate !== null };
}

/** The club's own text (club.write); empty: back to the default. */
export async function saveSchoolLetterTemplate(ctx: RequestContext, raw: unknown): Promise<{ message: string; template: string; custom: boolean }> {
  const { clubId } = authorizeMember(ctx, 'club.write');
  const text = parseInput(z.object({ template: schoolLetterTemplateInput }), { template: raw ?? '' }, { summary: 'first' }).template;
  const custom = text && text !== SCHOOL_LETTER_TEMPLATE ? text : null;
  await clubDb(ctx).$transaction(async (tx) => {
    await tx.club.update({ where: { id: clubId }, data: { schoolLetterTemplate: custom } });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: custom ? 'Modello della lettera per la scuola modificato' : 'Modello della lettera per la scuola riportato a quello predefinito' });
  });
  return { message: CAL_MSG.schoolLetterTemplateSaved, template: custom ?? SCHOOL_LETTER_TEMPLATE, custom: custom !== null };
}

/** The school an athlete attends (calendar.write; a coach: athletes of their groups); an empty name removes it. */
export async function savePersonSchool(ctx: RequestContext, personId: unknown, rawName: unknown): Promise<{ message: string; personId: string; school: string | null }> {
  const { clubId } = authorizeMember(ctx, 'calendar.write');
  const name = parseInput(z.object({ school: schoolNameInput }), { school: rawName ?? '' }, { summary: 'first' }).school;
  const db = clubDb(ctx);
  const person = isUuid(personId)
    ? await db.person.findFirst({ where: clubRowWhere(clubId, personId), select: { id: true, firstname: true, lastname: true } })
    : null;
  // A coach's scope holds only the people of the groups they coach: another athlete is not found.
  if (!person) throw new NotFoundError();
  return db.$transaction(async (tx) => {
    if (name) await tx.personSchool.upsert({ where: { personId: person.id }, create: { clubId, personId: person.id, name }, update: { name } });
    else await tx.personSchool.deleteMany({ where: { clubId, personId: person.id } });
    describeChange(tx, { action: 'update', entityType: 'person', entityId: person.id, entityLabel: `${person.firstname} ${person.lastname}`, detail: name ? `Scuola: ${name}` : 'Scuola tolta' });
    return { message: name ? CAL_MSG.schoolSaved : CAL_MSG.schoolCleared, personId: person.id, school: name || null };
  });
}

/** Monday to Saturday, not one of Italy's national holidays: the days a pupil is at school. */
export const isSchoolDay = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0 && !holidaysOf(Number(date.slice(0, 4))).has(date);

/** The template with its {placeholders} filled; an unknown one stays as written. */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * GET /api/convocazioni/lettere-scuola.pdf?eventId=&occursOn=[&personId=]: the letters of a day's called-up minors
 * (or one of them), for calendar.write (a coach: events of their groups). Logged as an export: it names minors.
 */
export async function schoolLetters(ctx: RequestContext, args: { eventId: unknown; occursOn: unknown; personId?: unknown }): Promise<{ filename: string; body: Buffer }> {
  const { clubId } = authorizeMember(ctx, 'calendar.write');
  const { occursOn } = parseInput(schoolLettersInput, { occursOn: args.occursOn }, { summary: 'first' });
  if (args.personId !== undefined && !isUuid(args.personId)) throw new NotFoundError();
  const db = clubDb(ctx);
  const { event, date, startMinute, venue } = await eventDay(db, clubId, args.eventId, occursOn);
  refuseUnlessCoachOf(ctx, event.groups.map((g) => g.groupId));
  if (!isSchoolDay(date)) throw new ValidationError({ occursOn: CAL_MSG.schoolLetterNotSchoolDay }, CAL_MSG.schoolLetterNotSchoolDay);
  const [club, callUps] = await Promise.all([
    db.club.findUniqueOrThrow({ where: { id: clubId }, include: { legalAddress: true, clubAddress: true } }),
    db.callUp.findMany({
      where: { clubId, eventId: event.id, occursOn: dateColumn(occursOn), withdrawnAt: null, ...(args.personId ? { personId: args.personId } : {}) },
      select: { person: { select: { id: true, firstname: true, lastname: true, birthday: true, school: { select: { name: true } } } } },
      orderBy: [{ person: { lastname: 'asc' } }, { person: { firstname: 'asc' } }],
    }),
  ]);
  if (args.personId && callUps.length === 0) throw new NotFoundError();
  const minors = callUps.map((c) => c.person).filter((p) => isMinorOn(dayOf(p.birthday), date));
  if (minors.length === 0) {
    const message = args.personId ? CAL_MSG.schoolLetterNotMinor : CAL_MSG.schoolLetterNoMinors;
    throw new ValidationError({ personId: message }, message);
  }
  const seat = club.legalAddress ?? club.clubAddress;
  const meeting = event.meetingMinute ?? startMinute;
  const where = event.kind === 'partita' && !event.home ? (event.meetingPlace ? `, in trasferta (ritrovo: ${event.meetingPlace})` : ', in trasferta') : venue ? ` presso ${venue}` : event.meetingPlace ? ` presso ${event.meetingPlace}` : '';
  const what = event.kind === 'partita' ? `la partita «${event.title}»${event.opponent ? ` contro ${event.opponent}` : ''}` : `${EVENT_KIND_LABELS[event.kind].toLowerCase()} «${event.title}»`;
  const template = club.schoolLetterTemplate ?? SCHOOL_LETTER_TEMPLATE;
  const today = longDate(dateColumn(clubDate(ctx.deps.now())));
  const pages: Content[] = minors.map((p, i) => {
    const athlete = `${p.firstname} ${p.lastname}`;
    const text = fill(template, {
      atleta: athlete,
      nascita: p.birthday ? longDate(p.birthday) : '—',
      evento: what,
      data: longDate(dateColumn(date)),
      luogo: where,
      ritrovo: minutesToTime(meeting),
      inizio: minutesToTime(startMinute),
      fine: minutesToTime(startMinute + event.durationMinutes),
      societa: club.fullName,
    });
    return {
      stack: [
        { text: club.companyName || club.fullName, bold: true, fontSize: 14 },
        { text: [postalAddressLine(seat), club.fiscalCode ? `C.F. ${club.fiscalCode}` : null, club.emailPrimary, club.phonePrimary].filter(Boolean).join(' · '), fontSize: 9, color: '#555555', margin: [0, 2, 0, 28] },
        { text: 'Al Dirigente Scolastico', alignment: 'right' },
        { text: p.school?.name ?? 'dell’istituto frequentato dall’alunno/a', alignment: 'right', bold: Boolean(p.school), margin: [0, 0, 0, 24] },
        { text: `${seat?.city ? `${seat.city}, ` : ''}${today}`, margin: [0, 0, 0, 16] },
        { text: [{ text: 'Oggetto: ', bold: true }, `giustificazione dell’assenza di ${athlete} del giorno ${longDate(dateColumn(date))}`], margin: [0, 0, 0, 16] },
        ...text.split(/\n\s*\n/).map((paragraph) => ({ text: paragraph.trim(), margin: [0, 0, 0, 10] as [number, number, number, number], lineHeight: 1.25 })),
        { text: `Per ${club.companyName || club.fullName}`, margin: [0, 28, 0, 2], alignment: 'right' },
        { text: 'Il legale rappresentante', alignment: 'right' },
        { text: club.legalRepresentativeNameSurname ?? '', alignment: 'right', bold: true, margin: [0, 2, 0, 30] },
        { text: '______________________________', alignment: 'right' },
      ],
      ...(i > 0 ? { pageBreak: 'before' as const } : {}),
    };
  });
  const definition: TDocumentDefinitions = {
    info: { title: `Lettere per la scuola: ${event.title}, ${date}`, author: club.fullName, creator: 'CampoBase' },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    defaultStyle: { fontSize: 11 },
    content: pages,
  };
  const body = await renderPdf(definition);
  logExport(ctx, { entityType: 'club', entityId: clubId, detail: `Lettere per la scuola: «${event.title}» del ${date} (${minors.length} ${minors.length === 1 ? 'atleta' : 'atleti'})` });
  const single = args.personId ? minors[0] : null;
  const slug = single ? `-${`${single.firstname}-${single.lastname}`.normalize('NFD').replace(/[^\w-]+/g, '').toLowerCase()}` : '';
  return { filename: `${single ? 'lettera' : 'lettere'}-scuola${slug}-${date}.pdf`, body };
}

