// The public side of online registration (issue 36 point 3), without an account: a parent (or an adult for
// themselves) sends the form, uploads the documents it asks, and signs with a simple electronic signature (the name
// typed and a one-time code mailed to them). The browser holds a secret for its submission (accessToken; only its
// SHA-256 is stored); the signed text's SHA-256 is the signature's hash, printed on the PDF's audit page and checked
// by anyone at /verifica-firma/<hash>. Abuse: rate limits per IP and per form, a honeypot field, size limits (the
// input's, and one document of UPLOAD_MAX_BYTES per request), code attempts counted per submission.
import { MSG } from '../../../schema/messages';
import { clubDate } from '../../../schema/club-time';
import {
  REGISTRATION_DOCUMENT_LABELS,
  REGISTRATION_DOCUMENTS,
  SIGNATURE_CODE_ATTEMPTS,
  SIGNATURE_CODE_DIGITS,
  SIGNATURE_CODE_MINUTES,
  foldName,
  registrationSubmissionInput,
  signRegistrationInput,
  type RegistrationDocumentKind,
  type RegistrationSubmissionInput,
} from '../../../schema/validation/registrations';
import type { RequestContext } from '../../context';
import type { Prisma, PrismaClient, RegistrationSubmission } from '../../generated/prisma/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { hashToken, randomDigits, randomToken, safeEqual } from '../../lib/tokens';
import { registrationDoor } from '../../access/cross-club';
import { storeFile, type UploadedFile } from '../files/files.service';
import { currentNotice } from '../families/consents.service';
import { assertFormOpen, formSettings } from './registration-forms.service';
import { renderRegistrationPdf, sha256, signedText, verificationPath, type SignedRegistration } from './registration-document';

const USER_AGENT_MAX = 500;
/** A submission never signed is dropped, with its documents, this long after it was sent. */
export const UNSIGNED_KEPT_HOURS = 48;
/** The documents of a form's unsigned submissions take at most this much room: a flood fills no disk. */
export const UNSIGNED_DOCUMENTS_MAX_BYTES = 500 * 1024 * 1024;

/**
 * Drops the form's submissions left unsigned for UNSIGNED_KEPT_HOURS, their documents' files first. Hours since a
 * timestamp the database wrote: the real clock, not the calendar's (AppDeps.now), which a test may set to another day.
 */
async function dropStaleDrafts(db: PrismaClient, formId: string): Promise<void> {
  const stale = { formId, status: 'da_firmare' as const, createdAt: { lt: new Date(Date.now() - UNSIGNED_KEPT_HOURS * 3_600_000) } };
  await db.storedFile.deleteMany({ where: { registrationDocumentOf: { submission: stale } } });
  await db.registrationSubmission.deleteMany({ where: stale });
}

/** The room the documents of the form's unsigned submissions take. */
async function unsignedBytes(db: PrismaClient, formId: string): Promise<number> {
  const { _sum } = await db.storedFile.aggregate({ where: { registrationDocumentOf: { submission: { formId, status: 'da_firmare' } } }, _sum: { size: true } });
  return _sum.size ?? 0;
}

/** "m•••@example.it": enough for the parent to recognise the address, not enough to read it off a screen. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, (_, first: string) => `${first}•••`);

const linkInvalid = () => new ValidationError({ accessToken: MSG.registrationLinkInvalid }, MSG.registrationLinkInvalid);

export interface SubmitResult {
  accessToken: string;
  maskedEmail: string;
  message: string;
}

/** The submission a browser's secret names, with its club's client; refused when unknown. */
async function submissionDoor(ctx: RequestContext, accessToken: unknown): Promise<{ db: PrismaClient; submission: RegistrationSubmission; clubId: string }> {
  if (typeof accessToken !== 'string' || accessToken.length > 100) throw linkInvalid();
  const door = await registrationDoor(ctx, 'submission', hashToken(accessToken));
  if (!door) throw linkInvalid();
  const submission = await door.db.registrationSubmission.findUnique({ where: { id: door.id } });
  if (!submission) throw linkInvalid();
  return { db: door.db, submission, clubId: door.clubId };
}

function codeMail(email: string, clubName: string, formTitle: string, code: string) {
  return {
    to: email,
    subject: `Codice per firmare l'iscrizione: ${code}`,
    text:
      `Hai compilato il modulo «${formTitle}» di ${clubName}.\n\n` +
      `Il codice per firmare l'iscrizione è: ${code}\n\n` +
      `Vale ${SIGNATURE_CODE_MINUTES} minuti. Se non hai compilato tu il modulo, ignora questa email: senza il codice l'iscrizione non è firmata.\n`,
  };
}

/**
 * Takes a submission of the form `token` names: checked against the form's settings, stored waiting for its
 * signature, and the one-time code mailed to the registrant. `replaces`: the secret of an earlier submission the
 * club sent back for changes, which this one corrects.
 */
export async function submitRegistration(ctx: RequestContext, token: unknown, raw: unknown, replaces?: unknown): Promise<SubmitResult> {
  const door = typeof token === 'string' && token.length <= 100 ? await registrationDoor(ctx, 'form', token) : null;
  if (!door) throw new NotFoundError(MSG.registrationFormNotFound);
  await ctx.deps.limits.consume('registrationSubmit', { ip: ctx.meta.ip, form: door.id });
  const form = await door.db.registrationForm.findUniqueOrThrow({ where: { id: door.id }, include: { club: { select: { fullName: true } } } });
  assertFormOpen(form);
  const notice = await currentNotice(door.db, door.clubId);
  if (!notice) throw new ConflictError(MSG.registrationNoticeMissing);
  const today = clubDate(ctx.deps.now());
  const { website, ...content } = parseInput(registrationSubmissionInput(formSettings(form), today), raw, { summary: 'first' });
  // The honeypot: a field people never see. A bot that fills it is answered as a person would be, and nothing is kept.
  if (website) {
    ctx.deps.log.warn({ formId: form.id, ip: ctx.meta.ip }, 'registration honeypot filled: nothing stored');
    return { accessToken: randomToken(), maskedEmail: maskEmail(content.registrant.email), message: MSG.registrationCodeSent(maskEmail(content.registrant.email)) };
  }
  let replacesId: string | null = null;
  if (replaces !== undefined && replaces !== null && replaces !== '') {
    const earlier = await submissionDoor(ctx, replaces);
    if (earlier.submission.formId !== form.id || earlier.submission.status !== 'modifiche_richieste') throw linkInvalid();
    replacesId = earlier.submission.id;
  }
  await dropStaleDrafts(door.db, form.id);
  const accessToken = randomToken();
  const code = randomDigits(SIGNATURE_CODE_DIGITS);
  await door.db.$transaction(async (tx) => {
    await tx.registrationSubmission.create({
      data: {
        clubId: door.clubId,
        formId: form.id,
        email: content.registrant.email,
        content: content as Prisma.InputJsonValue,
        accessHash: hashToken(accessToken),
        codeHash: hashToken(code),
        codeExpiresAt: new Date(ctx.deps.now().getTime() + SIGNATURE_CODE_MINUTES * 60_000),
        noticeId: notice.id,
        replacesId,
      },
    });
    await ctx.deps.mailer.send(codeMail(content.registrant.email, form.club.fullName, form.title, code), { club: door.clubId, ip: ctx.meta.ip }, { tx });
  });
  const masked = maskEmail(content.registrant.email);
  return { accessToken, maskedEmail: masked, message: MSG.registrationCodeSent(masked) };
}

/** A new code for a submission still waiting for its signature (the old one stops working). */
export async function resendRegistrationCode(ctx: RequestContext, accessToken: unknown): Promise<SubmitResult> {
  await ctx.deps.limits.consume('registrationSign', { ip: ctx.meta.ip });
  const { db, submission, clubId } = await submissionDoor(ctx, accessToken);
  if (submission.status !== 'da_firmare') throw linkInvalid();
  const form = await db.registrationForm.findUniqueOrThrow({ where: { id: submission.formId }, include: { club: { select: { fullName: true } } } });
  const code = randomDigits(SIGNATURE_CODE_DIGITS);
  await db.$transaction(async (tx) => {
    await tx.registrationSubmission.update({
      where: { id: submission.id },
      data: { codeHash: hashToken(code), codeAttempts: 0, codeExpiresAt: new Date(ctx.deps.now().getTime() + SIGNATURE_CODE_MINUTES * 60_000) },
    });
    await ctx.deps.mailer.send(codeMail(submission.email, form.club.fullName, form.title, code), { club: clubId, ip: ctx.meta.ip }, { tx });
  });
  const masked = maskEmail(submission.email);
  return { accessToken: accessToken as string, maskedEmail: masked, message: MSG.registrationCodeSent(masked) };
}

/**
 * Uploads (or replaces) one document for one person of a submission waiting for its signature: checked by content
 * (PDF or image), at most UPLOAD_MAX_BYTES.
 */
export async function uploadRegistrationDocument(ctx: RequestContext, accessToken: unknown, personIndex: number, kind: unknown, readFile: () => Promise<UploadedFile>): Promise<{ message: string; filename: string }> {
  const { db, submission, clubId } = await submissionDoor(ctx, accessToken);
  await ctx.deps.limits.consume('registrationUpload', { ip: ctx.meta.ip, form: submission.formId });
  if (submission.status !== 'da_firmare') throw linkInvalid();
  const form = await db.registrationForm.findUniqueOrThrow({ where: { id: submission.formId } });
  const settings = formSettings(form);
  const people = (submission.content as unknown as RegistrationSubmissionInput).people;
  if (!REGISTRATION_DOCUMENTS.includes(kind as RegistrationDocumentKind) || settings.documents[kind as RegistrationDocumentKind] === 'no' || !Number.isInteger(personIndex) || personIndex < 0 || personIndex >= people.length) {
    throw new ValidationError({ file: MSG.registrationDocumentUnexpected }, MSG.registrationDocumentUnexpected);
  }
  const file = await readFile();
  if ((await unsignedBytes(db, form.id)) + file.content.length > UNSIGNED_DOCUMENTS_MAX_BYTES) {
    await dropStaleDrafts(db, form.id);
    if ((await unsignedBytes(db, form.id)) + file.content.length > UNSIGNED_DOCUMENTS_MAX_BYTES) throw new ConflictError(MSG.registrationDocumentsFull);
  }
  return db.$transaction(async (tx) => {
    const stored = await storeFile(tx, { clubId, purpose: 'registration-document' }, file, 'file');
    const previous = await tx.registrationDocument.findUnique({ where: { submissionId_personIndex_kind: { submissionId: submission.id, personIndex, kind: kind as string } } });
    if (previous) {
      await tx.registrationDocument.delete({ where: { id: previous.id } });
      await tx.storedFile.delete({ where: { id: previous.fileId } });
    }
    await tx.registrationDocument.create({ data: { clubId, submissionId: submission.id, personIndex, kind: kind as string, fileId: stored.id } });
    return { message: MSG.registrationDocumentUploaded, filename: stored.filename };
  });
}

export interface SignResult {
  hash: string;
  message: string;
  verifyPath: string;
}

/**
 * Signs a submission: the code mailed (at most SIGNATURE_CODE_ATTEMPTS tries, within its minutes), the name typed
 * as the registrant's; the documents the form requires uploaded. Freezes the signed text, its hash and the PDF,
 * puts the submission in the club's approval queue and mails the registrant the hash and the PDF's link.
 */
export async function signRegistration(ctx: RequestContext, accessToken: unknown, raw: unknown): Promise<SignResult> {
  await ctx.deps.limits.consume('registrationSign', { ip: ctx.meta.ip });
  const input = parseInput(signRegistrationInput, raw, { summary: 'first' });
  const { db, submission, clubId } = await submissionDoor(ctx, accessToken);
  if (submission.status !== 'da_firmare' || !submission.codeHash) throw linkInvalid();
  const now = ctx.deps.now();
  if (submission.codeAttempts >= SIGNATURE_CODE_ATTEMPTS || !submission.codeExpiresAt || submission.codeExpiresAt <= now) {
    throw new ValidationError({ code: MSG.registrationCodeExpired }, MSG.registrationCodeExpired);
  }
  if (!safeEqual(hashToken(input.code), submission.codeHash)) {
    // Counted outside any transaction that fails: a wrong code always uses up an attempt.
    await db.registrationSubmission.updateMany({ where: { id: submission.id, status: 'da_firmare' }, data: { codeAttempts: { increment: 1 } } });
    throw new ValidationError({ code: MSG.registrationCodeInvalid }, MSG.registrationCodeInvalid);
  }
  const content = submission.content as unknown as RegistrationSubmissionInput;
  const registrant = content.registrant;
  if (foldName(input.signerName) !== foldName(`${registrant.firstname} ${registrant.lastname}`)) {
    throw new ValidationError({ signerName: MSG.registrationSignerMismatch }, MSG.registrationSignerMismatch);
  }
  const form = await db.registrationForm.findUniqueOrThrow({ where: { id: submission.formId }, include: { club: { select: { fullName: true } }, season: { select: { label: true } } } });
  const settings = formSettings(form);
  const documents = await db.registrationDocument.findMany({ where: { submissionId: submission.id }, include: { file: true }, orderBy: [{ personIndex: 'asc' }, { kind: 'asc' }] });
  for (const [index, person] of content.people.entries()) {
    for (const kind of REGISTRATION_DOCUMENTS) {
      const has = documents.some((d) => d.personIndex === index && d.kind === kind);
      if (settings.documents[kind] === 'richiesto' && !has) {
        const message = MSG.registrationDocumentRequired(REGISTRATION_DOCUMENT_LABELS[kind]);
        throw new ValidationError({ [`people.${index}.documents.${kind}`]: message }, `${person.firstname} ${person.lastname}: ${message}`);
      }
      if (kind === 'certificato_medico' && has && !person.certificate) {
        throw new ValidationError({ [`people.${index}.certificate`]: MSG.registrationCertificateDataRequired }, `${person.firstname} ${person.lastname}: ${MSG.registrationCertificateDataRequired}`);
      }
    }
  }
  const notice = await db.privacyNotice.findUniqueOrThrow({ where: { id: submission.noticeId! } });
  const signed: SignedRegistration = {
    club: form.club.fullName,
    form: { id: form.id, title: form.title, season: form.season.label },
    notice: { version: notice.version, title: notice.title },
    questions: settings.questions,
    content,
    documents: documents.map((d) => ({ personIndex: d.personIndex, kind: d.kind as RegistrationDocumentKind, filename: d.file.filename, sha256: sha256(Buffer.from(d.file.content)) })),
    signer: { name: input.signerName, email: submission.email },
    signedAt: now.toISOString(),
    ip: ctx.meta.ip ?? null,
    userAgent: ctx.meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  };
  const { text, hash } = signedText(signed);
  const pdf = await renderRegistrationPdf(signed, hash, text, ctx.deps.config.publicUrl);
  await db.$transaction(async (tx) => {
    const file = await storeFile(tx, { clubId, purpose: 'registration-signed' }, { filename: `iscrizione-firmata-${hash.slice(0, 12)}.pdf`, mimeType: 'application/pdf', content: pdf }, 'file', ['application/pdf']);
    // Only the submission still waiting: two signatures at once, the second finds it signed.
    const { count } = await tx.registrationSubmission.updateMany({
      where: { id: submission.id, status: 'da_firmare' },
      data: {
        status: 'in_attesa',
        signerName: input.signerName,
        signedAt: now,
        signedIp: signed.ip,
        signedUserAgent: signed.userAgent,
        signedContent: text,
        contentHash: hash,
        pdfFileId: file.id,
        codeHash: null,
      },
    });
    if (!count) throw linkInvalid();
    if (submission.replacesId) await tx.registrationSubmission.updateMany({ where: { id: submission.replacesId, status: 'modifiche_richieste' }, data: { status: 'sostituita' } });
    const base = ctx.deps.config.publicUrl;
    await ctx.deps.mailer.send(
      {
        to: submission.email,
        subject: `Iscrizione firmata: ${form.title}`,
        text:
          `Hai firmato l'iscrizione «${form.title}» di ${form.club.fullName} il ${new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' }).format(now)}.\n\n` +
          `La società la esaminerà e ti scriverà a questo indirizzo.\n\n` +
          `Il modulo firmato in PDF: ${base}${signedPdfPath(accessToken as string)}\n` +
          `Impronta SHA-256 della firma: ${hash}\nVerifica: ${base}${verificationPath(hash)}\n\n` +
          `Per seguire le iscrizioni e i dati dei tuoi figli puoi creare un account con questo indirizzo email.\n`,
      },
      { club: clubId, ip: ctx.meta.ip },
      { tx },
    );
  });
  return { hash, message: MSG.registrationSigned, verifyPath: verificationPath(hash) };
}

/** Where the registrant downloads their signed PDF (the link of the confirmation mail). */
export const signedPdfPath = (accessToken: string) => `/api/registrations/signed.pdf?key=${encodeURIComponent(accessToken)}`;

/** The signed PDF for the browser's secret; refused before the signature. */
export async function signedPdfForRegistrant(ctx: RequestContext, accessToken: unknown): Promise<{ filename: string; content: Buffer }> {
  await ctx.deps.limits.consume('registrationRead', { ip: ctx.meta.ip });
  // A bad link answers 404; anything else (a database too busy, say) keeps its own answer.
  const { db, submission } = await submissionDoor(ctx, accessToken).catch((e: unknown) => {
    throw e instanceof ValidationError ? new NotFoundError(MSG.registrationLinkInvalid) : e;
  });
  if (!submission.pdfFileId) throw new NotFoundError(MSG.registrationLinkInvalid);
  const file = await db.storedFile.findUniqueOrThrow({ where: { id: submission.pdfFileId } });
  return { filename: file.filename, content: Buffer.from(file.content) };
}

export interface SignatureCheck {
  hash: string;
  clubName: string;
  formTitle: string;
  seasonLabel: string;
  signerName: string;
  signedAt: Date;
  status: RegistrationSubmission['status'];
}

/** What anyone may learn from a hash: whether a signature with it exists, who signed which form of which club, when. */
export async function verifyRegistrationSignature(ctx: RequestContext, hash: unknown): Promise<SignatureCheck | null> {
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) return null;
  await ctx.deps.limits.consume('registrationRead', { ip: ctx.meta.ip });
  const door = await registrationDoor(ctx, 'signed', hash.toLowerCase());
  if (!door) return null;
  const s = await door.db.registrationSubmission.findUniqueOrThrow({ where: { id: door.id }, include: { form: { include: { club: { select: { fullName: true } }, season: { select: { label: true } } } } } });
  // The stored hash is recomputed from the stored text: a row altered behind the product's back would not verify.
  if (!s.signedContent || sha256(s.signedContent) !== s.contentHash) return null;
  return { hash: s.contentHash, clubName: s.form.club.fullName, formTitle: s.form.title, seasonLabel: s.form.season.label, signerName: s.signerName!, signedAt: s.signedAt!, status: s.status };
}


/** What the registrant's browser may read back of its own submission (its secret): to follow it and to correct it. */
export async function readOwnSubmission(ctx: RequestContext, accessToken: unknown): Promise<RegistrationSubmission | null> {
  await ctx.deps.limits.consume('registrationRead', { ip: ctx.meta.ip });
  try {
    return (await submissionDoor(ctx, accessToken)).submission;
  } catch (e) {
    // A bad link is null; a database too busy to answer is a 503, not a "not found".
    if (e instanceof ValidationError) return null;
    throw e;
  }
}
