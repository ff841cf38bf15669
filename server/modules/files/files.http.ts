// GET /files/:id (and /api/files/:id for legacy clients): the bytes of a stored file, only with the session
// (Authorization: Bearer) and club (X-Club) headers of a member of the owning club. Browsers cannot send those
// headers from a plain link: the client fetches the file and shows it through an object URL (docs/api/files.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context';
import { sendDownloadRefusal } from '../../http/download-refusal';
import { contentDisposition } from '../../http/content-disposition';
import { buildRequestContext } from '../../http/request-context';
import { readClubFile } from './read-club-file.service';

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const handler = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    try {
      const ctx = await buildRequestContext(deps, req);
      const file = await readClubFile(ctx, req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.content.length))
        .header('content-disposition', contentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    } catch (error) {
      return sendDownloadRefusal(req, reply, error, 'file download');
    }
  };
  app.get('/files/:id', handler);
  app.get('/api/files/:id', handler);
}
