// GET /api/leads/export.csv?search=&funnel=: every lead matching the filters as a CSV file, for operators only
// (Authorization: Bearer <session token>; anonymous 401, any other account 403, both in the legacy envelope).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context';
import { sendDownloadRefusal } from '../../http/download-refusal';
import { contentDisposition } from '../../http/content-disposition';
import { buildRequestContext } from '../../http/request-context';
import { exportFilename, exportLeadsCsv } from './export-leads.service';

export const LEADS_EXPORT_PATH = '/api/leads/export.csv';

export function registerLeadRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(LEADS_EXPORT_PATH, async (req: FastifyRequest<{ Querystring: { search?: string; funnel?: string } }>, reply: FastifyReply) => {
    try {
      const ctx = await buildRequestContext(deps, req);
      const { search, funnel } = req.query ?? {};
      const chunks = await exportLeadsCsv(ctx, { search, funnel });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(exportFilename(), 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    } catch (error) {
      return sendDownloadRefusal(req, reply, error, 'leads export');
    }
  });
}
