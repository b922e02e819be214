import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shell</title><main>app shell</main>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const database = await openTestDatabase();
    app = await buildApp(testConfig({ CLIENT_DIST_DIR: dist }), { database, migrate: false, startWorkers: false });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());

  it.each(['/', '/login', '/admin', '/payment/success?order_id=abc', '/no/such/page'])(
    'answers %s with the app shell',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('app shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable and answers a missing asset with 404, not the shell', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('app shell');
  });
});

describe('ensureAdmin (ADMIN_EMAIL + ADMIN_PASSWORD)', () => {
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates the admin once and resets its password when it changes', async () => {
    expect(await ensureAdmin(t.deps, { email: 'Owner@Example.in', password: 'first-pass', name: 'Owner' })).toBe(
      'created',
    );
    expect(await ensureAdmin(t.deps, { email: 'owner@example.in', password: 'first-pass', name: 'Owner' })).toBe(
      'updated',
    );
    const rows = await t.deps.db.select().from(users).where(eq(users.email, 'owner@example.in'));
    expect(rows).toHaveLength(1);
    const first = await login('owner@example.in', 'first-pass');
    expect(first.json().user.role).toBe('admin');

    await ensureAdmin(t.deps, { email: 'owner@example.in', password: 'second-pass', name: 'Owner' });
    expect((await login('owner@example.in', 'first-pass')).statusCode).toBe(401);
    expect((await login('owner@example.in', 'second-pass')).statusCode).toBe(200);
    // Sessions signed in with the old password end.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${first.json().access_token}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a password on the common-password list, making no account', async () => {
    await expect(
      ensureAdmin(t.deps, { email: 'weak.owner@example.in', password: 'password123', name: 'Owner' }),
    ).rejects.toThrow(/ADMIN_PASSWORD: This password is one of the most common leaked passwords/);
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'weak.owner@example.in'))).toEqual([]);
  });

  it('promotes and reactivates an existing account with that e-mail', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'manager@example.in', password: 'saffron-rice-42', full_name: 'Manager', phone: '9876543210' },
    });
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.email, 'manager@example.in'));
    await ensureAdmin(t.deps, { email: 'manager@example.in', password: 'saffron-rice-42', name: 'Manager' });
    const res = await login('manager@example.in', 'saffron-rice-42');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });
});
