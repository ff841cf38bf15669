// A client that goes away before its answer is complete is one line at info, without a stack (lib/client-gone.ts),
// whichever path logs it through the app's logger; a real error at error keeps its level and its stack. Over real
// HTTP: the client reads the answer's first bytes and closes its socket while the server is still writing.
import net from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_GONE_MSG } from '../../../server/lib/client-gone';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let port: number;
const lines: Array<Record<string, any>> = [];
let handlerDone: Promise<void>;
let markHandlerDone = () => {};

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
  // A download written chunk by chunk, as a route streaming a file does; its failure logged like any route's.
  t.app.get('/__test/slow-download', async (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    const chunks = (async function* () {
      for (let i = 0; i < 10_000; i++) {
        yield Buffer.alloc(64 * 1024, 'a');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    try {
      await pipeline(Readable.from(chunks), reply.raw);
    } catch (err) {
      req.log.error({ err }, 'download failed');
    } finally {
      markHandlerDone();
    }
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

/** Reads the start of the answer, then closes the connection. */
function goAwayAfterHeaders(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
  });
}

it('a download the client stops is logged at info, one line, no stack', async () => {
  handlerDone = new Promise((resolve) => (markHandlerDone = resolve));
  const before = lines.length;
  await goAwayAfterHeaders('/__test/slow-download');
  await handlerDone;
  const logged = lines.slice(before).filter((l) => !/^(incoming request|request completed)$/.test(l.msg));
  expect(logged).toEqual([
    expect.objectContaining({
      level: 30,
      msg: CLIENT_GONE_MSG,
      during: 'download failed',
      clientGone: { code: 'ERR_STREAM_PREMATURE_CLOSE', message: 'Premature close' },
      requestId: expect.any(String),
    }),
  ]);
  expect(JSON.stringify(logged)).not.toMatch(/stack|"err"/);
  // the server keeps serving
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});

it('any other error keeps its level and its stack', () => {
  const before = lines.length;
  t.app.log.error({ err: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }, 'database connection lost');
  t.app.log.warn({ err: new TypeError('x is not a function') }, 'something else');
  const [reset, other] = lines.slice(before);
  expect(reset).toMatchObject({ level: 50, msg: 'database connection lost', err: { code: 'ECONNRESET', stack: expect.stringContaining('ECONNRESET') } });
  expect(other).toMatchObject({ level: 40, msg: 'something else', err: { type: 'TypeError', stack: expect.any(String) } });
});
