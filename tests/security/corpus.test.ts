import { gzipSync } from 'node:zlib';
import { FORBIDDEN_KEY } from '../../src/server/plugins/json-body-text';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, emailOutbox, users } from '../../src/server/db/schema';
import { ALLOWED_4XX, leaks, procedures, send, trpcCall, type Answer, type Call } from './helpers/http';
import {
  inquiryPayload,
  quotePayload,
  registerPayload,
  REST_ROWS,
  rowName,
  TRPC_ROWS,
  type Row,
} from './helpers/surface';
import { buildWorld, type Subject, type SubjectName, type World } from './helpers/world';
import { vendorPayload } from '../server/helpers/admin-fixtures';

/*
 * A fixed corpus of hostile input (docs/security.md#hostile-input): prototype-poisoning keys, 10,000-level nesting,
 * bodies one byte over the limit, odd content types, oversized tRPC batches, 10 KB URLs, NUL and emoji in every string
 * field, and markup where names are shown to admins. Whatever arrives, the answer is a clean 2xx or a 4xx from
 * the agreed list, never a 5xx, a stack trace or SQL, and Object.prototype stays untouched.
 */

let w: World;
const types = procedures();

beforeAll(async () => {
  w = await buildWorld();
});

afterAll(async () => {
  await w?.close();
});

afterEach(() => {
  const proto = Object.prototype as Record<string, unknown>;
  expect(proto.polluted, 'Object.prototype.polluted').toBeUndefined();
  expect(proto.isAdmin, 'Object.prototype.isAdmin').toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(Object.keys(Array.prototype)).toEqual([]);
});

/** Who calls a row in this file: someone it lets in. */
function callerOf(row: Row): SubjectName {
  switch (row.access) {
    case 'admin':
      return 'admin';
    case 'supplier':
      return 'supplierA';
    case 'customer':
    case 'authed':
      return 'customerA';
    default:
      return 'anonymous';
  }
}

async function validInput(row: Row): Promise<{ subject: Subject; value: unknown; call: Call }> {
  const subject = w.subjects[callerOf(row)];
  await w.refreshToken(subject.name); // a logout earlier in the file revoked it
  const id = row.owned ? await row.owned.object(w, subject.name) : '';
  const built = await row.build(w, subject, id);
  if (row.kind === 'rest') return { subject, value: (built as Call).payload, call: built as Call };
  return { subject, value: built, call: trpcCall(types.get(row.path)!.type, row.path, built) };
}

/** Every answer of this file: no 5xx, a 4xx only from the agreed list, and nothing internal in the body. */
function expectClean(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(ALLOWED_4XX.has(answer.status), `${what}: status ${answer.status}`).toBe(true);
  expect(leaks(answer.body), `${what}: ${answer.body.slice(0, 300)}`).toEqual([]);
}

const bodyRows = (): Row[] => [
  ...REST_ROWS.filter((row) => row.method !== 'GET' && row.access !== 'signed'),
  ...TRPC_ROWS.filter((row) => types.get(row.path)?.type === 'mutation'),
];

function withBody(call: Call, rawBody: string, contentType = 'application/json'): Call {
  return { method: call.method, url: call.url, rawBody, headers: { 'content-type': contentType } };
}

function nest(depth: number, open = '[', close = ']'): string {
  return `${open.repeat(depth)}${close.repeat(depth)}`;
}

describe('prototype poisoning', () => {
  it('__proto__ and constructor.prototype in JSON bodies: 400 on REST (Fastify refuses them), harmless on tRPC', async () => {
    let cases = 0;
    for (const row of bodyRows()) {
      const { subject, value, call } = await validInput(row);
      const valid = JSON.stringify(value ?? {});
      const inner = valid === '{}' ? '' : `,${valid.slice(1, -1)}`;
      for (const poison of [
        '"__proto__":{"polluted":"yes","isAdmin":true}',
        '"constructor":{"prototype":{"polluted":"yes"}}',
      ]) {
        const answer = await send(w.t.app, withBody(call, `{${poison}${inner}}`), subject.token);
        expectClean(answer, `${rowName(row)} with ${poison.slice(0, 15)}`);
        // tRPC reads its body with JSON.parse, where `__proto__` is a plain key that the input schema drops.
        if (row.kind === 'rest') {
          expect(answer.status, `${rowName(row)}: ${answer.body}`).toBe(400);
          // Said for what it is: the JSON is well formed, one key is refused.
          expect(JSON.parse(answer.body), rowName(row)).toEqual({ detail: FORBIDDEN_KEY });
        }
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThan(60);
  });

  it('nested poisoning, poisoned tRPC query input and poisoned query strings change nothing', async () => {
    const quote = await send(
      w.t.app,
      withBody(
        { method: 'POST', url: '/api/bookings' },
        JSON.stringify(inquiryPayload()).replace('"requirements":{', '"requirements":{"__proto__":{"polluted":1},'),
      ),
    );
    expect(quote.status).toBe(400);

    // tRPC reads a query's input from the URL with JSON.parse: `__proto__` becomes a plain key and is dropped.
    const input = encodeURIComponent(
      '{"__proto__":{"polluted":"yes"},"limit":5,"constructor":{"prototype":{"isAdmin":true}}}',
    );
    for (const path of ['admin.bookings.list', 'admin.customers.list', 'supplier.projects.list']) {
      const subject = path.startsWith('admin') ? w.subjects.admin : w.subjects.supplierA;
      expectClean(await send(w.t.app, { method: 'GET', url: `/api/trpc/${path}?input=${input}` }, subject.token), path);
    }
    for (const row of REST_ROWS.filter((r) => r.method === 'GET' && !r.route.includes(':'))) {
      for (const query of [
        '__proto__[polluted]=yes',
        '__proto__=x&constructor[prototype][polluted]=yes',
        'constructor.prototype.polluted=yes',
      ]) {
        const subject = w.subjects[callerOf(row)];
        expectClean(
          await send(w.t.app, { method: 'GET', url: `${row.route}?${query}` }, subject.token),
          `${row.route}?${query}`,
        );
      }
    }
  });
});

describe('oversized and deeply nested input', () => {
  it('10,000 levels of nesting never break a route or procedure, and the app keeps answering', async () => {
    const deep = [nest(10_000), nest(10_000, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}'), `{"a":${nest(10_000)}}`];
    for (const row of bodyRows()) {
      const { subject, value, call } = await validInput(row);
      const valid = JSON.stringify(value ?? {});
      for (const body of deep)
        expectClean(await send(w.t.app, withBody(call, body), subject.token), `${rowName(row)} deep body`);
      // The deep value inside an otherwise valid input, under every key it has.
      if (value && typeof value === 'object') {
        for (const key of Object.keys(value)) {
          const json = JSON.stringify({ ...value, [key]: '__DEEP__' }).replace('"__DEEP__"', nest(10_000));
          expectClean(await send(w.t.app, withBody(call, json), subject.token), `${rowName(row)} deep ${key}`);
        }
        const extra = valid.replace(/^\{/, `{"extra":${nest(10_000)},`);
        expectClean(await send(w.t.app, withBody(call, extra), subject.token), `${rowName(row)} deep extra key`);
      }
    }
    // A quote's items are stored as sent: 10,000 levels fit in its 20,000 characters.
    const { bookingId } = await w.project(['supplierA']);
    const items = `{"booking_id":"${bookingId}","quoted_amount":1000,"items":${nest(9_999)}}`;
    const stored = await send(
      w.t.app,
      withBody({ method: 'POST', url: '/api/supplier/quote-submit' }, items),
      w.subjects.supplierA.token,
    );
    expectClean(stored, 'items nested 9,999 deep');
    // tRPC query input in the URL, 1,000 levels (a browser's URL limit comes first).
    const url = `/api/trpc/admin.bookings.list?input=${encodeURIComponent(`{"q":${nest(1000)}}`)}`;
    expectClean(await send(w.t.app, { method: 'GET', url }, w.subjects.admin.token), 'deep tRPC query input');
    expect((await send(w.t.app, { method: 'GET', url: '/api/health' })).status).toBe(200);
  });

  it('a body of 1 MiB + 1 byte is a 413 on REST and tRPC; exactly 1 MiB is read', async () => {
    const sized = (bytes: number) => {
      const shell = '{"client_name":""}';
      return shell.replace('""', `"${'a'.repeat(bytes - shell.length)}"`);
    };
    const over = sized(1024 * 1024 + 1);
    expect(Buffer.byteLength(over)).toBe(1024 * 1024 + 1);
    for (const url of [
      '/api/quotation/instant',
      '/api/trpc/quote.instant',
      '/api/vendor/register',
      '/api/auth/login',
      '/api/payments/webhook/cashfree',
    ]) {
      const answer = await send(w.t.app, withBody({ method: 'POST', url }, over));
      expect(answer.status, url).toBe(413);
      expectClean(answer, url);
      if (!url.includes('/trpc/')) expect(JSON.parse(answer.body)).toEqual({ detail: 'Request body is too large' });
    }
    const admin = w.subjects.admin.token;
    expect(
      (
        await send(
          w.t.app,
          withBody({ method: 'PUT', url: `/api/admin/customers/${w.ids.victimCustomerId}` }, over),
          admin,
        )
      ).status,
    ).toBe(413);
    const atLimit = await send(
      w.t.app,
      withBody({ method: 'POST', url: '/api/quotation/instant' }, sized(1024 * 1024)),
    );
    expect(atLimit.status).toBe(422);
  });

  it('10 KB URLs: long paths, ids, query values and tRPC inputs are refused cleanly', async () => {
    const long = 'a'.repeat(10 * 1024);
    const admin = w.subjects.admin.token;
    const cases: [string, number[]][] = [
      [`/api/${long}`, [404]],
      [`/api/bookings/${long}`, [404]],
      [`/api/bookings/${long}/project`, [404]],
      [`/api/payment/status/${long}`, [404, 422]],
      [`/api/bookings?q=${long}`, [422]],
      [`/api/bookings?status=${long}&limit=${long}`, [422]],
      [`/api/admin/customers?q=${'%E0%A4%85'.repeat(1200)}`, [422]],
      [`/api/trpc/${long}`, [404]],
      [`/api/trpc/admin.bookings.list?input=${encodeURIComponent(JSON.stringify({ q: long }))}`, [400]],
      [`/api/trpc/payments.status?input=${encodeURIComponent(JSON.stringify({ order_id: long }))}`, [400]],
      [`/api/trpc/${'site.brand,'.repeat(900)}site.brand?batch=1`, [400, 404]],
      [`/${long}.js`, [404]],
    ];
    for (const [url, statuses] of cases) {
      const answer = await send(w.t.app, { method: 'GET', url }, admin);
      expectClean(answer, url.slice(0, 60));
      expect(statuses, `${url.slice(0, 60)}: ${answer.status} ${answer.body.slice(0, 200)}`).toContain(answer.status);
    }
  });
});

describe('content types', () => {
  const quote = () => JSON.stringify(quotePayload());

  it('a body that is not JSON is a 415 on REST and tRPC, whatever it claims to be', async () => {
    const odd = [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'text/html',
      'text/json',
      'application/jsonx',
      'application/json-patch+json',
      'application/octet-stream',
      'image/png',
      '*/*',
      'invalid',
    ];
    for (const url of [
      '/api/quotation/instant',
      '/api/trpc/quote.instant',
      '/api/auth/login',
      '/api/payments/webhook/cashfree',
    ]) {
      for (const contentType of odd) {
        const answer = await send(w.t.app, withBody({ method: 'POST', url }, quote(), contentType));
        expectClean(answer, `${url} as ${contentType}`);
        expect(answer.status, `${url} as ${contentType}: ${answer.body}`).toBe(415);
      }
      // A body without any content type.
      const bare = await w.t.app.inject({ method: 'POST', url, payload: quote() });
      expect(bare.statusCode, `${url} without a content type`).toBe(415);
    }
  });

  it('spellings of application/json are read as JSON, and nothing slips past validation', async () => {
    for (const contentType of [
      'APPLICATION/JSON',
      'application/json; charset=utf-8',
      'Application/Json;charset=UTF-8',
      'application/json ;',
      ' application/json',
      'application/json\t;',
    ]) {
      const answer = await send(
        w.t.app,
        withBody({ method: 'POST', url: '/api/quotation/instant' }, quote(), contentType),
      );
      expectClean(answer, contentType);
      expect([200, 400, 415], `${contentType}: ${answer.status}`).toContain(answer.status);
      // Whatever the spelling, an invalid body is never accepted.
      const invalid = await send(
        w.t.app,
        withBody({ method: 'POST', url: '/api/quotation/instant' }, '{"guest_count":"all"}', contentType),
      );
      expect([400, 415, 422], `${contentType} invalid: ${invalid.status}`).toContain(invalid.status);
    }
    const latin = await send(
      w.t.app,
      withBody({ method: 'POST', url: '/api/quotation/instant' }, quote(), 'application/json; charset=utf-16'),
    );
    expectClean(latin, 'utf-16');
  });

  it('a compressed body is a 415 saying so, on REST and tRPC; identity is read as sent', async () => {
    const gzipped = gzipSync(quote());
    for (const url of ['/api/quotation/instant', '/api/trpc/quote.instant', '/api/auth/login']) {
      for (const encoding of ['gzip', 'br', 'deflate', 'x-anything']) {
        const body = encoding === 'gzip' ? gzipped : quote();
        const answer = await w.t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          payload: body,
        });
        expect(answer.statusCode, `${url} ${encoding}: ${answer.body}`).toBe(415);
        if (!url.includes('/trpc/'))
          expect(answer.json()).toEqual({ detail: 'Unsupported content encoding; send the body uncompressed' });
      }
    }
    const identity = await w.t.app.inject({
      method: 'POST',
      url: '/api/quotation/instant',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: quote(),
    });
    expect(identity.statusCode, identity.body).toBe(200);
  });
});

describe('tRPC batches', () => {
  it('10 procedures in one batch are served; 11 are refused with a 4xx, for queries and mutations', async () => {
    const paths = (n: number, path: string) => Array.from({ length: n }, () => path).join(',');
    const input = (n: number, value: unknown) =>
      encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, value]))));
    const ten = await send(w.t.app, {
      method: 'GET',
      url: `/api/trpc/${paths(10, 'site.brand')}?batch=1&input=${input(10, null)}`,
    });
    expect(ten.status).toBe(200);
    expect(JSON.parse(ten.body)).toHaveLength(10);
    const eleven = await send(w.t.app, {
      method: 'GET',
      url: `/api/trpc/${paths(11, 'site.brand')}?batch=1&input=${input(11, null)}`,
    });
    expectClean(eleven, '11 queries');
    expect(eleven.status).toBe(400);

    const body = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { path: '/' }]));
    const views = async () =>
      (
        await w.t.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(analyticsEvents)
          .where(eq(analyticsEvents.kind, 'page_view'))
      )[0]!.n;
    const before = await views();
    const tenViews = await send(w.t.app, {
      method: 'POST',
      url: `/api/trpc/${paths(10, 'analytics.pageView')}?batch=1`,
      payload: body(10),
    });
    expect(tenViews.status).toBe(200);
    const elevenViews = await send(w.t.app, {
      method: 'POST',
      url: `/api/trpc/${paths(11, 'analytics.pageView')}?batch=1`,
      payload: body(11),
    });
    expectClean(elevenViews, '11 mutations');
    expect(elevenViews.status).toBe(400);
    // Nothing of the refused batch ran.
    expect(await views()).toBe(before + 10);
  });
});

/** Every string leaf of a JSON value, with its path. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function replaced(value: unknown, path: (string | number)[], next: (old: string) => string): unknown {
  if (path.length === 0) return next(value as string);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, next) : item));
  return { ...(value as object), [head!]: replaced((value as Record<string, unknown>)[head!], rest, next) };
}

describe('NUL, broken Unicode and emoji in every string field', () => {
  it('NUL anywhere in an input is a 422 naming the field (400 with the same issue on tRPC); emoji are stored or refused cleanly', async () => {
    let nulCases = 0;
    let emojiAccepted = 0;
    for (const row of [...REST_ROWS, ...TRPC_ROWS]) {
      if (row.access === 'signed') continue;
      const probe = await validInput(row);
      for (const path of stringLeaves(probe.value)) {
        for (const variant of ['nul', 'emoji'] as const) {
          const { subject, value, call } = await validInput(row);
          const next =
            variant === 'nul'
              ? (old: string) => `${old.slice(0, 1)}\u0000${old.slice(1)}`
              : (old: string) => `🎉 ${old} 🙏🏽`;
          const hostile = replaced(value, path, next);
          const sent =
            row.kind === 'rest'
              ? { ...call, payload: hostile }
              : trpcCall(types.get(row.path)!.type, row.path, hostile);
          const answer = await send(w.t.app, sent, subject.token);
          const what = `${rowName(row)} ${variant} in ${path.join('.')}`;
          expectClean(answer, what);
          if (variant === 'nul') {
            nulCases += 1;
            if (row.kind === 'rest') {
              expect(answer.status, `${what}: ${answer.body}`).toBe(422);
              expect(JSON.parse(answer.body).detail[0].loc).toEqual(['body', ...path]);
            } else {
              expect(answer.status, `${what}: ${answer.body}`).toBe(400);
              expect(JSON.parse(answer.body).error.data.issues[0].loc).toEqual(['input', ...path]);
            }
          } else if (answer.status < 300) {
            emojiAccepted += 1;
          }
        }
      }
    }
    console.log(`NUL cases: ${nulCases} (all refused); emoji accepted in ${emojiAccepted} fields`);
    expect(nulCases).toBeGreaterThan(100);
    expect(emojiAccepted).toBeGreaterThan(20);
  });

  it('NUL and lone surrogates in query strings, path ids and array items are refused too', async () => {
    const admin = w.subjects.admin.token;
    for (const url of [
      '/api/bookings?q=a%00b',
      '/api/admin/customers?q=%00',
      '/api/suppliers?approval_status=pending%00',
      '/api/admin/payments?status=all%00',
      '/api/payment/status/TKN-%00',
      '/api/supplier/projects?limit=1%00',
    ]) {
      const subject = url.startsWith('/api/supplier/') ? w.subjects.supplierA.token : admin;
      const answer = await send(w.t.app, { method: 'GET', url }, subject);
      expectClean(answer, url);
      expect([404, 422], `${url}: ${answer.status} ${answer.body}`).toContain(answer.status);
    }
    for (const url of ['/api/bookings/%00', '/api/admin/customers/%00/deactivate', `/api/admin/payments/TKN-%00/utr`]) {
      const answer = await send(
        w.t.app,
        { method: 'PUT', url, payload: { status: 'confirmed', utr: '123456789012' } },
        admin,
      );
      expectClean(answer, url);
    }
    const { bookingId } = await w.project(['supplierA']);
    const items = await send(
      w.t.app,
      {
        method: 'POST',
        url: '/api/supplier/quote-submit',
        payload: { booking_id: bookingId, quoted_amount: 5000, items: [{ name: 'Thali\u0000' }] },
      },
      w.subjects.supplierA.token,
    );
    expect(items.status).toBe(422);
    for (const broken of ['\ud800', 'a\udfffb', '\udbff\ud800']) {
      const lone = await send(
        w.t.app,
        {
          method: 'POST',
          url: '/api/supplier/quote-submit',
          payload: { booking_id: bookingId, quoted_amount: 5000, items: [{ name: broken }] },
        },
        w.subjects.supplierA.token,
      );
      expect(lone.status, `lone surrogate in items: ${lone.body}`).toBe(422);
    }
    const services = await send(
      w.t.app,
      { method: 'POST', url: '/api/suppliers', payload: { ...supplierCreate(), services: ['Chaat\u0000'] } },
      admin,
    );
    expect(services.status).toBe(422);
    const key = await send(w.t.app, {
      method: 'POST',
      url: '/api/bookings',
      payload: inquiryPayload({ 'note\u0000': 'x' }),
    });
    expect(key.status).toBe(422);
    // Who may call comes first: without the right token or role it is 401 or 403 on both doors, as for any input.
    const edit = { id: w.ids.victimCustomerId, data: { full_name: 'a\u0000b' } };
    expect((await send(w.t.app, trpcCall('mutation', 'admin.customers.update', edit))).status).toBe(401);
    expect(
      (await send(w.t.app, trpcCall('mutation', 'admin.customers.update', edit), w.subjects.customerA.token)).status,
    ).toBe(403);
    expect((await send(w.t.app, trpcCall('mutation', 'admin.customers.update', edit), admin)).status).toBe(400);
    const rest = { method: 'PUT', url: `/api/admin/customers/${w.ids.victimCustomerId}`, payload: edit.data };
    expect((await send(w.t.app, rest)).status).toBe(401);
    expect((await send(w.t.app, rest, w.subjects.customerA.token)).status).toBe(403);
    expect((await send(w.t.app, rest, admin)).status).toBe(422);
  });
});

function supplierCreate() {
  return { name: 'Ravi', email: `ravi.${Date.now()}@example.in`, phone: '9826099887', business_name: 'Malwa Rasoi' };
}

describe('markup and script URLs in names shown to admins', () => {
  const IMG = '<img src=x onerror=window.__pwned=1>';
  const SCRIPT = '"><script>window.__pwned=1</script>';

  it('are stored as text, answered as JSON, and escaped in the e-mails admins and customers get', async () => {
    const admin = w.subjects.admin.token;
    const register = await send(w.t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: registerPayload({ full_name: IMG }),
    });
    expect(register.status).toBe(201);
    const customers = await send(
      w.t.app,
      { method: 'GET', url: `/api/admin/customers?q=${encodeURIComponent('onerror')}` },
      admin,
    );
    expect(customers.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(customers.body).map((c: { full_name: string }) => c.full_name)).toContain(IMG);

    const vendor = vendorPayload({ business_name: SCRIPT, contact_person: IMG, services_offered: `${IMG}, ${SCRIPT}` });
    expect((await send(w.t.app, { method: 'POST', url: '/api/vendor/register', payload: vendor })).status).toBe(201);
    for (const link of [
      'javascript:window.__pwned=1',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'javascript://example.in/%0aalert(1)',
    ]) {
      const answer = await send(w.t.app, {
        method: 'POST',
        url: '/api/vendor/register',
        payload: vendorPayload({ portfolio_link: link }),
      });
      expect(answer.status, link).toBe(422);
    }

    const quote = quotePayload({ client_name: IMG, event_name: SCRIPT, location: 'Indore' });
    const quoted = await send(w.t.app, { method: 'POST', url: '/api/quotation/instant', payload: quote });
    expect(quoted.status).toBe(200);
    const inquiry = inquiryPayload({
      client_name: SCRIPT,
      venue_name: IMG,
      requirements: { guest_count: 10, special_requests: IMG },
    });
    expect((await send(w.t.app, { method: 'POST', url: '/api/bookings', payload: inquiry })).status).toBe(201);

    // The e-mails: every customer-typed value is escaped in the HTML part.
    const mails = await w.t.deps.db
      .select({ html: emailOutbox.htmlBody, to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} in (${quote.client_email}, ${inquiry.client_email}, ${vendor.email})`);
    // The quote, the inquiry's acknowledgement, and the vendor's application receipt and address confirmation.
    expect(mails.length).toBe(4);
    for (const mail of mails) {
      expect(mail.html, mail.to).not.toContain('<img src=x');
      expect(mail.html, mail.to).not.toContain('<script>');
      expect(mail.html, mail.to).toContain('&lt;');
    }

    // The admin's quote PDF of the hostile booking renders.
    const pdf = await send(
      w.t.app,
      { method: 'GET', url: `/api/bookings/${JSON.parse(quoted.body).quote_id}/quote.pdf` },
      admin,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The names are kept exactly as typed (React escapes them when it renders).
    const [row] = await w.t.deps.db
      .select({ name: users.fullName })
      .from(users)
      .where(eq(users.email, JSON.parse(register.body).user.email));
    expect(row!.name).toBe(IMG);
  });
});
