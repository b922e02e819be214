import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Spec section 2, vendor registration (/vendor-register). Placeholder until its own issue builds it. */
export function VendorRegisterPage() {
  return <ComingSoonPanel title="Vendor Partner Registration" />;
}
