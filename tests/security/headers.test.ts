import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../server/helpers/test-app';

/**
 * Security headers (docs/security.md, "Headers") on the four kinds of answer: a page (the single-page-app
 * fallback), a REST answer, a tRPC answer and an error; plus HSTS in production only and CORS for the configured
 * origin only.
 */

type Headers = Record<string, string | string[] | number | undefined>;

function csp(headers: Headers): Map<string, string[]> {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every answer carries, page or API, success or error. */
function expectBaseline(headers: Headers) {
  const policy = csp(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  // Inline styles only (the UI library injects <style> tags); no inline script or eval anywhere in the policy.
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  for (const [name, values] of policy) {
    if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
    expect(values, name).not.toContain("'unsafe-eval'");
    expect(values, name).not.toContain('*');
  }
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  // Every feature the app does not use is off: camera, microphone, geolocation, payment and the others.
  const permissions = String(headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, feature).toContain(`${feature}=()`);
  }
  expect(headers['x-powered-by']).toBeUndefined();
  // Not production: no HSTS (it would pin plain-http development hosts to https).
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['access-control-allow-origin']).toBeUndefined();
}

function expectApiAnswer(headers: Headers) {
  expectBaseline(headers);
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-type']).toMatch(/^application\/json; charset=utf-8$/);
}

function makeClientDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin ' +
      'src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'document.title = "app";');
  return dist;
}

describe('security headers on every kind of answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLIENT_DIST_DIR: makeClientDist() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a page: the single-page-app fallback and a script asset', async () => {
    for (const url of ['/', '/login', '/bookings']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectBaseline(page.headers);
      // The shell is revalidated on every visit so a deploy is picked up; it holds no user data.
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectBaseline(asset.headers);
  });

  it('the page served before the client is built (the tests default) carries them too', async () => {
    const bare = await createTestApp();
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(503);
      expectBaseline(page.headers);
    } finally {
      await bare.close();
    }
  });

  it('a REST answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/brand' });
    expect(res.statusCode).toBe(200);
    expectApiAnswer(res.headers);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expectApiAnswer(health.headers);
  });

  it('a tRPC answer, a batch and a mutation', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/trpc/site.brand' });
    expect(query.statusCode).toBe(200);
    expectApiAnswer(query.headers);
    const batch = await t.app.inject({ method: 'GET', url: '/api/trpc/site.brand,site.brand?batch=1&input={}' });
    expect(batch.statusCode).toBe(200);
    expectApiAnswer(batch.headers);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.register',
      payload: {
        email: 'headers@example.in',
        password: 'saffron-rice-42',
        full_name: 'Header Test',
        phone: '9876543210',
      },
    });
    expect(login.statusCode).toBe(200);
    expectApiAnswer(login.headers);
  });

  it('an API address written with percent-escapes is the API: no-store, JSON only', async () => {
    const brand = await t.app.inject({ method: 'GET', url: '/%61pi/site/brand' });
    expect(brand.statusCode).toBe(200);
    expectApiAnswer(brand.headers);
    const trpc = await t.app.inject({ method: 'GET', url: '/%61pi/trpc/site.brand' });
    expect(trpc.statusCode).toBe(200);
    expectApiAnswer(trpc.headers);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      payload: '{"email":"a@example.in","password":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    expectApiAnswer(plain.headers);
    const unknown = await t.app.inject({ method: 'GET', url: '/%61pi/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expectApiAnswer(unknown.headers);
  });

  it('errors: 404, 401, 422, 415, a tRPC error and a 500', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer not-a-token' } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nope' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/trpc/auth.me' }),
      await t.app.inject({ method: 'GET', url: '/api/trpc/no.such.procedure' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([404, 401, 401, 422, 415, 401, 404]);
    for (const res of answers) expectApiAnswer(res.headers);
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(missingAsset.statusCode).toBe(404);
    expectBaseline(missingAsset.headers);
  });

  it('a 500 carries them and says nothing about the cause', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { database, migrate: false, startWorkers: false });
    app.get('/api/boom', async () => {
      throw new Error('connection to 10.0.0.5 refused');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(res.statusCode).toBe(500);
      expectApiAnswer(res.headers);
      expect(res.body).not.toContain('10.0.0.5');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('HSTS in production only', () => {
  it('sends Strict-Transport-Security for a year with subdomains, and upgrades insecure requests', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PASSWORD_PEPPER: 'r'.repeat(40),
    });
    try {
      for (const url of ['/', '/api/health', '/api/trpc/site.brand', '/api/missing']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(csp(res.headers).has('upgrade-insecure-requests'), url).toBe(true);
      }
    } finally {
      await t.close();
    }
  });

  it('does not send it outside production', async () => {
    const t = await createTestApp({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'dev-')) });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp(res.headers).has('upgrade-insecure-requests')).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('CORS only for the configured origin', () => {
  const partner = 'https://partner.example.in';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGIN: partner });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the configured origin, on success and on error, and its preflight', async () => {
    for (const url of ['/api/site/brand', '/api/trpc/site.brand', '/api/auth/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: partner } });
      expect(res.headers['access-control-allow-origin'], url).toBe(partner);
      expect(res.headers.vary, url).toMatch(/Origin/);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/quotation/instant',
      headers: {
        origin: partner,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(partner);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
  });

  it('sends no CORS header to any other origin, and refuses its preflight', async () => {
    for (const origin of [
      'https://evil.example.com',
      'https://partner.example.in.evil.com',
      'null',
      'http://partner.example.in',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/site/brand', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(
        Object.keys(res.headers).filter((name) => name.startsWith('access-control-')),
        origin,
      ).toEqual([]);
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).not.toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows nothing cross-origin by default, and the PUBLIC_BASE_URL origin when it is set', async () => {
    const none = await createTestApp();
    const site = await createTestApp({ PUBLIC_BASE_URL: 'https://annapurna-events.in/' });
    try {
      const a = await none.app.inject({
        method: 'GET',
        url: '/api/site/brand',
        headers: { origin: 'http://localhost:3000' },
      });
      expect(a.headers['access-control-allow-origin']).toBeUndefined();
      const b = await site.app.inject({
        method: 'GET',
        url: '/api/site/brand',
        headers: { origin: 'https://annapurna-events.in' },
      });
      expect(b.headers['access-control-allow-origin']).toBe('https://annapurna-events.in');
    } finally {
      await none.close();
      await site.close();
    }
  });
});

const builtClient = join(import.meta.dirname, '..', '..', 'dist', 'client');
describe.skipIf(!existsSync(join(builtClient, 'index.html')))(
  'the built client works under this ' +
    `policy${existsSync(join(builtClient, 'index.html')) ? '' : ' (skipped: run npm run build first)'}`,
  () => {
    it('has no inline script, no inline event handler and no javascript: URL in its pages', () => {
      const html = readFileSync(join(builtClient, 'index.html'), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    });

    it('loads its scripts and styles from its own origin only', () => {
      const html = readFileSync(join(builtClient, 'index.html'), 'utf8');
      for (const [, url] of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^\/(?!\/)/);
      expect(readdirSync(join(builtClient, 'assets')).some((name) => name.endsWith('.js'))).toBe(true);
      // That no screen needs eval or reports any other violation in a real browser: tests/e2e/csp.test.ts.
    });
  },
);
