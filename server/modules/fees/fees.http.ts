// The fees' downloads over HTTP, thin adapters over the services (which decide who may have what; another club's or
// another family's answers 404 like an unknown one):
//   GET /api/fees/prima-nota.{csv|xlsx}?from=&to=           the accountant's ledger (fees.read, export.run; X-Club)
//   GET /api/fees/addebiti-sepa.xml?collectionDate=         a SEPA collection, pain.008.001.02 (fees.read, export.run; X-Club)
//   GET /api/fees/famiglia/:payerId/riepilogo-:year.pdf      a payer's yearly statement (fees.read; X-Club)
//   GET /api/area/persone/:personId/riepilogo-:year.pdf      the payer's own, in the personal area (session only)
//   GET /api/receipts/:id.pdf                                a receipt (fees.read; X-Club)
//   GET /api/area/persone/:personId/ricevute/:id.pdf         a receipt of a person of the family (session only)
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { NotFoundError } from '../../lib/errors';
import { CONTENT_TYPES } from '../exports/export-file';
import { feesLedger } from './fees-export.service';
import { sepaCollectionFile } from './sepa.service';
import { receiptForFamily, receiptForStaff, yearlyStatementForFamily, yearlyStatementForStaff } from './receipts.service';

/** A year in the path: 2000-2100, else an unknown page. */
function yearOf(value: string): number {
  const year = Number(value);
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new NotFoundError();
  return year;
}

const pdf = ({ filename, body }: { filename: string; body: Buffer }) => ({ filename, body, contentType: 'application/pdf' });

export function registerFeesRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/fees/prima-nota.:format',
    downloadRoute<{ Params: { format: string }; Querystring: { from?: string; to?: string } }>(deps, 'fees ledger', async (ctx, req) => {
      const { filename, format, body } = await feesLedger(ctx, req.params.format, req.query?.from, req.query?.to);
      return { filename, contentType: CONTENT_TYPES[format], body };
    }),
  );
  app.get(
    '/api/fees/addebiti-sepa.xml',
    downloadRoute<{ Querystring: { collectionDate?: string } }>(deps, 'sepa collection', async (ctx, req) => {
      const { filename, body } = await sepaCollectionFile(ctx, { collectionDate: req.query?.collectionDate });
      return { filename, body, contentType: 'application/xml' };
    }),
  );
  app.get(
    '/api/fees/famiglia/:payerId/riepilogo-:year.pdf',
    downloadRoute<{ Params: { payerId: string; year: string } }>(deps, 'yearly statement (staff)', async (ctx, req) => pdf(await yearlyStatementForStaff(ctx, req.params.payerId, yearOf(req.params.year)))),
  );
  app.get(
    '/api/area/persone/:personId/riepilogo-:year.pdf',
    downloadRoute<{ Params: { personId: string; year: string } }>(deps, 'yearly statement (family)', async (ctx, req) => pdf(await yearlyStatementForFamily(ctx, req.params.personId, yearOf(req.params.year)))),
  );
  app.get(
    '/api/receipts/:id.pdf',
    downloadRoute<{ Params: { id: string } }>(deps, 'receipt (staff)', async (ctx, req) => pdf(await receiptForStaff(ctx, req.params.id))),
  );
  app.get(
    '/api/area/persone/:personId/ricevute/:id.pdf',
    downloadRoute<{ Params: { personId: string; id: string } }>(deps, 'receipt (family)', async (ctx, req) => pdf(await receiptForFamily(ctx, req.params.personId, req.params.id))),
  );
}
