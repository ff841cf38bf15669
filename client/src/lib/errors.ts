// Turn a thrown Apollo error into the Italian message the user sees (spec §8).
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { MSG } from '../../../schema/messages';

export function messageOfError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    // Messages the server marked with a code are meant for users; anything else may be internal.
    if (first?.message && typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') return first.message;
    return MSG.unexpected;
  }
  // HTTP status other than 2xx, unreadable body, fetch failure: the spec's "no connection" message.
  return MSG.noConnection;
}

/** The message of an error member of a mutation's result union (`... on BaseError { message }`). */
export function resultMessage(result: unknown): string {
  if (result && typeof result === 'object' && 'message' in result && typeof result.message === 'string' && result.message) {
    return result.message;
  }
  return MSG.unexpected;
}
