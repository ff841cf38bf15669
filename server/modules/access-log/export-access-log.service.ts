// The filtered access log as a CSV file (GET /api/access-log/export.csv), for owners and admins. The export is
// itself logged (action export), with the filters it used.
import { ACCESS_LOG_ACTIONS, ACCESS_LOG_ENTITIES, type AccessLogAction } from '../../../schema/access-log';
import { clubDate } from '../../../schema/club-time';
import { accessLogFilterInput, type AccessLogFilterInput } from '../../../schema/validation/access-log';
import { logExport } from '../../access/access-log';
import { clubDb } from '../../access/request-db';
import type { RequestContext } from '../../context';
import type { AccessLogEntry } from '../../generated/prisma/client.js';
import { CSV_BOM, csvRow, SORTABLE_TIME } from '../../lib/csv';
import { parseInput } from '../../lib/validate';
import { ACCESS_LOG_ORDER, accessLogWhere } from './access-log.service';

const BATCH = 500;

/** Who, as the page shows it: the name, the email, or "Sistema" for jobs and scripts. */
export const actorLabel = (e: Pick<AccessLogEntry, 'actorKind' | 'actorName' | 'actorEmail'>) =>
  e.actorKind === 'system' ? 'Sistema' : (e.actorName ?? e.actorEmail ?? 'Sconosciuto');

const COLUMNS: ReadonlyArray<readonly [string, (e: AccessLogEntry) => string]> = [
  ['Data', (e) => SORTABLE_TIME.format(e.at)],
  ['Azione', (e) => ACCESS_LOG_ACTIONS[e.action as AccessLogAction] ?? e.action],
  ['Chi', actorLabel],
  ['Email', (e) => e.actorEmail ?? ''],
  ['Tipo', (e) => (e.entityType ? (ACCESS_LOG_ENTITIES[e.entityType] ?? e.entityType) : '')],
  ['Cosa', (e) => e.entityLabel ?? ''],
  ['Dettaglio', (e) => e.detail ?? ''],
  ['Identificativo', (e) => e.entityId ?? ''],
  ['Indirizzo IP', (e) => e.ip ?? ''],
  ['Dispositivo', (e) => e.userAgent ?? ''],
];

/** The filters in words, for the export's own log line. */
function describeFilters(raw: AccessLogFilterInput): string | null {
  const filter = parseInput(accessLogFilterInput, raw);
  const parts = [
    filter.actions?.length && `azioni: ${filter.actions.map((a) => ACCESS_LOG_ACTIONS[a as AccessLogAction]).join(', ')}`,
    filter.actorAccountId && `collaboratore ${filter.actorAccountId}`,
    filter.personId && `persona ${filter.personId}`,
    filter.search && `ricerca "${filter.search}"`,
    filter.from && `dal ${filter.from}`,
    filter.to && `al ${filter.to}`,
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : null;
}

/**
 * The whole file as chunks (header, then the lines newest first, read 500 at a time), streamed rather than held
 * in memory. The permission and the filters are checked before the first chunk: a refusal is a clean 4xx.
 */
export async function exportAccessLogCsv(ctx: RequestContext, filters: AccessLogFilterInput): Promise<AsyncIterable<string>> {
  const where = await accessLogWhere(ctx, filters);
  logExport(ctx, { entityType: 'accessLog', entityLabel: exportFilename(), detail: describeFilters(filters) });
  const db = clubDb(ctx);
  return (async function* () {
    yield CSV_BOM + csvRow(COLUMNS.map(([header]) => header));
    let cursor: bigint | undefined;
    for (;;) {
      const batch = await db.accessLogEntry.findMany({ where, orderBy: ACCESS_LOG_ORDER, take: BATCH, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) });
      if (batch.length) yield batch.map((entry) => csvRow(COLUMNS.map(([, cell]) => cell(entry)))).join('');
      if (batch.length < BATCH) return;
      cursor = batch[batch.length - 1].id;
    }
  })();
}

/** registro-accessi-2026-03-01.csv (the day in Italy). */
export function exportFilename(now = new Date()): string {
  return `registro-accessi-${clubDate(now)}.csv`;
}
