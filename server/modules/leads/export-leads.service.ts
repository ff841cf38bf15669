// CSV export of leads for operators (GET /api/leads/export.csv). No CSV writer is installed, so the few rules
// are applied here: RFC 4180 quoting, CRLF rows, a UTF-8 byte-order mark (Excel otherwise misreads accents) and
// semicolons between cells (what Excel expects with Italian regional settings, where the comma is the decimal mark).
import type { Lead } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../context';
import { LEAD_ORDER, leadListWhere, type LeadFilters } from './list-leads.service';

export const CSV_DELIMITER = ';';
const BOM = '\uFEFF';
const BATCH = 500;

const SORTABLE_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const COLUMNS: ReadonlyArray<readonly [string, (lead: Lead) => string]> = [
  // Italian time, written so that Excel reads it as a date and sorts it: 2026-03-01 14:05.
  ['Data', (l) => SORTABLE_TIME.format(l.createdAt)],
  ['Nome e cognome', (l) => l.name],
  ['Email', (l) => l.email],
  ['Telefono', (l) => l.phone],
  ['Società', (l) => l.clubName],
  ['Ruolo', (l) => l.role],
  ['Regione', (l) => l.region ?? ''],
  ['Tesserati', (l) => l.members],
  ['Provenienza', (l) => l.funnelName],
];

/**
 * One cell. Leads are typed by anonymous visitors: a value starting with = + - @ (or a tab or carriage return)
 * would run as a formula in a spreadsheet, so it is prefixed with an apostrophe (OWASP "CSV injection"). Phone
 * numbers (+393331234567, normalised on input) are left alone: digits cannot form a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^\+\d+$/.test(value) ? `'${value}` : value;
  return /[";,\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvRow = (cells: string[]) => `${cells.map(csvCell).join(CSV_DELIMITER)}\r\n`;

/**
 * The whole file as chunks (header, then the rows in the list's order, read 500 at a time), so a large export is
 * streamed rather than held in memory. The permission check runs before the first chunk: a refusal is a clean 401/403.
 */
export async function exportLeadsCsv(ctx: RequestContext, filters: LeadFilters): Promise<AsyncIterable<string>> {
  const where = await leadListWhere(ctx, filters);
  const { db } = ctx.deps;
  return (async function* () {
    yield BOM + csvRow(COLUMNS.map(([header]) => header));
    let cursor: string | undefined;
    for (;;) {
      const batch = await db.lead.findMany({
        where,
        orderBy: LEAD_ORDER,
        take: BATCH,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      if (batch.length) yield batch.map((lead) => csvRow(COLUMNS.map(([, cell]) => cell(lead)))).join('');
      if (batch.length < BATCH) return;
      cursor = batch[batch.length - 1].id;
    }
  })();
}

/** richieste-contatto-2026-03-01.csv (the day in Italy). */
export function exportFilename(now = new Date()): string {
  return `richieste-contatto-${SORTABLE_TIME.format(now).slice(0, 10)}.csv`;
}
