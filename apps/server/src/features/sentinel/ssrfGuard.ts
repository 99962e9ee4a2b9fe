import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The SSRF guard of the Sentinel webhook (decision 0046): a URL an admin typed makes the server send
 * a POST, so it must not reach the server's own machine or the networks behind it (a cloud metadata
 * service at 169.254.169.254, a database on 10.x, an admin port on 127.0.0.1). Pure rules first
 * (`classifyAddress`, `checkTargetUrl`), then `resolveTarget` checks every address the host name
 * resolves to; the caller connects to those addresses only (no second lookup a rebinding DNS server
 * could answer differently).
 */

/** What an address is, for the guard. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

/** Classes an operator may allow with SENTINEL_ALLOW_PRIVATE=1 (an alarm receiver on its own network). */
const ALLOWABLE: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'linkLocal', 'cgnat']);

export interface GuardOptions {
  /** SENTINEL_ALLOW_PRIVATE: loopback, private, link-local and CGNAT targets are allowed. */
  allowPrivate: boolean;
}

const CLASS_WORDS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  cgnat: 'a carrier-grade NAT address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  invalid: 'not an IP address',
};

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail, without a zone), or null. */
function parseIpv6(text: string): number[] | null {
  let s = text;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.', lastColon)) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string | undefined) => (h ? h.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const v = parseInt(g, 16);
    bytes.push(v >> 8, v & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function classifyV4([a, b, c]: number[] & { length: 4 }): AddressClass {
  if (a === 0) return 'unspecified'; // 0.0.0.0/8 "this network"
  if (a === 10) return 'private';
  if (a === 100 && b! >= 64 && b! <= 127) return 'cgnat'; // 100.64.0.0/10
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'linkLocal';
  if (a === 172 && b! >= 16 && b! <= 31) return 'private';
  if (a === 192 && b === 168) return 'private';
  if (a === 192 && b === 0 && c === 0) return 'reserved'; // 192.0.0.0/24 protocol assignments
  if (a === 198 && (b === 18 || b === 19)) return 'private'; // 198.18.0.0/15 benchmarking, used inside networks
  if (a! >= 224 && a! <= 239) return 'multicast';
  if (a! >= 240) return 'reserved'; // 240.0.0.0/4 and the broadcast address
  return 'public';
}

function classifyV6(b: number[]): AddressClass {
  const zeroUpTo = (n: number) => b.slice(0, n).every((x) => x === 0);
  const v4 = (at: number) => classifyV4(b.slice(at, at + 4) as number[] & { length: 4 });
  if (zeroUpTo(16)) return 'unspecified';
  if (zeroUpTo(15) && b[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d, an IPv4 address in IPv6 clothes: judged as the IPv4 address it connects to.
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  // ::a.b.c.d (IPv4-compatible, deprecated) and 100::/64 (discard).
  if (zeroUpTo(12)) return 'reserved';
  if (b[0] === 0x01 && b.slice(1, 8).every((x) => x === 0)) return 'reserved';
  // 64:ff9b::/96, NAT64: the IPv4 address it translates to. 64:ff9b:1::/48 is the local-use prefix.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (b.slice(4, 12).every((x) => x === 0)) return v4(12);
    if (b[4] === 0 && b[5] === 1) return 'private';
  }
  // 2002::/16, 6to4: the IPv4 address of the tunnel's end.
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  if (b[0]! >= 0xfc && b[0]! <= 0xfd) return 'private'; // fc00::/7 unique local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'linkLocal'; // fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10 site-local (deprecated)
  if (b[0] === 0xff) return 'multicast';
  return 'public';
}

/** Classifies an IPv4 or IPv6 address (brackets and an IPv6 zone are ignored). Pure. */
export function classifyAddress(address: string): AddressClass {
  const text = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const v4 = parseIpv4(text);
  if (v4) return classifyV4(v4 as number[] & { length: 4 });
  const v6 = text.includes(':') ? parseIpv6(text) : null;
  return v6 ? classifyV6(v6) : 'invalid';
}

/** Why the guard refuses this address, or null when a call may go there. Pure. */
export function addressRefusal(address: string, opts: GuardOptions): string | null {
  const cls = classifyAddress(address);
  if (cls === 'public') return null;
  if (opts.allowPrivate && ALLOWABLE.has(cls)) return null;
  return `${address} is ${CLASS_WORDS[cls]}`;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Whether a Sentinel URL may be called at all, before any DNS: http or https, a host, no credentials
 * in it (they would show wherever the URL is shown; the signature authenticates us), and, for an IP
 * literal (which is connected to as it is), an allowed address. Pure.
 */
export function checkTargetUrl(text: string, opts: GuardOptions): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      ok: false,
      reason: `${url.protocol.replace(/:$/, '')} URLs are not allowed, only http and https`,
    };
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL are not allowed' };
  if (!url.hostname) return { ok: false, reason: 'the URL has no host' };
  // The WHATWG parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    const refusal = addressRefusal(host, opts);
    if (refusal) return { ok: false, reason: refusal };
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    // RFC 6761: always the loopback, whatever a resolver says.
    if (!opts.allowPrivate) return { ok: false, reason: `${host} is a loopback address` };
  }
  return { ok: true, url };
}

/** One address of a host, as dns.lookup answers. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts and DNS), every address. */
export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A target the guard refused: a permanent failure, never retried. */
export class TargetRefused extends Error {
  constructor(reason: string) {
    super(`Sentinel target refused: ${reason}`);
    this.name = 'TargetRefused';
  }
}

/**
 * The addresses to connect to for a checked URL: its IP literal, or every address its host name
 * resolves to — all of them allowed, else the whole target is refused (a name answering one public
 * and one private address must not get a second chance on a retry).
 */
export async function resolveTarget(
  url: URL,
  opts: GuardOptions & { resolve?: Resolver },
): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  if (literal) {
    const refusal = addressRefusal(host, opts);
    if (refusal) throw new TargetRefused(refusal);
    return [{ address: host, family: literal === 6 ? 6 : 4 }];
  }
  const addresses = await (opts.resolve ?? systemResolver)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const a of addresses) {
    const refusal = addressRefusal(a.address, opts);
    if (refusal) throw new TargetRefused(`${host} resolves to ${refusal}`);
  }
  return addresses;
}
