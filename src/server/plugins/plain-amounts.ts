import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PLAIN_AMOUNT_MESSAGE, PLAIN_AMOUNT_PATTERN } from '../../shared/schemas/projects';
import { AppError, ValidationError } from '../lib/errors';

/**
 * Bids are typed as plain digits with at most two decimals (docs/product.md#supplier-bids): `1e3`, `1E+3` or
 * `1000.000` are refused with 422, although JSON reads them as numbers. JSON parsing forgets how a number was
 * written, so the supplier's quote bodies (REST and tRPC) are read as text first; every other request goes
 * straight on.
 */
const BID_PATHS = ['/api/supplier/quote-submit', '/api/trpc/supplier.quotes.submit'];
const AMOUNT = /"quoted_amount"\s*:\s*(-?[0-9][0-9.eE+-]*)/g;

export function registerPlainAmounts(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'POST' || !BID_PATHS.some((path) => request.url.split('?')[0] === path)) return payload;
    const limit = request.routeOptions.bodyLimit ?? 1_048_576;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE');
      chunks.push(buffer);
    }
    const body = Buffer.concat(chunks);
    for (const match of body.toString('utf8').matchAll(AMOUNT)) {
      if (!PLAIN_AMOUNT_PATTERN.test(match[1]!)) {
        throw new ValidationError([{ loc: ['body', 'quoted_amount'], msg: PLAIN_AMOUNT_MESSAGE, type: 'value_error' }]);
      }
    }
    const replay = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = body.length;
    return replay;
  });
}
