// A push service for the tests: an HTTP server on loopback taking Web Push requests (RFC 8030) for devices it makes,
// each with its own P-256 key pair and auth secret as a browser has. It decrypts every message as the browser would
// (RFC 8291 with RFC 8188's aes128gcm) and checks the VAPID authorization (RFC 8292: the JWT's ES256 signature with
// the key sent in k=, its audience and expiry), with node:crypto only: an implementation independent of the
// server's library. A device marked gone answers 410 as a push service does for an expired subscription.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  headers: IncomingHttpHeaders;
  payload: unknown;
  /** The VAPID JWT's claims, once its signature checked out with the key of k=. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface PushDevice {
  endpoint: string;
  /** As PushSubscription.toJSON() gives them: base64url. */
  p256dh: string;
  auth: string;
  received: ReceivedPush[];
  gone: boolean;
}

export interface TestPushService {
  device(): PushDevice;
  close(): Promise<void>;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** RFC 8291 section 3.4 and RFC 8188: one record, padding delimiter 2 for the last record. */
export function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([utf8('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, utf8('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, utf8('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('push: no last-record padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key. */
function checkVapid(authorization: string | undefined): ReceivedPush['vapid'] {
  const t = /t=([\w-]+\.[\w-]+\.[\w-]+)/.exec(authorization ?? '')?.[1];
  const k = /k=([\w-]+)/.exec(authorization ?? '')?.[1];
  if (!authorization?.startsWith('vapid ') || !t || !k) throw new Error(`push: no VAPID authorization (${authorization})`);
  const [header, claims, signature] = t.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', utf8(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('push: the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('push: VAPID not ES256');
  return { ...(JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string }), publicKey: k };
}

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, PushDevice & { ecdh: ECDH }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(req.url ?? '');
      if (!device || req.method !== 'POST') return res.writeHead(404).end();
      if (device.gone) return res.writeHead(410).end();
      try {
        const vapid = checkVapid(req.headers.authorization);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`push: content-encoding ${req.headers['content-encoding']}`);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device.ecdh, Buffer.from(device.auth, 'base64url'))) as unknown;
        device.received.push({ headers: req.headers, payload, vapid });
        res.writeHead(201).end();
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const device = { endpoint: `http://127.0.0.1:${port}${path}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url'), received: [], gone: false, ecdh };
      devices.set(path, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
