import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, supplier dashboard (/supplier). Placeholder until its own issue builds it. */
export function SupplierDashboardPage() {
  return <ComingSoonPanel title="Supplier Dashboard" />;
}
