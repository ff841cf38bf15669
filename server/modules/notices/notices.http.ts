// The one-click unsubscribe of a notice's mail (RFC 8058, issue 39 point 2):
//   POST /avviso/:token/disiscrivi   what a mail client sends for its "unsubscribe" button (body
//                                    List-Unsubscribe=One-Click, no session: the token is the proof); 200 with the
//                                    message, 404 for an unknown link
//   GET  /avviso/:token/disiscrivi   a person who opens the address: the link's page, which asks before unsubscribing
// and a notice's attachments:
//   GET  /avviso/:token/allegati/:fileId            from the mail's link (no session: the token is the proof)
//   GET  /api/area/avvisi/:recipientId/allegati/:fileId   in the personal area (session); anyone else's: 404
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { NotFoundError } from '../../lib/errors';
import { downloadRoute, sendDownload, sendDownloadRefusal } from '../../http/download';
import { unsubscribeByToken } from './mail-status.service';
import { attachmentByToken } from './notices.service';
import { myNoticeAttachment } from './notices-area.service';

type AttachmentParams = { Params: { token: string; fileId: string } };

export async function registerNoticeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<AttachmentParams>('/avviso/:token/allegati/:fileId', async (req, reply) => {
    try {
      return sendDownload(reply, { ...(await attachmentByToken({ deps }, req.params.token, req.params.fileId)), disposition: 'inline' });
    } catch (error) {
      return sendDownloadRefusal(req, reply, error, 'notice attachment (link)');
    }
  });
  app.get(
    '/api/area/avvisi/:recipientId/allegati/:fileId',
    downloadRoute<{ Params: { recipientId: string; fileId: string } }>(deps, 'notice attachment (area)', async (ctx, req) => ({
      ...(await myNoticeAttachment(ctx, req.params.recipientId, req.params.fileId)),
      disposition: 'inline',
    })),
  );
  await app.register(async (scope) => {
    // The one-click body is a form (List-Unsubscribe=One-Click), or whatever a client sends: read and ignored.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
    registerUnsubscribe(scope, deps);
  });
}

function registerUnsubscribe(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Params: { token: string } }>('/avviso/:token/disiscrivi', async (req, reply) => {
    try {
      const { message } = await unsubscribeByToken({ deps }, req.params.token);
      return reply.type('text/plain; charset=utf-8').send(message);
    } catch (error) {
      if (error instanceof NotFoundError) return reply.code(404).type('text/plain; charset=utf-8').send('Link non valido o scaduto.');
      throw error;
    }
  });
  app.get<{ Params: { token: string } }>('/avviso/:token/disiscrivi', async (req, reply) =>
    reply.redirect(`/avviso/${encodeURIComponent(req.params.token)}?disiscrivi=1`, 303),
  );
}
