// The signed registration PDFs over HTTP: GET /api/registrations/signed.pdf?key=<the browser's secret> for the
// registrant (no account; the link of the confirmation mail), and GET /api/registrations/:id/signed.pdf for the
// club's staff with registrations.manage (session and X-Club). Refusals in the legacy envelope (404, 403, 401, 429).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { signedPdfForRegistrant } from './registration-submit.service';
import { signedPdfForStaff } from './registration-review.service';

const pdf = ({ filename, content }: { filename: string; content: Buffer }) => ({ filename, contentType: 'application/pdf', body: content });

export function registerRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/registrations/signed.pdf',
    downloadRoute<{ Querystring: { key?: string } }>(deps, 'signed registration (registrant)', async (ctx, req) => pdf(await signedPdfForRegistrant(ctx, req.query?.key))),
  );
  app.get(
    '/api/registrations/:id/signed.pdf',
    downloadRoute<{ Params: { id: string } }>(deps, 'signed registration (staff)', async (ctx, req) => pdf(await signedPdfForStaff(ctx, req.params.id))),
  );
}
