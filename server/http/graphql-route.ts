// Mounts Yoga on Fastify at /graphql. The RequestContext is resolved first, so a request naming a club the
// session does not belong to is refused before any resolver runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, HTTP_STATUS } from '../lib/errors';
import { createGraphQLServer } from '../graphql/yoga';
import type { AppDeps } from '../context';
import { buildRequestContext } from './request-context';

function graphqlErrorBody(error: AppError) {
  return { errors: [{ message: error.message, extensions: { code: error.code } }] };
}

export function registerGraphQL(app: FastifyInstance, deps: AppDeps): void {
  const yoga = createGraphQLServer({ logErrors: (err) => app.log.error({ err }, 'graphql resolver failed') });

  // Own scope: a multipart body is left unread here, for graphql-upload-minimal to stream (graphql-multipart.ts).
  app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
    scope.route({
      url: '/graphql',
      method: ['GET', 'POST', 'OPTIONS'],
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        let requestContext;
        try {
          requestContext = await buildRequestContext(deps, req);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return reply.status(HTTP_STATUS[error.code]).send(graphqlErrorBody(error));
        }
        const http = { req: req.raw, res: reply.raw };
        const response = await yoga.handleNodeRequestAndResponse(req, reply, { requestContext, http });
        response.headers.forEach((value, key) => reply.header(key, value));
        reply.status(response.status);
        reply.send(response.body);
        return reply;
      },
    });
  });
}
