import { memo } from 'react';
import { businessHoursText, type Brand } from '../../../shared/brand';
import { Table } from '@chakra-ui/react';
import { Link } from 'wouter';
import { SUBSCRIPTION_AMOUNT_PAISE, SUBSCRIPTION_REFUND_PAISE, type PaymentRules } from '../../../shared/booking-rules';
import { formatInr } from '../../../shared/money';
import { paymentTerms, refundBandRows, refundExample } from '../../../shared/payment-terms';
import { paiseToRupees } from '../../../shared/pricing';
import { LegalPageLayout, type LegalSection } from '../../components/legal-page-layout';
import { useBrand } from '../../lib/brand';
import { usePaymentRules } from '../../lib/payment-rules';

const FEE = formatInr(paiseToRupees(SUBSCRIPTION_AMOUNT_PAISE));
const FEE_REFUND = formatInr(paiseToRupees(SUBSCRIPTION_REFUND_PAISE));
const FEE_REFUND_PERCENT = Math.round((SUBSCRIPTION_REFUND_PAISE * 100) / SUBSCRIPTION_AMOUNT_PAISE);

/** A worked example keeps the percentages concrete: ₹2,00,000 paid in full, cancelled 20 days ahead. */
const EXAMPLE_TOTAL_PAISE = 2_00_000_00;
const EXAMPLE_DAYS_BEFORE = 20;

/**
 * docs/product.md#screens, Return and Refund Policy (/refund-policy), with the rules of docs/product.md#refunds
 * written out: the deposit, the bands and the example come from `src/shared/refund-policy.ts` through
 * `paymentTerms`, so the page states what a cancellation refunds.
 */
export function RefundPolicyPage() {
  return <RefundPolicyText brand={useBrand()} rules={usePaymentRules()} />;
}

/**
 * The page's text, drawn again only when the brand or the rules change: the published rules arriving, when they
 * are the ones the page was drawn with, redraw nothing (docs/decisions.md, "Pre-rendered public pages").
 */
const RefundPolicyText = memo(function RefundPolicyText({ brand, rules }: { brand: Brand; rules: PaymentRules }) {
  const terms = paymentTerms(rules);
  const email = <a href={`mailto:${brand.email}`}>{brand.email}</a>;

  const sections: LegalSection[] = [
    {
      id: 'overview',
      title: 'Overview',
      body: (
        <p>
          Catering is prepared fresh for your event, so food and services cannot be returned once delivered. This policy
          explains when you get money back if a booking is cancelled or changed, and how to ask for it. It forms part of
          our <Link href="/terms">Terms and Conditions</Link>.
        </p>
      ),
    },
    {
      id: 'deposit',
      title: 'Booking deposit',
      body: (
        <>
          <p>
            {terms.deposit} From the day you book we turn other clients away and start planning your menu; the only
            exception is a cancellation by us, described below.
          </p>
          <p>{terms.bookingAmount}</p>
        </>
      ),
    },
    {
      id: 'cancellation-by-you',
      title: 'If you cancel',
      body: (
        <>
          <p>
            {terms.cancel} We count the days from the day you cancel (in India time) to the event date, or to the first
            event date if you moved it later, and refund this share of everything you paid{' '}
            <strong>beyond the deposit</strong>:
          </p>
          <Table.Root size="sm" variant="outline" rounded="lg" overflow="hidden" mb="4" fontSize="md" maxW="lg">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>When you cancel</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Refund</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {refundBandRows().map((row) => (
                <Table.Row key={row.notice}>
                  <Table.Cell>{row.notice}</Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold">
                    {row.refund}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <p>{refundExample(EXAMPLE_TOTAL_PAISE, EXAMPLE_DAYS_BEFORE)}</p>
        </>
      ),
    },
    {
      id: 'cancellation-by-us',
      title: 'If we cancel',
      body: (
        <p>
          If we ever have to cancel your event, you receive a <strong>100% refund, including the deposit</strong>, or,
          if you prefer, a new date at the same price.
        </p>
      ),
    },
    {
      id: 'date-changes',
      title: 'Date changes',
      body: (
        <p>
          A date change is not a cancellation. Ask at least <strong>14 days before</strong> the event; each booking may
          change its date <strong>once</strong>, to a new date within <strong>6 months</strong> of the original one.
          Your payments move with the booking.
        </p>
      ),
    },
    {
      id: 'guest-count',
      title: 'Guest count reductions',
      body: (
        <ul>
          <li>The final guest count is confirmed 7 days before the event.</li>
          <li>
            After that, you may reduce the count by <strong>up to 10%</strong> free of charge: you pay for the reduced
            number.
          </li>
          <li>
            Reductions made <strong>within 3 days</strong> of the event are not refunded, because the food has already
            been ordered and prepared for the confirmed count.
          </li>
        </ul>
      ),
    },
    {
      id: 'upgrades-and-changes',
      title: 'Upgrades and service changes',
      body: (
        <p>
          Upgrades can be added up to <strong>7 days before</strong> the event and are billed at the difference in
          price. Other changes to the services, such as the menu or setup, must be made{' '}
          <strong>more than 14 days before</strong> the event; any saving is adjusted in your final bill.
        </p>
      ),
    },
    {
      id: 'subscription',
      title: `The ${FEE} subscription`,
      body: (
        <p>
          If we cannot provide the services you subscribed for, we refund{' '}
          <strong>{FEE_REFUND_PERCENT}% of the fee</strong>, {FEE_REFUND}, within <strong>3 working days</strong> to the
          account you paid from.
        </p>
      ),
    },
    {
      id: 'complaints',
      title: 'Complaints about the service',
      body: (
        <p>
          If something was not as agreed, tell us within <strong>48 hours after the event</strong> at {email}. We review
          every complaint and, where we fell short, offer a partial refund or a credit towards your next event.
        </p>
      ),
    },
    {
      id: 'how-to-request',
      title: 'How to request a refund',
      body: (
        <>
          <p>
            When you cancel in My Bookings, the refund due is recorded at once and shown on your booking. For any other
            refund, e-mail {email} with your name, booking reference, event date and the reason for the refund. We
            confirm receipt and tell you the amount that will be refunded.
          </p>
          <p>
            Refunds are processed within <strong>10 to 15 business days</strong> to the original payment method (bank
            account, UPI ID, card or wallet).
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          {brand.legalName}, {brand.address}. E-mail {email} or call{' '}
          <a href={`tel:${brand.phone.replace(/\s/g, '')}`}>{brand.phone}</a>, {businessHoursText('long')}.
        </p>
      ),
    },
  ];

  return (
    <LegalPageLayout
      title="Return and Refund Policy"
      summary={
        'What happens to your money if you cancel, ' +
        'change the date or the guest count, and how to ask for a refund.'
      }
      sections={sections}
    />
  );
});
