// The club's approval queue of online registrations (issue 36 point 3): approve (the people, their athlete role,
// the guardian and guardianship, the register entry with its number and the season's membership, the group, the
// medical certificate and the consents, in one transaction per submission), send back for changes, or reject with a
// reason; the registrant is told by mail each time. A person already in the registry with the same tax code is that
// person (the queue shows it before approval): the submission fills what the record lacks, never a second profile.
import { z } from 'zod';
import { MSG } from '../../../schema/messages';
import { clubDate } from '../../../schema/club-time';
import { savePersonInput } from '../../../schema/validation/people';
import { taxCodeBirthData } from '../../../schema/validation/tax-code';
import { decisionReasonInput, type RegistrationSubmissionInput, type SubmissionStatus } from '../../../schema/validation/registrations';
import { MEDICAL_CERTIFICATE_TYPES } from '../../../schema/medical-certificates';
import type { RequestContext } from '../../context';
import type { Prisma, RegistrationSubmission } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { authorizeMember, clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { PEOPLE_KINDS } from '../people/people.kinds';
import { createRole } from '../people/save-person.service';
import { guardianPerson } from '../families/guardianships.service';
import { mirrorLatestCertificate } from '../certificates/certificates.service';
import { takeRegisterNumbers } from '../seasons/register.service';

/** At most this many submissions approved in one call. */
export const APPROVE_MAX = 500;

const contentOf = (s: Pick<RegistrationSubmission, 'content'>) => s.content as unknown as RegistrationSubmissionInput;

export interface SubmissionFilters {
  formId?: string | null;
  status?: SubmissionStatus | null;
}

export function submissionsWhere(ctx: RequestContext, filters: SubmissionFilters): Prisma.RegistrationSubmissionWhereInput {
  const { clubId } = clubMember(ctx);
  return {
    clubId,
    ...(filters.formId ? (isUuid(filters.formId) ? { formId: filters.formId } : { id: { in: [] } }) : {}),
    // A submission not yet signed is the family's draft: the queue shows it only when asked for by status.
    ...(filters.status ? { status: filters.status } : { status: { not: 'da_firmare' } }),
  };
}

/** Each person of a submission matched with the registry by tax code: the person the approval will use, or null (new). */
export async function registryMatches(ctx: RequestContext, submission: Pick<RegistrationSubmission, 'content'>): Promise<Array<{ taxIdCode: string; personId: string; firstname: string; lastname: string } | null>> {
  const { clubId } = clubMember(ctx);
  const content = contentOf(submission);
  const codes = [content.registrant.taxIdCode, ...content.people.map((p) => p.taxIdCode)];
  const found = await clubDb(ctx).person.findMany({ where: { clubId, taxIdCode: { in: codes } }, select: { id: true, taxIdCode: true, firstname: true, lastname: true } });
  return codes.map((code) => {
    const p = found.find((f) => f.taxIdCode === code);
    return p ? { taxIdCode: code, personId: p.id, firstname: p.firstname, lastname: p.lastname } : null;
  });
}

async function pendingSubmission(tx: Db, clubId: string, id: unknown) {
  const submission = isUuid(id) ? await tx.registrationSubmission.findFirst({ where: clubRowWhere(clubId, id), include: { form: { include: { season: true, club: { select: { fullName: true } } } }, documents: true } }) : null;
  if (!submission || submission.status === 'da_firmare') throw new NotFoundError();
  if (submission.status !== 'in_attesa') throw new ConflictError(MSG.registrationNotPending);
  return submission;
}

type Pending = Awaited<ReturnType<typeof pendingSubmission>>;

/** The certificate's data the registrant typed, when it reads as one (the submission's schema checked it). */
function certificateOf(person: RegistrationSubmissionInput['people'][number]) {
  const c = person.certificate as { type?: string; issuedOn?: string; expiresOn?: string; issuer?: string; sport?: string } | undefined;
  if (!c?.expiresOn || !c.issuedOn || !MEDICAL_CERTIFICATE_TYPES.includes(c.type as never)) return null;
  return { type: c.type as (typeof MEDICAL_CERTIFICATE_TYPES)[number], issuedOn: c.issuedOn, expiresOn: c.expiresOn, issuer: c.issuer ?? null, sport: c.sport ?? null };
}

/** One submission's people and everything they lead to, in the caller's transaction. */
async function approveInTransaction(tx: Db, clubId: string, accountId: string, s: Pending, today: string): Promise<{ personIds: string[]; numbers: number[] }> {
  const content = contentOf(s);
  const r = content.registrant;
  const guardian = content.self ? null : await guardianPerson(tx, clubId, { firstname: r.firstname, lastname: r.lastname, taxIdCode: r.taxIdCode, emailPrimary: r.email, phonePrimary: r.phonePrimary });
  const givenOn = dateColumn(dayOf(s.signedAt) ?? today);
  const personIds: string[] = [];
  const numbers: number[] = [];
  for (const [index, p] of content.people.entries()) {
    const birth = taxCodeBirthData(p.taxIdCode, new Date(`${today}T12:00:00Z`));
    const input = savePersonInput('athlete').parse({
      profile: {
        firstname: p.firstname,
        lastname: p.lastname,
        taxIdCode: p.taxIdCode,
        birthday: birth?.birthday,
        typeGenderId: birth?.typeGenderId,
        birthplace: p.birthplace,
        nationality: p.nationality,
        emailPrimary: p.emailPrimary,
        phonePrimary: p.phonePrimary,
        address: p.address,
      },
    });
    const existing = await tx.person.findUnique({ where: { clubId_taxIdCode: { clubId, taxIdCode: p.taxIdCode } }, include: { roles: { where: { kind: 'athlete', archivedAt: null }, select: { id: true } } } });
    const { personId, roleId } = existing?.roles.length ? { personId: existing.id, roleId: existing.roles[0].id } : await createRole(tx, clubId, PEOPLE_KINDS.athlete, input);
    personIds.push(personId);

    let member = await tx.registerMember.findFirst({ where: { clubId, personId, exitOn: null } });
    if (!member) {
      const number = await takeRegisterNumbers(tx, clubId, 1);
      member = await tx.registerMember.create({ data: { clubId, personId, number, admittedOn: dateColumn(today) } });
    }
    numbers.push(member.number);
    await tx.registerMemberSeason.upsert({
      where: { memberId_seasonId: { memberId: member.id, seasonId: s.form.seasonId } },
      create: { clubId, memberId: member.id, seasonId: s.form.seasonId, renewedOn: dateColumn(today) },
      update: {},
    });
    if (s.form.groupId) {
      await tx.groupMember.upsert({ where: { groupId_roleId: { groupId: s.form.groupId, roleId } }, create: { clubId, groupId: s.form.groupId, roleId }, update: {} });
    }
    const certificate = certificateOf(p);
    const certificateFile = s.documents.find((d) => d.personIndex === index && d.kind === 'certificato_medico');
    if (certificate && certificateFile) {
      await tx.medicalCertificate.create({
        data: { clubId, personId, type: certificate.type, sport: certificate.sport, issuedOn: dateColumn(certificate.issuedOn), expiresOn: dateColumn(certificate.expiresOn), issuer: certificate.issuer, fileId: certificateFile.fileId, createdByAccountId: accountId },
      });
      await mirrorLatestCertificate(tx, clubId, personId);
    }
    // The identity document becomes one of the role's documents.
    const identity = s.documents.find((d) => d.personIndex === index && d.kind === 'documento_identita');
    if (identity) await tx.storedFile.update({ where: { id: identity.fileId }, data: { roleId, purpose: 'identity-document' } });
    if (guardian) {
      await tx.guardianship.upsert({
        where: { minorId_guardianId: { minorId: personId, guardianId: guardian.id } },
        create: { clubId, minorId: personId, guardianId: guardian.id, relationship: r.relationship },
        update: {},
      });
    }
    for (const [purpose, granted] of Object.entries(content.consents)) {
      await tx.consent.create({
        data: { clubId, personId, purpose: purpose as never, granted, noticeId: s.noticeId!, givenById: guardian?.id ?? null, givenOn, recordedBy: accountId },
      });
    }
    describeChange(tx, {
      action: existing ? 'update' : 'create',
      entityType: 'person',
      entityId: personId,
      personId,
      entityLabel: `${p.firstname} ${p.lastname}`,
      detail: `Iscrizione online approvata («${s.form.title}»), libro soci numero ${member.number}`,
    });
  }
  return { personIds, numbers };
}

function decisionMail(s: Pending, subject: string, body: string) {
  return { to: s.email, subject: `${subject}: ${s.form.title}`, text: `${body}\n\n${s.form.club.fullName}\n` };
}

/**
 * Approves submissions waiting in the queue, each in its own transaction (one refused leaves the others approved),
 * and tells each registrant. Answers how many were approved and, per refused one, why.
 */
export async function approveRegistrations(ctx: RequestContext, ids: unknown): Promise<{ approved: string[]; refused: Array<{ id: string; message: string }>; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  if (!Array.isArray(ids) || !ids.length) throw new NotFoundError();
  if (ids.length > APPROVE_MAX) throw new ValidationError({ ids: MSG.registrationTooManyAtOnce(APPROVE_MAX) }, MSG.registrationTooManyAtOnce(APPROVE_MAX));
  const today = clubDate(ctx.deps.now());
  const approved: string[] = [];
  const refused: Array<{ id: string; message: string }> = [];
  for (const id of new Set(ids.map(String))) {
    try {
      await clubDb(ctx).$transaction(async (tx) => {
        const s = await pendingSubmission(tx, clubId, id);
        const { personIds, numbers } = await approveInTransaction(tx, clubId, accountId, s, today);
        await tx.registrationSubmission.update({ where: { id: s.id }, data: { status: 'approvata', decidedAt: ctx.deps.now(), decidedBy: accountId, personIds } });
        const names = contentOf(s).people.map((p, i) => `- ${p.firstname} ${p.lastname}: socio numero ${numbers[i]}`).join('\n');
        await ctx.deps.mailer.send(decisionMail(s, 'Iscrizione approvata', `La società ha approvato l'iscrizione «${s.form.title}» (stagione ${s.form.season.label}).\n\n${names}`), { club: clubId, account: accountId }, { tx });
      });
      approved.push(id);
    } catch (e) {
      if (!(e instanceof NotFoundError || e instanceof ConflictError || e instanceof ValidationError)) throw e;
      refused.push({ id, message: e.message });
    }
  }
  if (!approved.length && refused.length === 1) throw refusedAs(refused[0].message);
  return { approved, refused, message: MSG.registrationApproved(approved.length) };
}

const refusedAs = (message: string) => (message === MSG.notFound ? new NotFoundError() : new ConflictError(message));

/** Sends a submission back to the registrant for changes (`changes`) or rejects it (`reject`), with the reason mailed. */
export async function decideRegistration(ctx: RequestContext, id: unknown, decision: 'changes' | 'reject', rawReason: unknown): Promise<{ submission: RegistrationSubmission; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const { reason } = parseInput(z.object({ reason: decisionReasonInput }), { reason: rawReason }, { summary: 'first' });
  return clubDb(ctx).$transaction(async (tx) => {
    const s = await pendingSubmission(tx, clubId, id);
    const submission = await tx.registrationSubmission.update({
      where: { id: s.id },
      data: { status: decision === 'changes' ? 'modifiche_richieste' : 'rifiutata', reason, decidedAt: ctx.deps.now(), decidedBy: accountId },
    });
    const base = ctx.deps.config.publicUrl;
    const mail =
      decision === 'changes'
        ? decisionMail(s, 'Iscrizione da correggere', `La società chiede di correggere l'iscrizione «${s.form.title}»:\n\n${reason}\n\nApri il modulo dal link che avevi usato per iscriverti (${base}/iscrizione/${s.form.token}) con lo stesso browser: ritroverai i dati inseriti da correggere e firmare di nuovo.`)
        : decisionMail(s, 'Iscrizione non accettata', `La società non ha accettato l'iscrizione «${s.form.title}».\n\nMotivo: ${reason}`);
    await ctx.deps.mailer.send(mail, { club: clubId, account: accountId }, { tx });
    describeChange(tx, { action: 'update', entityType: 'club', entityId: clubId, detail: `Iscrizione online di ${contentOf(s).registrant.firstname} ${contentOf(s).registrant.lastname} ${decision === 'changes' ? 'rimandata per modifiche' : 'rifiutata'}` });
    return { submission, message: decision === 'changes' ? MSG.registrationChangesRequested : MSG.registrationRejected };
  });
}

/** A signed submission's PDF for the club's staff (registrations.manage); another club's id is unknown. */
export async function signedPdfForStaff(ctx: RequestContext, id: unknown): Promise<{ filename: string; content: Buffer }> {
  const { clubId } = authorizeMember(ctx, 'registrations.manage');
  const db = clubDb(ctx);
  const submission = isUuid(id) ? await db.registrationSubmission.findFirst({ where: clubRowWhere(clubId, id), select: { pdfFileId: true } }) : null;
  if (!submission?.pdfFileId) throw new NotFoundError();
  const file = await db.storedFile.findUniqueOrThrow({ where: { id: submission.pdfFileId } });
  return { filename: file.filename, content: Buffer.from(file.content) };
}
