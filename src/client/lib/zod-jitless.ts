/**
 * The site's Content-Security-Policy forbids eval (docs/security.md, "Headers"). zod compiles object parsers with
 * `new Function` when it may, and its probe for that is reported by the browser as a CSP violation even though
 * the refusal is caught; jitless mode skips the probe. main.tsx imports this first, before any schema is built.
 *
 * zod keeps its global configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod on the page)
 * and adopts an object already there, so the setting is made without loading zod itself: the forms that need zod
 * load it with their own code, and the landing page does not carry it (the page's budget).
 * `tests/unit/zod-jitless.test.ts` proves zod picks the setting up.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

const scope = globalThis as ZodGlobal;
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
