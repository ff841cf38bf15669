// The process's last resort for an error nothing else caught ('uncaughtException', 'unhandledRejection').
// Every known stream is handled where it is used (uploads: modules/files/multipart-reader.ts); this is the net
// under that. The choice, on purpose not "always keep going":
//   - an error of one connection or one request's stream (a peer that reset, a pipe closed early, a malformed
//     upload's parser) leaves nothing shared half-done: it is logged at error and the server keeps serving; a client
//     that simply went away ('Premature close', 'aborted') is one line at info without a stack (client-gone.ts);
//   - anything else is a bug whose damage is unknown (a transaction's bookkeeping, a pool, the embedded database's
//     state): it is logged at fatal with the error, the server closes cleanly (connections, database) and exits
//     with 1, for a supervisor to restart it (systemd, or `npm run start:supervised`: see docs/operations.md).
import type { EventEmitter } from 'node:events';
import { CLIENT_GONE_MSG, clientGoneFields, isClientGone } from './client-gone';

/** Node's codes for a connection or stream that ended under us: the business of one request only. */
const CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ECANCELED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'ERR_STREAM_ALREADY_FINISHED',
  'ERR_STREAM_CANNOT_PIPE',
  'ERR_HTTP_REQUEST_TIMEOUT',
]);

/** busboy's errors (both copies: busboy and @fastify/busboy) carry no code, only these messages. */
const MULTIPART_PARSER_MESSAGES = /^(Malformed part header|Unexpected end of (form|file|multipart data)|Multipart: Boundary not found|Malformed content type|Unsupported content type.*|Part terminated early due to unexpected end of multipart data)$/;

export function isConnectionLevel(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('HPE_'))) return true;
  return MULTIPART_PARSER_MESSAGES.test(error.message);
}

export interface LastResortOptions {
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void; fatal(obj: object, msg: string): void };
  /** Closes the server and its database. */
  shutdown: () => Promise<unknown>;
  exit?: (code: number) => void;
  /** The process (tests pass an EventEmitter). */
  target?: EventEmitter;
  /** Exit anyway when closing takes longer than this. */
  shutdownTimeoutMs?: number;
}

export function installLastResortHandlers({ log, shutdown, exit = (code) => process.exit(code), target = process, shutdownTimeoutMs = 10_000 }: LastResortOptions): void {
  let stopping = false;
  const handler = (kind: 'uncaughtException' | 'unhandledRejection') => (error: unknown) => {
    if (isClientGone(error)) {
      log.info({ kind, ...clientGoneFields(error) }, CLIENT_GONE_MSG);
      return;
    }
    if (isConnectionLevel(error)) {
      log.error({ err: error, kind }, 'connection-level error nobody handled: the server keeps serving');
      return;
    }
    log.fatal({ err: error, kind }, 'unexpected error nobody handled: the server stops (a supervisor restarts it)');
    if (stopping) return;
    stopping = true;
    setTimeout(() => exit(1), shutdownTimeoutMs).unref();
    shutdown().then(
      () => exit(1),
      () => exit(1),
    );
  };
  target.on('uncaughtException', handler('uncaughtException'));
  target.on('unhandledRejection', handler('unhandledRejection'));
}
