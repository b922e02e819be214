import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { users } from '../../src/server/db/schema';
import { ensureAdmin } from '../../src/server/modules/auth/auth.service';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is gone', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { database, migrate: false, startWorkers: false });
    try {
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ database: 'down' });
    } finally {
      await app.close();
    }
  });
});

describe('unknown paths, errors and headers', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hides the cause of an unexpected error behind a 500 with a request id', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), { database, migrate: false, startWorkers: false });
    app.get('/api/explode', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:12');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/explode' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.detail).toBe('Internal server error');
      expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body).not.toMatch(/secret_table|\/srv|db\.ts/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('serving the built client', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const database = await openTestDatabase();
    app = await buildApp(testConfig({ CLIENT_DIST_DIR: dist }), { database, migrate: false, startWorkers: false });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());

  it.each(['/', '/login', '/admin', '/payment/success?order_id=abc', '/no/such/page'])('answers %s with the app shell', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('app shell');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable and answers a missing asset with 404, not the shell', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('app shell');
  });
});

describe('route shells: a lazily loaded page is preloaded with the shell', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>app shell</title>\n<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n</head><body></body></html>',
    );
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_form-1.js': { file: 'assets/form-1.js', imports: ['_react-1.js'] },
      'src/client/pages/book/book-page.tsx': { file: 'assets/book-page-1.js', isDynamicEntry: true, imports: ['_form-1.js', '_react-1.js'] },
      'src/client/pages/login/login-page.tsx': { file: 'assets/login-page-1.js', isDynamicEntry: true, imports: ['_form-1.js'] },
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const database = await openTestDatabase();
    app = await buildApp(testConfig({ CLIENT_DIST_DIR: dist }), { database, migrate: false, startWorkers: false });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());

  const preloads = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it("adds the page's own chunks to /book, not those the entry has, and none to /", async () => {
    const book = await app.inject({ method: 'GET', url: '/book?eventType=wedding' });
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(book.headers['cache-control']).toBe('no-cache');
    expect(preloads(book.body)).toEqual(['/assets/react-1.js', '/assets/book-page-1.js', '/assets/form-1.js']);
    expect(book.body.indexOf('book-page-1.js')).toBeLessThan(book.body.indexOf('</head>'));

    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(preloads(login.body)).toEqual(['/assets/react-1.js', '/assets/login-page-1.js', '/assets/form-1.js']);
    const landing = await app.inject({ method: 'GET', url: '/' });
    expect(preloads(landing.body)).toEqual(['/assets/react-1.js']);
    // A route whose page the build does not have gets the shell as it is.
    expect(preloads((await app.inject({ method: 'GET', url: '/terms' })).body)).toEqual(['/assets/react-1.js']);
  });

  it('sends it compressed as accepted, with an ETag that answers 304', async () => {
    const plain = await app.inject({ method: 'GET', url: '/book' });
    const br = await app.inject({ method: 'GET', url: '/book', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ method: 'GET', url: '/book', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const again = await app.inject({ method: 'GET', url: '/book', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('ensureAdmin (ADMIN_EMAIL + ADMIN_PASSWORD)', () => {
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates the admin once and resets its password when it changes', async () => {
    expect(await ensureAdmin(t.deps, { email: 'Owner@Example.in', password: 'first-pass', name: 'Owner' })).toBe('created');
    expect(await ensureAdmin(t.deps, { email: 'owner@example.in', password: 'first-pass', name: 'Owner' })).toBe('updated');
    const rows = await t.deps.db.select().from(users).where(eq(users.email, 'owner@example.in'));
    expect(rows).toHaveLength(1);
    const first = await login('owner@example.in', 'first-pass');
    expect(first.json().user.role).toBe('admin');

    await ensureAdmin(t.deps, { email: 'owner@example.in', password: 'second-pass', name: 'Owner' });
    expect((await login('owner@example.in', 'first-pass')).statusCode).toBe(401);
    expect((await login('owner@example.in', 'second-pass')).statusCode).toBe(200);
    // Sessions signed in with the old password end.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${first.json().access_token}` } });
    expect(old.statusCode).toBe(401);
  });

  it('promotes and reactivates an existing account with that e-mail', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'manager@example.in', password: 'secret123', full_name: 'Manager', phone: '9876543210' },
    });
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.email, 'manager@example.in'));
    await ensureAdmin(t.deps, { email: 'manager@example.in', password: 'secret123', name: 'Manager' });
    const res = await login('manager@example.in', 'secret123');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });
});
