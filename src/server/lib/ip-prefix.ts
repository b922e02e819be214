import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, for the signed-in devices list (docs/decisions.md, "Sessions and the browser
 * binding"): the first 24 bits of an IPv4 address (`203.0.113.0/24`) or the first 48 of an IPv6 one
 * (`2001:db8:85a3::/48`); the full address is never stored. Null for anything else.
 */
export function ipPrefix(ip: string | undefined | null): string | null {
  const address = (ip ?? '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) {
    const [a, b, c] = v4.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address.split('%')[0]!);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/48`;
}

/** The eight 16-bit groups of an IPv6 address, with `::` and a trailing dotted IPv4 part expanded. */
function expandIPv6(address: string): string[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
}
