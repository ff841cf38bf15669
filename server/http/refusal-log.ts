// How a refused request is logged. A client's mistake (bad JSON, an invalid field, a missing session, a rate
// limit, a GraphQL document the schema refuses) is routine: one info line saying what was refused, no stack.
// Only unexpected failures are logged at error level with the error and its stack, where they are caught.
import type { Logger } from '../context';

/** Messages may echo the client's input (a GraphQL cursor, a field name): a bounded excerpt is enough. */
const MAX_MESSAGE = 200;

export function logRefusal(log: Pick<Logger, 'info'>, refusal: { code?: unknown; message: string; status?: number }): void {
  log.info(
    { refusal: { code: refusal.code, status: refusal.status, message: refusal.message.slice(0, MAX_MESSAGE) } },
    'request refused',
  );
}
