import { useDeferredValue, useMemo } from 'react';
import { DEFAULT_PAYMENT_RULES, paymentRulesFromDto, type PaymentRules } from '../../shared/booking-rules';
import { trpc } from './trpc';

/**
 * The payment schedule's numbers the published terms and the payment pages state (docs/decisions.md, "Published
 * terms from the rules"): the ones the server asks every payment by. The published defaults render at once and are
 * replaced when `site.paymentTerms` answers; a failed call keeps them. Rules equal to the defaults are the defaults
 * themselves, so a page drawn with them (a pre-rendered one, say) draws nothing again when they arrive; rules that
 * differ are drawn as a transition, in slices, not in one blocking task (docs/decisions.md, "Pre-rendered public
 * pages").
 */
export function usePaymentRules(): PaymentRules {
  const published = trpc.site.paymentTerms.useQuery(undefined, { staleTime: 5 * 60_000 });
  const rules = useMemo(() => {
    if (!published.data) return DEFAULT_PAYMENT_RULES;
    const read = paymentRulesFromDto(published.data);
    return sameRules(read, DEFAULT_PAYMENT_RULES) ? DEFAULT_PAYMENT_RULES : read;
  }, [published.data]);
  return useDeferredValue(rules);
}

function sameRules(a: PaymentRules, b: PaymentRules): boolean {
  return (Object.keys(b) as (keyof PaymentRules)[]).every((key) => a[key] === b[key]);
}
