import { createYoga, maskError as defaultMaskError } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { AppError, HTTP_STATUS } from '../lib/errors';
import { MSG } from '../../schema/messages';
import type { RequestContext } from '../context';
import { schema } from './schema';

export interface YogaServerContext {
  /** Filled by the HTTP layer before Yoga runs: see app.ts. */
  requestContext: RequestContext;
}

/**
 * Expected errors thrown outside a mutation's typed union (queries, context) keep their Italian message and get
 * `extensions.code`; anything else is masked to the generic message, never a stack or database text.
 */
function maskError(error: unknown, message: string, isDev?: boolean): Error {
  // Duck-typed: Yoga and this module may not share one copy of graphql's GraphQLError class.
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, http: { status: HTTP_STATUS[original.code] } },
    });
  }
  if ((error as Error)?.name === 'GraphQLError' && !(error as GraphQLError).originalError) return error as GraphQLError; // the document's own syntax / validation errors
  return defaultMaskError(error, MSG.unexpected, isDev);
}

export function createGraphQLServer(opts: { logErrors: (e: unknown) => void }) {
  return createYoga<YogaServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    context: ({ requestContext }) => requestContext,
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const masked = maskError(error, message, false);
        if (!(masked instanceof GraphQLError && masked.extensions.code)) opts.logErrors(error);
        return masked;
      },
    },
    multipart: false,
    logging: false,
    landingPage: false,
    // GraphiQL loads its scripts from a CDN, which the CSP (and offline sites) would block: use any GraphQL client.
    graphiql: false,
  });
}
