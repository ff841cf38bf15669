// GET /api/leads/export.csv?search=&funnel=: every lead matching the filters as a CSV file, for operators only
// (Authorization: Bearer <session token>; anonymous 401, any other account 403, both in the legacy envelope).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { CSV_CONTENT_TYPE, downloadRoute } from '../../http/download';
import { exportFilename, exportLeadsCsv } from './export-leads.service';

export const LEADS_EXPORT_PATH = '/api/leads/export.csv';

export function registerLeadRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    LEADS_EXPORT_PATH,
    downloadRoute<{ Querystring: { search?: string; funnel?: string } }>(deps, 'leads export', async (ctx, req) => {
      const { search, funnel } = req.query ?? {};
      const body = await exportLeadsCsv(ctx, { search, funnel });
      return { filename: exportFilename(), contentType: CSV_CONTENT_TYPE, body };
    }),
  );
}
