import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { procedures, send, trpcCall, type Answer, type Call } from './helpers/http';
import { missingId, REST_ROWS, rowName, TRPC_ROWS, type Access, type Row } from './helpers/surface';
import { buildWorld, SUBJECT_NAMES, type Subject, type SubjectName, type World } from './helpers/world';

/*
 * The authorization matrix (docs/security.md#access-control): every REST route Fastify registers and every tRPC
 * procedure of the router, called by nine subjects, against the expected answer of its row in helpers/surface.ts.
 * A route or procedure without a row fails the suite: deny by default means deciding for every new door.
 */

const registered = vi.hoisted(() => [] as { method: string; url: string }[]);

// Every app built in this file reports its routes as they are added (Fastify's onRoute hook).
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const factory = ((options: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: factory, fastify: factory };
});

type Expectation = 'allow' | 401 | 403 | 'missing' | 'signed';

function expectation(access: Access, subject: Subject): Expectation {
  if (access === 'public') return 'allow';
  if (access === 'signed') return 'signed';
  if (!subject.signedIn) return 401;
  if (access === 'authed') return 'allow';
  if (access === 'inbox') return subject.role === 'admin' || subject.role === 'supplier' ? 'allow' : 403;
  return subject.role === access ? 'allow' : 403;
}

type Cell = {
  row: string;
  subject: SubjectName;
  variant: 'plain' | 'own object' | 'foreign object';
  expected: Expectation;
  status: number;
  problem: string | null;
};

let w: World;
const cells: Cell[] = [];
const procedureTypes = procedures();

beforeAll(async () => {
  w = await buildWorld();
});

afterAll(async () => {
  await w?.close();
});

function callOf(row: Row, built: unknown): Call {
  if (row.kind === 'rest') return built as Call;
  const type = procedureTypes.get(row.path)?.type;
  if (!type) throw new Error(`no procedure ${row.path}`);
  return trpcCall(type, row.path, built);
}

/** Another subject's marker in the answer: a leak, whatever the status. Admins may see everyone's data. */
function foreignMarkers(subject: Subject, body: string): string[] {
  if (subject.name === 'admin') return [];
  const lower = body.toLowerCase();
  return SUBJECT_NAMES.filter((name) => name !== subject.name && lower.includes(w.subjects[name].marker)).map(
    (name) => name,
  );
}

function judge(expected: Expectation, answer: Answer, ok: number[], missing?: Answer): string | null {
  if (answer.status >= 500) return `5xx: ${answer.body.slice(0, 200)}`;
  switch (expected) {
    case 'allow':
      return ok.includes(answer.status)
        ? null
        : `expected ${ok.join('/')}, got ${answer.status} ${answer.body.slice(0, 200)}`;
    case 'signed':
      return answer.status === 401 ? null : `expected 401 (no signature), got ${answer.status}`;
    case 'missing':
      if (!missing) return 'no missing-id answer to compare with';
      if (answer.status !== 404)
        return `expected 404 like a missing id, got ${answer.status} ${answer.body.slice(0, 200)}`;
      if (answer.status !== missing.status || answer.body !== missing.body) {
        return `differs from a missing id: ${answer.status} ${answer.body} vs ${missing.status} ${missing.body}`;
      }
      return null;
    default:
      return answer.status === expected
        ? null
        : `expected ${expected}, got ${answer.status} ${answer.body.slice(0, 200)}`;
  }
}

async function runCell(
  row: Row,
  subject: Subject,
  variant: Cell['variant'],
  id: string,
  expected: Expectation,
  missing?: Answer,
): Promise<Answer> {
  const call = callOf(row, await row.build(w, subject, id));
  const answer = await send(w.t.app, call, subject.token);
  let problem = judge(expected, answer, row.ok, missing);
  const leaked = foreignMarkers(subject, answer.body);
  if (leaked.length > 0) problem = `${problem ? `${problem}; ` : ''}carries the data of ${leaked.join(', ')}`;
  if (!problem && expected === 'allow' && row.showsOwn && !answer.body.toLowerCase().includes(subject.marker)) {
    problem = "does not show the caller's own data";
  }
  if (!problem && call.method === 'GET' && row.kind === 'rest') {
    // HEAD is served by the GET handler: it must be refused alike.
    const head = await send(w.t.app, { ...call, method: 'HEAD' }, subject.token);
    if (expected !== 'allow' && head.status !== answer.status)
      problem = `HEAD answered ${head.status} where GET answered ${answer.status}`;
  }
  cells.push({ row: rowName(row), subject: subject.name, variant, expected, status: answer.status, problem });
  if (!problem && expected === 'allow' && row.after) await row.after(w, subject);
  return answer;
}

const OTHER: Partial<Record<SubjectName, SubjectName>> = {
  customerA: 'customerB',
  customerB: 'customerA',
  supplierA: 'supplierB',
  supplierB: 'supplierA',
};

async function runRow(row: Row): Promise<void> {
  for (const name of SUBJECT_NAMES) {
    const subject = w.subjects[name];
    const expected = expectation(row.access, subject);
    if (!row.owned) {
      await runCell(row, subject, 'plain', '', expected);
      continue;
    }
    if (expected === 'allow' && subject.role === row.owned.role) {
      await runCell(row, subject, 'own object', await row.owned.object(w, name), 'allow');
      // Another customer's (or supplier's) object must answer exactly as an id that does not exist.
      const missingCall = callOf(row, await row.build(w, subject, missingId()));
      const missing = await send(w.t.app, missingCall, subject.token);
      await runCell(row, subject, 'foreign object', await row.owned.object(w, OTHER[name]!), 'missing', missing);
    } else {
      const owner = row.owned.role === 'customer' ? 'customerA' : 'supplierA';
      await runCell(row, subject, 'foreign object', await row.owned.object(w, owner), expected);
    }
  }
}

describe('authorization matrix', () => {
  it('every REST route and every tRPC procedure has a row', () => {
    const rows = new Set(REST_ROWS.map((row) => `${row.method} ${row.route}`));
    // Every route the app declares: the API and the crawler files at the site root (no client build here, so no
    // static files are among them).
    const routes = registered;
    expect(routes.length).toBeGreaterThan(40);
    const uncovered = routes
      .filter((r) => r.url !== '/api/trpc/:path') // the tRPC door: one row per procedure below
      .filter((r) => !rows.has(`${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(uncovered, 'routes without a row in the matrix').toEqual([]);
    const stale = [...rows].filter(
      (key) => !routes.some((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}` === key),
    );
    expect(stale, 'rows for routes that no longer exist').toEqual([]);

    const trpcRows = new Set(TRPC_ROWS.map((row) => row.path));
    expect(procedureTypes.size).toBeGreaterThan(40);
    expect(
      [...procedureTypes.keys()].filter((path) => !trpcRows.has(path)),
      'procedures without a row',
    ).toEqual([]);
    expect(
      [...trpcRows].filter((path) => !procedureTypes.has(path)),
      'rows for procedures that no longer exist',
    ).toEqual([]);
  });

  it('every cell answers as expected: 0 unexpected allows, 0 unexpected denies, 0 5xx, no foreign data', async () => {
    for (const row of [...REST_ROWS, ...TRPC_ROWS]) await runRow(row);

    const failed = cells.filter((c) => c.problem);
    const isAllow = (status: number) => status >= 200 && status < 300;
    const totals = {
      cells: cells.length,
      rows: REST_ROWS.length + TRPC_ROWS.length,
      subjects: SUBJECT_NAMES.length,
      expectedAllows: cells.filter((c) => c.expected === 'allow').length,
      expectedDenies: cells.filter((c) => c.expected !== 'allow').length,
      unexpectedAllows: cells.filter((c) => c.expected !== 'allow' && isAllow(c.status)).length,
      unexpectedDenies: cells.filter((c) => c.expected === 'allow' && [401, 403, 404].includes(c.status)).length,
      serverErrors: cells.filter((c) => c.status >= 500).length,
      foreignData: cells.filter((c) => c.problem?.includes('carries the data of')).length,
      failed: failed.length,
    };
    console.log(`authorization matrix: ${JSON.stringify(totals)}`);
    for (const c of failed) console.log(`  ${c.row} as ${c.subject} (${c.variant}): ${c.problem}`);
    expect(failed.map((c) => `${c.row} as ${c.subject} (${c.variant}): ${c.problem}`)).toEqual([]);
    expect(totals.unexpectedAllows + totals.unexpectedDenies + totals.serverErrors + totals.foreignData).toBe(0);
    // Some 1,500 requests, a few over real HTTP (the live streams): on a busy machine this takes minutes.
  }, 300_000);

  it('a wrong HTTP method finds nothing: 404 on REST paths, 405 for tRPC', async () => {
    const admin = w.subjects.admin.token;
    const problems: string[] = [];
    for (const row of REST_ROWS) {
      const url = row.route.replace(/:(id|order_id)/g, missingId());
      for (const method of ['DELETE', 'PATCH', 'PUT', 'POST', 'GET'].filter((m) => m !== row.method)) {
        if (REST_ROWS.some((other) => other.route === row.route && other.method === method)) continue;
        const answer = await send(w.t.app, { method, url }, admin);
        if (![404, 405].includes(answer.status)) problems.push(`${method} ${row.route}: ${answer.status}`);
      }
    }
    for (const [path, def] of procedureTypes) {
      // Queries and subscriptions are GETs, mutations POSTs.
      const wrong =
        def.type === 'mutation'
          ? { method: 'GET', url: `/api/trpc/${path}` }
          : { method: 'POST', url: `/api/trpc/${path}`, payload: {} };
      const answer = await send(w.t.app, wrong, admin);
      if (answer.status !== 405) problems.push(`${wrong.method} trpc ${path}: ${answer.status}`);
    }
    expect(problems).toEqual([]);
  });

  it('a denied call batched with an allowed one is still denied and leaks nothing', async () => {
    const subject = w.subjects.customerA;
    const answer = await send(
      w.t.app,
      { method: 'GET', url: '/api/trpc/bookings.mine,admin.customers.list,admin.bookings.list?batch=1&input=%7B%7D' },
      subject.token,
    );
    expect(answer.status).toBe(207);
    const items = JSON.parse(answer.body) as { result?: unknown; error?: { data: { httpStatus: number } } }[];
    expect(items[0]!.result).toBeDefined();
    expect(items.slice(1).map((item) => item.error?.data.httpStatus)).toEqual([403, 403]);
    expect(foreignMarkers(subject, answer.body)).toEqual([]);
    expect(answer.body).toContain(subject.marker);
  });
});
