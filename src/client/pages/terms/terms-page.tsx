import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, Terms and Conditions (/terms). Placeholder until its own issue builds it. */
export function TermsPage() {
  return <ComingSoonPanel title="Terms and Conditions" />;
}
