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
import { receiptPdf, yearlyStatementPdf } from './receipts.service';
import { feesLedger } from './fees-export.service';
import { CONTENT_TYPES } from '../exports/export-file';

/** A year in the path: 2000-2100, else an unknown page. */
function yearOf(value: string): number {
  const year = Number(value);
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new NotFoundError();
  return year;
}

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
  // A family's yearly statement for the tax return: the staff's (fees.read) and the payer's own, in the personal area.
  app.get(
    '/api/fees/famiglia/:payerId/riepilogo-:year.pdf',
    downloadRoute<{ Params: { payerId: string; year: string } }>(deps, 'yearly statement (staff)', async (ctx, req) => {
      const { clubId } = authorizeMember(ctx, 'fees.read');
      const db = clubDb(ctx);
      if (!isUuid(req.params.payerId) || !(await db.person.findFirst({ where: { clubId, id: req.params.payerId }, select: { id: true } }))) throw new NotFoundError();
      return { ...(await yearlyStatementPdf(db, clubId, req.params.payerId, yearOf(req.params.year))), contentType: 'application/pdf' };
    }),
  );
  app.get(
    '/api/area/persone/:personId/riepilogo-:year.pdf',
    downloadRoute<{ Params: { personId: string; year: string } }>(deps, 'yearly statement (family)', async (ctx, req) => {
      // The payer's own statement: the account's own person (titolare), as payer.
      const { db, clubId, personId } = await familyDoor(ctx, req.params.personId, 'family.export');
      return { ...(await yearlyStatementPdf(db, clubId, personId, yearOf(req.params.year))), contentType: 'application/pdf' };
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
