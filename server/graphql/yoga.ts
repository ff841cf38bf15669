import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { appErrorOf } from '../db/database-busy';
import { HTTP_STATUS, ServiceBusyError } from '../lib/errors';
import { MSG } from '../../schema/messages';
import type { RequestContext } from '../context';
import { useGraphQLMultipart, type RawHttp } from '../modules/files/graphql-multipart';
import { useQueryLimits } from './limits';
import { useReplicaReads } from './replica-reads';
import { useAnswerCache } from './answer-cache';
import { chargeApiKey, useApiKeyRequests } from '../modules/federation/api-key-requests';
import { schema } from './schema';

export interface YogaServerContext {
  /** Filled by the HTTP layer before Yoga runs: see app.ts. */
  requestContext: RequestContext;
  /** The raw Node request/response, for GraphQL multipart uploads (read straight from the request stream). */
  http?: RawHttp;
}

// Duck-typed: Yoga and this module may not share one copy of graphql's GraphQLError class.
const originalOf = (error: unknown) => (error as { originalError?: unknown })?.originalError ?? error;
/**
 * The client's own mistakes: the document's syntax and validation, and variable values the schema's types refuse
 * (graphql-js wraps what a scalar threw as a GraphQLError). Their messages are graphql-js' own, for developers.
 */
const isClientError = (error: unknown) => {
  if ((error as Error)?.name !== 'GraphQLError') return false;
  const cause = (error as GraphQLError).originalError;
  return !cause || cause.name === 'GraphQLError';
};
/** Pothos' refusals of a connection's arguments: a malformed cursor, a negative `first`, `after` with `before`. */
const isPaginationError = (error: unknown) => {
  const cause = originalOf(error) as Error | undefined;
  return cause?.name === 'PothosValidationError' && /cursor|argument|base64/i.test(cause.message);
};

export interface GraphQLErrorLog {
  /** Unexpected failures: logged with their stack. */
  failed: (error: unknown) => void;
  /** Expected refusals and client mistakes: one line, no stack (server/http/refusal-log.ts). */
  refused: (refusal: { code?: unknown; message: string; status?: number }) => void;
}

/**
 * Expected errors thrown outside a mutation's typed union (queries, context) keep their Italian message and get
 * `extensions.code`; the client's own mistakes pass as they are; anything else is logged and masked to the generic
 * message, never a stack or database text.
 */
function maskError(error: unknown, log: GraphQLErrorLog): Error {
  const original = originalOf(error);
  const refusal = appErrorOf(original);
  if (refusal) {
    log.refused({ code: refusal.code, message: refusal.message, status: HTTP_STATUS[refusal.code] });
    // A refusal of a nested field (an organisation's key without that field's scope) leaves the rest of the answer
    // standing: it keeps its path, and the response stays 200; a root field's refusal is the request's status.
    const path = (error as GraphQLError).path;
    const nested = !!path && path.length > 1;
    // A database too busy to take the request: 503, and when to try again, wherever it happened.
    const busy = refusal instanceof ServiceBusyError ? { status: 503, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } } : undefined;
    return new GraphQLError(refusal.message, {
      path,
      extensions: { code: refusal.code, ...(busy ? { http: busy } : nested ? {} : { http: { status: HTTP_STATUS[refusal.code] } }) },
    });
  }
  if (isPaginationError(error)) {
    log.refused({ code: 'BAD_USER_INPUT', message: (original as Error).message, status: 400 });
    return new GraphQLError(MSG.paginationInvalid, {
      path: (error as GraphQLError).path,
      extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
    });
  }
  if (isClientError(error)) {
    log.refused({ code: (error as GraphQLError).extensions?.code, message: (error as Error).message });
    return error as GraphQLError;
  }
  log.failed(error);
  return defaultMaskError(error, MSG.unexpected, false);
}

export function createGraphQLServer(opts: { log: GraphQLErrorLog }) {
  return createYoga<YogaServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    context: ({ requestContext }) => requestContext,
    maskedErrors: {
      maskError: (error) => maskError(error, opts.log),
    },
    // Yoga's own multipart parser is off: uploads are read by graphql-multipart.ts within its own limits.
    multipart: false,
    // Its body limit too (25 MB, answered in English before any parser): Fastify caps JSON at 1 MB and
    // graphql-multipart.ts caps uploads (UPLOAD_LIMITS), each with an Italian 413.
    maxRequestBodySize: false,
    plugins: [
      useReplicaReads(),
      useGraphQLMultipart((serverContext) => {
        const { http, requestContext } = serverContext as Partial<YogaServerContext>;
        return { http, signedIn: !!requestContext?.viewer, config: requestContext?.deps.config };
      }),
      useApiKeyRequests(),
      ...useQueryLimits({
        // Signed-in sessions and organisations' keys may introspect the schema.
        signedIn: (context) => {
          const request = (context as Partial<YogaServerContext>).requestContext;
          return !!(request?.viewer || request?.apiKey);
        },
        charge: chargeApiKey,
      }),
      // Last: what it serves has passed every check above.
      useAnswerCache(),
    ],
    // Yoga's default CORS answers any origin; the HTTP layer applies CORS_ORIGINS to /graphql and /api alike.
    cors: false,
    logging: false,
    landingPage: false,
    // GraphiQL loads its scripts from a CDN, which the CSP (and offline sites) would block: use any GraphQL client.
    graphiql: false,
  });
}
