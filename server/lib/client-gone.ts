// A client that closes its connection before its answer is complete (a closed tab, a phone losing signal, a
// cancelled download) is not a fault of the server: nothing is to be fixed on this side and nothing shared is left
// half-done. Whichever path meets it (a stream's 'Premature close', a request body's 'aborted'), it is logged as one
// line at info with Node's code and message, never at error with a stack: a line at error must mean work to do.
/** What the hook needs of pino's logger (pino is fastify's, not a dependency of ours). */
interface InfoLogger { info(fields: object, message: string): void }

export const CLIENT_GONE_MSG = 'client went away before the answer was complete';

/**
 * Node's errors for the HTTP peer gone: a stream ended before it finished ('Premature close'), a request body cut
 * off ('aborted', ECONNRESET). A bare ECONNRESET or EPIPE is not one: it may come from the database's connection.
 */
export function isClientGone(error: unknown): error is NodeJS.ErrnoException {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED' || (code === 'ECONNRESET' && error.message === 'aborted');
}

/** What the line says about it: the code and message only (no stack). */
export const clientGoneFields = (error: NodeJS.ErrnoException) => ({ clientGone: { code: error.code, message: error.message } });

const INFO = 30;

/**
 * The app logger's hook (pino `hooks.logMethod`): a line at warn or above whose `err` is a client gone is written at
 * info instead, without the error object, keeping what it was logged as in `during`. It covers every path that
 * logs through the app's logger (fastify's, Yoga's failures, the legacy routes, the error handler) at once.
 */
export function clientGoneLogMethod(this: InfoLogger, args: unknown[], method: (...args: unknown[]) => void, level: number): void {
  const [first, ...rest] = args;
  if (level > INFO && first && typeof first === 'object' && isClientGone((first as { err?: unknown }).err)) {
    const { err, ...fields } = first as { err: NodeJS.ErrnoException };
    const during = typeof rest[0] === 'string' ? rest[0] : undefined;
    this.info({ ...fields, ...clientGoneFields(err), ...(during ? { during } : {}) }, CLIENT_GONE_MSG);
    return;
  }
  method.apply(this, args);
}
