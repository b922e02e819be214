import type { FastifyPluginAsync } from 'fastify';
import { listTestimonials } from './testimonials.service';

/** Spec section 7: `GET /api/testimonials`, a bare JSON array. */
export const testimonialsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/testimonials', async (request) => listTestimonials(request.ctx));
};
