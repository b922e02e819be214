import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, booking / instant-quote page (/book). Placeholder until its own issue builds it. */
export function BookPage() {
  return <ComingSoonPanel title="Book Your Event" />;
}
