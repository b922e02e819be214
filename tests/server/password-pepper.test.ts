import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { users } from '../../src/server/db/schema';
import { hashKeyId, hashPassword, verifyPassword } from '../../src/server/lib/password';
import { makeUser } from './helpers/fixtures';
import { createTestApp, TEST_PASSWORD_HASH, type TestApp } from './helpers/test-app';

/*
 * The password pepper (docs/security.md, "Passwords"; ASVS 2.4.5): every hash is argon2id keyed with PASSWORD_PEPPER,
 * which is not in the database, and records which pepper made it. A hash from before the pepper still signs in once
 * and is then stored peppered.
 */

const PEPPER = 'pepper-for-the-pepper-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PASSWORD_PEPPER: PEPPER });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const storedHash = async (id: string) =>
  (await t.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash!;

describe('password pepper', () => {
  it('hashes a new password with the pepper: the hash records the pepper id and does not verify without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'peppered@example.in',
        password: 'cardamom pods 42',
        full_name: 'Pepper Test',
        phone: '98765 43210',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'peppered@example.in'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,p=\d+,t=\d+,keyid=[0-9a-f]{8}\$/);
    expect(hashKeyId(row!.passwordHash!)).toBe(t.config.passwordPepper.id);
    // A copy of the table alone opens nothing: without the secret (or with another one) the password does not match.
    expect(await argon2.verify(row!.passwordHash!, 'cardamom pods 42')).toBe(false);
    expect(await verifyPassword(row!.passwordHash!, 'cardamom pods 42')).toBe(false);
    const other = { id: 'ffffffff', secret: Buffer.from('another-pepper-another-pepper-0000') };
    expect(await verifyPassword(row!.passwordHash!, 'cardamom pods 42', other)).toBe(false);
    expect(await verifyPassword(row!.passwordHash!, 'cardamom pods 42', t.config.passwordPepper)).toBe(true);
    expect((await login('peppered@example.in', 'cardamom pods 42')).statusCode).toBe(200);
  });

  it('a hash made before the pepper signs in once and is then stored with the pepper', async () => {
    const user = await makeUser(t.deps);
    const legacy = await hashPassword(user.password, TEST_PASSWORD_HASH);
    await t.deps.db.update(users).set({ passwordHash: legacy }).where(eq(users.id, user.id));
    expect(hashKeyId(legacy)).toBeNull();

    expect((await login(user.email, 'not-the-password')).statusCode).toBe(401);
    expect(await storedHash(user.id)).toBe(legacy);

    expect((await login(user.email, user.password)).statusCode).toBe(200);
    const rehashed = await storedHash(user.id);
    expect(rehashed).not.toBe(legacy);
    expect(hashKeyId(rehashed)).toBe(t.config.passwordPepper.id);
    expect(await argon2.verify(rehashed, user.password)).toBe(false);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect(await storedHash(user.id)).toBe(rehashed);
  });

  it('a server started with another pepper signs nobody in with the old hashes', async () => {
    const user = await makeUser(t.deps);
    const other = await createTestApp({ PASSWORD_PEPPER: 'a-different-pepper-a-different-pepper' });
    try {
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
      await other.deps.db.insert(users).values({ ...row!, id: undefined as never });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
