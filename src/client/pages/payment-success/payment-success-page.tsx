import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, payment result (/payment/success). Placeholder until its own issue builds it. */
export function PaymentSuccessPage() {
  return <ComingSoonPanel title="Payment Status" />;
}
