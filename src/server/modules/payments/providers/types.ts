import type { InstalmentKind, PaymentPurpose } from '../../../../shared/domain';
/** What a provider needs to open an order (docs/product.md#subscriptions "Payments and subscription"). */
export type ProviderOrder = {
  orderCode: string;
  amountPaise: number;
  purpose: PaymentPurpose;
  instalment?: InstalmentKind | null;
  email: string | null;
  phone: string | null;
  customerId: string;
};

export type ProviderCheckout = { providerReference: string | null; checkoutUrl: string | null };

/**
 * One interface for every way of paying. `upi` works offline (QR + UTR recorded by an admin); `cashfree` is a
 * gateway adapter enabled by env. Confirmation is not part of the interface: UPI is confirmed by the admin's UTR,
 * a gateway by its signed webhook, and both end in the same `markOrderPaid`.
 */
export interface PaymentProvider {
  readonly name: 'upi' | 'cashfree';
  createOrder(order: ProviderOrder): Promise<ProviderCheckout>;
}
