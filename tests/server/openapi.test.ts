import { Validator } from '@seriousme/openapi-schema-validator';
import type * as FastifyModule from 'fastify';
import Fastify, { type RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../../src/server/plugins/errors';
import { registerRestContract, serializerSchemaOf } from '../../src/server/plugins/rest-contract';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The REST contract (docs/api.md, "The contract"): /api/openapi.json is a valid OpenAPI 3.1 document generated from
 * the routes' zod schemas, it names every REST route the app registers, and in tests an answer that drifts from its
 * declared schema fails the request instead of slipping through.
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

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
});

afterAll(async () => {
  await t?.close();
});

/** The routes of the API itself: not the tRPC door (one route for every procedure) nor the reference page's files. */
function restRoutes() {
  return registered
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .filter((r) => r.url !== '/api/trpc/:path' && r.url !== '/api/openapi.json' && !r.url.startsWith('/api/docs'));
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document by an independent validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every REST route the app registers, each with its answer and its path parameters', () => {
    const routes = restRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    const undocumented: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const answers = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (answers.length === 0) undocumented.push(`${route.method} ${route.url}: no 2xx answer`);
      for (const name of [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === name))
          undocumented.push(`${route.method} ${route.url}: no {${name}}`);
      }
    }
    expect(missing, 'routes missing from the document').toEqual([]);
    expect(undocumented).toEqual([]);
  });

  it('documents the request from the same schemas the doors validate with, and the error answer', () => {
    const quote = document.paths['/api/quotation/instant']!.post!;
    expect(JSON.stringify(quote.requestBody)).toContain('guest_count');
    const answer = quote.responses!['200']!.content!['application/json']!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(answer.properties)).toEqual(expect.arrayContaining(['quote_id', 'final_amount', 'breakdown']));
    expect(JSON.stringify(quote.responses!.default)).toContain('#/components/schemas/Error');
    const list = document.paths['/api/bookings']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'q', 'status']));
  });

  it('keeps the 422 list of the error contract for invalid input', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/instant',
      payload: { guest_count: 'many' },
    });
    expect(response.statusCode).toBe(422);
    const detail = (response.json() as { detail: { loc: string[] }[] }).detail;
    expect(detail.map((issue) => issue.loc)).toContainEqual(['body', 'guest_count']);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with no inline script, under the app CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(content!.trim()).toBe('');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});

describe('answers are serialised from their schema', () => {
  const answerSchema = z.object({ id: z.string(), amount: z.number(), note: z.string().nullable() });

  async function appAnswering(body: unknown, checkResponses: boolean) {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    await registerRestContract(app, { checkResponses, brandName: 'Test' });
    const routes: FastifyPluginAsyncZod = async (api) => {
      api.get(
        '/api/thing',
        { schema: { response: { 200: answerSchema } } },
        async () => body as z.infer<typeof answerSchema>,
      );
    };
    await app.register(routes);
    return app;
  }

  it('answers a matching body as it is', async () => {
    const app = await appAnswering({ id: 'a', amount: 12.5, note: null }, true);
    const response = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a', amount: 12.5, note: null });
    await app.close();
  });

  it('fails loudly in tests when the answer does not match its schema, or carries a field the schema lacks', async () => {
    for (const body of [
      { id: 'a', amount: '12.5', note: null },
      { id: 'a', amount: 1, note: null, secret: 'x' },
    ]) {
      const app = await appAnswering(body, true);
      const response = await app.inject({ method: 'GET', url: '/api/thing' });
      expect(response.statusCode).toBe(500);
      await app.close();
    }
  });

  it('writes only the declared fields in production', async () => {
    const app = await appAnswering({ id: 'a', amount: 1, note: 'n', secret: 'x' }, false);
    const response = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(response.json()).toEqual({ id: 'a', amount: 1, note: 'n' });
    await app.close();
  });

  it('folds nullable fields into a list of types for the serializer', () => {
    expect(serializerSchemaOf(answerSchema)).toMatchObject({ properties: { note: { type: ['string', 'null'] } } });
  });
});
