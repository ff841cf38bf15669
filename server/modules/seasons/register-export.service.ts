// The libro soci as files (issue 35 point 2): the legal register of one season or of all time as a PDF (pdfmake,
// laid out in a worker thread) or an XLSX (the exports' writer: neutralised cells, real dates, its own worker).
// members.read, the club of the session; a season of another club answers like an unknown one (404). The rows are
// read by number in batches, so the main thread only ever holds the database reads.
import { Worker } from 'node:worker_threads';
import type { RequestContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client.js';
import { clubDb } from '../../access/request-db';
import { authorizeMember } from '../../access/authorize';
import { logExport } from '../../access/access-log';
import { dayOf } from '../../lib/date-columns';
import { ValidationError } from '../../lib/errors';
import { workerScript } from '../../lib/worker-script';
import type { Download } from '../../http/download';
import { dateCell, exportWriter, XLSX_CONTENT_TYPE, type ExportCell } from '../exports/export-file';
import { findSeason, clubToday } from './seasons.service';
import { memberRegisterWhere } from './register.service';
import { boardDecisionText, exitCauseLabel, REGISTER_COLUMNS, REGISTER_TITLE, type RegisterClub, type RegisterDocument, type RegisterRow } from './register-export-document';

export const REGISTER_FORMATS = ['pdf', 'xlsx'] as const;
export type RegisterFormat = (typeof REGISTER_FORMATS)[number];

export const REGISTER_EXPORT_MSG = {
  tooLarge: 'Il libro soci è troppo grande per un unico PDF: scaricalo in Excel o per stagione.',
} as const;

/** Rows read per statement: the event loop gets its turn between them. */
const BATCH = 1_000;
/** The PDF worker's heap: 5,000 members need ~150 MB; a register needing more is refused, not the server. */
const PDF_WORKER_HEAP_MB = 768;
const PDF_WORKER_SOURCE = new URL('./register-export-worker.ts', import.meta.url);

const ROW_SELECT = {
  number: true,
  admittedOn: true,
  boardDecision: true,
  boardDecisionOn: true,
  exitOn: true,
  exitCause: true,
  person: { select: { firstname: true, lastname: true, taxIdCode: true } },
} satisfies Prisma.RegisterMemberSelect;

function seatLine(a: { address: string | null; streetNumber: string | null; postalCode: string | null; city: string | null; province: string | null } | null): string | null {
  if (!a) return null;
  const street = [a.address, a.streetNumber].filter(Boolean).join(' ');
  const place = [a.postalCode, a.city].filter(Boolean).join(' ') + (a.province ? ` (${a.province})` : '');
  return [street, place.trim()].filter(Boolean).join(', ') || null;
}

async function registerClub(ctx: RequestContext, clubId: string): Promise<RegisterClub> {
  const address = { select: { address: true, streetNumber: true, postalCode: true, city: true, province: true } };
  const club = await clubDb(ctx).club.findUniqueOrThrow({
    where: { id: clubId },
    select: { fullName: true, companyName: true, fiscalCode: true, vatNumber: true, legalAddress: address, clubAddress: address },
  });
  const taxIds = [club.fiscalCode && `C.F. ${club.fiscalCode}`, club.vatNumber && `P.IVA ${club.vatNumber}`].filter(Boolean).join(' · ');
  return { name: club.companyName || club.fullName, taxIds: taxIds || null, seat: seatLine(club.legalAddress) ?? seatLine(club.clubAddress) };
}

/** The register's entries by number, read in batches. */
async function registerRows(ctx: RequestContext, where: Prisma.RegisterMemberWhereInput): Promise<RegisterRow[]> {
  const rows: RegisterRow[] = [];
  for (let after = 0; ; ) {
    const batch = await clubDb(ctx).registerMember.findMany({ where: { AND: [where, { number: { gt: after } }] }, orderBy: { number: 'asc' }, take: BATCH, select: ROW_SELECT });
    for (const m of batch) {
      rows.push({
        number: m.number,
        name: `${m.person.lastname} ${m.person.firstname}`,
        taxCode: m.person.taxIdCode ?? '',
        admittedOn: dayOf(m.admittedOn)!,
        boardDecision: m.boardDecision,
        boardDecisionOn: dayOf(m.boardDecisionOn),
        exitOn: dayOf(m.exitOn),
        exitCause: m.exitCause,
      });
    }
    if (batch.length < BATCH) return rows;
    after = batch[batch.length - 1].number;
  }
}

/** What the register of `seasonId` (or all time, without one) holds, for the member's club. */
export async function registerDocument(ctx: RequestContext, seasonId: string | undefined): Promise<RegisterDocument> {
  const { clubId } = authorizeMember(ctx, 'members.read');
  // An unknown season, or another club's, is refused here rather than answered as an empty register.
  const season = seasonId ? await findSeason(clubDb(ctx), clubId, seasonId) : null;
  const [club, rows] = await Promise.all([registerClub(ctx, clubId), memberRegisterWhere(ctx, season?.id).then((where) => registerRows(ctx, where))]);
  return { club, scope: season ? `stagione ${season.label}` : "dall'origine", producedOn: clubToday(ctx), rows };
}

/** The PDF's bytes, laid out in a worker (its own heap, capped): the main thread stays free for other requests. */
export function registerPdf(doc: RegisterDocument): Promise<Buffer> {
  const script = workerScript(PDF_WORKER_SOURCE);
  const worker = new Worker(script.url, {
    workerData: doc,
    execArgv: script.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
    stdout: false,
    stderr: false,
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    worker.once('message', (bytes: Uint8Array) => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    worker.once('error', (error: Error & { code?: string }) =>
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ValidationError({ format: REGISTER_EXPORT_MSG.tooLarge }, REGISTER_EXPORT_MSG.tooLarge) : error),
    );
    worker.once('exit', () => reject(new Error('the register PDF worker ended without an answer')));
  });
  done.catch(() => undefined).finally(() => void worker.terminate());
  return done;
}

function xlsxRow(r: RegisterRow): ExportCell[] {
  const day = (d: string | null) => dateCell(d ? new Date(`${d}T00:00:00.000Z`) : null);
  return [r.number, r.name, r.taxCode, day(r.admittedOn), boardDecisionText(r) || null, day(r.exitOn), exitCauseLabel(r.exitCause) || null];
}

/** The XLSX's bytes: the same columns as the PDF, text cells neutralised against formulas. */
export async function registerXlsx(doc: RegisterDocument): Promise<Buffer> {
  const writer = exportWriter('xlsx', REGISTER_COLUMNS, REGISTER_TITLE);
  try {
    for (let i = 0; i < doc.rows.length; i += BATCH) writer.add(doc.rows.slice(i, i + BATCH).map(xlsxRow));
    return await writer.finish();
  } catch (e) {
    writer.close();
    throw e;
  }
}

/** "libro-soci-2026-27.pdf", "libro-soci-dall-origine.xlsx". */
export function registerFilename(doc: RegisterDocument, format: RegisterFormat): string {
  const scope = doc.scope.replace(/^stagione /, '').replace(/[^0-9A-Za-z]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  return `libro-soci-${scope}.${format}`;
}

const CONTENT_TYPES: Record<RegisterFormat, string> = { pdf: 'application/pdf', xlsx: XLSX_CONTENT_TYPE };

/** The register as a download: the PDF or the XLSX of a season or of all time. */
export async function registerDownload(ctx: RequestContext, format: RegisterFormat, seasonId: string | undefined): Promise<Download> {
  const doc = await registerDocument(ctx, seasonId);
  const body = format === 'pdf' ? await registerPdf(doc) : await registerXlsx(doc);
  const filename = registerFilename(doc, format);
  logExport(ctx, { entityType: 'person', entityLabel: filename, detail: `${REGISTER_TITLE} ${doc.scope}, ${doc.rows.length} soci` });
  return { filename, contentType: CONTENT_TYPES[format], body };
}
