// The last-resort handlers (server/lib/last-resort.ts): a connection-level error nobody handled is logged and the
// server goes on (a client that went away at info, one line, no stack); any other error is logged at fatal, the
// server closes and the process exits with 1.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_GONE_MSG } from '../../../server/lib/client-gone';
import { installLastResortHandlers, isConnectionLevel } from '../../../server/lib/last-resort';

const errorWithCode = (message: string, code: string) => Object.assign(new Error(message), { code });

function install() {
  const target = new EventEmitter();
  const log = { info: vi.fn(), error: vi.fn(), fatal: vi.fn() };
  let closed!: () => void;
  const shutdown = vi.fn(() => new Promise<void>((resolve) => (closed = resolve)));
  const exit = vi.fn();
  installLastResortHandlers({ log, shutdown, exit, target });
  return { target, log, shutdown, exit, close: () => closed() };
}

describe('last-resort handlers', () => {
  it('tells connection-level errors from the rest', () => {
    for (const error of [
      errorWithCode('read ECONNRESET', 'ECONNRESET'),
      errorWithCode('write EPIPE', 'EPIPE'),
      errorWithCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'),
      errorWithCode('Parse Error: Invalid header value char', 'HPE_INVALID_HEADER_TOKEN'),
      new Error('Malformed part header'),
      new Error('Unexpected end of form'),
    ]) expect(isConnectionLevel(error), error.message).toBe(true);
    for (const error of [new TypeError("Cannot read properties of undefined (reading 'id')"), new Error('Malformed part header and more'), 'a string', null]) {
      expect(isConnectionLevel(error), String(error)).toBe(false);
    }
  });

  it('logs a connection-level error at error and keeps serving', () => {
    const { target, log, shutdown, exit } = install();
    const error = new Error('Unexpected end of form');
    target.emit('uncaughtException', error);
    target.emit('unhandledRejection', errorWithCode('read ECONNRESET', 'ECONNRESET'));
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0][0]).toMatchObject({ err: error, kind: 'uncaughtException' });
    expect([log.fatal, shutdown, exit].map((f) => f.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('logs a client that went away at info, one line without the error object, and keeps serving', () => {
    const { target, log, shutdown, exit } = install();
    target.emit('unhandledRejection', errorWithCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'));
    target.emit('uncaughtException', errorWithCode('aborted', 'ECONNRESET'));
    expect(log.info.mock.calls).toEqual([
      [{ kind: 'unhandledRejection', clientGone: { code: 'ERR_STREAM_PREMATURE_CLOSE', message: 'Premature close' } }, CLIENT_GONE_MSG],
      [{ kind: 'uncaughtException', clientGone: { code: 'ECONNRESET', message: 'aborted' } }, CLIENT_GONE_MSG],
    ]);
    expect([log.error, log.fatal, shutdown, exit].map((f) => f.mock.calls.length)).toEqual([0, 0, 0, 0]);
  });

  it.each(['uncaughtException', 'unhandledRejection'])('on an unknown error (%s): fatal, clean close, exit 1', async (kind) => {
    const { target, log, shutdown, exit, close } = install();
    const error = new TypeError('x is not a function');
    target.emit(kind, error);
    target.emit(kind, error); // a second one while closing does not close twice
    expect(log.fatal).toHaveBeenCalledTimes(2);
    expect(log.fatal.mock.calls[0][0]).toMatchObject({ err: error, kind });
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled(); // not before the server and its database are closed
    close();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
