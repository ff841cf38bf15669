// Where webhooks may be delivered (issue 33 point 4). The address rule against a table of public and
// special-purpose addresses of both families (pure: nothing is connected to); then real POSTs to local receivers on
// the loopback range only, with the rule on and only the receiver's exact address admitted: a host name resolved
// once by the connection's own lookup (a stub resolver answers, no DNS), an answer holding any refused address
// refused whole before any connection, addresses written in the URL checked too, redirects answered, not followed.
// No address outside 127.0.0.0/8 is ever connected to.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { isPublicAddress, WebhookTargets, WebhookTargetRefused, type Resolver } from '../../../server/modules/federation/webhook-target';

const PUBLIC = [
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.1',
  '100.63.255.255', // just below carrier-grade NAT
  '100.128.0.0', // just above it
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.1',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700::1',
  '2001:4860:4860::8888',
  '2a00:1450:4001:81a::200e',
  '2400:cb00:2048:1::c629:d7a2',
  '2001:200::1', // just past 2001::/23
  '::ffff:93.184.216.34', // IPv4-mapped form of a public address
  '::ffff:5db8:d822', // the same, in hex groups
  '64:ff9b::5db8:d822', // NAT64 of 93.184.216.34
  '64:ff9b::808:808',
];

const SPECIAL = [
  // IPv4: the IANA special-purpose registry, multicast and reserved
  '0.0.0.0', '0.255.255.255', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254',
  '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.1', '192.0.0.9', '192.0.0.170', '192.0.2.1', '192.31.196.1',
  '192.52.193.1', '192.88.99.1', '192.168.1.1', '192.175.48.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9',
  '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
  // IPv6: unspecified, loopback, IPv4-compatible, mapped and NAT64 forms of special IPv4 addresses
  '::', '::1', '::7f00:1', '::127.0.0.1', '::5db8:d822', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
  '::ffff:0:0', '64:ff9b::7f00:1', '64:ff9b::a00:1', '64:ff9b::', '64:ff9b:1::5db8:d822',
  // IPv6: discard, IETF protocol assignments (Teredo, benchmarking, ORCHID), documentation, 6to4, AS112, SRv6
  '100::1', '100:0:0:1::1', '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:2::1', '2001:10::1', '2001:20::1', '2001:1ff::1',
  '2001:db8::1', '2002:5db8:d822::1', '2002:7f00:1::1', '2620:4f:8000::1', '3fff::1', '3fff:fff::1', '5f00::1',
  // IPv6: unique local, link local, site local, multicast, unassigned space outside 2000::/3
  'fc00::1', 'fd12:3456::1', 'fe80::1', 'febf::1', 'fec0::1', 'ff02::1', 'ff0e::1', '4000::1', 'e000::1',
];

describe('the address rule', () => {
  it.each(PUBLIC)('admits the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(SPECIAL)('refuses the special-purpose address %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'esempio.it', 'localhost', '127.1', '999.1.1.1', 'fe80::1%eth0', '[::1]']) expect(isPublicAddress(value)).toBe(false);
  });

  it('admits the exact addresses of WEBHOOK_ALLOW_ADDRESSES and no neighbour; plain http:// only towards them', () => {
    const targets = new WebhookTargets(['127.0.0.1', '::1']);
    expect([targets.admits('127.0.0.1'), targets.admits('::1'), targets.admits('93.184.216.34')]).toEqual([true, true, true]);
    expect([targets.admits('127.0.0.2'), targets.admits('::2'), targets.admits('10.0.0.1'), targets.admits('::ffff:127.0.0.2')]).toEqual([false, false, false, false]);
    expect(targets.schemeAllowed(new URL('http://127.0.0.1:8080/x'))).toBe(true);
    expect(targets.schemeAllowed(new URL('http://[::1]:8080/x'))).toBe(true);
    expect(targets.schemeAllowed(new URL('https://esempio.it/x'))).toBe(true);
    for (const url of ['http://localhost:8080/x', 'http://127.0.0.2/x', 'http://esempio.it/x', 'ftp://127.0.0.1/x']) expect(targets.schemeAllowed(new URL(url))).toBe(false);
    expect(new WebhookTargets().schemeAllowed(new URL('http://127.0.0.1/x'))).toBe(false);
  });

  it('reads WEBHOOK_ALLOW_ADDRESSES at start, refusing networks, names and the old switch in Italian', () => {
    expect(loadConfig({}).webhookAllowAddresses).toEqual([]);
    expect(loadConfig({ WEBHOOK_ALLOW_ADDRESSES: ' 127.0.0.1, ::1 ' }).webhookAllowAddresses).toEqual(['127.0.0.1', '::1']);
    expect(() => loadConfig({ WEBHOOK_ALLOW_ADDRESSES: '127.0.0.0/8' })).toThrow('WEBHOOK_ALLOW_ADDRESSES contiene un valore non valido: "127.0.0.0/8"');
    expect(() => loadConfig({ WEBHOOK_ALLOW_ADDRESSES: 'localhost' })).toThrow('non valido: "localhost"');
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' })).toThrow('WEBHOOK_ALLOW_PRIVATE non esiste più');
  });
});

/** A local receiver on `host`, counting the connections it accepted and keeping the bodies posted to it. */
interface Receiver {
  server: Server;
  port: number;
  connections: number;
  bodies: string[];
}

async function receiver(host: string, answer: (res: import('node:http').ServerResponse) => void): Promise<Receiver> {
  const r: Receiver = { server: createServer(), port: 0, connections: 0, bodies: [] };
  r.server.on('connection', () => (r.connections += 1));
  r.server.on('request', (req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      r.bodies.push(body);
      answer(res);
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, host, resolve));
  r.port = (r.server.address() as AddressInfo).port;
  return r;
}

describe('deliveries to local receivers, with the rule on', () => {
  let ok: Receiver;
  let other: Receiver; // on 127.0.0.2: loopback, but not admitted
  let redirecting: Receiver;
  const signal = () => AbortSignal.timeout(5_000);

  beforeAll(async () => {
    ok = await receiver('127.0.0.1', (res) => res.writeHead(204).end());
    other = await receiver('127.0.0.2', (res) => res.writeHead(204).end());
    redirecting = await receiver('127.0.0.1', (res) => res.writeHead(307, { location: `http://127.0.0.1:${ok.port}/altrove` }).end());
  });
  afterAll(async () => {
    for (const r of [ok, other, redirecting]) await new Promise((resolve) => r?.server.close(resolve));
  });

  /** A resolver answering `addresses` for every name, counting its calls. */
  function stub(addresses: string[]): Resolver & { calls: number } {
    const resolve = Object.assign(async () => {
      resolve.calls += 1;
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    }, { calls: 0 });
    return resolve;
  }

  it('posts to the admitted address written in the URL', async () => {
    const targets = new WebhookTargets(['127.0.0.1'], stub([]));
    expect(await targets.post(new URL(`http://127.0.0.1:${ok.port}/h`), '{"a":1}', { 'content-type': 'application/json' }, signal())).toBe(204);
    expect(ok.bodies.at(-1)).toBe('{"a":1}');
  });

  it('resolves a host name once, in the connection, and connects to the address it checked', async () => {
    const resolve = stub(['127.0.0.1']);
    const targets = new WebhookTargets(['127.0.0.1'], resolve);
    // receiver.test has no DNS record: the connection reaches the receiver only through the checked answer.
    // https is required for a name; the receiver speaks plain HTTP, so the TLS handshake fails after the connection.
    const before = ok.connections;
    await expect(targets.post(new URL(`https://receiver.test:${ok.port}/h`), '{}', {}, signal())).rejects.toThrow();
    expect(resolve.calls).toBe(1);
    expect(ok.connections).toBe(before + 1);
  });

  it('refuses a name whose answer holds any address not admitted, before connecting', async () => {
    for (const answer of [['127.0.0.2'], ['127.0.0.1', '10.0.0.1'], ['::ffff:127.0.0.2'], []]) {
      const resolve = stub(answer);
      const before = other.connections + ok.connections;
      await expect(new WebhookTargets(['127.0.0.1'], resolve).post(new URL(`https://receiver.test:${other.port}/h`), '{}', {}, signal())).rejects.toBeInstanceOf(WebhookTargetRefused);
      expect(resolve.calls).toBe(1);
      expect(other.connections + ok.connections).toBe(before);
    }
  });

  it('refuses an address written in the URL that is not admitted, before connecting', async () => {
    const targets = new WebhookTargets(['127.0.0.1'], stub([]));
    for (const url of [`https://127.0.0.2:${other.port}/h`, `https://[::ffff:127.0.0.2]:${other.port}/h`, `https://[::ffff:127.0.0.1]:${ok.port}/h`, `http://127.0.0.2:${other.port}/h`, 'https://10.0.0.1/h', 'https://[fd00::1]/h']) {
      await expect(targets.post(new URL(url), '{}', {}, signal())).rejects.toBeInstanceOf(WebhookTargetRefused);
    }
    expect(other.connections).toBe(0);
    // The same receiver, once admitted, is reached: the refusal was the rule's, not the network's.
    expect(await new WebhookTargets(['127.0.0.2']).post(new URL(`http://127.0.0.2:${other.port}/h`), '{}', {}, signal())).toBe(204);
  });

  it('answers a redirect with its status and never follows it', async () => {
    const targets = new WebhookTargets(['127.0.0.1']);
    const reached = ok.bodies.length;
    expect(await targets.post(new URL(`http://127.0.0.1:${redirecting.port}/h`), '{}', {}, signal())).toBe(307);
    expect(ok.bodies.length).toBe(reached);
  });
});
