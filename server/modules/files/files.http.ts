// GET /files/:id (and /api/files/:id for legacy clients): the bytes of a stored file, only with the session
// (Authorization: Bearer) and club (X-Club) headers of a member of the owning club. Browsers cannot send those
// headers from a plain link: the client fetches the file and shows it through an object URL (docs/api/files.md).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { readClubFile } from './read-club-file.service';

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const handler = downloadRoute<{ Params: { id: string } }>(deps, 'file download', async (ctx, req) => {
    const file = await readClubFile(ctx, req.params.id);
    return { filename: file.filename, contentType: file.mimeType, body: file.content, disposition: 'inline' };
  });
  app.get('/files/:id', handler);
  app.get('/api/files/:id', handler);
}
