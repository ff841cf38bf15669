// The calendar over HTTP (issue 38):
//   GET /calendario/:token.ics                        a private feed, fetched by calendar apps with no session (404
//                                                     when unknown or revoked), text/calendar
//   GET /api/presenze.{csv|xlsx}?from=&to=&groupId=    attendance statistics per athlete (calendar.read, export.run; X-Club)
//   GET /api/convocazioni/lettere-scuola.pdf?eventId=&occursOn=[&personId=]
//                                                     the school-absence letters of a day's called-up minors (calendar.write)
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute, sendDownload, sendDownloadRefusal } from '../../http/download';
import { CONTENT_TYPES } from '../exports/export-file';
import { attendanceExport } from './attendance.service';
import { NotFoundError } from '../../lib/errors';
import { calendarFeedFile } from './calendar-feeds.service';
import { schoolLetters } from './school-letters.service';

export function registerCalendarRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { token: string } }>('/calendario/:token.ics', async (req, reply) => {
    try {
      const file = await calendarFeedFile({ deps }, req.params.token);
      if (!file) throw new NotFoundError();
      return sendDownload(reply, { filename: file.filename, contentType: 'text/calendar; charset=utf-8', body: file.body, disposition: 'inline' });
    } catch (error) {
      return sendDownloadRefusal(req, reply, error, 'calendar feed');
    }
  });
  app.get(
    '/api/presenze.:format',
    downloadRoute<{ Params: { format: string }; Querystring: { from?: string; to?: string; groupId?: string } }>(deps, 'attendance export', async (ctx, req) => {
      const { filename, format, body } = await attendanceExport(ctx, req.params.format, { from: req.query?.from, to: req.query?.to, groupId: req.query?.groupId });
      return { filename, contentType: CONTENT_TYPES[format], body };
    }),
  );
  app.get(
    '/api/convocazioni/lettere-scuola.pdf',
    downloadRoute<{ Querystring: { eventId?: string; occursOn?: string; personId?: string } }>(deps, 'school letters', async (ctx, req) => {
      const { filename, body } = await schoolLetters(ctx, { eventId: req.query?.eventId, occursOn: req.query?.occursOn, personId: req.query?.personId });
      return { filename, contentType: 'application/pdf', body };
    }),
  );
}
