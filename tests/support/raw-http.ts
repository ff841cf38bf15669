// HTTP/1.1 over a bare socket, for requests no HTTP client would send: malformed multipart bytes, bodies cut off,
// clients that go away, and large bodies sent only as far as the server lets them go before it answers.
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes written before the answer arrived (less than the declared length: answered before reading it all). */
  sentBeforeAnswer: number;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers: Record<string, string>;
  /** Written in full, unless `declaredLength` is larger: then the rest is never sent (see `abort`). */
  body: Buffer;
  /** Content-Length to announce (default: the body's length; null: chunked transfer encoding). */
  declaredLength?: number | null;
  /** Close the socket after writing `body` instead of waiting for an answer (a client that goes away). */
  abort?: boolean;
  /** Give up waiting for the answer after this many milliseconds (the server kept reading instead of answering). */
  timeoutMs?: number;
}

const CHUNK = 64 * 1024;

/** Sends the request to 127.0.0.1:`port`; resolves with the answer (null when `abort`). */
export function rawRequest(port: number, req: RawRequest): Promise<RawAnswer | null> {
  const { method = 'POST', path, headers, body, abort = false, timeoutMs = 10_000 } = req;
  const declared = req.declaredLength === undefined ? body.length : req.declaredLength;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = 0;
    let answeredAt = -1;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms (${sent} body bytes sent)`));
    }, timeoutMs);
    const finish = (answer: RawAnswer | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    socket.on('error', (error) => {
      // The server may close while we are still sending; an answer already received still counts.
      const answer = parse(received, answeredAt);
      if (answer) finish(answer);
      else if (abort) finish(null);
      else {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('data', (data: Buffer) => {
      if (answeredAt < 0) answeredAt = sent;
      received = Buffer.concat([received, data]);
      const answer = parse(received, answeredAt);
      if (answer) finish(answer);
    });
    socket.on('close', () => {
      const answer = parse(received, answeredAt);
      if (answer) finish(answer);
      else if (abort) finish(null);
    });
    socket.on('connect', () => {
      const length = declared === null ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(declared) };
      const head = Object.entries({ host: '127.0.0.1', ...headers, ...length }).map(([k, v]) => `${k}: ${v}`);
      socket.write(`${method} ${path} HTTP/1.1\r\n${head.join('\r\n')}\r\n\r\n`);
      const pump = () => {
        while (sent < body.length && answeredAt < 0 && !socket.destroyed) {
          const chunk = body.subarray(sent, sent + CHUNK);
          sent += chunk.length;
          const framed = declared === null ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
          if (!socket.write(framed)) return void socket.once('drain', pump);
        }
        if (sent < body.length || answeredAt >= 0 || socket.destroyed) return;
        if (abort) return void socket.destroy();
        if (declared === null) socket.write('0\r\n\r\n');
      };
      pump();
    });
  });
}

function parse(data: Buffer, sentBeforeAnswer: number): RawAnswer | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length'] ?? 0);
  const body = data.subarray(end + 4);
  if (body.length < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8'), sentBeforeAnswer };
}
