// The club's side of the personal area's requests (issue 36 point 4): the change requests of key fields and the
// certificates sent by members and guardians, listed for the staff and decided one by one. Approving a change
// writes the fields (the search keys with them); approving a certificate adds it to the person's history. Either
// way the requester is told by mail. Who may decide is the operation table's (people.*.write, health.write).
import { MSG } from '../../../schema/messages';
import { FAMILY_MSG } from '../../../schema/messages-family';
import { CERTIFICATE_TYPE_RULES } from '../../../schema/medical-certificates';
import { decideFamilyRequestInput, FAMILY_FIELD_LABELS, type FamilyKeyField } from '../../../schema/validation/family-area';
import { authorizePeopleKinds, clubMember } from '../../access/authorize';
import { describeChange } from '../../access/change-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { FamilyRequestStatus } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/club-rows';
import { dateColumn, dayOf } from '../../lib/date-columns';
import { isUniqueViolation } from '../../db/sql-state';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { mirrorLatestCertificate } from '../certificates/certificates.service';
import { personKeys } from '../people/save-person.service';
import { changesOf } from './family-area.service';

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;
const LIST_MAX = 200;

/** The requests of the club in `status` (default: waiting), oldest first; people of kinds the role may write only. */
export async function personChangeRequests(ctx: RequestContext, status: FamilyRequestStatus = 'in_attesa') {
  const { clubId, kinds } = authorizePeopleKinds(ctx, 'write');
  const rows = await clubDb(ctx).personChangeRequest.findMany({
    where: { clubId, status, person: { roles: { some: { kind: { in: kinds } } } } },
    include: { person: { select: { firstname: true, lastname: true, roles: { select: { id: true }, orderBy: { createdAt: 'asc' }, take: 1 } } } },
    orderBy: [{ createdAt: status === 'in_attesa' ? 'asc' : 'desc' }, { id: 'asc' }],
    take: LIST_MAX,
  });
  return rows.map((r) => ({ ...r, personName: fullName(r.person), roleId: r.person.roles[0]?.id ?? null, fields: changesOf(r.changes) }));
}

/** The certificates sent from the personal area in `status` (default: waiting), oldest first. */
export async function certificateSubmissions(ctx: RequestContext, status: FamilyRequestStatus = 'in_attesa') {
  const { clubId } = clubMember(ctx);
  const rows = await clubDb(ctx).certificateSubmission.findMany({
    where: { clubId, status, person: { roles: { some: { kind: 'athlete' } } } },
    include: { person: { select: { firstname: true, lastname: true, roles: { where: { kind: 'athlete' }, select: { id: true }, take: 1 } } } },
    orderBy: [{ createdAt: status === 'in_attesa' ? 'asc' : 'desc' }, { id: 'asc' }],
    take: LIST_MAX,
  });
  return rows.map((r) => ({ ...r, personName: fullName(r.person), roleId: r.person.roles[0]?.id ?? null, typeLabel: CERTIFICATE_TYPE_RULES[r.type].label }));
}

/** The mail to the account that asked (its address now), inside the deciding transaction. */
async function tellRequester(ctx: RequestContext, tx: Db, accountId: string | null, subject: string, text: string) {
  if (!accountId) return;
  const account = await tx.account.findUnique({ where: { id: accountId }, select: { email: true } });
  const { clubId } = clubMember(ctx);
  const club = await tx.club.findUniqueOrThrow({ where: { id: clubId }, select: { fullName: true } });
  if (account) await ctx.deps.mailer.send({ to: account.email, subject, text: `${text}\n\n${club.fullName}\n` }, { club: clubId, account: accountId }, { tx });
}

const describeFields = (fields: Array<{ field: string; to: string | null }>) =>
  fields.map((f) => `${FAMILY_FIELD_LABELS[f.field as FamilyKeyField] ?? f.field}: ${f.to ?? '—'}`).join(', ');

/** Approves (the fields written) or rejects (with the reason) a change request still waiting. */
export async function decidePersonChangeRequest(ctx: RequestContext, raw: unknown): Promise<{ message: string; id: string }> {
  const { clubId, accountId, kinds } = authorizePeopleKinds(ctx, 'write');
  const input = parseInput(decideFamilyRequestInput, raw);
  try {
    return await clubDb(ctx).$transaction(async (tx) => {
      const request = await tx.personChangeRequest.findFirst({
        where: { clubId, id: input.id, person: { roles: { some: { kind: { in: kinds } } } } },
        include: { person: true },
      });
      if (!request) throw new NotFoundError();
      const decided = await tx.personChangeRequest.updateMany({
        where: { id: request.id, status: 'in_attesa' },
        data: { status: input.approve ? 'approvata' : 'rifiutata', reason: input.reason ?? null, decidedBy: accountId, decidedAt: ctx.deps.now() },
      });
      if (decided.count !== 1) throw new ConflictError(FAMILY_MSG.familyRequestNotPending);
      const fields = changesOf(request.changes);
      const name = fullName(request.person);
      if (input.approve) {
        const values = Object.fromEntries(fields.map((f) => [f.field, f.field === 'birthday' ? (f.to ? dateColumn(f.to) : null) : f.to]));
        const next = { ...request.person, ...values };
        await tx.person.update({ where: { id: request.personId }, data: { ...values, ...personKeys(next) } });
        describeChange(tx, { action: 'update', entityType: 'person', entityId: request.personId, personId: request.personId, entityLabel: fullName(next), detail: `Modifica richiesta dall'area personale approvata (${describeFields(fields)})` });
        await tellRequester(ctx, tx, request.requestedByAccountId, `Dati aggiornati: ${name}`, `La società ha approvato la modifica dei dati di ${name}: ${describeFields(fields)}.`);
      } else {
        describeChange(tx, { action: 'update', entityType: 'person', entityId: request.personId, personId: request.personId, entityLabel: name, detail: `Modifica richiesta dall'area personale rifiutata: ${input.reason}` });
        await tellRequester(ctx, tx, request.requestedByAccountId, `Modifica non approvata: ${name}`, `La società non ha approvato la modifica dei dati di ${name} (${describeFields(fields)}).\n\nMotivo: ${input.reason}`);
      }
      return { message: input.approve ? FAMILY_MSG.familyRequestApproved : FAMILY_MSG.familyRequestRejected, id: request.id };
    });
  } catch (e) {
    // The tax code asked for is another person's of the club.
    if (isUniqueViolation(e)) throw new ConflictError(MSG.taxCodeTaken, { taxIdCode: MSG.taxCodeTaken });
    throw e;
  }
}

/** Approves (a certificate of the history, with the file sent) or rejects (with the reason) a certificate still waiting. */
export async function decideCertificateSubmission(ctx: RequestContext, raw: unknown): Promise<{ message: string; id: string }> {
  const { clubId, accountId } = clubMember(ctx);
  const input = parseInput(decideFamilyRequestInput, raw);
  return clubDb(ctx).$transaction(async (tx) => {
    const submission = await tx.certificateSubmission.findFirst({ where: { clubId, id: input.id, person: { roles: { some: { kind: 'athlete' } } } }, include: { person: true } });
    if (!submission) throw new NotFoundError();
    const name = fullName(submission.person);
    const label = CERTIFICATE_TYPE_RULES[submission.type].label.toLowerCase();
    const expiry = dayOf(submission.expiresOn)!.split('-').reverse().join('/');
    let certificateId: string | null = null;
    if (input.approve) {
      const certificate = await tx.medicalCertificate.create({
        data: {
          clubId,
          personId: submission.personId,
          type: submission.type,
          sport: submission.sport,
          issuedOn: submission.issuedOn,
          expiresOn: submission.expiresOn,
          issuer: submission.issuer,
          fileId: submission.fileId,
          createdByAccountId: accountId,
        },
      });
      certificateId = certificate.id;
    }
    const decided = await tx.certificateSubmission.updateMany({
      where: { id: submission.id, status: 'in_attesa' },
      data: { status: input.approve ? 'approvata' : 'rifiutata', reason: input.reason ?? null, decidedBy: accountId, decidedAt: ctx.deps.now(), certificateId },
    });
    if (decided.count !== 1) throw new ConflictError(FAMILY_MSG.familyRequestNotPending);
    if (input.approve) {
      await mirrorLatestCertificate(tx, clubId, submission.personId);
      describeChange(tx, { action: 'update', entityType: 'person', entityId: submission.personId, personId: submission.personId, entityLabel: name, detail: `Certificato medico ${label} dall'area personale approvato, scadenza ${expiry}` });
      await tellRequester(ctx, tx, submission.submittedByAccountId, `Certificato approvato: ${name}`, `La società ha approvato il certificato medico ${label} di ${name}, valido fino al ${expiry}.`);
    } else {
      describeChange(tx, { action: 'update', entityType: 'person', entityId: submission.personId, personId: submission.personId, entityLabel: name, detail: `Certificato medico dall'area personale rifiutato: ${input.reason}` });
      await tellRequester(ctx, tx, submission.submittedByAccountId, `Certificato non approvato: ${name}`, `La società non ha approvato il certificato medico ${label} di ${name}.\n\nMotivo: ${input.reason}`);
    }
    return { message: input.approve ? FAMILY_MSG.familyCertificateApproved : FAMILY_MSG.familyRequestRejected, id: submission.id };
  });
}
