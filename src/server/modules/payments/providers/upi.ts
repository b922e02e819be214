import type { Brand } from '../../../../shared/brand';
import type { PaymentProvider } from './types';

/** The transaction note: names the order so the payee's statement can be matched to it. */
export function upiNote(orderCode: string, purpose: 'token' | 'subscription'): string {
  return `${purpose === 'token' ? 'Booking token' : 'Subscription'} ${orderCode}`;
}

/**
 * A UPI deep link (NPCI "UPI linking specification"; ecosystem research 5.4): payee address and name, the exact
 * amount with two decimals, INR, a note carrying the order code and `tr` = the order code. Every UPI app reads it
 * from a QR or a tap on the phone.
 */
export function upiPaymentUri(
  brand: Pick<Brand, 'upiId' | 'legalName'>,
  order: { orderCode: string; amountPaise: number; purpose: 'token' | 'subscription' },
): string {
  const params = new URLSearchParams({
    pa: brand.upiId,
    pn: brand.legalName,
    am: (order.amountPaise / 100).toFixed(2),
    cu: 'INR',
    tn: upiNote(order.orderCode, order.purpose),
    tr: order.orderCode,
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}

/** Offline UPI: nothing to call; the payment page shows the QR and an admin records the UTR. */
export const upiProvider: PaymentProvider = {
  name: 'upi',
  createOrder: () => Promise.resolve({ providerReference: null, checkoutUrl: null }),
};
