import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, Privacy Policy (/privacy-policy). Placeholder until its own issue builds it. */
export function PrivacyPolicyPage() {
  return <ComingSoonPanel title="Privacy Policy" />;
}
