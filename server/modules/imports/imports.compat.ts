// Legacy REST face of the import (spec §7): POST /api/import (multipart: file, type, dry_run 0|1, optional mode,
// optional mapping as JSON text, valid_only 0|1, tidy_names 0|1, header_line: the header row chosen by hand,
// season_id and card_body: the season of the file's cards and register rows, and the body of its cards)
// answering the envelope with the run's counts and row errors as its context, and
// GET /api/import/download-template?type= answering the kind's CSV template as {type}_template.csv (with
// format=xlsx the club's workbook, {type}_template.xlsx).
import { failure, ok, type Envelope } from '../../compat/envelope';
import type { LegacyBody, LegacyRoute } from '../../compat/router';
import { isUploadedFile, type UploadedFile } from '../files/files.service';
import { IMPORT_UPLOAD_LIMITS } from '../files/upload-limits';
import { importPeople, type ImportOutcome } from './import-people.service';
import { templateDownload } from './import-template-xlsx';

/** The `file` part: the first file sent under that name (a JSON body, or a text field, has none). */
function fileOf(value: unknown): UploadedFile | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isUploadedFile(first) ? first : null;
}

/** The outcome as the legacy client reads it (snake_case); never empty, as the spec asks of an import's context. */
export function presentImport(o: ImportOutcome) {
  return {
    import_id: o.runId,
    dry_run: o.dryRun,
    type: o.kind,
    mode: o.mode,
    status: o.status,
    file_name: o.fileName,
    format: o.format,
    counts: o.counts,
    errors: o.errors,
    rows: o.rows.map((r) => ({ row: r.row, status: r.status, tax_id_code: r.taxIdCode, name: r.name, changes: r.changes })),
    columns: o.columns,
    ignored_columns: o.ignoredColumns,
    headers: o.headers,
    mapping_remembered: o.mappingRemembered,
    valid_only: o.validOnly,
    tidy_names: o.tidyNames,
    header_line: o.headerLine,
    top_lines: o.topLines,
    notices: o.notices,
    season_writes: o.seasonWrites
      ? {
          season_id: o.seasonWrites.seasonId,
          season_label: o.seasonWrites.seasonLabel,
          cards_new: o.seasonWrites.cardsNew,
          cards_updated: o.seasonWrites.cardsUpdated,
          members_new: o.seasonWrites.membersNew,
          members_numbered: o.seasonWrites.membersNumbered,
          first_next_number: o.seasonWrites.firstNextNumber,
          renewals_new: o.seasonWrites.renewalsNew,
          renewals_updated: o.seasonWrites.renewalsUpdated,
          messages: o.seasonWrites.messages,
        }
      : null,
    // The error file inline (base64), as the GraphQL face answers it; null when no row is invalid.
    error_file: o.errorFile ? { filename: o.errorFile.filename, content_type: o.errorFile.contentType, base64: o.errorFile.content.toString('base64') } : null,
  };
}

function envelopeOf(outcome: ImportOutcome): Envelope {
  // A run refused for invalid rows is a business outcome: status false, the rows' errors in the context.
  if (outcome.status === 'failed') return { ...failure(outcome.message), context: presentImport(outcome) };
  return ok(presentImport(outcome), outcome.message);
}

export const importsLegacyRoutes: LegacyRoute[] = [
  {
    path: '/import',
    uploadLimits: IMPORT_UPLOAD_LIMITS,
    handler: async (ctx, body: LegacyBody) =>
      envelopeOf(
        await importPeople(ctx, { file: fileOf(body.file), kind: body.type, dryRun: body.dry_run, mode: body.mode, mapping: body.mapping, validOnly: body.valid_only, tidyNames: body.tidy_names, headerLine: body.header_line,
          seasonId: body.season_id, cardBody: body.card_body }),
      ),
  },
  {
    path: '/import/download-template',
    method: 'GET',
    handler: async (ctx, _body, req) => {
      const query = (req.query as Record<string, unknown> | undefined) ?? {};
      // format=xlsx: the club's workbook (dropdowns, date cells, instructions); otherwise the spec's CSV, unchanged.
      const { filename, contentType, content } = await templateDownload(ctx, query.type, query.format);
      return { download: { filename, contentType, body: content } };
    },
  },
];
