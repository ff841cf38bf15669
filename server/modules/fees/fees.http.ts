// The fees' downloads. A receipt's PDF over HTTP: GET /api/receipts/:id.pdf for the club's staff with fees.read (session and X-Club), and
// GET /api/area/persone/:personId/ricevute/:id.pdf for the family in the personal area (session only). A receipt of
// another club or another family answers 404 like an unknown one.
import type { FastifyInstance } from 'fastify';
import { authorizeMember } from '../../access/authorize';
import { familyDoor } from '../../access/cross-club';
import { clubDb } from '../../access/request-db';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { isUuid, type Db } from '../../lib/club-rows';
import { NotFoundError } from '../../lib/errors';
import { receiptPdf } from './receipts.service';
import { feesLedger } from './fees-export.service';
import { CONTENT_TYPES } from '../exports/export-file';

async function receiptDownload(db: Db, clubId: string, id: string, personId?: string) {
  const receipt = isUuid(id) ? await db.receipt.findFirst({ where: { clubId, id, ...(personId ? { personId } : {}) } }) : null;
  if (!receipt) throw new NotFoundError();
  return { ...(await receiptPdf(db, receipt)), contentType: 'application/pdf' };
}

export function registerFeesRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The accountant's prima nota of a period: GET /api/fees/prima-nota.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (or .xlsx).
  app.get(
    '/api/fees/prima-nota.:format',
    downloadRoute<{ Params: { format: string }; Querystring: { from?: string; to?: string } }>(deps, 'fees ledger', async (ctx, req) => {
      const { filename, format, body } = await feesLedger(ctx, req.params.format, req.query?.from, req.query?.to);
      return { filename, contentType: CONTENT_TYPES[format], body };
    }),
  );
  app.get(
    '/api/receipts/:id.pdf',
    downloadRoute<{ Params: { id: string } }>(deps, 'receipt (staff)', async (ctx, req) => receiptDownload(clubDb(ctx), authorizeMember(ctx, 'fees.read').clubId, req.params.id)),
  );
  app.get(
    '/api/area/persone/:personId/ricevute/:id.pdf',
    downloadRoute<{ Params: { personId: string; id: string } }>(deps, 'receipt (family)', async (ctx, req) => {
      const { db, clubId, personId } = await familyDoor(ctx, req.params.personId, 'family.read');
      return receiptDownload(db, clubId, req.params.id, personId);
    }),
  );
}
