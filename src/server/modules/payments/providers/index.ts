import type { Config } from '../../../config';
import { cashfreeProvider, type FetchLike } from './cashfree';
import type { PaymentProvider } from './types';
import { upiProvider } from './upi';

let gatewayFetch: FetchLike | undefined;

/** Tests replay recorded gateway responses through this instead of the network; `undefined` restores fetch. */
export function setGatewayFetch(fetchImpl: FetchLike | undefined): void {
  gatewayFetch = fetchImpl;
}

/** The provider new orders go to: the configured gateway, else offline UPI. */
export function paymentProviderFor(config: Config): PaymentProvider {
  const gateway = config.payments.gateway;
  if (gateway?.kind === 'cashfree')
    return cashfreeProvider(gateway, config.publicBaseUrl, gatewayFetch ?? globalThis.fetch);
  return upiProvider;
}

export type { PaymentProvider } from './types';
