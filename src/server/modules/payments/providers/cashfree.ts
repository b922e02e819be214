import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CashfreeConfig } from '../../../config';
import { AppError } from '../../../lib/errors';
import type { PaymentProvider, ProviderOrder } from './types';
import { orderLabel } from './upi';

export const CASHFREE_API_VERSION = '2023-08-01';
/** Webhooks older (or newer) than this are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

/**
 * Cashfree-style gateway (PG API 2023-08-01): `POST {base}/orders` with the client id and secret in headers; the
 * answer carries `cf_order_id` and a hosted `payment_link`/`payment_session_id`. The customer comes back to
 * `/payment/success?order_id=...`. `fetchImpl` is injectable so tests replay recorded responses, never the network.
 */
export function cashfreeProvider(
  config: CashfreeConfig,
  returnBase: string,
  fetchImpl: FetchLike = globalThis.fetch,
): PaymentProvider {
  return {
    name: 'cashfree',
    async createOrder(order: ProviderOrder) {
      let response: Awaited<ReturnType<FetchLike>>;
      try {
        response = await fetchImpl(`${config.apiBase}/orders`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-version': CASHFREE_API_VERSION,
            'x-client-id': config.appId,
            'x-client-secret': config.secretKey,
            'x-idempotency-key': order.orderCode,
          },
          body: JSON.stringify({
            order_id: order.orderCode,
            order_amount: order.amountPaise / 100,
            order_currency: 'INR',
            customer_details: {
              customer_id: order.customerId,
              customer_email: order.email ?? undefined,
              customer_phone: order.phone?.replace(/^\+91/, '') ?? undefined,
            },
            order_meta: { return_url: `${returnBase}/payment/success?order_id=${encodeURIComponent(order.orderCode)}` },
            order_note: orderLabel(order),
          }),
        });
      } catch {
        throw new AppError('UNAVAILABLE', 'The payment gateway could not be reached; please pay by UPI or try again');
      }
      if (!response.ok) {
        throw new AppError('UNAVAILABLE', 'The payment gateway refused the order; please pay by UPI or try again');
      }
      const body = (await response.json()) as {
        cf_order_id?: string | number;
        payment_link?: string;
        payment_session_id?: string;
      };
      const checkoutBase = config.apiBase.replace(/\/pg$/, '');
      const checkoutUrl =
        body.payment_link ??
        (body.payment_session_id
          ? `${checkoutBase}/pg/view/sessions/checkout` +
            `?payment_session_id=${encodeURIComponent(body.payment_session_id)}`
          : null);
      if (checkoutUrl !== null && !isGatewayCheckoutUrl(config.apiBase, checkoutUrl)) {
        throw new AppError('UNAVAILABLE', 'The payment gateway refused the order; please pay by UPI or try again');
      }
      return { providerReference: body.cf_order_id === undefined ? null : String(body.cf_order_id), checkoutUrl };
    },
  };
}

/**
 * Where a customer may be sent to pay (docs/security.md, "Payment redirects"): an https address on the gateway's
 * own host (that of CASHFREE_API_BASE) or another host of its domain (`sandbox.cashfree.com` allows
 * `payments.cashfree.com`), never anywhere else, whatever the gateway's answer says.
 */
export function isGatewayCheckoutUrl(apiBase: string, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' || target.username || target.password || target.port) return false;
  const gatewayHost = new URL(apiBase).hostname.toLowerCase();
  const host = target.hostname.toLowerCase();
  const labels = gatewayHost.split('.');
  const domain = labels.length > 2 ? labels.slice(1).join('.') : gatewayHost;
  return host === gatewayHost || host === domain || host.endsWith(`.${domain}`);
}

export function cashfreeSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64');
}

export type SignatureCheck = 'ok' | 'missing' | 'bad_signature' | 'stale';

/**
 * Cashfree's webhook signature: base64 HMAC-SHA256 of `x-webhook-timestamp` + the raw body, compared in constant
 * time; a timestamp (milliseconds or seconds) more than 5 minutes away from now is refused.
 */
export function verifyCashfreeWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: number = Date.now(),
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp)) return 'missing';
  const expected = Buffer.from(cashfreeSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
  const raw = Number(timestamp);
  const ms = raw < 1e12 ? raw * 1000 : raw;
  if (Math.abs(now - ms) > WEBHOOK_MAX_AGE_MS) return 'stale';
  return 'ok';
}
