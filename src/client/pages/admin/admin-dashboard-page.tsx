import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, admin dashboard (/admin). Placeholder until its own issue builds it. */
export function AdminDashboardPage() {
  return <ComingSoonPanel title="Admin Dashboard" />;
}
