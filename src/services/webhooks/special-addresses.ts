/**
 * Which IP addresses a webhook must never reach: loopback, link-local, private, shared and
 * special-use space (RFC 6890 and its registries), also when an IPv4 address hides inside an IPv6
 * one: IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), 6to4 (2002:aabb:ccdd::) and NAT64 (64:ff9b::a.b.c.d).
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // unspecified, loopback, discard-only, IETF protocol assignments (Teredo, ORCHID…), documentation
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  // local-use NAT64, SRv6 SIDs, unique local, site-local (deprecated), link-local, multicast
  ['64:ff9b:1::', 48],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fec0::', 10],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address (with an optional dotted IPv4 tail); undefined when malformed. */
export function ipv6Bytes(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    if (parts.some((p) => p > 255)) return undefined;
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - head.length - tail.length;
  if ((halves.length === 2 && fill < 1) || (halves.length === 1 && fill !== 0)) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

const zeros = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/** The IPv4 address an IPv6 address carries by one of the standard embeddings, if any. */
export function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  if (!b) return undefined;
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(b, 0, 12)) return v4(12); // IPv4-compatible
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12); // IPv4-mapped
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12)) return v4(12); // IPv4-translated
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 6to4
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return v4(12); // NAT64
  return undefined;
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6')) return true;
  const inner = embeddedIpv4(address);
  return inner !== undefined && blocked.check(inner, 'ipv4');
}

/**
 * Host names that name this machine or a private network whatever DNS says: localhost, the
 * `.internal` zone (cloud metadata: metadata.google.internal), mDNS `.local`, `.localdomain`, `.home.arpa`.
 */
export function isSpecialUseName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return ['localhost', 'localdomain', 'internal', 'local', 'home.arpa'].some(
    (zone) => h === zone || h.endsWith(`.${zone}`),
  );
}

/** The text without IP addresses (bare, bracketed or with a port): delivery errors must not be a DNS lookup service. */
export function withoutAddresses(text: string): string {
  return text
    .split(/(\s+)/)
    .map((token) => {
      const core = token.replace(/^\(+|[),;.]+$/g, '');
      const host = core.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
      const v6port = /^(.*):(\d+)$/.exec(host);
      if (isIP(host) !== 0 || (v6port && isIP(v6port[1]!) === 6)) return token.replace(core, '<address>');
      return token;
    })
    .join('');
}
