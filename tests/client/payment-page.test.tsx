import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PaymentSuccessPage } from '../../src/client/pages/payment-success/payment-success-page';
import { DEFAULT_PAYMENT_RULES, paymentRulesToDto, type PaymentRules } from '../../src/shared/booking-rules';
import { paymentTerms, type PaymentTerms } from '../../src/shared/payment-terms';
import type { PaymentStatusDto } from '../../src/shared/schemas/payments';
import { recordedCalls, server, TrpcTestError, trpcHandler } from './msw';
import { renderApp, renderWithProviders } from './render';

const PAID: PaymentStatusDto = {
  order_id: 'ORD-2041',
  purpose: 'token',
  is_paid: true,
  payment_status: 'PAID',
  amount: 999,
  booking_id: '4f1c2a9e-0b7d-4c55-9a31-7d2e8b6c1f00',
  settled: null,
};
const PENDING: PaymentStatusDto = {
  order_id: 'ORD-2041',
  purpose: 'token',
  is_paid: false,
  payment_status: 'PENDING',
  amount: 999,
  booking_id: '4f1c2a9e-0b7d-4c55-9a31-7d2e8b6c1f00',
  settled: null,
};
const SUBSCRIPTION_PAID: PaymentStatusDto = {
  order_id: 'SUB-0A1B2C3D4E5F60718293',
  purpose: 'subscription',
  is_paid: true,
  payment_status: 'PAID',
  amount: 99,
  booking_id: null,
  settled: null,
};
const ADVANCE_PAID: PaymentStatusDto = {
  order_id: 'PAY-0A1B2C3D4E5F60718293',
  purpose: 'instalment',
  is_paid: true,
  payment_status: 'PAID',
  amount: 73636,
  booking_id: '4f1c2a9e-0b7d-4c55-9a31-7d2e8b6c1f00',
  settled: null,
};

/** The schedule after the booking amount, line by line, in the published terms' sentences. */
function scheduleLines(terms: PaymentTerms): string[] {
  return [terms.advance!, terms.balance!, terms.payTheRest, terms.reminders, `${terms.cancel} ${terms.refunds}`];
}

function listedIn(region: string): (string | null)[] {
  return within(screen.getByRole('region', { name: region }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function statusCalls() {
  return recordedCalls('payments.status');
}

function expectActions(secondary: { name: string; href: string }) {
  expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: secondary.name })).toHaveAttribute('href', secondary.href);
}

function expectHelpBlock() {
  const help = within(screen.getByRole('region', { name: 'Need help?' }));
  expect(help.getByRole('link', { name: '+91 98260 12345' })).toHaveAttribute('href', 'tel:+919826012345');
  expect(help.getByRole('link', { name: 'hello@annapurna-events.in' })).toHaveAttribute(
    'href',
    'mailto:hello@annapurna-events.in',
  );
  expect(help.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/919826012345',
  );
}

function detail(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('/payment/success', () => {
  it('says it is verifying while the status loads', async () => {
    server.use(trpcHandler('payments.status', () => new Promise(() => {})));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByText('Verifying your payment...')).toBeInTheDocument();
    await waitFor(() => expect(statusCalls()).toHaveLength(1));
    expect(statusCalls()[0]!.input).toEqual({ order_id: 'ORD-2041' });
  });

  it('fails at once without an order id, and asks the server nothing', async () => {
    renderApp({ path: '/payment/success' });

    expect(await screen.findByRole('heading', { name: 'Payment Verification Failed', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No order ID found')).toBeInTheDocument();
    expectActions({ name: 'Try Again', href: '/book' });
    expect(statusCalls()).toHaveLength(0);
  });

  it('shows the server detail and a toast when verification fails', async () => {
    server.use(
      trpcHandler('payments.status', () => {
        throw new TrpcTestError('NOT_FOUND', 'Payment order not found');
      }),
    );
    renderApp({ path: '/payment/success?order_id=ORD-404' });

    expect(await screen.findByRole('heading', { name: 'Payment Verification Failed', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Payment order not found')).toBeInTheDocument();
    expect(await screen.findByText('Failed to verify payment status')).toBeInTheDocument();
    expectActions({ name: 'Try Again', href: '/book' });
    expectHelpBlock();
  });

  it('falls back to a generic reason when the failure carries no server detail', async () => {
    server.use(trpcHandler('payments.status', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByText('Unable to verify payment status')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment Verification Failed' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to verify payment status')).toBeInTheDocument();
  });

  it('confirms a paid order with its details, what happens next, help and the two buttons', async () => {
    server.use(trpcHandler('payments.status', () => PAID));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeInTheDocument();
    expect(detail('Order ID')).toBe('ORD-2041');
    expect(detail('Payment For')).toBe('Booking token');
    expect(detail('Status')).toBe('PAID');
    expect(detail('Amount Paid')).toBe('₹999');
    expect(screen.getByText('Thank you! Your event booking is confirmed.')).toBeInTheDocument();
    expect(detail('Payment Method')).toBe('Online');
    const next = within(screen.getByRole('region', { name: 'What happens next' }));
    expect(next.getByText('We have received your token amount of ₹999.')).toBeInTheDocument();
    expect(next.getByText(/contact you within 2 hours/)).toBeInTheDocument();
    expect(next.getByText(/confirmation email/)).toBeInTheDocument();
    expect(next.getByText(/coordinator will call you/)).toBeInTheDocument();
    expect(next.getByText('The token amount will be adjusted against your final bill.')).toBeInTheDocument();
    expect(listedIn('Paying the rest')).toEqual(scheduleLines(paymentTerms(DEFAULT_PAYMENT_RULES)));
    expectHelpBlock();
    expectActions({ name: 'Book Another Event', href: '/book' });
    await waitFor(() => expect(document.title).toBe('Payment Status · Annapurna Events'));
  });

  it('states the rest of the schedule with the numbers the admin saved', async () => {
    const saved: PaymentRules = {
      ...DEFAULT_PAYMENT_RULES,
      advance_percent: 30,
      advance_due_days_after_confirmation: 5,
      balance_due_days_before_event: 10,
    };
    server.use(
      trpcHandler('payments.status', () => PAID),
      trpcHandler('site.paymentTerms', () => paymentRulesToDto(saved)),
    );
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeInTheDocument();
    const terms = paymentTerms(saved);
    await waitFor(() => expect(listedIn('Paying the rest')).toEqual(scheduleLines(terms)));
    expect(terms.advance).toContain('30% of the total. It is due 5 days after');
    expect(terms.balance).toContain('due 10 days before the event');
  });

  it('confirms a paid instalment with its own amount and where the rest stands', async () => {
    server.use(
      trpcHandler('payments.status', () => ({
        ...PAID,
        order_id: 'PAY-0A1B2C',
        purpose: 'instalment',
        amount: 72_751,
      })),
    );
    renderApp({ path: '/payment/success?order_id=PAY-0A1B2C' });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeInTheDocument();
    expect(detail('Payment For')).toBe('Booking payment');
    expect(detail('Amount Paid')).toBe('₹72,751');
    const terms = paymentTerms(DEFAULT_PAYMENT_RULES);
    expect(listedIn('What happens next')).toEqual([
      'We have received your payment of ₹72,751.',
      'A receipt with what is still to pay, and when, is on its way to your email.',
      terms.payTheRest,
      terms.reminders,
    ]);
    expect(screen.queryByText(/token/i)).not.toBeInTheDocument();
  });

  it('confirms a paid ₹99 subscription with its own amount and texts, not the token’s', async () => {
    server.use(trpcHandler('payments.status', () => SUBSCRIPTION_PAID));
    renderApp({ path: `/payment/success?order_id=${SUBSCRIPTION_PAID.order_id}` });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Thank you! Your subscription is active.')).toBeInTheDocument();
    expect(detail('Order ID')).toBe(SUBSCRIPTION_PAID.order_id);
    expect(detail('Payment For')).toBe('Subscription');
    expect(detail('Amount Paid')).toBe('₹99');
    const next = within(screen.getByRole('region', { name: 'What happens next' }));
    expect(next.getByText('We have received your subscription fee of ₹99.')).toBeInTheDocument();
    expect(
      next.getByText(/one-time 5% instant discount on the final bill of the quote you subscribed from/),
    ).toBeInTheDocument();
    expect(next.getByText(/50% of the subscription \(₹49\.50\) is refunded within 3 working days/)).toBeInTheDocument();
    expect(screen.queryByText(/₹999/)).not.toBeInTheDocument();
    expect(screen.queryByText(/token/i)).not.toBeInTheDocument();
    expectActions({ name: 'Book Another Event', href: '/book' });
  });

  it('says a refunded subscription is refunded, not active, with what was paid and what comes back', async () => {
    server.use(trpcHandler('payments.status', () => ({ ...SUBSCRIPTION_PAID, settled: 'subscription_refunded' })));
    renderApp({ path: `/payment/success?order_id=${SUBSCRIPTION_PAID.order_id}` });

    expect(await screen.findByRole('heading', { name: 'Subscription Refunded', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/₹49\.50 \(50% of the subscription\) comes back to you/)).toBeInTheDocument();
    expect(detail('Status')).toBe('Refunded');
    expect(detail('Amount Paid')).toBe('₹99');
    expect(screen.queryByText('Thank you! Your subscription is active.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
    expectActions({ name: 'Book Another Event', href: '/book' });
  });

  it('shows a pending subscription with its ₹99 fee', async () => {
    server.use(
      trpcHandler('payments.status', () => ({ ...SUBSCRIPTION_PAID, is_paid: false, payment_status: 'CREATED' })),
    );
    renderApp({ path: `/payment/success?order_id=${SUBSCRIPTION_PAID.order_id}` });

    expect(await screen.findByRole('heading', { name: 'Payment Pending', level: 1 })).toBeInTheDocument();
    expect(detail('Payment For')).toBe('Subscription');
    expect(detail('Subscription Fee')).toBe('₹99');
    expect(screen.queryByText('Token Amount')).not.toBeInTheDocument();
  });

  it('confirms a paid advance or balance with its own amount, not the token’s', async () => {
    server.use(trpcHandler('payments.status', () => ADVANCE_PAID));
    renderApp({ path: `/payment/success?order_id=${ADVANCE_PAID.order_id}` });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Thank you! Your payment is received.')).toBeInTheDocument();
    expect(detail('Payment For')).toBe('Booking payment');
    expect(detail('Amount Paid')).toBe('₹73,636');
    const next = within(screen.getByRole('region', { name: 'What happens next' }));
    expect(next.getByText('We have received your payment of ₹73,636.')).toBeInTheDocument();
    expect(next.getByText(/what is still to pay/)).toBeInTheDocument();
    expect(screen.queryByText(/₹999/)).not.toBeInTheDocument();
    expect(screen.queryByText(/token/i)).not.toBeInTheDocument();
  });

  it('shows a pending advance or balance with its amount', async () => {
    server.use(trpcHandler('payments.status', () => ({ ...ADVANCE_PAID, is_paid: false, payment_status: 'CREATED' })));
    renderApp({ path: `/payment/success?order_id=${ADVANCE_PAID.order_id}` });

    expect(await screen.findByRole('heading', { name: 'Payment Pending', level: 1 })).toBeInTheDocument();
    expect(detail('Payment For')).toBe('Booking payment');
    expect(detail('Amount')).toBe('₹73,636');
    expect(screen.queryByText('Token Amount')).not.toBeInTheDocument();
  });

  it('counts payment_status PAID as paid even when is_paid is false', async () => {
    server.use(trpcHandler('payments.status', () => ({ ...PAID, is_paid: false })));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });

  it('shows a pending payment as being processed', async () => {
    server.use(trpcHandler('payments.status', () => PENDING));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Pending', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Payment is being processed')).toBeInTheDocument();
    expect(screen.getByText(/We check again every 10 seconds/)).toBeInTheDocument();
    expect(detail('Status')).toBe('PENDING');
    expect(detail('Token Amount')).toBe('₹999');
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
    expectActions({ name: 'Book Another Event', href: '/book' });
  });

  it('checks a pending payment again until it is paid, then stops', async () => {
    let answers = 0;
    server.use(trpcHandler('payments.status', () => (++answers < 3 ? PENDING : PAID)));
    renderWithProviders(<PaymentSuccessPage pollIntervalMs={40} />, { path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(statusCalls()).toHaveLength(3);

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(statusCalls()).toHaveLength(3);
  });

  it('does not poll a payment that is already paid', async () => {
    server.use(trpcHandler('payments.status', () => PAID));
    renderWithProviders(<PaymentSuccessPage pollIntervalMs={40} />, { path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(statusCalls()).toHaveLength(1);
  });

  it('says plainly that the team recorded the money of an expired order, links to the booking and stops checking', async () => {
    const recorded: PaymentStatusDto = { ...PENDING, payment_status: 'EXPIRED', settled: 'recorded_by_team' };
    server.use(trpcHandler('payments.status', () => recorded));
    renderWithProviders(<PaymentSuccessPage pollIntervalMs={40} />, { path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Received', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Our team has recorded this payment on your booking, so nothing is left to pay on this order.',
    );
    expect(screen.getByText(/no need to pay this order again/)).toBeInTheDocument();
    expect(detail('Payment For')).toBe('Booking token');
    expect(detail('Status')).toBe('Recorded by our team');
    expect(detail('Token Amount')).toBe('₹999');
    expect(screen.queryByText(/Payment Pending|being processed|EXPIRED/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try Again' })).not.toBeInTheDocument();
    expectActions({ name: 'View Your Booking', href: `/bookings/${PENDING.booking_id}` });
    expectHelpBlock();

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(statusCalls()).toHaveLength(1);
  });

  it('says an instalment order paid another way has nothing left to pay', async () => {
    server.use(
      trpcHandler('payments.status', () => ({
        ...ADVANCE_PAID,
        is_paid: false,
        payment_status: 'EXPIRED',
        settled: 'paid_otherwise',
      })),
    );
    renderApp({ path: `/payment/success?order_id=${ADVANCE_PAID.order_id}` });

    expect(await screen.findByRole('heading', { name: 'Already Paid', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/already been made on your booking, so nothing is left to pay/)).toBeInTheDocument();
    expect(detail('Payment For')).toBe('Booking payment');
    expect(detail('Status')).toBe('Paid another way');
    expect(detail('Amount')).toBe('₹73,636');
    expectActions({ name: 'View Your Booking', href: `/bookings/${ADVANCE_PAID.booking_id}` });
  });

  it('says an unpaid order of a cancelled booking has nothing to pay, links to the booking and stops checking', async () => {
    const cancelled: PaymentStatusDto = { ...PENDING, payment_status: 'EXPIRED', settled: 'booking_cancelled' };
    server.use(trpcHandler('payments.status', () => cancelled));
    renderWithProviders(<PaymentSuccessPage pollIntervalMs={40} />, { path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Booking Cancelled', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This booking has been cancelled, so nothing is to be paid on this order.',
    );
    expect(detail('Status')).toBe('Booking cancelled');
    expect(detail('Token Amount')).toBe('₹999');
    expect(screen.queryByText(/Payment Pending|being processed|check again|EXPIRED/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try Again' })).not.toBeInTheDocument();
    expectActions({ name: 'View Your Booking', href: `/bookings/${PENDING.booking_id}` });
    expectHelpBlock();

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(statusCalls()).toHaveLength(1);
  });

  it('says a paid token of a booking cancelled since was received, without calling the booking confirmed', async () => {
    server.use(trpcHandler('payments.status', () => ({ ...PAID, settled: 'booking_cancelled' })));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Received', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We have received this payment, and the booking has since been cancelled.',
    );
    expect(screen.getByText(/refund due under the cancellation terms/)).toBeInTheDocument();
    expect(detail('Amount Paid')).toBe('₹999');
    expect(screen.queryByText(/booking is confirmed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What happens next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paying the rest' })).not.toBeInTheDocument();
    expectActions({ name: 'View Your Booking', href: `/bookings/${PAID.booking_id}` });
  });

  it('keeps an expired order the booking still needs money for pending', async () => {
    server.use(trpcHandler('payments.status', () => ({ ...PENDING, payment_status: 'EXPIRED' })));
    renderApp({ path: '/payment/success?order_id=ORD-2041' });

    expect(await screen.findByRole('heading', { name: 'Payment Pending', level: 1 })).toBeInTheDocument();
    expect(detail('Status')).toBe('EXPIRED');
  });
});
