// Mounts Yoga on Fastify at /graphql. The RequestContext is resolved first, so a request naming a club the
// session does not belong to is refused before any resolver runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, HTTP_STATUS } from '../lib/errors';
import { createGraphQLServer } from '../graphql/yoga';
import type { AppDeps } from '../context';
import { buildRequestContext } from './request-context';
import { logRefusal } from './refusal-log';
import { rateLimitHeaders } from '../modules/federation/api-key-requests';
import { writeApiRequestLog } from '../modules/federation/api-request-log';

function graphqlErrorBody(error: AppError) {
  return { errors: [{ message: error.message, extensions: { code: error.code } }] };
}

export function registerGraphQL(app: FastifyInstance, deps: AppDeps): void {
  const yoga = createGraphQLServer({
    log: {
      failed: (err) => app.log.error({ err }, 'graphql resolver failed'),
      refused: (refusal) => logRefusal(app.log, refusal),
    },
  });

  // Own scope: a multipart body is left unread here, for graphql-multipart.ts to read after the session check.
  app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
    scope.route({
      url: '/graphql',
      // OPTIONS (CORS preflight) is answered by the CORS hook (cors.ts).
      method: ['GET', 'POST'],
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        let requestContext;
        try {
          requestContext = await buildRequestContext(deps, req);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          logRefusal(req.log, { code: error.code, message: error.message, status: HTTP_STATUS[error.code] });
          return reply.status(HTTP_STATUS[error.code]).send(graphqlErrorBody(error));
        }
        const http = { req: req.raw, res: reply.raw };
        const response = await yoga.handleNodeRequestAndResponse(req, reply, { requestContext, http });
        response.headers.forEach((value, key) => {
          reply.header(key, value);
        });
        // Beside the server time (app.ts registerServerTiming): whether the answer came from the answer cache.
        if (requestContext.answerCache) reply.header('server-timing', `cache;desc=${requestContext.answerCache}`);
        if (requestContext.apiUsage) {
          for (const [name, value] of Object.entries(rateLimitHeaders(requestContext))) reply.header(name, value);
          const log = requestContext;
          // Registered now (shutdown and tests wait for it), written once the answer has gone: on PGlite the
          // statement runs in this thread and would otherwise delay the answer.
          deps.background.run('api request log', async () => {
            await new Promise((resolve) => setImmediate(resolve));
            await writeApiRequestLog(log, response.status);
          });
        }
        reply.status(response.status);
        reply.send(response.body);
        return reply;
      },
    });
  });
}
