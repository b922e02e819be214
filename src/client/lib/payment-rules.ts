import { useMemo } from 'react';
import { DEFAULT_PAYMENT_RULES, paymentRulesFromDto, type PaymentRules } from '../../shared/booking-rules';
import { trpc } from './trpc';

/**
 * The payment schedule's numbers the published terms and the payment pages state (docs/decisions.md, "Published
 * terms from the rules"): the ones the server asks every payment by. The published defaults render at once and are
 * replaced when `site.paymentTerms` answers; a failed call keeps them.
 */
export function usePaymentRules(): PaymentRules {
  const published = trpc.site.paymentTerms.useQuery(undefined, { staleTime: 5 * 60_000 });
  return useMemo(
    () => (published.data ? paymentRulesFromDto(published.data) : DEFAULT_PAYMENT_RULES),
    [published.data],
  );
}
