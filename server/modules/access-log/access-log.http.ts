// GET /api/access-log/export.csv?actions=&actorAccountId=&personId=&search=&from=&to=: the X-Club club's access log
// with those filters as a CSV file, for owners and admins (Authorization: Bearer + X-Club; refusals in the legacy
// envelope: 401 without a session, 403 for another role, 400 for a bad filter).
import type { FastifyInstance } from 'fastify';
import type { AccessLogFilterInput } from '../../../schema/validation/access-log';
import type { AppDeps } from '../../context';
import { CSV_CONTENT_TYPE, downloadRoute } from '../../http/download';
import { exportAccessLogCsv, exportFilename } from './export-access-log.service';

export const ACCESS_LOG_EXPORT_PATH = '/api/access-log/export.csv';

export function registerAccessLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    ACCESS_LOG_EXPORT_PATH,
    downloadRoute<{ Querystring: AccessLogFilterInput }>(deps, 'access log export', async (ctx, req) => {
      const { actions, actorAccountId, personId, search, from, to } = req.query ?? {};
      const body = await exportAccessLogCsv(ctx, { actions, actorAccountId, personId, search, from, to });
      return { filename: exportFilename(), contentType: CSV_CONTENT_TYPE, body };
    }),
  );
}
