import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashfreeSignature } from '../../../src/server/modules/payments/providers/cashfree';
import { hostile, hostileKey, jsonSchemaOf, mutated, fromSchema, urlEncode, type ValuePools } from './arbitraries';
import { ALLOWED_4XX, leaks, procedures, send, trpcCall, type Call } from './http';
import { rowName, type RestRow, type Row } from './surface';
import { buildWorld, SECURITY_ENV, type SubjectName, type World } from './world';

/*
 * Property-based fuzzing (docs/security.md#hostile-input) of every REST route and every tRPC procedure with fast-check:
 * valid examples changed field by field, values generated from the shared zod input schemas (as JSON Schema), and
 * arbitrary JSON, sent as the admin, as an anonymous visitor and, for customer and supplier doors, as one of those.
 *
 * Every answer: no 5xx; a 4xx only from {400, 401, 403, 404, 405, 409, 413, 415, 422, 429}; no stack trace, SQL,
 * database error or server path in the body (after removing what the request itself sent); Object.prototype
 * untouched.
 *
 * FUZZ_RUNS cases per route and per procedure; FUZZ_SEED (default below) makes a run repeatable: each target gets
 * its own seed derived from it, printed with any counterexample. CI runs 1,000 per target (`.ci/run` sets
 * FUZZ_RUNS=1000; about 5.6 min of CPU for 123 targets on this 2-core machine); the default of 500 keeps a local
 * run shorter.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);

let w: World;
let pools: ValuePools;
const types = procedures();
const examples = new Map<string, { call: Call; value: unknown }>();
const tally = new Map<string, Record<string, number>>();
let started = 0;

function subjectsOf(row: Row): SubjectName[] {
  switch (row.access) {
    case 'customer':
    case 'authed':
      return ['admin', 'anonymous', 'customerA'];
    case 'supplier':
      return ['admin', 'anonymous', 'supplierA'];
    default:
      return ['admin', 'anonymous'];
  }
}

/** A valid request of the row, made by someone it lets in. */
async function example(row: Row): Promise<{ call: Call; value: unknown }> {
  const name: SubjectName =
    row.access === 'customer' || row.access === 'authed'
      ? 'customerA'
      : row.access === 'supplier'
        ? 'supplierA'
        : 'admin';
  const subject = w.subjects[name];
  const id = row.owned ? await row.owned.object(w, name) : '';
  const built = await row.build(w, subject, id);
  if (row.kind === 'rest') return { call: built as Call, value: (built as Call).payload };
  return { call: trpcCall(types.get(row.path)!.type, row.path, built), value: built };
}

type Case = { subject: SubjectName; call: Call; sent: unknown[] };

const RAW_BODIES = [
  '',
  '{',
  '}',
  'null',
  '[]',
  '"text"',
  '{"a":',
  '{"a":1,"a":2}',
  'not json',
  '\u0000',
  '[1,2,3',
  '{"__proto__":{"polluted":1}}',
];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
];

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value])
      parts.push(`${urlEncode(key)}=${urlEncode(asText(item))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function restCase(row: RestRow): fc.Arbitrary<Case> {
  const ex = examples.get(rowName(row))!;
  const url = new URL(ex.call.url, 'http://x');
  const pattern = new RegExp(`^${row.route.replace(/:(\w+)/g, '([^/]+)')}$`);
  const names = [...row.route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const exampleParams = pattern.exec(url.pathname)?.slice(1).map(decodeURIComponent) ?? [];
  const params = fc.tuple(
    ...names.map((_, i) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(exampleParams[i] ?? '') },
        { weight: 2, arbitrary: fc.constantFrom(...pools.ids) },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: hostile.map(asText) },
      ),
    ),
  );
  const exampleQuery = Object.fromEntries(url.searchParams.entries());
  const query =
    row.input?.part === 'query'
      ? fc.oneof(
          { weight: 4, arbitrary: mutated(exampleQuery, jsonSchemaOf(row.input.schema), pools) },
          { weight: 2, arbitrary: fromSchema(jsonSchemaOf(row.input.schema), pools) },
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant(exampleQuery) },
          { weight: 1, arbitrary: fc.dictionary(hostileKey, hostile, { maxKeys: 3 }) },
        );
  const schema = row.input?.part === 'body' ? jsonSchemaOf(row.input.schema) : undefined;
  const body: fc.Arbitrary<{ payload?: unknown; raw?: string; type?: string }> =
    row.method === 'GET'
      ? fc.constant({})
      : fc.oneof(
          { weight: 8, arbitrary: mutated(ex.value ?? {}, schema, pools).map((payload) => ({ payload })) },
          {
            weight: schema ? 3 : 0,
            arbitrary: (schema ? fromSchema(schema, pools) : hostile).map((payload) => ({ payload })),
          },
          { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((payload) => ({ payload })) },
          {
            weight: 1,
            arbitrary: fc.record({ raw: fc.constantFrom(...RAW_BODIES), type: fc.constantFrom(...CONTENT_TYPES) }),
          },
        );
  const signed = row.access === 'signed' ? fc.boolean() : fc.constant(false);
  return fc
    .record({ subject: fc.constantFrom(...subjectsOf(row)), params, query, body, signed })
    .map(({ subject, params: values, query: q, body: b, signed: sign }) => {
      let i = 0;
      const path = row.route.replace(/:(\w+)/g, () => urlEncode(values[i++] ?? ''));
      const search = queryString(isRecord(q) ? q : { q });
      // A live stream never ends by itself: it is read over real HTTP up to its first event (helpers/http.ts).
      const call: Call = { method: row.method, url: `${path}${search}`, ...(ex.call.stream && { stream: true }) };
      if (b.raw !== undefined) {
        call.rawBody = b.raw;
        call.headers = { 'content-type': b.type! };
      } else if ('payload' in b && b.payload !== undefined) {
        if (sign) {
          const raw = JSON.stringify(b.payload);
          const timestamp = String(Date.now());
          call.rawBody = raw;
          call.headers = {
            'content-type': 'application/json',
            'x-webhook-timestamp': timestamp,
            'x-webhook-signature': cashfreeSignature(SECURITY_ENV.CASHFREE_WEBHOOK_SECRET!, timestamp, raw),
          };
        } else {
          call.payload = b.payload;
        }
      }
      return { subject, call, sent: [b.payload, b.raw, q, ...values] };
    });
}

function trpcCase(row: Row & { kind: 'trpc' }): fc.Arbitrary<Case> {
  const ex = examples.get(rowName(row))!;
  const def = types.get(row.path)!;
  const schema = def.inputs[0] ? jsonSchemaOf(def.inputs[0] as z.ZodType) : undefined;
  const input = fc.oneof(
    { weight: 8, arbitrary: mutated(ex.value, schema, pools) },
    { weight: schema ? 3 : 0, arbitrary: schema ? fromSchema(schema, pools) : hostile },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const raw = fc.option(fc.constantFrom(...RAW_BODIES), { freq: 12 });
  return fc
    .record({ subject: fc.constantFrom(...subjectsOf(row)), input, raw })
    .map(({ subject, input: value, raw: garbage }) => {
      const call = trpcCall(def.type, row.path, value);
      if (garbage !== null) {
        if (def.type === 'query') call.url = `/api/trpc/${row.path}?input=${urlEncode(garbage)}`;
        else
          return {
            subject,
            call: { method: 'POST', url: call.url, rawBody: garbage, headers: { 'content-type': 'application/json' } },
            sent: [garbage],
          };
      }
      return { subject, call, sent: [value] };
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The strings a request carried, so an answer that echoes them (a name shown back) is not read as a leak. */
function echoes(values: unknown[]): string[] {
  const out = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return;
    if (typeof value === 'string') {
      if (value.length >= 3) {
        out.add(value);
        out.add(value.trim());
        out.add(value.toLowerCase());
        out.add(JSON.stringify(value).slice(1, -1));
      }
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        visit(key, depth + 1);
        visit(item, depth + 1);
      }
    }
  };
  values.forEach((value) => visit(value, 0));
  return [...out].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

function seedOf(name: string): number {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

async function check(row: Row, c: Case): Promise<void> {
  const answer = await send(w.t.app, c.call, w.subjects[c.subject].token);
  // A logout revokes the subject's token: the next cases (and targets) get a fresh one.
  if (rowName(row).includes('logout')) await w.refreshToken(c.subject);
  const counts = tally.get(rowName(row)) ?? {};
  counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  tally.set(rowName(row), counts);

  const what =
    `${c.call.method} ${c.call.url.slice(0, 200)} as ${c.subject}: ` + `${answer.status} ${answer.body.slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) expect(ALLOWED_4XX.has(answer.status), what).toBe(true);
  let body = answer.headers['content-type']?.toString().startsWith('application/pdf') ? '' : answer.body;
  for (const echoed of echoes(c.sent)) body = body.split(echoed).join('');
  expect(leaks(body), what).toEqual([]);
  expect(Object.keys(Object.prototype), 'Object.prototype polluted').toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/**
 * Registers the fuzzing of `rows` in the calling test file: its own world (a fresh app and database), the cases of
 * each row, and the tally printed at the end. The REST routes and the tRPC procedures are two files
 * (`fuzz.test.ts`, `fuzz-procedures.test.ts`), so the two halves run side by side on the suite's two workers.
 */
export function fuzzSuite(rows: readonly Row[], what: string): void {
  beforeAll(async () => {
    started = performance.now();
    w = await buildWorld();
    // Real ids for id fields, so generated requests reach real rows: none of them a subject's own account.
    const ids: string[] = [w.ids.victimCustomerId, w.ids.projectId, w.ids.bookingWithProjectId];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        await w.booking('customerA'),
        await w.pendingVendor(),
        (await w.customer()).id,
        await w.refund(),
        await w.subscription(),
      );
      const project = await w.project(['supplierA']);
      ids.push(project.bookingId, project.projectId, await w.notification('supplierA'));
    }
    pools = { ids };
    for (const row of rows) examples.set(rowName(row), await example(row));
  });

  afterAll(async () => {
    const totals: Record<string, number> = {};
    for (const counts of tally.values())
      for (const [status, n] of Object.entries(counts)) totals[status] = (totals[status] ?? 0) + n;
    const cases = Object.values(totals).reduce((a, b) => a + b, 0);
    console.log(
      `fuzz: ${tally.size} targets x ${RUNS} runs = ${cases} requests in ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s (seed ${SEED}); statuses ${JSON.stringify(totals)}`,
    );
    await w?.close();
  });

  describe(`fuzzing ${what} (${RUNS} runs each, seed ${SEED})`, () => {
    for (const row of rows) {
      it(
        rowName(row),
        async () => {
          const arbitrary = row.kind === 'rest' ? restCase(row) : trpcCase(row);
          await fc.assert(
            fc.asyncProperty(arbitrary, (c) => check(row, c)),
            { numRuns: RUNS, seed: seedOf(rowName(row)), endOnFailure: true },
          );
        },
        600_000,
      );
    }
  });
}
