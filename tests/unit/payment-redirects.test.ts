import { describe, expect, it } from 'vitest';
import { cashfreeProvider, isGatewayCheckoutUrl } from '../../src/server/modules/payments/providers/cashfree';
import type { ProviderOrder } from '../../src/server/modules/payments/providers/types';

/** Every redirect to the payment gateway is https on the gateway's host (docs/security.md, "Payment redirects"). */
const API = 'https://sandbox.cashfree.com/pg';

describe('where a customer may be sent to pay', () => {
  it.each([
    'https://sandbox.cashfree.com/pg/view/sessions/checkout?payment_session_id=abc',
    'https://payments.cashfree.com/order/#abc',
    'https://cashfree.com/pay',
  ])('allows %s', (url) => expect(isGatewayCheckoutUrl(API, url)).toBe(true));

  it.each([
    'http://sandbox.cashfree.com/pg/view',
    'https://evil.example/cashfree.com',
    'https://cashfree.com.evil.example/',
    'https://evilcashfree.com/',
    'https://user:pw@payments.cashfree.com/',
    'https://payments.cashfree.com:8443/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//payments.cashfree.com/',
    'not a url',
  ])('refuses %s', (url) => expect(isGatewayCheckoutUrl(API, url)).toBe(false));

  it("refuses the order when the gateway's answer names another site, so nobody is sent there", async () => {
    const answer = (payment_link: string) => async () => ({
      ok: true,
      status: 200,
      json: async () => ({ cf_order_id: 1, payment_link }),
    });
    const config = { kind: 'cashfree' as const, appId: 'a', secretKey: 's', apiBase: API, webhookSecret: 'w' };
    const order: ProviderOrder = {
      orderCode: 'ORD-1',
      amountPaise: 10_000,
      email: 'a@example.in',
      phone: '+919876543210',
      customerId: 'c1',
      purpose: 'token',
    };
    await expect(
      cashfreeProvider(config, 'https://annapurna-events.in', answer('https://evil.example/pay')).createOrder(order),
    ).rejects.toMatchObject({ status: 503 });
    await expect(
      cashfreeProvider(config, 'https://annapurna-events.in', answer('https://payments.cashfree.com/o/1')).createOrder(
        order,
      ),
    ).resolves.toMatchObject({ checkoutUrl: 'https://payments.cashfree.com/o/1' });
  });
});
