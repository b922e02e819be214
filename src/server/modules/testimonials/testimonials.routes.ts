import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testimonialsResponseSchema } from '../../../shared/schemas/responses';
import type { TestimonialDto } from '../../../shared/schemas/testimonials';
import { listTestimonials } from './testimonials.service';

/** docs/api.md: `GET /api/testimonials`, a bare JSON array. */
export const testimonialsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The service hands out the same list for a few seconds, so it is serialized once per list, not per request.
  const serialized = new WeakMap<TestimonialDto[], string>();
  const schema = {
    summary: 'Published testimonials, newest first (at most 20)',
    tags: ['visitor'],
    response: { 200: testimonialsResponseSchema },
  };
  app.get('/testimonials', { schema }, async (_request, reply) => {
    const list = await listTestimonials(app.deps);
    let body = serialized.get(list);
    if (body === undefined) {
      body = reply.serialize(list) as string;
      serialized.set(list, body);
    }
    return reply.type('application/json; charset=utf-8').send(body as unknown as TestimonialDto[]);
  });
};
