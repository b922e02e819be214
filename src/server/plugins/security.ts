import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { isApiRequest } from '../lib/api-path';

export type SecurityHeadersOptions = {
  production: boolean;
  /** Origins allowed to call the API from another origin (CORS_ORIGIN); every other origin gets no CORS header. */
  corsOrigins: readonly string[];
};

/** Browser features no page of the app uses, switched off for every page and frame. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), ' +
  'geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), ' +
  'payment=(), publickey-credentials-get=(), usb=(), xr-spatial-tracking=()';

/** Request headers a cross-origin client of the API may send (the app's own client sends the first two). */
const CORS_REQUEST_HEADERS = 'authorization, content-type, idempotency-key, x-step-up';
/** Response headers such a client may read besides the simple ones. */
const CORS_EXPOSED_HEADERS = 'retry-after, x-total-count, content-disposition';

/**
 * Security headers (docs/security.md, "Headers"). The token lives in localStorage, so XSS is the main threat
 * (security plan section 0): the CSP allows scripts only from this origin, with no inline script, no eval, no
 * framing and no `<base>`. Inline styles stay allowed because the UI library (emotion) injects `<style>` tags;
 * styles cannot run code. HSTS only in production, where the site is served over HTTPS.
 *
 * Every API answer says `Cache-Control: no-store` (set when it is sent, so errors, 429s and 503s carry it too),
 * and CORS headers go only to the configured origins: the app's own pages are same-origin and need none.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const { production } = options;
  // helmet itself, built once. The Fastify wrapper (@fastify/helmet) rebuilds it on every request, which was a fifth
  // of the CPU a health check costs; the headers are the same for every answer, so once is enough.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // They are the same for every answer (no nonce), so helmet runs once and its headers are copied onto each.
  const headers = staticHeaders(securityHeaders);
  // helmet sends no Permissions-Policy: the app uses none of these features, so no page (nor anything injected into
  // one) may ask for them.
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });

  const allowed = new Set(options.corsOrigins);
  const corsOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return origin && allowed.has(origin) && isApiRequest(request) ? origin : undefined;
  };
  // The preflight of an allowed origin, answered before routing (no route is declared for OPTIONS). Any other
  // origin's preflight falls through to the 404 without CORS headers, so the browser refuses the call.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.method === 'OPTIONS' ? corsOrigin(request) : undefined;
    if (!origin || !request.headers['access-control-request-method']) return done();
    void reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('vary', 'Origin')
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
      .header('access-control-allow-headers', CORS_REQUEST_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });

  // Set as the answer leaves, so errors, 429s and 503s carry them too (tRPC's answers included: its adapter copies
  // tRPC's headers onto the reply before sending).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiRequest(request)) return done(null, payload);
    const get = (name: string) => reply.getHeader(name);
    const set = (name: string, value: string) => void reply.header(name, value);
    set('cache-control', 'no-store');
    // The body is JSON either way; say so with its charset (tRPC answers a bare `application/json`).
    if (get('content-type') === 'application/json') set('content-type', 'application/json; charset=utf-8');
    const origin = corsOrigin(request);
    if (origin) {
      set('access-control-allow-origin', origin);
      set('access-control-expose-headers', CORS_EXPOSED_HEADERS);
      const vary = String(get('vary') ?? '');
      if (!/\borigin\b/i.test(vary)) set('vary', vary ? `${vary}, Origin` : 'Origin');
    }
    done(null, payload);
  });
}

/** The headers a helmet middleware sets, read by running it once against a stand-in response. */
function staticHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  let ran = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously');
  return headers;
}
