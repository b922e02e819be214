import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, Return and Refund Policy (/refund-policy). Placeholder until its own issue builds it. */
export function RefundPolicyPage() {
  return <ComingSoonPanel title="Return and Refund Policy" />;
}
