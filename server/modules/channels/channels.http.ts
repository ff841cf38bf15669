// A channel message's file in the personal area (issue 39 point 4):
//   GET /api/area/canali/:groupId/allegati/:fileId   (session) a file of a visible message of one of the family's
//                                                    channels; any other: 404. The staff open channel files as any
//                                                    club file (/files/:id, for who reads that channel).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { myChannelAttachment } from './channels.service';

export function registerChannelRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/area/canali/:groupId/allegati/:fileId',
    downloadRoute<{ Params: { groupId: string; fileId: string } }>(deps, 'channel attachment (area)', async (ctx, req) => ({
      ...(await myChannelAttachment(ctx, req.params.groupId, req.params.fileId)),
      disposition: 'inline',
    })),
  );
}
