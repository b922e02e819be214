import { ComingSoonPanel } from '../../components/coming-soon-panel';
import { RequireSignIn } from '../../components/require-sign-in';

/**
 * Spec section 2: /bookings sends signed-out visitors to /login; signed-in customers will see their bookings
 * here once that issue lands.
 */
export function BookingsPage() {
  return (
    <RequireSignIn>
      <ComingSoonPanel
        title="My Bookings"
        description="Your quotes and confirmed events will be listed here. Until then, our team will keep you updated by email and phone."
      />
    </RequireSignIn>
  );
}
