import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../../src/server/lib/user-agent';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ' +
        'AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari',
      'mobile',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, ' +
        'like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'mobile',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, ' +
        'like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'mobile',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
        'like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari',
      'tablet',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Chrome',
      'tablet',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, ' +
        'like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      'Edge',
      'desktop',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'desktop'],
  ])('reads %s', (ua, browser, device) => {
    expect(parseUserAgent(ua)).toEqual({ browser, device, isBot: false });
  });

  it('flags crawlers', () => {
    expect(parseUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toMatchObject({
      isBot: true,
      device: null,
    });
  });

  it.each(['', '   ', 'curl/8.5.0', undefined, null, '\u0000\u0001garbage', 'x'.repeat(10_000)])(
    'yields unknowns for %j',
    (ua) => {
      const agent = parseUserAgent(ua);
      expect(agent.device).toBeNull();
      expect(agent.isBot).toBe(false);
    },
  );
});
