// Where a webhook may be delivered (issue 33 point 4): public unicast addresses and nowhere else. An organisation
// chooses the URL, so without this rule the server would POST on its behalf into its own network (SSRF).
// - Every special-purpose range of the IANA registries is refused (IPv4: RFC 6890 and successors, plus multicast and
//   the reserved 240/4; IPv6: anything outside global unicast 2000::/3, and inside it the special-purpose blocks).
//   The IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) forms are judged by the IPv4 address they embed;
//   IPv4-compatible (::/96), 6to4 (2002::/16) and Teredo (2001::/32) are refused whole.
// - A host name is resolved once, by the connection's own lookup, which refuses the whole answer if any address in
//   it is not admitted: the address checked is the address connected to (no second resolution, so no DNS rebinding).
// - Redirects are never followed (node:http does not follow them); only the status is read.
// Separate BlockLists per family: BlockList.check(a, 'ipv4') also matches IPv4-mapped IPv6 rules, so a mixed list
// refused every IPv4 address.
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const SPECIAL_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, PCP/TURN anycast, NAT64 discovery)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
];

/** Special-purpose blocks inside global unicast 2000::/3 (everything outside it is refused anyway). */
const SPECIAL_V6_IN_GLOBAL: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID, DET…
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the embedded IPv4 would be reached through a relay chosen by routing
  ['2620:4f:8000::', 48], // direct delegation AS112
  ['3fff::', 20], // documentation
];

function blockList(family: 'ipv4' | 'ipv6', ranges: ReadonlyArray<readonly [string, number]>): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of ranges) list.addSubnet(net, prefix, family);
  return list;
}

const SPECIAL4 = blockList('ipv4', SPECIAL_V4);
const GLOBAL_UNICAST6 = blockList('ipv6', [['2000::', 3]]);
const SPECIAL6 = blockList('ipv6', SPECIAL_V6_IN_GLOBAL);
const EMBEDS_V4 = blockList('ipv6', [
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64 well-known prefix (the local-use 64:ff9b:1::/48 stays refused)
]);

/** The IPv4 address in the last 32 bits of an IPv6 address (written in hex groups or with a dotted tail). */
function embeddedV4(address: string): string {
  const tail = address.slice(address.lastIndexOf(':') + 1);
  if (tail.includes('.')) return tail;
  const head = address.slice(0, address.lastIndexOf(':'));
  const before = head.slice(head.lastIndexOf(':') + 1);
  const value = ((parseInt(before || '0', 16) << 16) | parseInt(tail || '0', 16)) >>> 0;
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** True for a public unicast address of either family: never a special-purpose one. Not an address: false. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !SPECIAL4.check(address, 'ipv4');
  if (family !== 6) return false;
  if (EMBEDS_V4.check(address, 'ipv6')) return isPublicAddress(embeddedV4(address));
  return GLOBAL_UNICAST6.check(address, 'ipv6') && !SPECIAL6.check(address, 'ipv6');
}

/** Thrown (and logged for the operator) when a webhook's target is refused; the organisation never sees why. */
export class WebhookTargetRefused extends Error {
  override name = 'WebhookTargetRefused';
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests answer without any DNS). */
export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname, family) => dnsLookup(hostname, { all: true, family });

/**
 * The addresses a webhook may reach: public ones, and the exact addresses of WEBHOOK_ALLOW_ADDRESSES (a local
 * receiver in development and tests). Plain http:// is accepted only towards those addresses, written literally.
 */
export class WebhookTargets {
  private readonly admitted4 = new BlockList();
  private readonly admitted6 = new BlockList();

  constructor(
    admitted: readonly string[] = [],
    private readonly resolve: Resolver = systemResolver,
  ) {
    for (const address of admitted) {
      if (isIP(address) === 4) this.admitted4.addAddress(address, 'ipv4');
      else if (isIP(address) === 6) this.admitted6.addAddress(address, 'ipv6');
      else throw new Error(`not an IP address: ${address}`);
    }
  }

  admits(address: string): boolean {
    const family = isIP(address);
    if (family === 4 && this.admitted4.check(address, 'ipv4')) return true;
    if (family === 6 && this.admitted6.check(address, 'ipv6')) return true;
    return isPublicAddress(address);
  }

  /** The URL's scheme: https://, or http:// to an admitted address written as such (a development receiver). */
  schemeAllowed(url: URL): boolean {
    if (url.protocol === 'https:') return true;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return url.protocol === 'http:' && isIP(host) !== 0 && (this.admitted4.check(host, 'ipv4') || this.admitted6.check(host, 'ipv6'));
  }

  /** The connection's lookup: one resolution, refused whole if any address in it is not admitted. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    this.resolve(hostname, family).then(
      (addresses) => {
        const refused = addresses.find((a) => !this.admits(a.address));
        if (refused || !addresses.length) {
          callback(Object.assign(new WebhookTargetRefused(`${hostname}: address not allowed (${refused?.address ?? 'none'})`), { code: 'EWEBHOOKTARGET' }), '', 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };

  /**
   * POSTs `body` to `url` and answers the receiver's status (its body is not read). Refused targets throw
   * WebhookTargetRefused before any connection; redirects are answered as their 3xx status, never followed.
   */
  async post(url: URL, body: string | Buffer, headers: Record<string, string>, signal: AbortSignal): Promise<number> {
    if (!this.schemeAllowed(url)) throw new WebhookTargetRefused(`${url.protocol} not allowed for ${url.hostname}`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address written in the URL is connected to as is (no lookup happens): checked here instead.
    if (isIP(host) && !this.admits(host)) throw new WebhookTargetRefused(`address not allowed (${host})`);
    const https = url.protocol === 'https:';
    // A fresh agent per delivery: no pooled socket from an earlier resolution, and no proxy from the environment.
    const agent = https ? new HttpsAgent({ lookup: this.lookup, keepAlive: false }) : new HttpAgent({ lookup: this.lookup, keepAlive: false });
    const send = https ? httpsRequest : httpRequest;
    try {
      return await new Promise<number>((resolve, reject) => {
        const req = send(url, { method: 'POST', agent, signal, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res: IncomingMessage) => {
          resolve(res.statusCode ?? 0);
          res.destroy();
        });
        req.on('error', reject);
        req.end(body);
      });
    } finally {
      agent.destroy();
    }
  }
}
