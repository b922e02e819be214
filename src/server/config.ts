import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/auth-limits';
import { type Brand, DEFAULT_BRAND } from '../shared/brand';
import { EVENT_REMINDER_DEFAULT_DAYS_BEFORE } from '../shared/booking-rules';
import { HOUR_MS, MINUTE_MS } from '../shared/dates';
import { emailSchema } from '../shared/schemas/common';

/** The project root: two levels above this file, both when run from source and from the repository. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const JWT_SECRET_MIN_BYTES = 32;
const PASSWORD_PEPPER_MIN_BYTES = 32;
/**
 * The pepper outside production: fixed and public, so development and test databases keep working across restarts
 * and data folders. Production refuses to start without its own (docs/security.md, "Passwords").
 */
export const DEVELOPMENT_PASSWORD_PEPPER = 'development-password-pepper-not-a-secret-0000';

/**
 * The variables holding a secret. Each can instead be read from a file named by `<NAME>_FILE` (the container
 * secrets convention: `JWT_SECRET_FILE=/run/secrets/jwt_secret`), never both (docs/security.md, "Service secrets").
 */
export const SECRET_KEYS = [
  'DATABASE_URL',
  'JWT_SECRET',
  'PASSWORD_PEPPER',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'REDIS_URL',
  'CASHFREE_SECRET_KEY',
  'CASHFREE_WEBHOOK_SECRET',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATABASE_PREPARED_STATEMENTS: z.stringbool().default(true),
    JWT_SECRET: optionalText,
    PASSWORD_PEPPER: optionalText,
    JWT_ISSUER: z.string().trim().min(1).default('annapurna-events'),
    JWT_AUDIENCE: z.string().trim().min(1).default('annapurna-events-app'),
    TRUST_PROXY: optionalText,
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
    SEED_DEMO: z.stringbool().default(false),
    SEED_DEMO_IN_PRODUCTION: z.stringbool().default(false),
    ADMIN_SECOND_FACTOR_REQUIRED: z.stringbool().optional(),
    CLIENT_DIST_DIR: optionalText,
    BRAND_NAME: optionalText,
    LEGAL_NAME: optionalText,
    BUSINESS_PHONE: optionalText,
    WHATSAPP_NUMBER: optionalText.pipe(
      z
        .string()
        .regex(/^\d{10,15}$/, 'digits only, with country code')
        .optional(),
    ),
    BUSINESS_EMAIL: optionalText.pipe(z.email().optional()),
    UPI_ID: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.-]+@[\w.-]+$/, 'a UPI ID such as name@bank')
        .optional(),
    ),
    BUSINESS_ADDRESS: optionalText,
    BUSINESS_GSTIN: optionalText,
    BUSINESS_FSSAI: optionalText,
    /** The business's map position as "latitude,longitude" in decimal degrees (search engines' JSON-LD). */
    BUSINESS_GEO: optionalText.pipe(
      z
        .string()
        .regex(
          /^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/,
          'latitude,longitude in decimal degrees, e.g. 22.7244,75.8839',
        )
        .transform((text) => {
          const [latitude, longitude] = text.split(',').map(Number) as [number, number];
          return { latitude, longitude };
        })
        .refine(
          ({ latitude, longitude }) => Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180,
          'latitude between -90 and 90, longitude between -180 and 180',
        )
        .optional(),
    ),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' }).optional()),
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .max(200)
        .regex(/^[^\r\n]*@[^\r\n]*$/, 'an e-mail address, optionally with a name: "Name" <name@example.in>')
        .optional(),
    ),
    AUTO_ASSIGN_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    PAYMENT_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    EVENT_REMINDER_DAYS_BEFORE: z.coerce.number().int().min(1).max(30).default(EVENT_REMINDER_DEFAULT_DAYS_BEFORE),
    EVENT_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    PUBLIC_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    PAYMENT_GATEWAY: z.enum(['none', 'cashfree']).default('none'),
    CASHFREE_APP_ID: optionalText,
    CASHFREE_SECRET_KEY: optionalText,
    CASHFREE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    CASHFREE_WEBHOOK_SECRET: optionalText,
    WHATSAPP_ACCESS_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
      z
        .string()
        .regex(/^\d{5,20}$/, 'the numeric phone number ID of the WhatsApp Business account')
        .optional(),
    ),
    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
    WHATSAPP_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    WHATSAPP_TEMPLATE_LANGUAGE: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'a template language code such as en or en_US')
      .default('en'),
    CORS_ORIGIN: optionalText,
    REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// URL' }).optional()),
    RATE_LIMITS: z.stringbool().default(true),
    RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(5),
    RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
    RATE_LIMIT_QUOTE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    RATE_LIMIT_EMAIL_LINK_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(3),
    RATE_LIMIT_LOGIN_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
    RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
    RATE_LIMIT_SECOND_STEP_PER_15_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(5),
    RATE_LIMIT_PASSWORD_RESET_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_NEW_PASSWORD_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
    RATE_LIMIT_INQUIRY_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_SUBSCRIPTION_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    RATE_LIMIT_TO_ONE_EMAIL_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(3),
    RATE_LIMIT_KEY_PREFIX: z.string().trim().min(1).max(100).default('annapurna:rate-limit:'),
    SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
    SHED_MAX_HEAP_MB: z.coerce.number().int().min(0).default(0),
    SHED_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
    SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
    // The admin's password follows the rules of every other password (docs/security.md, "Passwords"); the
    // common-password list is checked when the account is made (`ensureAdmin`).
    const adminPassword = env.ADMIN_PASSWORD;
    if (
      adminPassword !== undefined &&
      (adminPassword.length < PASSWORD_MIN_LENGTH || adminPassword.length > PASSWORD_MAX_LENGTH)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`,
      });
    }
    if (env.ADMIN_EMAIL !== undefined && !emailSchema.safeParse(env.ADMIN_EMAIL).success) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is not a valid e-mail address' });
    }
    if (env.PAYMENT_GATEWAY === 'cashfree') {
      for (const key of ['CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY', 'CASHFREE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENT_GATEWAY=cashfree' });
      }
    }
    if ((env.WHATSAPP_ACCESS_TOKEN === undefined) !== (env.WHATSAPP_PHONE_NUMBER_ID === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_PHONE_NUMBER_ID'],
        message: 'WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together',
      });
    }
    if (env.WHATSAPP_ACCESS_TOKEN && !env.WHATSAPP_APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_APP_SECRET'],
        message: 'required with WHATSAPP_ACCESS_TOKEN: delivery statuses and STOP replies arrive on the signed webhook',
      });
    }
    if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_SECONDS'],
        message: 'must not be more than REQUEST_TIMEOUT_SECONDS',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (env.PAYMENT_GATEWAY !== 'none' && !env.PUBLIC_BASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_BASE_URL'],
          message:
            'required in production when PAYMENT_GATEWAY is set: ' +
            'the gateway sends customers back to it (https://your-site.in)',
        });
      }
      if (env.LOG_FORMAT === 'pretty') {
        ctx.addIssue({
          code: 'custom',
          path: ['LOG_FORMAT'],
          message: 'refused in production: the log stays one JSON object a line for the log collector',
        });
      }
      if (env.SEED_DEMO && !env.SEED_DEMO_IN_PRODUCTION) {
        ctx.addIssue({
          code: 'custom',
          path: ['SEED_DEMO'],
          message:
            'refused in production: demo accounts would be open to anyone. ' +
            'Set SEED_DEMO_IN_PRODUCTION=true as well to load them with random passwords printed once',
        });
      }
      if (!env.PASSWORD_PEPPER) {
        ctx.addIssue({ code: 'custom', path: ['PASSWORD_PEPPER'], message: 'required in production' });
      } else if (Buffer.byteLength(env.PASSWORD_PEPPER) < PASSWORD_PEPPER_MIN_BYTES) {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_PEPPER'],
          message: `must be at least ${PASSWORD_PEPPER_MIN_BYTES} bytes in production`,
        });
      } else if (env.PASSWORD_PEPPER === env.JWT_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_PEPPER'],
          message: 'must differ from JWT_SECRET: the pepper is a secret kept apart',
        });
      }
      if (!env.JWT_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required in production' });
      } else if (Buffer.byteLength(env.JWT_SECRET) < JWT_SECRET_MIN_BYTES) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: `must be at least ${JWT_SECRET_MIN_BYTES} bytes in production`,
        });
      }
    }
  });

export type PasswordHashOptions = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * The secret mixed into every password hash (argon2's `secret`), and the short id written into each hash made with it.
 */
export type PasswordPepper = { id: string; secret: Buffer };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /** `pretty` (`npm run dev`): one readable line per request for a person; `json` everywhere else. */
  logFormat: 'json' | 'pretty';
  dataDir: string;
  /** Set: PostgreSQL through postgres.js. Unset: embedded PGlite under `pgliteDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: prepare parameterised statements on the server (off behind a pooler in transaction mode). */
  preparedStatements: boolean;
  /** A directory, or 'memory' for an in-memory database (tests). */
  pgliteDir: string;
  jwt: { secret: Uint8Array; issuer: string; audience: string; ttlSeconds: number };
  /** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. Tests use cheaper settings. */
  passwordHash: PasswordHashOptions;
  /** PASSWORD_PEPPER (docs/security.md, "Passwords"): kept out of the database, required in production. */
  passwordPepper: PasswordPepper;
  /**
   * ADMIN_SECOND_FACTOR_REQUIRED (default on in production only): an admin without a second factor may only enrol,
   * and refunds, erasure and settings changes need a re-authentication of the last 5 minutes
   * (docs/decisions.md, "Admin second factor and step-up").
   */
  adminSecondFactorRequired: boolean;
  trustProxy: boolean | string;
  admin: { email: string; password: string; name: string } | undefined;
  seedDemo: boolean;
  /** Production with SEED_DEMO_IN_PRODUCTION: every demo account gets a random password, printed once. */
  seedDemoRandomPasswords: boolean;
  /** SEED_DEMO_IN_PRODUCTION: the explicit second switch without which production refuses demo data. */
  seedDemoInProduction: boolean;
  clientDistDir: string;
  brand: Brand;
  mail: MailConfig;
  /** How often the project auto-assign sweep runs; pg-boss jobs award on time in between. */
  autoAssignSweepSeconds: number;
  /** How often each instance sweeps for payment reminders due today (each is sent once whatever the count). */
  paymentReminderSweepSeconds: number;
  /**
   * Event reminders (docs/decisions.md, "Event reminders"): how many India days ahead, and how often each instance
   * sweeps.
   */
  eventReminders: { daysBefore: number; sweepSeconds: number };
  /** Where the site is reached from outside (gateway return URLs); default http://localhost:PORT. */
  publicBaseUrl: string;
  /**
   * Settings the server starts with but a deployment should not (printed at start-up by main.ts): in production,
   * no PUBLIC_BASE_URL, so canonical URLs, link previews and e-mailed links would name localhost.
   */
  warnings: string[];
  /** Token and subscription payments: UPI always; a Cashfree-style gateway when configured. */
  payments: { gateway: CashfreeConfig | null };
  /** WhatsApp template messages (docs/product.md#whatsapp). */
  whatsapp: WhatsAppConfig;
  /** Origins allowed to call the API from a browser on another origin (CORS); default the PUBLIC_BASE_URL origin. */
  corsOrigins: string[];
  /** Set: rate-limit counters live in this Redis, shared by every instance. Unset: in process memory. */
  redisUrl: string | undefined;
  rateLimits: RateLimitConfig;
  loadShedding: LoadSheddingConfig;
  /** Slow clients (docs/security.md, "Limits"): the whole request, and its headers, must arrive within these. */
  timeouts: { requestMs: number; headersMs: number };
};

/** The rate-limited flows (docs/security.md, "Limits"); REST and tRPC share one counter per flow. */
export type RateLimitRule =
  | 'login'
  | 'login_ip'
  | 'login_account'
  | 'second_step'
  | 'register'
  | 'vendor_register'
  | 'quote'
  | 'email_link'
  | 'password_reset'
  | 'password_reset_email'
  | 'new_password'
  | 'inquiry'
  | 'inquiry_email'
  | 'subscription'
  | 'subscription_email';

export type RateLimitConfig = {
  enabled: boolean;
  /** Prefix of the counters' Redis keys, so several apps (or test runs) can share one Redis. */
  keyPrefix: string;
  /** `byIp: false`: one counter for the subject (an account, an e-mail) whatever address the calls come from. */
  rules: Record<RateLimitRule, { max: number; windowMs: number; byIp: boolean }>;
};

/** Thresholds above which requests are answered 503 instead of queued (0 = that check is off). */
export type LoadSheddingConfig = {
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  retryAfterSeconds: number;
};

export type CashfreeConfig = {
  kind: 'cashfree';
  appId: string;
  secretKey: string;
  apiBase: string;
  webhookSecret: string;
};

export type WhatsAppConfig = {
  /** Set: send through the WhatsApp Business Cloud API. Unset: write each message as a file under `dir`. */
  cloud: { accessToken: string; phoneNumberId: string; apiBase: string } | null;
  /** The language code the approved templates are registered under. */
  language: string;
  /** The Meta app secret the webhook's X-Hub-Signature-256 is checked with; without it the webhook answers 404. */
  appSecret: string | undefined;
  /** What the webhook's subscription handshake (`hub.verify_token`) must carry. */
  verifyToken: string | undefined;
  /** Where messages go without the Cloud API: `DATA_DIR/messages`. */
  dir: string;
};

export type MailConfig = {
  /** Set: send through this SMTP server. Unset: write each message as an .eml file under `dir`. */
  smtpUrl: string | undefined;
  /** From header of every message. */
  from: string;
  /** Where messages go when there is no SMTP server: `DATA_DIR/mail`. */
  dir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment once, at start-up. This is the only module that touches `process.env`
 *; everything else receives the typed `Config`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withSecretFiles(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(PROJECT_ROOT, e.DATA_DIR);
  const brand: Brand = {
    ...DEFAULT_BRAND,
    ...definedOnly({
      name: e.BRAND_NAME,
      legalName: e.LEGAL_NAME,
      phone: e.BUSINESS_PHONE,
      whatsappNumber: e.WHATSAPP_NUMBER,
      email: e.BUSINESS_EMAIL,
      upiId: e.UPI_ID,
      address: e.BUSINESS_ADDRESS,
      gstin: e.BUSINESS_GSTIN,
      fssai: e.BUSINESS_FSSAI,
      geo: e.BUSINESS_GEO,
    }),
  };
  const secret = e.JWT_SECRET ?? (e.NODE_ENV === 'test' ? randomBytes(32).toString('hex') : devSecret(dataDir));

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    pgliteDir: join(dataDir, 'pglite'),
    jwt: {
      secret: new TextEncoder().encode(secret),
      issuer: e.JWT_ISSUER,
      audience: e.JWT_AUDIENCE,
      ttlSeconds: 12 * 60 * 60,
    },
    passwordHash: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    passwordPepper: pepperOf(e.PASSWORD_PEPPER ?? DEVELOPMENT_PASSWORD_PEPPER),
    adminSecondFactorRequired: e.ADMIN_SECOND_FACTOR_REQUIRED ?? e.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    seedDemo: e.SEED_DEMO,
    seedDemoRandomPasswords: e.NODE_ENV === 'production',
    seedDemoInProduction: e.SEED_DEMO_IN_PRODUCTION,
    clientDistDir: resolve(PROJECT_ROOT, e.CLIENT_DIST_DIR ?? 'dist/client'),
    brand,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${brand.name.replace(/["\\]/g, '')}" <${brand.email}>`,
      dir: join(dataDir, 'mail'),
    },
    autoAssignSweepSeconds: e.AUTO_ASSIGN_SWEEP_SECONDS,
    paymentReminderSweepSeconds: e.PAYMENT_REMINDER_SWEEP_SECONDS,
    eventReminders: { daysBefore: e.EVENT_REMINDER_DAYS_BEFORE, sweepSeconds: e.EVENT_REMINDER_SWEEP_SECONDS },
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    warnings:
      e.NODE_ENV === 'production' && !e.PUBLIC_BASE_URL
        ? [
            `PUBLIC_BASE_URL is not set: canonical URLs, link previews, the sitemap and e-mailed links will name ` +
              `http://localhost:${e.PORT}. Set it to the address customers ` +
              'use (docs/decisions.md, "Link previews and search").',
          ]
        : [],
    payments: {
      gateway:
        e.PAYMENT_GATEWAY === 'cashfree'
          ? {
              kind: 'cashfree',
              appId: e.CASHFREE_APP_ID!,
              secretKey: e.CASHFREE_SECRET_KEY!,
              apiBase: (e.CASHFREE_API_BASE ?? 'https://sandbox.cashfree.com/pg').replace(/\/+$/, ''),
              webhookSecret: e.CASHFREE_WEBHOOK_SECRET!,
            }
          : null,
    },
    whatsapp: {
      cloud:
        e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
          ? {
              accessToken: e.WHATSAPP_ACCESS_TOKEN,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              apiBase: (e.WHATSAPP_API_BASE ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
            }
          : null,
      language: e.WHATSAPP_TEMPLATE_LANGUAGE,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      dir: join(dataDir, 'messages'),
    },
    corsOrigins: parseOrigins(e.CORS_ORIGIN, e.PUBLIC_BASE_URL),
    redisUrl: e.REDIS_URL,
    rateLimits: {
      enabled: e.RATE_LIMITS,
      keyPrefix: e.RATE_LIMIT_KEY_PREFIX,
      rules: {
        login: { max: e.RATE_LIMIT_LOGIN_PER_MINUTE, windowMs: MINUTE_MS, byIp: true },
        login_ip: { max: e.RATE_LIMIT_LOGIN_IP_PER_MINUTE, windowMs: MINUTE_MS, byIp: true },
        login_account: { max: e.RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR, windowMs: HOUR_MS, byIp: false },
        second_step: { max: e.RATE_LIMIT_SECOND_STEP_PER_15_MINUTES, windowMs: 15 * MINUTE_MS, byIp: false },
        register: { max: e.RATE_LIMIT_REGISTER_PER_HOUR, windowMs: HOUR_MS, byIp: true },
        vendor_register: { max: e.RATE_LIMIT_REGISTER_PER_HOUR, windowMs: HOUR_MS, byIp: true },
        quote: { max: e.RATE_LIMIT_QUOTE_PER_MINUTE, windowMs: MINUTE_MS, byIp: true },
        email_link: { max: e.RATE_LIMIT_EMAIL_LINK_PER_HOUR, windowMs: HOUR_MS, byIp: false },
        password_reset: { max: e.RATE_LIMIT_PASSWORD_RESET_PER_HOUR, windowMs: HOUR_MS, byIp: true },
        password_reset_email: { max: e.RATE_LIMIT_TO_ONE_EMAIL_PER_HOUR, windowMs: HOUR_MS, byIp: false },
        new_password: { max: e.RATE_LIMIT_NEW_PASSWORD_PER_HOUR, windowMs: HOUR_MS, byIp: true },
        inquiry: { max: e.RATE_LIMIT_INQUIRY_PER_HOUR, windowMs: HOUR_MS, byIp: true },
        inquiry_email: { max: e.RATE_LIMIT_TO_ONE_EMAIL_PER_HOUR, windowMs: HOUR_MS, byIp: false },
        subscription: { max: e.RATE_LIMIT_SUBSCRIPTION_PER_HOUR, windowMs: HOUR_MS, byIp: true },
        subscription_email: { max: e.RATE_LIMIT_TO_ONE_EMAIL_PER_HOUR, windowMs: HOUR_MS, byIp: false },
      },
    },
    timeouts: { requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000, headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000 },
    loadShedding: {
      maxEventLoopDelayMs: e.SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.SHED_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.SHED_MAX_HEAP_MB * MB,
      maxRssBytes: e.SHED_MAX_RSS_MB * MB,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    },
  };
}

const MB = 1024 * 1024;

/**
 * CORS_ORIGIN is a comma-separated list of origins (`https://app.example.in`); without it only the origin of
 * PUBLIC_BASE_URL may call the API cross-origin. Anything that is not a plain http(s) origin is refused.
 */
function parseOrigins(list: string | undefined, publicBaseUrl: string | undefined): string[] {
  const entries = list
    ? list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
    : publicBaseUrl
      ? [publicBaseUrl]
      : [];
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError([`CORS_ORIGIN: "${entry}" is not an origin such as https://app.example.in`]);
    }
    if (!['http:', 'https:'].includes(url.protocol)) throw new ConfigError([`CORS_ORIGIN: "${entry}" must be http(s)`]);
    return url.origin;
  });
}

/** Trust only a named proxy address or CIDR list; "true" is accepted only as an explicit opt-in. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept under DATA_DIR, so sessions survive
 * restarts without anyone writing a .env file.
 */
function devSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(stored) >= JWT_SECRET_MIN_BYTES) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The environment with each `<NAME>_FILE` of a secret replaced by `<NAME>` holding the file's content (one trailing
 * newline dropped). Both set, an unreadable file or an empty one: a ConfigError naming the variable.
 */
function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const result = { ...env };
  const problems: string[] = [];
  for (const key of SECRET_KEYS) {
    const fileKey = `${key}_FILE`;
    const path = env[fileKey]?.trim();
    delete result[fileKey];
    if (!path) continue;
    if (env[key] !== undefined && env[key]!.trim() !== '') {
      problems.push(`${fileKey}: set ${key} or ${fileKey}, not both`);
      continue;
    }
    let content: string;
    try {
      content = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${fileKey}: cannot read ${path} (${reason})`);
      continue;
    }
    if (content.trim() === '') problems.push(`${fileKey}: ${path} is empty`);
    else result[key] = content;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return result;
}

/** The pepper's id: a keyed digest, so the hash records which pepper made it without revealing anything of it. */
function pepperOf(pepper: string): PasswordPepper {
  const secret = Buffer.from(pepper, 'utf8');
  return { id: createHmac('sha256', secret).update('password-pepper-id').digest('hex').slice(0, 8), secret };
}

/** Every variable the server reads; `.env.example` documents each (checked by a test). */
export const CONFIG_KEYS: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...SECRET_KEYS.map((key) => `${key}_FILE`),
];
