// The club's approval queue of online registrations (issue 36 point 3): approve (the people, their athlete role,
// the guardian and guardianship, the register entry with its number and the season's membership, the group, the
// medical certificate and the consents, in one transaction per submission), send back for changes, or reject with a
// reason; the registrant is told by mail each time. A person already in the registry with the same tax code is that
// person (the queue shows it before approval): the submission fills what the record lacks, never a second profile.
import { z } from 'zod';
import { MSG } from '../../../schema/messages';
import { FAMILY_MSG } from '../../../schema/messages-family';
import { clubDate } from '../../../schema/club-time';
import { savePersonInput } from '../../../schema/validation/people';
import { taxCodeBirthData } from '../../../schema/validation/tax-code';
import { decisionReasonInput, type RegistrationSubmissionInput, type SubmissionStatus } from '../../../schema/validation/registrations';
import { CERTIFICATE_TYPE_RULES, MEDICAL_CERTIFICATE_TYPES } from '../../../schema/medical-certificates';
import type { ConsentPurpose } from '../../../schema/validation/consents';
import type { RequestContext } from '../../context';
import type { Prisma, RegistrationSubmission } from '../../generated/prisma/client.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { definedOnly } from '../../lib/partial-update';
import { isUniqueViolation } from '../../db/sql-state';
import { parseInput } from '../../lib/validate';
import { clubRowWhere, isUuid, type Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { clubDb } from '../../access/request-db';
import { authorizeMember, clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { createPersonLinkInvitation } from '../people/person-link.service';
import { PEOPLE_KINDS } from '../people/people.kinds';
import { createRole, newPersonColumns, personKeys } from '../people/save-person.service';
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

const PENDING_INCLUDE = { form: { include: { season: true, club: { select: { fullName: true } } } }, documents: true } as const;

async function pendingSubmission(tx: Db, clubId: string, id: unknown) {
  const submission = isUuid(id) ? await tx.registrationSubmission.findFirst({ where: clubRowWhere(clubId, id), include: PENDING_INCLUDE }) : null;
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

/** A registered child as an athlete's save input: birth date and sex read from the tax code. */
function athleteInputOf(p: RegistrationSubmissionInput['people'][number], today: string) {
  const birth = taxCodeBirthData(p.taxIdCode, new Date(`${today}T12:00:00Z`));
  return savePersonInput('athlete').parse({
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
}

interface Approval {
  submission: Pending;
  personIds: string[];
  numbers: number[];
  /** Who registered: the guardian, or the adult who registered themselves (their access to the personal area). */
  registrantId: string;
}

/**
 * Approves pending submissions in the caller's transaction, set-based (one statement per kind of row for all of
 * them, so 200 families take seconds): per child the person (one already registered with the tax code is that
 * person, completed) and athlete role, the guardian (the registrant, found again by tax code) and guardianship, the
 * register entry with its number and the season's membership, the group, the certificate with its file, the identity
 * document among the role's documents, the consents against the notice version signed.
 */
async function approveAll(tx: Db, clubId: string, accountId: string, submissions: Pending[], today: string): Promise<Approval[]> {
  const day = dateColumn(today);
  const children = submissions.flatMap((s) => contentOf(s).people.map((p, index) => ({ s, p, index })));
  const registrants = submissions.filter((s) => !contentOf(s).self).map((s) => contentOf(s).registrant);
  const codes = [...new Set([...registrants.map((r) => r.taxIdCode), ...children.map((c) => c.p.taxIdCode)])];
  const known = new Map(
    (await tx.person.findMany({ where: { clubId, taxIdCode: { in: codes } }, include: { roles: { where: { kind: 'athlete', archivedAt: null }, select: { id: true } } } })).map((p) => [p.taxIdCode!, p]),
  );

  // Guardians: the registrant found again by tax code (contacts it lacks filled in, never overwritten), else new.
  const newPeople = new Map<string, Prisma.PersonCreateManyInput>();
  for (const r of registrants) {
    const found = known.get(r.taxIdCode);
    const fill = found && { ...(!found.emailPrimary ? { emailPrimary: r.email } : {}), ...(!found.phonePrimary && r.phonePrimary ? { phonePrimary: r.phonePrimary } : {}) };
    if (found && fill && Object.keys(fill).length) Object.assign(found, await tx.person.update({ where: { id: found.id }, data: fill }));
    if (!found && !newPeople.has(r.taxIdCode)) {
      const fields = { firstname: r.firstname, lastname: r.lastname, taxIdCode: r.taxIdCode };
      // The guardian's birth date and sex, as the code says them (the person's own record then shows them).
      const born = taxCodeBirthData(r.taxIdCode, dateColumn(today));
      const birth = born ? { birthday: dateColumn(born.birthday), typeGenderId: born.typeGenderId } : {};
      newPeople.set(r.taxIdCode, { clubId, ...fields, ...birth, emailPrimary: r.email, phonePrimary: r.phonePrimary ?? null, ...personKeys(fields) });
    }
  }
  // Children: an athlete already there stays as is; a person without the role gets it (createRole completes the
  // profile with what was sent); a new one is created below with everyone else.
  const athletes = new Map<string, { personId: string; roleId: string; isNew: boolean }>();
  const newChildren: string[] = [];
  for (const { p } of children) {
    if (athletes.has(p.taxIdCode) || newChildren.includes(p.taxIdCode)) continue;
    const found = known.get(p.taxIdCode);
    const input = athleteInputOf(p, today);
    if (found?.roles.length) athletes.set(p.taxIdCode, { personId: found.id, roleId: found.roles[0].id, isNew: false });
    else if (found) athletes.set(p.taxIdCode, { ...(await createRole(tx, clubId, PEOPLE_KINDS.athlete, input)), isNew: false });
    else {
      const address = definedOnly(input.profile.address);
      const addressId = Object.keys(address).length ? (await tx.address.create({ data: { ...address, clubId } })).id : null;
      newPeople.set(p.taxIdCode, { ...newPersonColumns(input.profile), clubId, addressId });
      newChildren.push(p.taxIdCode);
    }
  }
  const created = newPeople.size ? await tx.person.createManyAndReturn({ data: [...newPeople.values()], select: { id: true, taxIdCode: true } }) : [];
  const personOf = new Map<string, string>([...known.values()].map((p) => [p.taxIdCode!, p.id]));
  for (const p of created) personOf.set(p.taxIdCode!, p.id);
  const roles = newChildren.length
    ? await tx.personRole.createManyAndReturn({ data: newChildren.map((code) => ({ clubId, personId: personOf.get(code)!, kind: 'athlete' as const })), select: { id: true, personId: true } })
    : [];
  for (const [i, code] of newChildren.entries()) athletes.set(code, { personId: roles[i].personId, roleId: roles[i].id, isNew: true });

  const certificateFile = (s: Pending, index: number) => s.documents.find((d) => d.personIndex === index && d.kind === 'certificato_medico')?.fileId;
  const firstOf = new Map<string, (typeof children)[number]>();
  for (const c of children) if (!firstOf.has(c.p.taxIdCode)) firstOf.set(c.p.taxIdCode, c);
  // A new athlete's details show their certificate at once (its first and only one: the legacy fields' mirror).
  if (newChildren.length) {
    await tx.athleteDetails.createMany({
      data: newChildren.map((code) => {
        const { s, p, index } = firstOf.get(code)!;
        const c = certificateOf(p);
        const fileId = c && certificateFile(s, index);
        return {
          roleId: athletes.get(code)!.roleId,
          ...(c && fileId ? { medicalExaminationExpirationDate: dateColumn(c.expiresOn), typeMedicalExaminationId: CERTIFICATE_TYPE_RULES[c.type].legacyTypeId, medicalExaminationDocumentId: fileId } : {}),
        };
      }),
    });
  }

  // The register: an open entry is kept, the others numbered in one take of the club's sequence.
  const childIds = [...new Set([...athletes.values()].map((a) => a.personId))];
  const open = await tx.registerMember.findMany({ where: { clubId, personId: { in: childIds }, exitOn: null } });
  const toAdmit = childIds.filter((id) => !open.some((m) => m.personId === id));
  const first = toAdmit.length ? await takeRegisterNumbers(tx, clubId, toAdmit.length) : 0;
  const admitted = toAdmit.length ? await tx.registerMember.createManyAndReturn({ data: toAdmit.map((personId, i) => ({ clubId, personId, number: first + i, admittedOn: day })) }) : [];
  const memberOf = new Map([...open, ...admitted].map((m) => [m.personId, m]));

  const each = <T>(fn: (c: (typeof children)[number], a: { personId: string; roleId: string; isNew: boolean }) => T | null) =>
    children.map((c) => fn(c, athletes.get(c.p.taxIdCode)!)).filter((row): row is T => row !== null);
  await tx.registerMemberSeason.createMany({ data: each(({ s }, a) => ({ clubId, memberId: memberOf.get(a.personId)!.id, seasonId: s.form.seasonId, renewedOn: day })), skipDuplicates: true });
  await tx.groupMember.createMany({ data: each(({ s }, a) => (s.form.groupId ? { clubId, groupId: s.form.groupId, roleId: a.roleId } : null)), skipDuplicates: true });
  await tx.medicalCertificate.createMany({
    data: each(({ s, p, index }, a) => {
      const c = certificateOf(p);
      const fileId = certificateFile(s, index);
      return c && fileId ? { clubId, personId: a.personId, type: c.type, sport: c.sport, issuedOn: dateColumn(c.issuedOn), expiresOn: dateColumn(c.expiresOn), issuer: c.issuer, fileId, createdByAccountId: accountId } : null;
    }),
  });
  // A person who was already there: the latest of their history (this certificate or a later one) is the mirror.
  for (const code of new Set(children.filter((c) => certificateOf(c.p) && certificateFile(c.s, c.index)).map((c) => c.p.taxIdCode))) {
    if (!athletes.get(code)!.isNew) await mirrorLatestCertificate(tx, clubId, athletes.get(code)!.personId);
  }
  for (const { s, index } of children) {
    const identity = s.documents.find((d) => d.personIndex === index && d.kind === 'documento_identita');
    if (identity) await tx.storedFile.update({ where: { id: identity.fileId }, data: { roleId: athletes.get(contentOf(s).people[index].taxIdCode)!.roleId, purpose: 'identity-document' } });
  }
  await tx.guardianship.createMany({
    data: each(({ s }, a) => (contentOf(s).self ? null : { clubId, minorId: a.personId, guardianId: personOf.get(contentOf(s).registrant.taxIdCode)!, relationship: contentOf(s).registrant.relationship })),
    skipDuplicates: true,
  });
  await tx.consent.createMany({
    data: children.flatMap(({ s }, i) => {
      const content = contentOf(s);
      const personId = athletes.get(children[i].p.taxIdCode)!.personId;
      const givenById = content.self ? null : personOf.get(content.registrant.taxIdCode)!;
      return Object.entries(content.consents).map(([purpose, granted]) => ({ clubId, personId, purpose: purpose as ConsentPurpose, granted, noticeId: s.noticeId!, givenById, givenOn: dateColumn(dayOf(s.signedAt) ?? today), recordedBy: accountId }));
    }),
  });
  for (const { s, p } of children) {
    const a = athletes.get(p.taxIdCode)!;
    describeChange(tx, {
      action: a.isNew ? 'create' : 'update',
      entityType: 'person',
      entityId: a.personId,
      personId: a.personId,
      entityLabel: `${p.firstname} ${p.lastname}`,
      detail: `Iscrizione online approvata («${s.form.title}»), libro soci numero ${memberOf.get(a.personId)!.number}`,
    });
  }
  return submissions.map((submission) => {
    const content = contentOf(submission);
    const personIds = content.people.map((p) => athletes.get(p.taxIdCode)!.personId);
    return { submission, personIds, numbers: personIds.map((id) => memberOf.get(id)!.number), registrantId: content.self ? personIds[0] : personOf.get(content.registrant.taxIdCode)! };
  });
}

function decisionMail(s: Pending, subject: string, body: string) {
  return { to: s.email, subject: `${subject}: ${s.form.title}`, text: `${body}\n\n${s.form.club.fullName}\n` };
}

/** Submissions approved per transaction: a refusal inside one sends its submissions through one by one. */
const APPROVE_CHUNK = 50;

/**
 * Approves submissions waiting in the queue, by chunks of APPROVE_CHUNK in one transaction each; when a chunk fails
 * (a submission decided meanwhile, two families racing for one child), its submissions are tried one by one, so
 * one refused leaves the others approved. Each registrant is told by mail. Answers the approved and, per refused
 * one, why.
 */
export async function approveRegistrations(ctx: RequestContext, ids: unknown): Promise<{ approved: string[]; refused: Array<{ id: string; message: string }>; message: string }> {
  const { clubId, accountId } = clubMember(ctx);
  if (!Array.isArray(ids) || !ids.length) throw new NotFoundError();
  if (ids.length > APPROVE_MAX) throw new ValidationError({ ids: MSG.registrationTooManyAtOnce(APPROVE_MAX) }, MSG.registrationTooManyAtOnce(APPROVE_MAX));
  const today = clubDate(ctx.deps.now());
  const approved: string[] = [];
  const refused: Array<{ id: string; message: string }> = [];
  const approveChunk = (chunk: string[]) =>
    clubDb(ctx).$transaction(async (tx) => {
      const submissions = await tx.registrationSubmission.findMany({ where: { clubId, id: { in: chunk.filter(isUuid) } }, include: PENDING_INCLUDE });
      const refusals = chunk.flatMap((id): Array<{ id: string; message: string }> => {
        const s = submissions.find((row) => row.id === id);
        return !s || s.status === 'da_firmare' ? [{ id, message: MSG.notFound }] : s.status !== 'in_attesa' ? [{ id, message: MSG.registrationNotPending }] : [];
      });
      const pending = submissions.filter((s) => s.status === 'in_attesa');
      const approvals = await approveAll(tx, clubId, accountId, pending, today);
      // The registrant's way into the personal area, unless their record already has an account.
      const linked = new Set((await tx.person.findMany({ where: { clubId, id: { in: approvals.map((a) => a.registrantId) }, accountId: { not: null } }, select: { id: true } })).map((p) => p.id));
      for (const { submission, personIds, numbers, registrantId } of approvals) {
        await tx.registrationSubmission.update({ where: { id: submission.id }, data: { status: 'approvata', decidedAt: ctx.deps.now(), decidedBy: accountId, personIds } });
        const names = contentOf(submission).people.map((p, i) => `- ${p.firstname} ${p.lastname}: socio numero ${numbers[i]}`).join('\n');
        const access = linked.has(registrantId) ? '' : `\n\n${FAMILY_MSG.familyInviteMail(await createPersonLinkInvitation(ctx, tx, { clubId, personId: registrantId, email: submission.email, invitedById: accountId }))}`;
        await ctx.deps.mailer.send(decisionMail(submission, 'Iscrizione approvata', `La società ha approvato l'iscrizione «${submission.form.title}» (stagione ${submission.form.season.label}).\n\n${names}${access}`), { club: clubId, account: accountId }, { tx });
      }
      return { approved: pending.map((s) => s.id), refusals };
    });
  const unique = [...new Set(ids.map(String))];
  for (let start = 0; start < unique.length; start += APPROVE_CHUNK) {
    const chunk = unique.slice(start, start + APPROVE_CHUNK);
    for (const part of await approveChunk(chunk).then((r) => [r]).catch(async (e) => {
      if (chunk.length === 1 || !(e instanceof AppError || isUniqueViolation(e))) throw e;
      // Each alone: the one at fault is refused, the others approved.
      const alone: Array<{ approved: string[]; refusals: Array<{ id: string; message: string }> }> = [];
      for (const id of chunk) alone.push(await approveChunk([id]).catch((one) => ({ approved: [], refusals: [{ id, message: one instanceof AppError ? one.message : MSG.registrationNotPending }] })));
      return alone;
    })) {
      approved.push(...part.approved);
      refused.push(...part.refusals);
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
