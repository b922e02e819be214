import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whatsappWebhookResponseSchema } from '../../../shared/schemas/responses';
import { AppError } from '../../lib/errors';
import { handleWhatsAppWebhook, verifySubscription } from './whatsapp-webhook.service';

const handshakeQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/**
 * The WhatsApp Cloud API webhook: `GET` answers the subscription handshake, `POST` takes the signed status and
 * message callbacks (raw body, so the signature is checked over the exact bytes received).
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whatsapp'];
  app.get(
    '/whatsapp/webhook',
    {
      schema: {
        summary: 'WhatsApp webhook subscription handshake (403 unless hub.verify_token matches)',
        tags,
        querystring: handshakeQuerySchema,
        response: {
          200: { description: 'The hub.challenge as sent', content: { 'text/plain': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const challenge = verifySubscription(request.ctx, request.query);
      if (challenge === null) throw new AppError('FORBIDDEN', 'Verification token mismatch');
      return reply.header('content-type', 'text/plain; charset=utf-8').send(challenge);
    },
  );

  await app.register(async (webhooks) => {
    // Only in this scope: JSON arrives as the raw string, so the HMAC is computed over the bytes as sent.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const schema = {
      summary: 'WhatsApp delivery statuses and replies (signed with X-Hub-Signature-256; 401 for a bad signature)',
      tags,
      body: z.unknown().describe('The Cloud API callback, checked against its signature over the raw bytes'),
      response: { 200: whatsappWebhookResponseSchema },
    };
    webhooks.post('/whatsapp/webhook', { schema }, async (request, reply) => {
      if (typeof request.body !== 'string') throw new AppError('BAD_REQUEST', 'Send the webhook as application/json');
      const header = request.headers['x-hub-signature-256'];
      const outcome = await handleWhatsAppWebhook(
        request.ctx,
        Array.isArray(header) ? header[0] : header,
        request.body,
      );
      return reply.code(outcome.status as 200).send(outcome.body as z.infer<typeof whatsappWebhookResponseSchema>);
    });
  });
};
