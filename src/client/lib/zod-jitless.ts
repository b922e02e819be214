import { z } from 'zod';

/**
 * The site's Content-Security-Policy forbids eval (docs/security.md, "Headers"). zod compiles object parsers with
 * `new Function` when it may, and its probe for that is reported by the browser as a CSP violation even though
 * the refusal is caught; jitless mode skips the probe. main.tsx imports this first, before any schema is built.
 */
z.config({ jitless: true });
