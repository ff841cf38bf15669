// The private calendar feed over HTTP (issue 38 point 4), fetched by calendar apps with no session:
//   GET /calendario/:token.ics   the feed the token names (404 when unknown or revoked), text/calendar
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { sendDownload, sendDownloadRefusal } from '../../http/download';
import { NotFoundError } from '../../lib/errors';
import { calendarFeedFile } from './calendar-feeds.service';

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
}
