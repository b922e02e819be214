import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { DEMO_LOGINS, seedDemo } from '../../src/server/db/seed-demo';
import { settings, users } from '../../src/server/db/schema';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from './helpers/test-app';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48), PASSWORD_PEPPER: 'r'.repeat(40) };

describe('demo data in production', () => {
  it('SEED_DEMO alone is refused, naming the second switch', () => {
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO_IN_PRODUCTION=true/);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true', SEED_DEMO_IN_PRODUCTION: 'true' })).toMatchObject({
      seedDemo: true,
      seedDemoRandomPasswords: true,
    });
    expect(loadConfig({ SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, seedDemoRandomPasswords: false });
  });

  it('with the second switch every demo password is random, answered once, and the README passwords open nothing', async () => {
    const handle = await openTestDatabase();
    try {
      const deps = { db: handle.db, config: testConfig() };
      const result = await seedDemo(deps, { randomPasswords: true });
      expect(result.seeded).toBe(true);
      expect(result.logins).toHaveLength(DEMO_LOGINS.length);
      for (const [index, login] of result.logins!.entries()) {
        expect(login.email).toBe(DEMO_LOGINS[index]!.email);
        expect(login.password).not.toBe(DEMO_LOGINS[index]!.password);
        expect(login.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      }
      const again = await seedDemo(deps, { randomPasswords: true });
      expect(again.logins).toBeUndefined();

      const { buildApp } = await import('../../src/server/app');
      const server = await buildApp(testConfig(), { database: handle, migrate: false, startWorkers: false });
      try {
        const admin = result.logins!.find((l) => l.role === 'admin')!;
        const customer = result.logins!.find((l) => l.role === 'customer')!;
        const readme = DEMO_LOGINS.find((l) => l.role === 'admin')!;
        const login = (email: string, password: string) =>
          server.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
        expect((await login(readme.email, readme.password)).statusCode).toBe(401);
        expect((await login(admin.email, admin.password)).statusCode).toBe(200);
        expect((await login(customer.email, customer.password)).statusCode).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      await handle.close();
    }
  }, 180_000);
});

describe('first run without an admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const owner = (code: string, email = `owner${Date.now()}@annapurna-events.in`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/setup/owner',
      payload: { code, full_name: 'Sunita Agrawal', email, password: 'rasmalai-at-dawn' },
    });

  it('start-up makes a one-time code; a wrong or expired code is refused', async () => {
    const code = t.app.startupNotices.ownerSetupCode!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await owner(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/setup link is invalid, has expired or has already been used/);
    const rows = await t.deps.db.select().from(settings).where(like(settings.key, 'owner_setup:%'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('an expired code is refused', async () => {
    const { prepareOwnerSetup } = await import('../../src/server/modules/auth/owner-setup.service');
    const old = (await prepareOwnerSetup(t.deps))!;
    const rows = await t.deps.db.select().from(settings).where(like(settings.key, 'owner_setup:%'));
    for (const row of rows) {
      await t.deps.db
        .update(settings)
        .set({ value: { expires_at: new Date(Date.now() - 1000).toISOString() } })
        .where(eq(settings.key, row.key));
    }
    expect((await owner(old)).statusCode).toBe(400);
    // A fresh start prints a working code again.
    t.app.startupNotices.ownerSetupCode = await prepareOwnerSetup(t.deps);
  });

  it('the code creates the owner admin and signs it in, once; then no code works', async () => {
    const code = t.app.startupNotices.ownerSetupCode!;
    const { prepareOwnerSetup } = await import('../../src/server/modules/auth/owner-setup.service');
    const other = (await prepareOwnerSetup(t.deps))!;
    const email = 'Owner@Annapurna-Events.in';
    const res = await owner(code, email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      token_type: 'bearer',
      user: { role: 'admin', email: 'owner@annapurna-events.in', full_name: 'Sunita Agrawal' },
    });
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/admin/customers',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(stats.statusCode).toBe(200);
    expect((await owner(code)).statusCode).toBe(400);
    expect((await owner(other)).statusCode).toBe(400);
    expect(await prepareOwnerSetup(t.deps)).toBeNull();
    const admins = await t.deps.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('tRPC auth.createOwner refuses a bad code and checks the fields', async () => {
    await expect(
      t.caller().auth.createOwner({ code: 'x', full_name: 'A B', email: 'a@example.in', password: 'longenough' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup/owner',
      payload: { code: 'x', full_name: '', email: 'nope', password: '1' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('still create the admin, and then no setup link is made', async () => {
    const t = await createTestApp({ ADMIN_EMAIL: 'ops@annapurna-events.in', ADMIN_PASSWORD: 'a long admin password' });
    try {
      expect(t.app.startupNotices.ownerSetupCode).toBeNull();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ops@annapurna-events.in', password: 'a long admin password' },
      });
      expect(res.json().user.role).toBe('admin');
    } finally {
      await t.close();
    }
  }, 60_000);
});
