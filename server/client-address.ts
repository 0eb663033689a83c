/**
 * The one key a client address is counted under by every per-address limit: the pre-login limits
 * (sign-in, reset and verification mails, lock and mail checks) and the connections per address
 * (docs/decisions/023-per-address-connection-limit.md).
 *
 * Behind TRUST_PROXY the address is the proxy's X-Forwarded-For entry as written, so one client
 * can arrive spelled several ways (`2001:DB8::1`, `2001:db8:0:0:0:0:0:1`, `::ffff:192.0.2.1` for
 * `192.0.2.1`); and an IPv6 client holds a whole /64 (a home or office network is given one, and a
 * host picks addresses in it at will). So:
 * - IPv4, and IPv4 written as IPv6 (`::ffff:a.b.c.d` in either notation), is the dotted address;
 * - IPv6 is its /64, written the short way: `2001:db8:1:2::/64`;
 * - brackets, a port and a zone (`[fe80::1%eth0]:443`) are dropped; anything that is not an
 *   address (a proxy that writes `unknown`) is kept, trimmed and lower-cased.
 */
export function clientAddressKey(address: string): string {
  const parsed = parseIpAddress(address);
  if (!parsed) return address.trim().toLowerCase();
  if (parsed.family === 4) return parsed.parts.join('.');
  return `${formatIpv6([...parsed.parts.slice(0, 4), 0, 0, 0, 0])}/64`;
}

export type IpAddress =
  /** Four octets. */
  | { family: 4; parts: number[] }
  /** Eight 16-bit groups; never an IPv4-mapped address (that one is family 4). */
  | { family: 6; parts: number[] };

/**
 * An IPv4 or IPv6 address in any of its usual spellings, or null. IPv4 is four decimal numbers
 * (leading zeros read as decimal); the old short and octal forms are not addresses here.
 */
export function parseIpAddress(written: string): IpAddress | null {
  let text = written.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1] ?? '';
  else {
    const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
    if (withPort) text = withPort[1] ?? '';
  }
  const v4 = parseIpv4(text);
  if (v4) return { family: 4, parts: v4 };
  const v6 = parseIpv6(text.replace(/%[^%]*$/, ''));
  if (!v6) return null;
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    const [high = 0, low = 0] = v6.slice(6);
    return { family: 4, parts: [high >> 8, high & 0xff, low >> 8, low & 0xff] };
  }
  return { family: 6, parts: v6 };
}

function parseIpv4(text: string): number[] | null {
  if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(text)) return null;
  const parts = text.split('.').map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function parseIpv6(text: string): number[] | null {
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): number[] | null => {
    if (half === undefined || half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [i, piece] of pieces.entries()) {
      // The last 32 bits may be written as an IPv4 address (::ffff:192.0.2.1, 64:ff9b::192.0.2.1).
      const v4 = i === pieces.length - 1 ? parseIpv4(piece) : null;
      if (v4) {
        groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  if (!head || !tail) return null;
  // An IPv4 part may only end the address.
  if (halves.length === 2 && halves[0]?.includes('.')) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** Eight groups in the short form (RFC 5952): lower case, the longest run of two or more zeros as `::`. */
function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** The ranges the proxy-addr names stand for (Fastify's TRUST_PROXY takes them as well). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

interface Range {
  family: 4 | 6;
  parts: number[];
  bits: number;
}

/**
 * TRUST_PROXY as Fastify reads it (comma-separated addresses, CIDR ranges, IPv4 netmasks such as
 * `10.0.0.0/255.0.0.0`, and the names loopback, linklocal, uniquelocal): a test of whether an
 * address is one of the trusted proxies. Throws, naming the entry, on one that is none of these.
 */
export function trustedProxyMatcher(trustProxy: string | undefined): (address: string) => boolean {
  if (!trustProxy) return () => false;
  const ranges: Range[] = [];
  for (const entry of trustProxy.split(',').map((e) => e.trim().toLowerCase())) {
    for (const notation of NAMED_RANGES[entry] ?? [entry]) ranges.push(rangeOf(notation));
  }
  return (address) => {
    const ip = parseIpAddress(address);
    return ip !== null && ranges.some((r) => r.family === ip.family && inRange(ip.parts, r));
  };
}

function rangeOf(notation: string): Range {
  const slash = notation.lastIndexOf('/');
  const ip = parseIpAddress(slash < 0 ? notation : notation.slice(0, slash));
  const invalid = () => new Error(`not an address, a CIDR range or a known name: ${notation}`);
  if (!ip) throw invalid();
  const max = ip.family === 4 ? 32 : 128;
  const mappedV6 =
    ip.family === 4 && notation.slice(0, slash < 0 ? undefined : slash).includes(':');
  if (slash < 0) return { ...ip, bits: max };
  const suffix = notation.slice(slash + 1);
  let bits: number | null = null;
  if (/^\d{1,3}$/.test(suffix)) {
    // A range over an IPv4-mapped address counts its bits from the IPv6 address's start.
    bits = Number(suffix) - (mappedV6 ? 96 : 0);
  } else if (ip.family === 4) {
    const mask = parseIpAddress(suffix);
    if (mask?.family === 4) {
      const binary = mask.parts.map((p) => p.toString(2).padStart(8, '0')).join('');
      if (/^1*0*$/.test(binary)) bits = binary.indexOf('0') < 0 ? 32 : binary.indexOf('0');
    }
  }
  if (bits === null || bits <= 0 || bits > max) throw invalid();
  return { ...ip, bits };
}

function inRange(parts: number[], range: Range): boolean {
  const width = range.family === 4 ? 8 : 16;
  let left = range.bits;
  for (let i = 0; left > 0; i++, left -= width) {
    const take = Math.min(width, left);
    const shift = width - take;
    if ((parts[i] ?? 0) >> shift !== (range.parts[i] ?? 0) >> shift) return false;
  }
  return true;
}
