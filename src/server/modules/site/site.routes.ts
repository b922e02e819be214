import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandResponseSchema, paymentRulesResponseSchema } from '../../../shared/schemas/responses';
import { getPublishedPaymentRules } from '../payments/payment-rules.service';
import { getBrand } from './site.service';

/**
 * `GET /api/site/brand`: the business identity the pages show; `GET /api/site/payment-terms`: the payment schedule's
 * numbers the published terms and the payment pages state.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site/brand',
    { schema: { summary: 'The business identity', tags: ['site'], response: { 200: brandResponseSchema } } },
    async (request) => getBrand(request.ctx),
  );

  app.get(
    '/site/payment-terms',
    {
      schema: {
        summary: "The payment schedule's numbers the published terms state",
        tags: ['site'],
        response: { 200: paymentRulesResponseSchema },
      },
    },
    async (request) => getPublishedPaymentRules(request.ctx),
  );
};
