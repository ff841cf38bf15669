// Turn a thrown Apollo error into the Italian message the user sees (spec §8).
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MSG } from '../../../schema/messages';

export function messageOfError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    // Messages the server marked with a code are meant for users; anything else may be internal.
    if (first?.message && typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') return first.message;
    return MSG.unexpected;
  }
  // A refusal of the whole request (HTTP 4xx whose body is a GraphQL error with a code), e.g. 403 for a club the
  // account no longer belongs to: the server's message.
  if (ServerError.is(error) && error.statusCode < 500) {
    const message = codedMessage(error.bodyText);
    if (message) return message;
  }
  // 503: the server was too busy to take the request (nothing was saved) and asks to try again shortly. The form
  // keeps what was typed (SchemaForm), so the message says so, whoever answered (the server or a proxy in front).
  if (ServerError.is(error) && error.statusCode === 503) return MSG.serverBusy;
  // HTTP status other than 2xx, unreadable body, fetch failure: the spec's "no connection" message.
  return MSG.noConnection;
}

/**
 * Whether a request failed for lack of network (the browser offline, the server unreachable): no answer at all, as
 * opposed to an answer that refused (HTTP 4xx/5xx, GraphQL errors).
 */
export function isNetworkFailure(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error) || ServerError.is(error)) return false;
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || error instanceof TypeError;
}

function codedMessage(bodyText: string): string | undefined {
  try {
    const first = (JSON.parse(bodyText) as { errors?: { message?: unknown; extensions?: { code?: unknown } }[] }).errors?.[0];
    const code = first?.extensions?.code;
    if (typeof first?.message === 'string' && first.message && typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') return first.message;
  } catch {
    // not JSON
  }
  return undefined;
}

/** The message of an error member of a mutation's result union (`... on BaseError { message }`). */
export function resultMessage(result: unknown): string {
  if (result && typeof result === 'object' && 'message' in result && typeof result.message === 'string' && result.message) {
    return result.message;
  }
  return MSG.unexpected;
}
