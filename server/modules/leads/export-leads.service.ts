// CSV export of leads for operators (GET /api/leads/export.csv), in the spreadsheet-friendly format of lib/csv.ts.
import type { Lead } from '../../generated/prisma/client.js';
import { logExport } from '../../access/access-log';
import type { RequestContext } from '../../context';
import { CSV_BOM, csvRow, SORTABLE_TIME } from '../../lib/csv';
import { LEAD_ORDER, leadListWhere, type LeadFilters } from './list-leads.service';

export { CSV_DELIMITER, csvCell } from '../../lib/csv';

const BATCH = 500;

const COLUMNS: ReadonlyArray<readonly [string, (lead: Lead) => string]> = [
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
 * The whole file as chunks (header, then the rows in the list's order, read 500 at a time), so a large export is
 * streamed rather than held in memory. The permission check runs before the first chunk: a refusal is a clean 401/403.
 */
export async function exportLeadsCsv(ctx: RequestContext, filters: LeadFilters): Promise<AsyncIterable<string>> {
  const where = await leadListWhere(ctx, filters);
  // Leads belong to the product, not to a club: the line is club-less (read by the operators in the database).
  const { search, funnel } = filters;
  const named = [typeof search === 'string' && search && `ricerca "${search}"`, typeof funnel === 'string' && funnel && `provenienza ${funnel}`]
    .filter(Boolean)
    .join(', ');
  logExport(ctx, { entityType: 'leads', entityLabel: exportFilename(), detail: named || null }, null);
  const { db } = ctx.deps;
  return (async function* () {
    yield CSV_BOM + csvRow(COLUMNS.map(([header]) => header));
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
