// The personal area's downloads over HTTP (session only, no X-Club: the person names the club): all the data about a
// person of the family as JSON or PDF (GDPR arts. 15 and 20), and a signed registration the club approved.
// Another family's person answers 404 like an unknown one; refusals in the legacy envelope (404, 403, 401, 429).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { downloadRoute } from '../../http/download';
import { familyExportJson, familyExportPdf, familySignedRegistration } from './family-export.service';

type PersonParams = { Params: { personId: string } };

export function registerFamilyAreaRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/api/area/persone/:personId/dati.json',
    downloadRoute<PersonParams>(deps, 'personal data (JSON)', async (ctx, req) => {
      const { filename, body } = await familyExportJson(ctx, req.params.personId);
      return { filename, contentType: 'application/json; charset=utf-8', body };
    }),
  );
  app.get(
    '/api/area/persone/:personId/dati.pdf',
    downloadRoute<PersonParams>(deps, 'personal data (PDF)', async (ctx, req) => {
      const { filename, body } = await familyExportPdf(ctx, req.params.personId);
      return { filename, contentType: 'application/pdf', body };
    }),
  );
  app.get(
    '/api/area/persone/:personId/iscrizioni/:submissionId/firmata.pdf',
    downloadRoute<{ Params: { personId: string; submissionId: string } }>(deps, 'signed registration (family)', async (ctx, req) => {
      const { filename, body } = await familySignedRegistration(ctx, req.params.personId, req.params.submissionId);
      return { filename, contentType: 'application/pdf', body };
    }),
  );
}
