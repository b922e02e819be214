import { businessHoursText } from '../../../shared/brand';
import { Link } from 'wouter';
import { LegalPageLayout, type LegalSection } from '../../components/legal-page-layout';
import { useBrand } from '../../lib/brand';

/** docs/product.md#privacy "Analytics and privacy": raw IP addresses are kept at most this long. */
const RAW_IP_RETENTION_DAYS = 90;

/**
 * docs/product.md#screens, Privacy Policy (/privacy-policy): what the product stores (docs/product.md#vendors: page
 * views, quotations and vendor registrations with IP, browser family and device class), why, for how long, and the
 * rights of the Digital Personal Data Protection Act, 2023.
 */
export function PrivacyPolicyPage() {
  const brand = useBrand();
  const email = <a href={`mailto:${brand.email}`}>{brand.email}</a>;

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {brand.name} is run by {brand.legalName}, {brand.address}. We decide why and how your personal data is used,
          which makes us the “data fiduciary” under India’s Digital Personal Data Protection Act, 2023 (the DPDP Act).
          Questions about your data go to {email}.
        </p>
      ),
    },
    {
      id: 'what-you-give-us',
      title: 'Information you give us',
      body: (
        <ul>
          <li>
            <strong>Quotes, bookings and inquiries:</strong> your name, e-mail address and phone number, and the event
            details you enter: event type and name, date, guest count, venue and city, budget, catering style and
            special requests (which may include dietary needs).
          </li>
          <li>
            <strong>Your account:</strong> your name, e-mail address, phone number and password. We store the password
            only as a one-way hash; nobody at {brand.name} can read it.
          </li>
          <li>
            <strong>Vendor applications:</strong> the business and contact details on the vendor registration form,
            including the optional GST number and portfolio link.
          </li>
          <li>
            <strong>Payments:</strong> the order number, amount, status and payment reference. Your bank, UPI app or
            payment provider handles the payment itself; we never see or store card numbers or UPI PINs.
          </li>
        </ul>
      ),
    },
    {
      id: 'analytics',
      title: 'Analytics we store',
      body: (
        <>
          <p>Our own server records a short entry when you:</p>
          <ul>
            <li>view a page of this website (the page address, including any choice in it such as the event type);</li>
            <li>get an instant quote (together with the quote: event type, city, guest count and package);</li>
            <li>apply as a vendor.</li>
          </ul>
          <p>Each entry holds:</p>
          <ul>
            <li>
              your <strong>IP address</strong>;
            </li>
            <li>
              your <strong>browser family</strong> (for example “Chrome” or “Safari”, not its full identifier);
            </li>
            <li>
              your <strong>device class</strong>: mobile, tablet or desktop;
            </li>
            <li>the page viewed or the quote requested, and the date and time.</li>
          </ul>
          <p>
            <strong>Why:</strong> to see which pages, services and cities interest visitors, to plan our kitchen and
            staff for the season ahead, to make the site work well on the phones and browsers people really use, and to
            spot abuse such as automated form submissions. Our team sees these figures as totals, and beside the quote
            or vendor application they belong to, in our admin reports. We do not build advertising profiles and we do
            not sell or rent your data.
          </p>
          <p>
            <strong>No third-party trackers.</strong> This website uses no Google Analytics, no advertising or
            social-media pixels and no tracking cookies. When you sign in, your session is kept in your browser’s local
            storage and is removed when you log out.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use your information',
      body: (
        <ul>
          <li>to prepare your quote and send it to you by e-mail;</li>
          <li>to answer your inquiries and plan, deliver and bill your event;</li>
          <li>
            to share the event details with the vetted vendor partners we assign to your event, only as far as they need
            them;
          </li>
          <li>to review vendor applications;</li>
          <li>to keep the records that tax and accounting laws require, such as GST invoices.</li>
        </ul>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <ul>
          <li>
            <strong>Raw IP addresses are kept for at most {RAW_IP_RETENTION_DAYS} days</strong>, then removed from our
            analytics records automatically. The rest of an entry (browser family, device class, page and date) carries
            no IP address after that.
          </li>
          <li>Booking, quote and payment records are kept as long as Indian tax and accounting laws require.</li>
          <li>Your account stays until you ask us to delete it.</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <p>
          Only with the people who help us serve you: the vendor partners assigned to your event, our e-mail and hosting
          providers, and the banks and payment providers that process payments. Each receives only what it needs. We
          disclose data to authorities only when the law requires it.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      body: (
        <p>
          The website is served over an encrypted connection, passwords are stored as hashes, and only the staff who
          need your details to run your event can see them. If a breach ever affects your data, we will tell you and the
          Data Protection Board of India as the DPDP Act requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights under the DPDP Act',
      body: (
        <>
          <p>Under the Digital Personal Data Protection Act, 2023 you have the right to:</p>
          <ul>
            <li>
              <strong>access</strong> a summary of the personal data we hold about you and how we use it;
            </li>
            <li>
              have your data <strong>corrected</strong>, completed or updated;
            </li>
            <li>
              have your data <strong>erased</strong> when it is no longer needed for the purpose you gave it for, except
              what the law requires us to keep;
            </li>
            <li>withdraw your consent at any time, for the future;</li>
            <li>nominate someone to exercise these rights for you in case of death or incapacity;</li>
            <li>
              have your <strong>grievances</strong> addressed.
            </li>
          </ul>
          <p>
            To use any of these rights, or to raise a grievance, write to our grievance contact at {email}. If you are
            not satisfied with our answer, you may complain to the Data Protection Board of India.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          Our services are not meant for anyone under 18 (see our <Link href="/terms">Terms and Conditions</Link>
          ), and we do not knowingly collect personal data from children.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we update the date at the top of this page; for significant changes we also tell
          customers with an account by e-mail.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          E-mail {email}, call <a href={`tel:${brand.phone.replace(/\s/g, '')}`}>{brand.phone}</a> (
          {businessHoursText('long')}) or write to {brand.legalName}, {brand.address}.
        </p>
      ),
    },
  ];

  return (
    <LegalPageLayout
      title="Privacy Policy"
      summary={
        'What personal data we collect when you use this website and book with us, ' +
        'why, how long we keep it, and your rights over it.'
      }
      sections={sections}
    />
  );
}
