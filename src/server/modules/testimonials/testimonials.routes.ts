import type { FastifyPluginAsync } from 'fastify';
import { listTestimonials } from './testimonials.service';

/**
 * The answer's shape, so Fastify writes it with a serializer compiled for it (fast-json-stringify) instead of
 * JSON.stringify: every landing-page visit asks for this list (issue 7).
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
  app.get('/testimonials', { schema: { response: TESTIMONIALS_RESPONSE } }, async () => listTestimonials(app.deps));
};
