import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_KEYS,
  ConfigError,
  DEVELOPMENT_PASSWORD_PEPPER,
  loadConfig,
  SECRET_KEYS,
} from '../../src/server/config';

const tmp = () => mkdtempSync(join(tmpdir(), 'cfg-'));
const PEPPER = 'q'.repeat(32);

describe('loadConfig', () => {
  it('starts with no environment at all: port 3000, embedded database under ./data', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe(join(dir, 'pglite'));
    expect(config.seedDemo).toBe(false);
    expect(config.passwordHash).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(config.jwt.ttlSeconds).toBe(12 * 3600);
  });

  it('generates a development JWT secret once and keeps it under DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.jwt.secret).toString()).toBe(Buffer.from(second.jwt.secret).toString());
    expect(first.jwt.secret.byteLength).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(Buffer.from(first.jwt.secret).toString());
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production without a JWT secret or with a weak one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret', DATA_DIR: tmp() })).toThrow(
      /JWT_SECRET: must be at least 32 bytes/,
    );
    const ok = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'k'.repeat(32),
      PASSWORD_PEPPER: PEPPER,
      DATA_DIR: tmp(),
    });
    expect(ok.env).toBe('production');
  });

  it('reads the business’s map position from BUSINESS_GEO and refuses one that is not a position', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).brand.geo).toBeNull();
    expect(loadConfig({ DATA_DIR: tmp(), BUSINESS_GEO: '22.7244,75.8839' }).brand.geo).toEqual({
      latitude: 22.7244,
      longitude: 75.8839,
    });
    for (const wrong of ['Indore', '95,75', '22.7,190', '22.7;75.8']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), BUSINESS_GEO: wrong }), wrong).toThrow(/BUSINESS_GEO/);
    }
  });

  it('warns in production without PUBLIC_BASE_URL, where canonical URLs would name localhost', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'k'.repeat(32),
      PASSWORD_PEPPER: 'p'.repeat(32),
      DATA_DIR: tmp(),
    };
    const [warning, ...others] = loadConfig(production).warnings;
    expect(warning).toMatch(/^PUBLIC_BASE_URL is not set: canonical URLs.*http:\/\/localhost:3000/);
    expect(others).toEqual([]);
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://annapurna-events.in' }).warnings).toEqual([]);
    // Development and tests serve on this machine, where localhost is right.
    expect(loadConfig({ DATA_DIR: tmp() }).warnings).toEqual([]);
  });

  it('refuses production with a payment gateway and no PUBLIC_BASE_URL, instead of sending customers to localhost', () => {
    const gateway = {
      NODE_ENV: 'production',
      JWT_SECRET: 'k'.repeat(32),
      PASSWORD_PEPPER: PEPPER,
      DATA_DIR: tmp(),
      PAYMENT_GATEWAY: 'cashfree',
      CASHFREE_APP_ID: 'app',
      CASHFREE_SECRET_KEY: 'secret',
      CASHFREE_WEBHOOK_SECRET: 'hook',
    };
    expect(() => loadConfig(gateway)).toThrow(/PUBLIC_BASE_URL: required in production when PAYMENT_GATEWAY is set/);
    expect(loadConfig({ ...gateway, PUBLIC_BASE_URL: 'https://annapurna-events.in' }).publicBaseUrl).toBe(
      'https://annapurna-events.in',
    );
    // Outside production, or without a gateway, the localhost default stays.
    expect(loadConfig({ ...gateway, NODE_ENV: 'development' }).publicBaseUrl).toBe('http://localhost:3000');
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32), PASSWORD_PEPPER: PEPPER, DATA_DIR: tmp() })
        .publicBaseUrl,
    ).toBe('http://localhost:3000');
  });

  it('bounds the time a request and its headers may take to arrive', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).timeouts).toEqual({ requestMs: 30_000, headersMs: 15_000 });
    expect(
      loadConfig({ DATA_DIR: tmp(), REQUEST_TIMEOUT_SECONDS: '8', HEADERS_TIMEOUT_SECONDS: '4' }).timeouts,
    ).toEqual({ requestMs: 8000, headersMs: 4000 });
    expect(() => loadConfig({ DATA_DIR: tmp(), REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '10' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('reminds of the event 2 India days ahead unless told otherwise, between 1 and 30 days', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).eventReminders).toEqual({ daysBefore: 2, sweepSeconds: 900 });
    expect(
      loadConfig({ DATA_DIR: tmp(), EVENT_REMINDER_DAYS_BEFORE: '3', EVENT_REMINDER_SWEEP_SECONDS: '60' })
        .eventReminders,
    ).toEqual({ daysBefore: 3, sweepSeconds: 60 });
    for (const bad of ['0', '31', '1.5', 'two']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), EVENT_REMINDER_DAYS_BEFORE: bad })).toThrow(
        /EVENT_REMINDER_DAYS_BEFORE/,
      );
    }
  });

  it('reads flags, ports and URLs strictly', () => {
    expect(loadConfig({ SEED_DEMO: 'false', DATA_DIR: tmp() }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true', DATA_DIR: tmp() }).seedDemo).toBe(true);
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: tmp() })).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: tmp() })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test', DATA_DIR: tmp() }).databaseUrl).toBe(
      'postgres://127.0.0.1:5432/test',
    );
  });

  it("holds ADMIN_PASSWORD to the passwords' length and ADMIN_EMAIL to an e-mail address", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.in', ADMIN_PASSWORD: 'x', DATA_DIR: tmp() })).toThrow(
      /ADMIN_PASSWORD: must be 6 to 128 characters long/,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.in', ADMIN_PASSWORD: 'y'.repeat(129), DATA_DIR: tmp() })).toThrow(
      /ADMIN_PASSWORD: must be 6 to 128/,
    );
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'a long admin password', DATA_DIR: tmp() }),
    ).toThrow(/ADMIN_EMAIL: is not a valid e-mail address/);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.in', DATA_DIR: tmp() })).toThrow(/go together/);
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.in', ADMIN_PASSWORD: 'secret123', DATA_DIR: tmp() }).admin).toEqual({
      email: 'a@b.in',
      password: 'secret123',
      name: 'Administrator',
    });
  });

  it('overrides the business identity from env', () => {
    const config = loadConfig({ BRAND_NAME: 'Rasoi Royale', UPI_ID: 'rasoi@okaxis', DATA_DIR: tmp() });
    expect(config.brand.name).toBe('Rasoi Royale');
    expect(config.brand.upiId).toBe('rasoi@okaxis');
    expect(() => loadConfig({ UPI_ID: 'not a vpa', DATA_DIR: tmp() })).toThrow(/UPI_ID/);
  });
});

describe('mail settings', () => {
  it('writes .eml files under DATA_DIR/mail without SMTP_URL, from the brand address', () => {
    const dir = tmp();
    const { mail } = loadConfig({ DATA_DIR: dir, BRAND_NAME: 'Rasoi Royale', BUSINESS_EMAIL: 'namaste@rasoi.in' });
    expect(mail).toEqual({ smtpUrl: undefined, from: '"Rasoi Royale" <namaste@rasoi.in>', dir: join(dir, 'mail') });
  });

  it('accepts smtp:// and smtps:// URLs only, and never echoes the URL in the error', () => {
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'smtps://user:pass@smtp.example.in:465' }).mail.smtpUrl).toBe(
      'smtps://user:pass@smtp.example.in:465',
    );
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_URL: '' }).mail.smtpUrl).toBeUndefined();
    const bad = () => loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'https://user:s3cret@mail.example.in' });
    expect(bad).toThrow(/SMTP_URL/);
    expect(bad).not.toThrow(/s3cret/);
  });

  it('takes MAIL_FROM as given and refuses header injection', () => {
    expect(loadConfig({ DATA_DIR: tmp(), MAIL_FROM: 'Bookings <bookings@example.in>' }).mail.from).toBe(
      'Bookings <bookings@example.in>',
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_FROM: 'no-address' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_FROM: 'a@b.in\r\nBcc: x@y.in' })).toThrow(/MAIL_FROM/);
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  const secretFile = (content: string) => {
    const file = join(tmp(), 'secret');
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };

  it('reads every secret variable from the file its _FILE names, dropping one trailing newline', () => {
    const jwt = 'j'.repeat(40);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tmp(),
      JWT_SECRET_FILE: secretFile(`${jwt}\n`),
      PASSWORD_PEPPER_FILE: secretFile(PEPPER),
      DATABASE_URL_FILE: secretFile('postgres://app:s3cret@db:5432/app\n'),
      REDIS_URL_FILE: secretFile('redis://:pw@cache:6379'),
      ADMIN_EMAIL: 'owner@example.in',
      ADMIN_PASSWORD_FILE: secretFile('Owner pass 1 2 3\n'),
    });
    expect(Buffer.from(config.jwt.secret).toString()).toBe(jwt);
    expect(config.passwordPepper.secret.toString()).toBe(PEPPER);
    expect(config.databaseUrl).toBe('postgres://app:s3cret@db:5432/app');
    expect(config.redisUrl).toBe('redis://:pw@cache:6379');
    expect(config.admin?.password).toBe('Owner pass 1 2 3');
  });

  it('covers every secret the server reads, and each _FILE is documented', () => {
    for (const key of SECRET_KEYS) {
      expect(CONFIG_KEYS).toContain(key);
      expect(CONFIG_KEYS).toContain(`${key}_FILE`);
    }
  });

  it('refuses a secret set both directly and from a file, a missing file and an empty one', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: tmp(), PASSWORD_PEPPER: PEPPER };
    expect(() =>
      loadConfig({ ...base, JWT_SECRET: 'k'.repeat(32), JWT_SECRET_FILE: secretFile('k'.repeat(32)) }),
    ).toThrow(/JWT_SECRET_FILE: set JWT_SECRET or JWT_SECRET_FILE, not both/);
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: join(tmp(), 'missing') })).toThrow(
      /JWT_SECRET_FILE: cannot read .* \(ENOENT\)/,
    );
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: secretFile('\n') })).toThrow(/JWT_SECRET_FILE: .* is empty/);
    // A file's secret meets the same strength rule as one set directly.
    expect(() => loadConfig({ ...base, JWT_SECRET_FILE: secretFile('short') })).toThrow(
      /JWT_SECRET: must be at least 32 bytes/,
    );
  });
});

describe('password pepper and the admin second factor switch', () => {
  it('requires a strong PASSWORD_PEPPER in production, kept apart from JWT_SECRET', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32), DATA_DIR: tmp() };
    expect(() => loadConfig(base)).toThrow(/PASSWORD_PEPPER: required in production/);
    expect(() => loadConfig({ ...base, PASSWORD_PEPPER: 'short' })).toThrow(
      /PASSWORD_PEPPER: must be at least 32 bytes in production/,
    );
    expect(() => loadConfig({ ...base, PASSWORD_PEPPER: 'k'.repeat(32) })).toThrow(/must differ from JWT_SECRET/);
    const config = loadConfig({ ...base, PASSWORD_PEPPER: PEPPER });
    expect(config.passwordPepper.secret.toString()).toBe(PEPPER);
    expect(config.passwordPepper.id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('uses a fixed development pepper outside production, the same in every data folder', () => {
    const one = loadConfig({ DATA_DIR: tmp() });
    const two = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp() });
    expect(one.passwordPepper.secret.toString()).toBe(DEVELOPMENT_PASSWORD_PEPPER);
    expect(two.passwordPepper).toEqual(one.passwordPepper);
  });

  it('requires the admin second factor by default in production only, and can be switched either way', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32), PASSWORD_PEPPER: PEPPER, DATA_DIR: tmp() };
    expect(loadConfig(production).adminSecondFactorRequired).toBe(true);
    expect(loadConfig({ ...production, ADMIN_SECOND_FACTOR_REQUIRED: 'false' }).adminSecondFactorRequired).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp() }).adminSecondFactorRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp() }).adminSecondFactorRequired).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), ADMIN_SECOND_FACTOR_REQUIRED: 'true' }).adminSecondFactorRequired).toBe(true);
  });
});

describe('.env.example', () => {
  it('documents exactly the variables the server reads', () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', '.env.example'), 'utf8');
    const documented = [...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual([...CONFIG_KEYS].sort());
  });
});
