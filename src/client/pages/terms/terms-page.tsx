import { memo } from 'react';
import { businessHoursText, type Brand } from '../../../shared/brand';
import { Table } from '@chakra-ui/react';
import { Link } from 'wouter';
import {
  SUBSCRIBER_DISCOUNT_PERCENT,
  SUBSCRIPTION_AMOUNT_PAISE,
  SUBSCRIPTION_REFUND_PAISE,
  type PaymentRules,
} from '../../../shared/booking-rules';
import { formatInr } from '../../../shared/money';
import { paymentTerms, scheduleTerms } from '../../../shared/payment-terms';
import { paiseToRupees } from '../../../shared/pricing';
import { LegalPageLayout, type LegalSection } from '../../components/legal-page-layout';
import { useBrand } from '../../lib/brand';
import { usePaymentRules } from '../../lib/payment-rules';

const FEE = formatInr(paiseToRupees(SUBSCRIPTION_AMOUNT_PAISE));
const FEE_REFUND = formatInr(paiseToRupees(SUBSCRIPTION_REFUND_PAISE));
const FEE_REFUND_PERCENT = Math.round((SUBSCRIPTION_REFUND_PAISE * 100) / SUBSCRIPTION_AMOUNT_PAISE);

/**
 * docs/product.md#screens, Terms and Conditions (/terms), with the rules of docs/product.md#terms written out. The
 * payment schedule, the deposit and the refund bands are written from the rules the product computes with
 * (`paymentTerms`, with the schedule's published numbers), so the page states what a booking is asked for.
 */
export function TermsPage() {
  return <TermsText brand={useBrand()} rules={usePaymentRules()} />;
}

/**
 * The page's text, drawn again only when the brand or the rules change: the published rules arriving, when they
 * are the ones the page was drawn with, redraw nothing (docs/decisions.md, "Pre-rendered public pages").
 */
const TermsText = memo(function TermsText({ brand, rules }: { brand: Brand; rules: PaymentRules }) {
  const terms = paymentTerms(rules);
  const email = <a href={`mailto:${brand.email}`}>{brand.email}</a>;

  const sections: LegalSection[] = [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <>
          <p>
            These terms apply to every catering and event service you book with {brand.name}, operated by{' '}
            {brand.legalName}, {brand.address} (“we”, “us”). They cover bookings made on this website, by phone, by
            e-mail or on WhatsApp. By requesting a quote, paying for a booking or subscribing, you accept them.
          </p>
          <p>
            Our services are not offered to anyone under 18. You must be at least 18 years old to make a booking or
            subscribe.
          </p>
        </>
      ),
    },
    {
      id: 'quotes-and-prices',
      title: 'Quotes and prices',
      body: (
        <ul>
          <li>An instant quote is valid for 7 days from the day it is issued.</li>
          <li>
            All prices include <strong>GST at 18%</strong>. The quote shows the base amount, the GST and the total
            separately.
          </li>
          <li>
            Your final bill is based on the confirmed guest count, the package you choose and any upgrades you add.
          </li>
        </ul>
      ),
    },
    {
      id: 'booking-and-deposit',
      title: 'Booking and deposit',
      body: (
        <>
          <p>{terms.bookingAmount}</p>
          <p>{terms.token}</p>
          <p>
            {terms.deposit} See the <Link href="/refund-policy">Return and Refund Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'guest-count',
      title: 'Guest count',
      body: (
        <ul>
          <li>
            Please confirm the <strong>final guest count at least 7 days before</strong> the event. We prepare food,
            staff and tableware for that number.
          </li>
          <li>Extra guests added later are served subject to availability and are charged at the same rate.</li>
          <li>
            Within the last 7 days you may reduce the count by up to 10% without charge; reductions made within 3 days
            of the event are not refunded.
          </li>
        </ul>
      ),
    },
    {
      id: 'payment',
      title: 'Payment',
      body: (
        <>
          <p>You pay for your booking in these instalments; an instalment that comes to nothing is left out.</p>
          <Table.Root size="sm" variant="outline" rounded="lg" overflow="hidden" mb="4" fontSize="md">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>Instalment</Table.ColumnHeader>
                <Table.ColumnHeader>Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Due</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {scheduleTerms(rules).map((row) => (
                <Table.Row key={row.kind}>
                  <Table.Cell fontWeight="semibold">{row.label}</Table.Cell>
                  <Table.Cell>{row.amount}</Table.Cell>
                  <Table.Cell>{row.due}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {terms.advance && <p>{terms.advance}</p>}
          {terms.balance && <p>{terms.balance}</p>}
          <p>{terms.changes}</p>
          <p>
            {terms.payTheRest} {terms.reminders}
          </p>
          <p>
            We accept bank transfer (NEFT, RTGS, IMPS), UPI, credit and debit cards, and wallets. We e-mail a receipt
            for every payment.
          </p>
          <p>
            If the advance is not paid by its due date, we may release your date: the booking is then cancelled as if
            you had cancelled it, and the cancellation terms below apply. What a later price rise adds to the advance is
            never a reason to release it.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changing your booking',
      body: (
        <ul>
          <li>
            <strong>Date changes</strong> must be requested at least 14 days before the event. Each booking may change
            its date once, to a new date within 6 months of the original one, subject to availability.
          </li>
          <li>
            <strong>Upgrades</strong> (a higher package, extra counters or dishes) can be made up to 7 days before the
            event.
          </li>
          <li>
            <strong>Other service changes</strong> (menu, setup, venue arrangements) must be made more than 14 days
            before the event.
          </li>
        </ul>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancellation',
      body: (
        <p>
          {terms.cancel} {terms.refunds} {terms.companyCancellation} The{' '}
          <Link href="/refund-policy">Return and Refund Policy</Link> gives the details.
        </p>
      ),
    },
    {
      id: 'subscription',
      title: `The ${FEE} subscription`,
      body: (
        <p>
          The subscription costs {FEE} and gives the benefits listed on the booking page. Its{' '}
          {SUBSCRIBER_DISCOUNT_PERCENT}% instant discount comes off the final bill (GST included) of one booking, once:
          the quote you subscribe from, or otherwise your next quote, and only for the owner of the e-mail address it
          was bought in, signed in with that address and having confirmed it. Its date change is the one date change
          every booking may make (see Changing your booking). The priority booking, menu tasting, event coordinator,
          decor consultation, support until the event day and loyalty rewards are services our team provides to
          subscribers on request. If we cannot provide the services you subscribed for, we refund {FEE_REFUND_PERCENT}%
          of the fee ({FEE_REFUND}) within 3 working days.
        </p>
      ),
    },
    {
      id: 'your-responsibilities',
      title: 'Your responsibilities',
      body: (
        <ul>
          <li>Give us accurate event details, including the venue address, timings and the guests’ dietary needs.</li>
          <li>
            Tell us about food allergies in writing before the event. We take care in our kitchen, but it handles nuts,
            dairy and gluten.
          </li>
          <li>Arrange venue access, power and any permissions the venue needs for our team and equipment.</li>
        </ul>
      ),
    },
    {
      id: 'complaints',
      title: 'Complaints',
      body: (
        <p>
          If something was not right, tell us within <strong>48 hours after the event</strong> by e-mail to {email},
          with your booking details and, if possible, photos. We look into every complaint and reply to you by e-mail.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility to you',
      body: (
        <p>
          We prepare and serve food with care and in line with food-safety rules. Our total liability for a booking is
          limited to the amount you paid for it. We are not responsible for delays or failures caused by events beyond
          our control, such as natural disasters, government orders or a venue’s closure; in such cases we will offer a
          new date or a refund as if we had cancelled.
        </p>
      ),
    },
    {
      id: 'business-hours',
      title: 'Business hours',
      body: (
        <p>
          Our office is open <strong>{businessHoursText('long')}</strong>. Messages received outside these hours are
          answered on the next working day; your event team stays reachable on the event day.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Governing law and disputes',
      body: (
        <p>
          These terms are governed by the laws of India. Any dispute arising from them or from a booking is subject to
          the exclusive jurisdiction of the courts at Indore, Madhya Pradesh.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about these terms: write to {email} or call{' '}
          <a href={`tel:${brand.phone.replace(/\s/g, '')}`}>{brand.phone}</a>. Our address is {brand.legalName},{' '}
          {brand.address}.
        </p>
      ),
    },
  ];

  return (
    <LegalPageLayout
      title="Terms and Conditions"
      summary={`The rules for quotes, bookings, payments and changes when you celebrate with ${brand.name}.`}
      sections={sections}
    />
  );
});
