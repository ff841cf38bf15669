import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { AppError, HTTP_STATUS } from '../lib/errors';
import { MSG } from '../../schema/messages';
import type { RequestContext } from '../context';
import { useGraphQLMultipart, type RawHttp } from '../modules/files/graphql-multipart';
import { schema } from './schema';

export interface YogaServerContext {
  /** Filled by the HTTP layer before Yoga runs: see app.ts. */
  requestContext: RequestContext;
  /** The raw Node request/response, for GraphQL multipart uploads (read straight from the request stream). */
  http?: RawHttp;
}

// Duck-typed: Yoga and this module may not share one copy of graphql's GraphQLError class.
const originalOf = (error: unknown) => (error as { originalError?: unknown })?.originalError ?? error;
const isDocumentError = (error: unknown) => (error as Error)?.name === 'GraphQLError' && !(error as GraphQLError).originalError;

/**
 * Expected errors thrown outside a mutation's typed union (queries, context) keep their Italian message and get
 * `extensions.code`; the document's own syntax and validation errors pass as they are; anything else is logged
 * and masked to the generic message, never a stack or database text.
 */
function maskError(error: unknown, log: (e: unknown) => void): Error {
  const original = originalOf(error);
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, http: { status: HTTP_STATUS[original.code] } },
    });
  }
  if (isDocumentError(error)) return error as GraphQLError;
  log(error);
  return defaultMaskError(error, MSG.unexpected, false);
}

export function createGraphQLServer(opts: { logErrors: (e: unknown) => void }) {
  return createYoga<YogaServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    context: ({ requestContext }) => requestContext,
    maskedErrors: {
      maskError: (error) => maskError(error, opts.logErrors),
    },
    // Yoga's own multipart parser is off: uploads go through graphql-upload-minimal (see graphql-multipart.ts).
    multipart: false,
    plugins: [
      useGraphQLMultipart((serverContext) => {
        const { http, requestContext } = serverContext as Partial<YogaServerContext>;
        return { http, signedIn: !!requestContext?.viewer };
      }),
    ],
    logging: false,
    landingPage: false,
    // GraphiQL loads its scripts from a CDN, which the CSP (and offline sites) would block: use any GraphQL client.
    graphiql: false,
  });
}
