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
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, http: { status: HTTP_STATUS[original.code] } },
    });
  }
  if (error instanceof GraphQLError && !error.originalError) return error; // syntax / validation of the document
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
    graphiql: { title: 'CampoBase GraphQL' },
  });
}
