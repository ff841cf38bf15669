// GET /api/access-log/export.csv?actions=&actorAccountId=&personId=&search=&from=&to=: the X-Club club's access log
// with those filters as a CSV file, for owners and admins (Authorization: Bearer + X-Club; refusals in the legacy
// envelope: 401 without a session, 403 for another role, 400 for a bad filter).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLogFilterInput } from '../../../schema/validation/access-log';
import type { AppDeps } from '../../context';
import { sendDownloadRefusal } from '../../http/download-refusal';
import { buildRequestContext } from '../../http/request-context';
import { contentDisposition } from '../../http/content-disposition';
import { exportAccessLogCsv, exportFilename } from './export-access-log.service';

export const ACCESS_LOG_EXPORT_PATH = '/api/access-log/export.csv';

export function registerAccessLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(ACCESS_LOG_EXPORT_PATH, async (req: FastifyRequest<{ Querystring: AccessLogFilterInput }>, reply: FastifyReply) => {
    try {
      const ctx = await buildRequestContext(deps, req);
      const { actions, actorAccountId, personId, search, from, to } = req.query ?? {};
      const chunks = await exportAccessLogCsv(ctx, { actions, actorAccountId, personId, search, from, to });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(exportFilename(), 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    } catch (error) {
      return sendDownloadRefusal(req, reply, error, 'access log export');
    }
  });
}
