import { isDeepStrictEqual } from 'node:util';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fastJsonStringify, { type Schema as SerializerSchema } from 'fast-json-stringify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the OpenAPI document and its interactive reference are served (docs/api.md, "The contract"). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export type RestContractOptions = {
  /**
   * Check every answer against its schema before it leaves, and fail the request (500, logged) when the answer
   * does not match it or when serialising from the schema would change it. On in tests, so a service that drifts
   * from the documented shape fails loudly there; off in production, where the serializer alone runs.
   */
  checkResponses: boolean;
  /** The business name, for the document's title. */
  brandName: string;
};

/**
 * The REST contract: every route under /api declares its request and its answers with the zod schemas of
 * src/shared (through the zod type provider, so handlers are typed from them), answers are serialised from those
 * schemas, and the same schemas become the OpenAPI 3.1 document at /api/openapi.json and the reference at /api/docs.
 *
 * Input is still validated where it always was, by `parseInput` inside each handler after the access check: the
 * 422 `{detail: [{loc, msg, type}]}` list and the order "401/403 before 422" stay exactly as before, so the
 * declared request schemas document the input and type the handler, and the validator compiler lets data through
 * untouched (docs/decisions.md, "The REST contract").
 */
export async function registerRestContract(app: FastifyInstance, options: RestContractOptions): Promise<void> {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(({ schema, method, url }) =>
    serializerFor(schema as z.ZodType, `${method} ${url}`, options.checkResponses),
  );

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.brandName} API`,
        version: '1.0.0',
        description:
          'The REST door of the booking platform. Amounts are rupees (at most two decimals), event dates YYYY-MM-DD, ' +
          'timestamps ISO-8601. Send `Authorization: Bearer <access_token>` from POST /api/auth/login where a route ' +
          'needs a signed-in user. Every error is `{"detail": ...}`; ' +
          'invalid input is 422 with a `[{loc, msg, type}]` list.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // The REST routes only: the tRPC door and the client's pages are not part of this contract.
    transform: (route) =>
      route.url.startsWith('/api/') && !route.url.startsWith('/api/trpc/')
        ? jsonSchemaTransform(route)
        : { schema: { hide: true }, url: route.url },
    transformObject: (documentObject) =>
      withErrorAnswers((documentObject as { openapiObject: OpenApiDocument }).openapiObject) as never,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Every operation may also answer with the error body of docs/api.md, "Errors (REST)". */
function withErrorAnswers(document: OpenApiDocument): OpenApiDocument {
  const errorSchema = {
    type: 'object',
    required: ['detail'],
    properties: {
      detail: {
        description: 'What went wrong; for 422 the list of problems, each naming its field',
        anyOf: [
          { type: 'string' },
          {
            type: 'array',
            items: {
              type: 'object',
              required: ['loc', 'msg', 'type'],
              properties: {
                loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
                msg: { type: 'string' },
                type: { type: 'string' },
              },
            },
          },
        ],
      },
      request_id: { type: 'string', description: 'Only on 500: the id to look up in the log' },
      reason: { type: 'string', description: 'A refusal the client acts on, e.g. second_factor_required' },
      field: { type: 'string', description: 'On a 409: the input field the conflict is about, e.g. utr' },
      next_free_dates: {
        type: 'array',
        items: { type: 'string', format: 'date' },
        description: 'On a 409 for a full or closed day: the next dates with room',
      },
    },
  };
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Error: errorSchema } };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      operation.responses = {
        ...operation.responses,
        default: {
          description: 'An error: 4xx for the caller, 503 when busy, 500 unexpected',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      };
      operation.security = [{ bearer: [] }, {}];
    }
  }
  return document;
}

/**
 * The answer's JSON Schema for the serializer: zod's output schema with `X | null` unions folded into a type list
 * (`{type: ['string', 'null']}`), which fast-json-stringify writes without trying each branch in turn.
 */
export function serializerSchemaOf(schema: z.ZodType): SerializerSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return foldNullable(json) as SerializerSchema;
}

function foldNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'properties' || key === 'definitions' ? mapValues(value, foldNullable) : foldNullable(value);
  const branches = out.anyOf as Record<string, unknown>[] | undefined;
  if (
    Array.isArray(branches) &&
    branches.every(
      (b) => typeof b.type === 'string' && (b.type !== 'object' && b.type !== 'array' ? true : branches.length === 2),
    )
  ) {
    const nonNull = branches.filter((b) => b.type !== 'null');
    const simple = nonNull.every((b) => Object.keys(b).every((k) => k === 'type' || k === 'description'));
    if (branches.length - nonNull.length === 1 && (nonNull.length === 1 || simple)) {
      const base = nonNull.length === 1 ? nonNull[0]! : {};
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...base, type: [...nonNull.map((b) => b.type as string), 'null'] };
    }
    if (nonNull.length === branches.length && simple) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, type: branches.map((b) => b.type as string) };
    }
  }
  return out;
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}

/** One route's serializer for one status code, compiled once when the route is registered. */
function serializerFor(schema: z.ZodType, route: string, check: boolean): (data: unknown) => string {
  const serialize = fastJsonStringify(serializerSchemaOf(schema));
  if (!check) return serialize;
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(`${route}: the answer does not match its declared schema: ${z.prettifyError(result.error)}`);
    }
    const body = serialize(data);
    // The serializer writes only what the schema declares, coercing as it goes: anything it would drop or change
    // is a field the schema forgot.
    if (!isDeepStrictEqual(JSON.parse(body), JSON.parse(JSON.stringify(data)))) {
      throw new Error(
        `${route}: serialising from the schema changes the answer; ` +
          `the schema misses a field.\nfrom schema: ${body}\nactual: ${JSON.stringify(data)}`,
      );
    }
    return body;
  };
}
