import type { Brand } from '../../../../shared/brand';
import { INSTALMENT_LABELS } from '../../../../shared/booking-rules';
import type { InstalmentKind, PaymentPurpose } from '../../../../shared/domain';
import type { PaymentProvider } from './types';

export type OrderKind = { purpose: PaymentPurpose; instalment?: InstalmentKind | null };

/** What an order pays for, in a word or two: "Booking token", "Advance", "Balance" or "Subscription". */
export function orderLabel(order: OrderKind): string {
  if (order.purpose === 'token') return 'Booking token';
  if (order.purpose === 'subscription') return 'Subscription';
  return INSTALMENT_LABELS[order.instalment ?? 'balance'];
}

/** The transaction note: names the order so the payee's statement can be matched to it. */
export function upiNote(orderCode: string, order: OrderKind): string {
  return `${orderLabel(order)} ${orderCode}`;
}

/**
 * A UPI deep link (NPCI "UPI linking specification"; ecosystem research 5.4): payee address and name, the exact
 * amount with two decimals, INR, a note carrying the order code and `tr` = the order code. Every UPI app reads it
 * from a QR or a tap on the phone.
 */
export function upiPaymentUri(
  brand: Pick<Brand, 'upiId' | 'legalName'>,
  order: { orderCode: string; amountPaise: number } & OrderKind,
): string {
  const params = new URLSearchParams({
    pa: brand.upiId,
    pn: brand.legalName,
    am: (order.amountPaise / 100).toFixed(2),
    cu: 'INR',
    tn: upiNote(order.orderCode, order),
    tr: order.orderCode,
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}

/** Offline UPI: nothing to call; the payment page shows the QR and an admin records the UTR. */
export const upiProvider: PaymentProvider = {
  name: 'upi',
  createOrder: () => Promise.resolve({ providerReference: null, checkoutUrl: null }),
};
