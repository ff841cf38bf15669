// GET /api/member-register.pdf?seasonId= and /api/member-register.xlsx?seasonId=: the libro soci of one season (or of
// all time without seasonId) as the legal register's PDF or as an XLSX, for roles with members.read in the X-Club
// club (Authorization: Bearer + X-Club; refusals in the legacy envelope: 401 without a session, 403 for another
// role, 404 for a season that is not the club's).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { REGISTER_FORMATS, registerDownload } from './register-export.service';

export const registerExportPath = (format: (typeof REGISTER_FORMATS)[number]) => `/api/member-register.${format}`;

export function registerMemberRegisterRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const format of REGISTER_FORMATS) {
    app.get(
      registerExportPath(format),
      downloadRoute<{ Querystring: { seasonId?: string } }>(deps, `member register ${format}`, (ctx, req) =>
        registerDownload(ctx, format, req.query?.seasonId || undefined),
      ),
    );
  }
}
