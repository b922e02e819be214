import type { FastifyPluginAsync } from 'fastify';
import type { TestimonialDto } from '../../../shared/schemas/testimonials';
import { listTestimonials } from './testimonials.service';

/**
 * The answer's shape, so Fastify writes it with a serializer compiled for it (fast-json-stringify) instead of
 * JSON.stringify; it also documents the route.
 */
const TESTIMONIALS_RESPONSE = {
  200: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'client_name', 'event_type', 'rating', 'review', 'event_date'],
      properties: {
        id: { type: 'string' },
        client_name: { type: 'string' },
        event_type: { type: 'string' },
        rating: { type: 'integer' },
        review: { type: 'string' },
        event_date: { type: ['string', 'null'] },
      },
    },
  },
} as const;

/** Spec section 7: `GET /api/testimonials`, a bare JSON array. */
export const testimonialsRoutes: FastifyPluginAsync = async (app) => {
  // The service hands out the same list for a few seconds, so it is serialized once per list, not per request.
  const serialized = new WeakMap<TestimonialDto[], string>();
  app.get('/testimonials', { schema: { response: TESTIMONIALS_RESPONSE } }, async (_request, reply) => {
    const list = await listTestimonials(app.deps);
    let body = serialized.get(list);
    if (body === undefined) {
      body = reply.serialize(list) as string;
      serialized.set(list, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
