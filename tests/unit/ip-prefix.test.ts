import { describe, expect, it } from 'vitest';
import { ipPrefix } from '../../src/server/lib/ip-prefix';
import { describeUserAgent } from '../../src/server/lib/user-agent';

describe('ipPrefix (the signed-in devices list keeps only the network)', () => {
  it.each([
    ['203.0.113.45', '203.0.113.0/24'],
    ['::ffff:198.51.100.7', '198.51.100.0/24'],
    ['2001:db8:85a3:1234::7', '2001:db8:85a3::/48'],
    ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['', null],
    ['not-an-address', null],
    [undefined, null],
  ])('%s -> %s', (address, prefix) => {
    expect(ipPrefix(address)).toBe(prefix);
  });
});

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile ' +
        'Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', null],
    [null, null],
  ])('%s -> %s', (userAgent, summary) => {
    expect(describeUserAgent(userAgent)).toBe(summary);
  });
});
