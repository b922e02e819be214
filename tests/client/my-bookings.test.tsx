import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingMoney, DEFAULT_PAYMENT_RULES, toScheduleDto } from '../../src/shared/booking-rules';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import type { BookingStatus } from '../../src/shared/domain';
import { formatInr } from '../../src/shared/money';
import { paymentTerms } from '../../src/shared/payment-terms';
import { priceQuote, withPeakSurcharge } from '../../src/shared/pricing';
import { quoteLines } from '../../src/shared/quote-result';
import { computeRefund } from '../../src/shared/refund-policy';
import type {
  CustomerBookingDetailDto,
  CustomerBookingDto,
  PaymentOrderDto,
  RefundPreviewDto,
} from '../../src/shared/schemas/account';
import { raisedAfterAdvance, userFor } from './fixtures';
import { recordedCalls, server, TEST_ORIGIN, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';
import { GST_DETAILS_REQUIRED } from '../../src/shared/schemas/gst';

const TOKEN = 'token-for-customer';

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The refund the shared terms give today, in the DTO's rupees (the server sends the same figures). */
function previewFor(eventDate: string, total: number, paid: number): RefundPreviewDto {
  const r = computeRefund({ eventDate, totalPaise: total * 100, paidPaise: paid * 100, cancelledBy: 'customer' });
  return {
    days_before: r.days_before,
    band: r.band,
    band_label: r.band_label,
    cancelled_by: r.cancelled_by,
    total,
    deposit: r.deposit_paise === null ? null : r.deposit_paise / 100,
    amount_paid: r.amount_paid_paise / 100,
    deposit_held: r.deposit_held_paise / 100,
    refundable_base: r.refundable_base_paise / 100,
    refund_percent: r.refund_percent,
    refund_amount: r.refund_amount_paise / 100,
    policy_refund_on_total: r.policy_refund_on_total_paise === null ? null : r.policy_refund_on_total_paise / 100,
  };
}

/** The schedule the server derives for these figures (the same shared rule). */
function scheduleFor(status: BookingStatus, total: number | null, eventDate: string, paid: number) {
  return toScheduleDto(
    bookingMoney({
      status,
      totalPaise: total === null ? null : total * 100,
      creditedPaise: 0,
      eventDate,
      confirmedOn: status === 'quoted' || status === 'inquiry' ? null : todayInIndia(),
      heldPaise: paid * 100,
    }),
  );
}

function booking(n: number, overrides: Partial<CustomerBookingDto> = {}): CustomerBookingDto {
  const eventDate = overrides.event_date ?? addDays(todayInIndia(), 60);
  const total = overrides.total === undefined ? 295_000 : overrides.total;
  return {
    id: uuid(n),
    reference: `Q-${String(n).padStart(6, '0')}`,
    status: 'quoted',
    event_name: `Sharma Wedding ${n}`,
    event_type: 'wedding',
    event_date: eventDate,
    event_time: '19:00',
    venue_name: 'Sayaji Banquets',
    city: 'Indore',
    guest_count: 250,
    package: 'premium',
    subtotal: 250_000,
    gst_amount: 45_000,
    subscriber_discount: null,
    total,
    credit_notes: null,
    valid_until: addDays(todayInIndia(), 10),
    created_at: '2026-11-20T10:00:00.000Z',
    payment: {
      token_amount: 999,
      amount_paid: 0,
      refunded: 0,
      token_paid: false,
      token_left: 999,
      open_order_id: null,
    },
    schedule: scheduleFor(overrides.status ?? 'quoted', total, eventDate, overrides.payment?.amount_paid ?? 0),
    can_pay_token: true,
    can_pay_instalment: false,
    can_cancel: true,
    can_change_date: true,
    date_changed: false,
    cancelled_by: null,
    refund_preview: total === null ? null : previewFor(eventDate, total, 0),
    refund: null,
    ...overrides,
  };
}

function detailOf(
  base: CustomerBookingDto,
  overrides: Partial<CustomerBookingDetailDto> = {},
): CustomerBookingDetailDto {
  return {
    ...base,
    recorded_payments: [],
    venue_address: 'Race Course Road, Indore',
    original_event_date: null,
    quotation: null,
    add_ons: [],
    quote_lines: null,
    timeline: [
      {
        at: '2026-11-20T10:00:00.000Z',
        action: 'booking.status_changed',
        label: 'Quote created',
        from: null,
        to: 'quoted',
      },
      {
        at: '2026-11-20T11:30:00.000Z',
        action: 'payment.order_created',
        label: 'Token payment started',
        from: null,
        to: null,
      },
      {
        at: '2026-11-20T11:31:00.000Z',
        action: 'gst.document_issued',
        label: 'Receipt voucher RV/26-27/00007 issued',
        from: null,
        to: null,
      },
    ],
    payments: [],
    ...overrides,
  };
}

function signedInCustomer() {
  server.use(trpcHandler('auth.me', () => userFor('customer')));
}

beforeEach(() => {
  signedInCustomer();
});

describe('My Bookings list', () => {
  it('lists each booking with status, event, date, guests, package and total, in the order the server sends', async () => {
    const newer = booking(2, {
      event_name: 'Mehta Reception',
      status: 'confirmed',
      can_pay_token: false,
      package: 'luxury',
      guest_count: 400,
      total: 590_000,
    });
    const older = booking(1, {
      event_name: 'Office Diwali Dinner',
      event_type: 'corporate',
      status: 'inquiry',
      total: null,
      package: null,
      can_pay_token: false,
    });
    server.use(trpcHandler('bookings.mine', () => [newer, older]));
    renderApp({ path: '/bookings', token: TOKEN });

    expect(await screen.findByRole('heading', { name: 'My Bookings', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Mehta Reception' });
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Mehta Reception', 'Office Diwali Dinner']);

    const first = headings[0]!.closest('li')!;
    expect(within(first).getByText('confirmed')).toBeInTheDocument();
    expect(within(first).getByText('400 guests')).toBeInTheDocument();
    expect(within(first).getByText('Luxury package')).toBeInTheDocument();
    expect(within(first).getByText(formatInr(590_000))).toBeInTheDocument();
    expect(within(first).getByText(/Your booking is confirmed/)).toBeInTheDocument();

    const second = headings[1]!.closest('li')!;
    expect(within(second).getByText('inquiry')).toBeInTheDocument();
    expect(within(second).getByText('Quote on request')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('offers the token payment on a quoted booking only', async () => {
    server.use(
      trpcHandler('bookings.mine', () => [booking(1), booking(2, { status: 'confirmed', can_pay_token: false })]),
    );
    renderApp({ path: '/bookings', token: TOKEN });

    expect(await screen.findAllByRole('button', { name: `Pay ${formatInr(999)} token` })).toHaveLength(1);
  });

  it('asks for what is left of a booking amount the team recorded in part', async () => {
    const part = booking(3, {
      event_name: 'Part Token Lunch',
      payment: {
        token_amount: 999,
        amount_paid: 500,
        refunded: 0,
        token_paid: false,
        token_left: 499,
        open_order_id: null,
      },
    });
    server.use(trpcHandler('bookings.mine', () => [part]));
    renderApp({ path: '/bookings', token: TOKEN });

    expect(await screen.findByRole('button', { name: `Pay ${formatInr(499)} token` })).toBeInTheDocument();
    expect(
      screen.getByText(`Pay the ${formatInr(499)} left of the ${formatInr(999)} token to confirm your date.`),
    ).toBeInTheDocument();
  });

  it('shows an empty state that leads to a quote', async () => {
    renderApp({ path: '/bookings', token: TOKEN });

    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get an instant quote' })).toHaveAttribute('href', '/book');
  });

  it('shows the server error and loads again on Try again', async () => {
    let fail = true;
    server.use(
      trpcHandler('bookings.mine', () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
        return [booking(1)];
      }),
    );
    const { user } = renderApp({ path: '/bookings', token: TOKEN });

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sharma Wedding 1', level: 2 })).toBeInTheDocument();
  });

  it('tells an admin that My Bookings is for customers and points to the dashboard', async () => {
    server.use(trpcHandler('auth.me', () => userFor('admin')));
    renderApp({ path: '/bookings', token: 'token-for-admin' });

    expect(await screen.findByText(/which is not a customer account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(recordedCalls('bookings.mine')).toHaveLength(0);
  });

  it('opens a booking from its card', async () => {
    const item = booking(7);
    server.use(
      trpcHandler('bookings.mine', () => [item]),
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
    );
    const { user, currentPath } = renderApp({ path: '/bookings', token: TOKEN });

    await user.click(await screen.findByRole('link', { name: 'Sharma Wedding 7' }));
    expect(currentPath()).toBe(`/bookings/${item.id}`);
    expect(await screen.findByRole('heading', { name: 'Sharma Wedding 7', level: 1 })).toBeInTheDocument();
  });
});

describe('booking detail', () => {
  it('shows a confirmed booking its schedule and the next payment, not the quote’s validity', async () => {
    const item = booking(4, {
      status: 'confirmed',
      can_pay_token: false,
      payment: {
        token_amount: 999,
        amount_paid: 999,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
    });
    const detail = detailOf(
      { ...item, can_pay_instalment: item.schedule.pay_now !== null },
      {
        recorded_payments: [
          { amount: 5_000, method: 'bank_transfer', reference: 'NEFT-771', received_at: '2026-11-22T06:30:00.000Z' },
        ],
      },
    );
    server.use(trpcHandler('bookings.mineDetail', () => detail));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    expect(await screen.findByRole('heading', { name: 'Sharma Wedding 4', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Quote' })).queryByText('Valid until')).not.toBeInTheDocument();
    const schedule = within(screen.getByRole('list', { name: 'Payment schedule' }));
    expect(schedule.getAllByRole('listitem').map((row) => row.firstChild?.firstChild?.textContent)).toEqual([
      'Booking amount',
      'Advance',
      'Balance',
    ]);
    const recorded = within(screen.getByRole('list', { name: 'Payments our team recorded' }));
    expect(recorded.getByText('Bank transfer')).toBeInTheDocument();
    expect(recorded.getByText(/NEFT-771/)).toBeInTheDocument();
    expect(recorded.getByText(formatInr(5_000))).toBeInTheDocument();
    const advance = item.schedule.pay_now!;
    expect(advance.kind).toBe('advance');
    expect(screen.getByRole('button', { name: `Pay ${formatInr(advance.amount)} advance` })).toBeInTheDocument();
  });

  it('shows what a price rise added after the advance was due as a row of its own, due that day', async () => {
    const raised = raisedAfterAdvance();
    const { today, eventDate } = raised;
    const item = booking(8, {
      status: 'confirmed',
      event_date: eventDate,
      total: 1_50_000,
      can_pay_token: false,
      payment: {
        token_amount: 999,
        amount_paid: 25_000,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      schedule: raised.schedule,
    });
    const keyWarning = vi.spyOn(console, 'error');
    server.use(trpcHandler('bookings.mineDetail', () => detailOf({ ...item, can_pay_instalment: true })));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const schedule = within(await screen.findByRole('list', { name: 'Payment schedule' }));
    const rows = schedule.getAllByRole('listitem');
    expect(rows.map((row) => row.firstChild?.firstChild?.textContent)).toEqual([
      'Booking amount',
      'Advance',
      'Advance (increase)',
      'Balance',
    ]);
    expect(within(rows[2]!).getByText(`Due by ${formatLongDate(today)}`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(formatInr(12_500))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Pay ${formatInr(12_500)} advance (increase)` })).toBeInTheDocument();
    expect(keyWarning.mock.calls.filter((call) => String(call[0]).includes('same key'))).toEqual([]);
    keyWarning.mockRestore();
  });

  it('names what is left of an overdue instalment paid in part, and the days it is overdue', async () => {
    const eventDate = addDays(todayInIndia(), 40);
    const item = booking(7, {
      status: 'confirmed',
      event_date: eventDate,
      can_pay_token: false,
      payment: {
        token_amount: 999,
        amount_paid: 60_000,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
    });
    const advance = item.schedule.instalments.find((row) => row.kind === 'advance')!;
    const overdue = {
      ...item.schedule,
      instalments: item.schedule.instalments.map((row) =>
        row.kind === 'advance'
          ? { ...row, paid: advance.amount - 7_566.75, outstanding: 7_566.75, days_overdue: 52 }
          : row,
      ),
    };
    server.use(trpcHandler('bookings.mineDetail', () => detailOf({ ...item, schedule: overdue })));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const schedule = within(await screen.findByRole('list', { name: 'Payment schedule' }));
    expect(schedule.getByText(`${formatInr(7_566.75)} left, 52 days overdue`)).toBeInTheDocument();
  });

  it('lists the custom quote’s lines and the menu’s add-ons beside them, which add up to the subtotal', async () => {
    const item = booking(9, { status: 'confirmed', subtotal: 2_13_600, can_pay_token: false });
    const detail = detailOf(item, {
      quotation: {
        quoted_amount: 2_52_048,
        notes: null,
        items: [
          {
            kind: 'per_person',
            description: 'Corporate dinner package',
            unit_price: 800,
            quantity: 240,
            amount: 1_92_000,
          },
        ],
        gross_amount: 1_92_000,
        discount: 0,
        discount_reason: null,
        subscriber_discount: 0,
        subtotal: 2_13_600,
        gst_percent: 18,
        gst_amount: 38_448,
        quoted_at: '2026-11-20T10:00:00.000Z',
      },
      add_ons: [{ description: 'Vegan Chocolate Mousse', per_guest: 90, guests: 240, amount: 21_600 }],
    });
    server.use(trpcHandler('bookings.mineDetail', () => detail));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const quote = within(await screen.findByRole('region', { name: 'Quote' }));
    expect(quote.getByText(`Corporate dinner package (${formatInr(800)} × 240)`).nextElementSibling).toHaveTextContent(
      formatInr(1_92_000),
    );
    expect(
      quote.getByText(`Vegan Chocolate Mousse (add-on) (${formatInr(90)} × 240)`).nextElementSibling,
    ).toHaveTextContent(formatInr(21_600));
    expect(quote.getByText('Subtotal').nextElementSibling).toHaveTextContent(formatInr(1_92_000 + 21_600));
  });

  it('lists a package booking’s quote lines as the e-mail and the PDF do: package, add-ons, discount, surcharge', async () => {
    // The lines the server sends, by the shared rule the quote e-mail and the PDF list them by.
    const withMojito = priceQuote({
      tier: 'luxury',
      eventType: 'wedding',
      venueType: 'indoor',
      city: 'Indore',
      guestCount: 500,
      addOns: [{ description: 'Virgin Mojito', perGuestPaise: 60_00 }],
    });
    const item = booking(11, { package: 'luxury', guest_count: 500, subtotal: 10_11_750, gst_amount: 1_82_115 });
    server.use(
      trpcHandler('bookings.mineDetail', () =>
        detailOf(
          { ...item, total: 11_93_865 },
          {
            add_ons: [{ description: 'Virgin Mojito', per_guest: 60, guests: 500, amount: 30_000 }],
            quote_lines: quoteLines(withMojito, null),
          },
        ),
      ),
    );
    const { unmount } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });
    const quote = within(await screen.findByRole('region', { name: 'Quote' }));
    const amountOf = (label: string) => quote.getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(amountOf('Luxury package: ₹2,070 × 500 guests')).toBe(formatInr(10_35_000));
    expect(amountOf('Virgin Mojito (add-on): ₹60 × 500 guests')).toBe(formatInr(30_000));
    expect(amountOf('Volume discount (5%)')).toBe(`−${formatInr(53_250)}`);
    expect(amountOf('Base amount')).toBe(formatInr(10_11_750));
    expect(amountOf('GST (18%)')).toBe(formatInr(1_82_115));
    expect(amountOf('Total amount')).toBe(formatInr(11_93_865));
    unmount();

    const peak = withPeakSurcharge(
      priceQuote({ tier: 'luxury', eventType: 'wedding', venueType: 'garden', city: 'Indore', guestCount: 320 }),
      { percent: 10, reason: "Valentine's Day" },
    );
    const onPeak = booking(12, { package: 'luxury', guest_count: 320, subtotal: 7_26_985.6, gst_amount: 1_30_857.41 });
    server.use(
      trpcHandler('bookings.mineDetail', () =>
        detailOf({ ...onPeak, total: 8_57_843.01 }, { quote_lines: quoteLines(peak, null) }),
      ),
    );
    renderApp({ path: `/bookings/${onPeak.id}`, token: TOKEN });
    const peakQuote = within(await screen.findByRole('region', { name: 'Quote' }));
    const peakAmount = (label: string) => peakQuote.getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(peakAmount('Luxury package: ₹2,174 × 320 guests')).toBe(formatInr(6_95_680));
    expect(peakAmount('Volume discount (5%)')).toBe(`−${formatInr(34_784)}`);
    expect(peakAmount("Peak date surcharge (10%): Valentine's Day")).toBe(formatInr(66_089.6));
    expect(peakAmount('Base amount')).toBe(formatInr(7_26_985.6));
    expect(peakAmount('GST (18%)')).toBe(formatInr(1_30_857.41));
    expect(peakAmount('Total amount')).toBe(formatInr(8_57_843.01));
  });

  it('shows what credit notes took off the total, and the total after them', async () => {
    const item = booking(5, {
      status: 'confirmed',
      total: 2_18_064,
      credit_notes: { credited: 1_000, total_after: 2_17_064 },
      can_pay_token: false,
      payment: {
        token_amount: 999,
        amount_paid: 999,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
    });
    server.use(trpcHandler('bookings.mineDetail', () => detailOf(item)));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    expect(await screen.findByRole('heading', { name: 'Sharma Wedding 5', level: 1 })).toBeInTheDocument();
    const quote = within(screen.getByRole('region', { name: 'Quote' }));
    expect(quote.getByText('Credit notes').nextElementSibling).toHaveTextContent(`−${formatInr(1_000)}`);
    expect(quote.getByText('Total after credit notes').nextElementSibling).toHaveTextContent(formatInr(2_17_064));
  });

  it('shows the event, the quote, the payments and the timeline newest first', async () => {
    const item = booking(3, { subscriber_discount: 12_500 });
    const detail = detailOf(item, {
      payments: [
        {
          order_id: 'TKN-ABC123',
          purpose: 'token',
          instalment: 'booking_amount',
          amount: 999,
          status: 'pending',
          paid_at: null,
        },
        {
          order_id: 'ADV-DEF456',
          purpose: 'instalment',
          instalment: 'advance',
          amount: 50_000,
          status: 'created',
          paid_at: null,
        },
      ],
    });
    server.use(
      trpcHandler('bookings.mineDetail', ({ input }) => ((input as { id: string }).id === item.id ? detail : null)),
    );
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    expect(await screen.findByRole('heading', { name: 'Sharma Wedding 3', level: 1 })).toBeInTheDocument();
    const quote = screen.getByRole('region', { name: 'Quote' });
    expect(within(quote).getByText(formatInr(250_000))).toBeInTheDocument();
    expect(within(quote).getByText(formatInr(45_000))).toBeInTheDocument();
    expect(within(quote).getByText(`−${formatInr(12_500)}`)).toBeInTheDocument();
    expect(within(quote).getByText(formatInr(295_000))).toBeInTheDocument();
    expect(within(quote).getByText('Valid until')).toBeInTheDocument();

    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('TKN-ABC123')).toBeInTheDocument();
    expect(
      within(payments)
        .getAllByRole('link', { name: 'Check status' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/payment/success?order_id=TKN-ABC123', '/payment/success?order_id=ADV-DEF456']);
    // Each order's state in the customer's words.
    const stateOf = (orderId: string) => within(within(payments).getByText(orderId).closest('li')!);
    expect(stateOf('TKN-ABC123').getByText('Pending')).toBeInTheDocument();
    expect(stateOf('ADV-DEF456').getByText('Not paid')).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Receipt voucher RV/26-27/00007 issued',
      'Token payment started',
      'Quote created',
    ]);
    expect(within(timeline).getAllByText(/IST$/)).toHaveLength(3);
    // A document number is kept on one line: a phone would break it at its hyphen.
    expect(getComputedStyle(within(timeline).getByText('RV/26-27/00007')).whiteSpace).toBe('nowrap');

    const actions = screen.getByRole('region', { name: 'Actions' });
    for (const name of [`Pay ${formatInr(999)} token`, 'Download quote (PDF)', 'Change event date', 'Cancel booking']) {
      expect(within(actions).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('a cancelled booking shows what was paid, what the terms keep and the refund, with no schedule left to pay', async () => {
    const paid = 295_000 / 4 + 20_000;
    const item = booking(5, {
      status: 'cancelled',
      payment: {
        token_amount: 999,
        amount_paid: paid,
        refunded: 15_000,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      schedule: scheduleFor('cancelled', 295_000, addDays(todayInIndia(), 60), paid),
      can_pay_token: false,
      can_cancel: false,
      can_change_date: false,
      cancelled_by: 'customer',
      refund_preview: null,
      refund: { amount: 15_000, paid: 0, due: 15_000, status: 'due' },
    });
    server.use(trpcHandler('bookings.mineDetail', () => detailOf(item)));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const payments = within(await screen.findByRole('region', { name: 'Payments' }));
    expect(payments.queryByRole('list', { name: 'Payment schedule' })).not.toBeInTheDocument();
    const figure = (label: string) => payments.getByText(label).nextElementSibling?.textContent;
    expect(figure('Paid so far')).toBe(formatInr(paid));
    expect(figure('Kept under the cancellation terms')).toBe(formatInr(paid - 15_000));
    expect(figure('Refund')).toBe(`${formatInr(15_000)} (due)`);
    expect(payments.queryByText('Still to pay')).not.toBeInTheDocument();
  });

  it('a refund partly paid out already says what is still due and what was paid, never their sum as due', async () => {
    // ₹1,00,000 paid over the total was given back before the cancellation; its refund of ₹60,000 is still due.
    const item = booking(5, {
      status: 'cancelled',
      payment: {
        token_amount: 999,
        amount_paid: 2_60_000,
        refunded: 1_60_000,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      schedule: scheduleFor('cancelled', 1_60_000, addDays(todayInIndia(), 60), 1_60_000),
      can_pay_token: false,
      can_cancel: false,
      can_change_date: false,
      cancelled_by: 'customer',
      refund_preview: null,
      refund: { amount: 1_60_000, paid: 1_00_000, due: 60_000, status: 'due' },
    });
    server.use(trpcHandler('bookings.mineDetail', () => detailOf(item)));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const payments = within(await screen.findByRole('region', { name: 'Payments' }));
    const figure = (label: string) => payments.getByText(label).nextElementSibling?.textContent;
    expect(figure('Paid so far')).toBe(formatInr(2_60_000));
    expect(figure('Kept under the cancellation terms')).toBe(formatInr(1_00_000));
    expect(figure('Refund')).toBe(`${formatInr(60_000)} (due), ${formatInr(1_00_000)} (paid)`);
    expect(
      screen.getByText(
        `Cancelled. A refund of ${formatInr(60_000)} will be paid to your original payment method within 10 to 15 ` +
          `business days. ${formatInr(1_00_000)} has already been paid back.`,
      ),
    ).toBeInTheDocument();
  });

  it('a booking that goes ahead counts as paid what it holds: money paid over its total and given back is not in it', async () => {
    const item = booking(5, {
      status: 'confirmed',
      payment: {
        token_amount: 999,
        amount_paid: 3_95_000,
        refunded: 1_00_000,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      schedule: scheduleFor('confirmed', 295_000, addDays(todayInIndia(), 60), 295_000),
      can_pay_token: false,
      refund: { amount: 1_00_000, paid: 1_00_000, due: 0, status: 'paid' },
    });
    server.use(trpcHandler('bookings.mineDetail', () => detailOf(item)));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const payments = within(await screen.findByRole('region', { name: 'Payments' }));
    const figure = (label: string) => payments.getByText(label).nextElementSibling?.textContent;
    expect(figure('Paid so far')).toBe(formatInr(295_000));
    expect(figure('Still to pay')).toBe(formatInr(0));
    expect(figure('Refund')).toBe(`${formatInr(1_00_000)} (paid)`);
  });

  it('an expired quote offers no date change and says why', async () => {
    const item = booking(6, {
      status: 'quoted',
      valid_until: addDays(todayInIndia(), -1),
      can_pay_token: false,
      can_change_date: false,
    });
    server.use(trpcHandler('bookings.mineDetail', () => detailOf(item)));
    renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    const actions = within(await screen.findByRole('region', { name: 'Actions' }));
    expect(actions.getByText('This quote has expired: request a fresh quote for another date.')).toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'Change event date' })).not.toBeInTheDocument();
  });

  it('answers a booking that is not in the account with a not-found message', async () => {
    server.use(
      trpcHandler('bookings.mineDetail', () => {
        throw new TrpcTestError('NOT_FOUND', 'Booking not found');
      }),
    );
    renderApp({ path: `/bookings/${uuid(99)}`, token: TOKEN });

    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All bookings' })).toHaveAttribute('href', '/bookings');
  });
});

/** The pay dialog's schedule, one line per instalment: label, amount and due. */
function scheduleNote(dialog: HTMLElement): (string | null)[] {
  const note = within(dialog).getByRole('region', { name: 'Your payment schedule' });
  return within(note)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

/** The terms for the rest of the booking, in the sentences the published terms use. */
function expectTermsIn(dialog: HTMLElement) {
  const note = within(dialog).getByRole('region', { name: 'Your payment schedule' });
  const text = note.textContent ?? '';
  const terms = paymentTerms();
  for (const sentence of [terms.payTheRest, terms.reminders, terms.cancel, terms.refunds]) {
    expect(text).toContain(sentence);
  }
  expect(within(note).getByRole('link', { name: 'Return and Refund Policy' })).toHaveAttribute(
    'href',
    '/refund-policy',
  );
}

describe('paying the token', () => {
  it('creates the order, shows the UPI QR with the order id, and "I have paid" opens the payment status page', async () => {
    const item = booking(4);
    const order: PaymentOrderDto = {
      order_id: 'TKN-7Q2M9X',
      amount: 999,
      purpose: 'token',
      status: 'created',
      provider: 'upi',
      upi_uri: 'upi://pay?pa=annapurnaevents%40upi&pn=Annapurna&am=999.00&cu=INR&tn=TKN-7Q2M9X&tr=TKN-7Q2M9X',
      payee: { upi_id: 'annapurnaevents@upi', name: 'Annapurna Hospitality Private Limited' },
      note: 'TKN-7Q2M9X',
      redirect_url: null,
      result_path: '/payment/success?order_id=TKN-7Q2M9X',
    };
    server.use(
      trpcHandler('bookings.mine', () => [item]),
      trpcHandler('payments.createTokenOrder', () => order),
      trpcHandler('payments.status', () => ({
        order_id: order.order_id,
        is_paid: false,
        payment_status: 'PENDING',
        amount: 999,
        purpose: 'token',
      })),
    );
    const { user, currentUrl } = renderApp({ path: '/bookings', token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(999)} token` }));
    const dialog = await screen.findByRole('dialog', { name: `Pay the ${formatInr(999)} booking token` });
    expect(await within(dialog).findByText('TKN-7Q2M9X')).toBeInTheDocument();
    expect(recordedCalls('payments.createTokenOrder').map((call) => call.input)).toEqual([{ booking_id: item.id }]);
    const qr = await within(dialog).findByRole('img', { name: /UPI QR code to pay ₹999/ });
    expect(qr).toHaveAttribute('data-qr-value', order.upi_uri);
    expect(within(dialog).getByText('annapurnaevents@upi')).toBeInTheDocument();
    const [bookingAmount, advance, balance] = item.schedule.instalments;
    expect(scheduleNote(dialog)).toEqual([
      `Booking amount${formatInr(bookingAmount!.amount)}, confirms your booking`,
      `Advance${formatInr(advance!.amount)} by ${formatLongDate(advance!.due_date)}`,
      `Balance${formatInr(balance!.amount)} by ${formatLongDate(balance!.due_date)}`,
    ]);
    expect(bookingAmount!.amount).toBe(999);
    expectTermsIn(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'I have paid' }));
    await waitFor(() => expect(currentUrl()).toBe('/payment/success?order_id=TKN-7Q2M9X'));
  });

  it('a confirmed booking pays its advance: the order is for exactly the next instalment', async () => {
    const schedule = scheduleFor('confirmed', 295_000, addDays(todayInIndia(), 60), 999);
    const advance = schedule.pay_now!;
    const item = booking(6, {
      status: 'confirmed',
      payment: {
        token_amount: 999,
        amount_paid: 999,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      schedule,
      can_pay_token: false,
      can_pay_instalment: true,
    });
    const order: PaymentOrderDto = {
      order_id: 'PAY-4D8E1A',
      amount: advance.amount,
      purpose: 'instalment',
      status: 'created',
      provider: 'upi',
      upi_uri:
        `upi://pay?pa=annapurnaevents%40upi&pn=Annapurna&am=${advance.amount.toFixed(2)}` +
        '&cu=INR&tn=Advance%20PAY-4D8E1A&tr=PAY-4D8E1A',
      payee: { upi_id: 'annapurnaevents@upi', name: 'Annapurna Hospitality Private Limited' },
      note: 'Advance PAY-4D8E1A',
      redirect_url: null,
      result_path: '/payment/success?order_id=PAY-4D8E1A',
    };
    server.use(
      trpcHandler('bookings.mine', () => [item]),
      trpcHandler('payments.createInstalmentOrder', () => order),
    );
    const { user } = renderApp({ path: '/bookings', token: TOKEN });

    expect(advance.label).toBe('Advance');
    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(advance.amount)} advance` }));
    const dialog = await screen.findByRole('dialog', { name: `Pay the ${formatInr(advance.amount)} advance` });
    expect(await within(dialog).findByText('PAY-4D8E1A')).toBeInTheDocument();
    expect(recordedCalls('payments.createInstalmentOrder').map((call) => call.input)).toEqual([
      { booking_id: item.id },
    ]);
    expect(recordedCalls('payments.createTokenOrder')).toEqual([]);
    expect(within(dialog).getByText(/count it in your payment schedule/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/confirm your booking/)).not.toBeInTheDocument();
  });

  it('shows why the order was refused and lets the customer try again', async () => {
    const item = booking(5);
    server.use(
      trpcHandler('bookings.mine', () => [item]),
      trpcHandler('payments.createTokenOrder', () => {
        throw new TrpcTestError('CONFLICT', 'The token for this booking is already paid');
      }),
    );
    const { user } = renderApp({ path: '/bookings', token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(999)} token` }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The token for this booking is already paid');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(recordedCalls('payments.createTokenOrder')).toHaveLength(2));
  });
});

describe('paying for a day that filled up', () => {
  const ORDER: PaymentOrderDto = {
    order_id: 'TKN-4F8K2P',
    amount: 999,
    purpose: 'token',
    status: 'created',
    provider: 'upi',
    upi_uri: 'upi://pay?pa=annapurnaevents%40upi&pn=Annapurna&am=999.00&cu=INR&tn=TKN-4F8K2P&tr=TKN-4F8K2P',
    payee: { upi_id: 'annapurnaevents@upi', name: 'Annapurna Hospitality Private Limited' },
    note: 'TKN-4F8K2P',
    redirect_url: null,
    result_path: '/payment/success?order_id=TKN-4F8K2P',
  };
  const full = (free: string[]) => () => {
    throw new TrpcTestError('CONFLICT', 'Fully booked: 3 of 3 events', { next_free_dates: free });
  };

  it('offers the next free dates and moves the event through the date change, then pays', async () => {
    const item = booking(21, { event_date: addDays(todayInIndia(), 40) });
    const free = [41, 43, 47].map((days) => addDays(todayInIndia(), days));
    let dayFull = true;
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('payments.createTokenOrder', () => (dayFull ? full(free)() : ORDER)),
      trpcHandler('bookings.changeDate', ({ input }) => ({
        message: 'Event date changed',
        booking: { ...item, event_date: (input as { new_date: string }).new_date, date_changed: true },
      })),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(999)} token` }));
    const pay = await screen.findByRole('dialog');
    expect(await within(pay).findByRole('alert')).toHaveTextContent('Fully booked: 3 of 3 events');
    expect(within(pay).getByText(/Choose one of the next free dates to move your event there/)).toBeInTheDocument();
    const choices = within(within(pay).getByRole('group', { name: 'Next free dates' })).getAllByRole('button');
    expect(choices.map((button) => button.textContent)).toEqual(free.map((date) => formatLongDate(date)));

    await user.click(choices[1]!);
    const change = await screen.findByRole('dialog', { name: 'Change the event date' });
    const [y, m, d] = free[1]!.split('-');
    expect(within(change).getByRole('textbox', { name: /New event date/ })).toHaveValue(`${d}/${m}/${y}`);
    // Both clicks of a double-click land before the page can show it is busy: the date changes once.
    const confirm = within(change).getByRole('button', { name: 'Change date' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText(`Event date changed to ${formatLongDate(free[1]!)}`)).toBeInTheDocument();
    expect(recordedCalls('bookings.changeDate').map((call) => call.input)).toEqual([
      { id: item.id, new_date: free[1] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dayFull = false;
    await user.click(screen.getByRole('button', { name: `Pay ${formatInr(999)} token` }));
    expect(await screen.findByText('TKN-4F8K2P')).toBeInTheDocument();
  });

  it('says to call with the dates to ask for when the date can no longer be changed online', async () => {
    const item = booking(22, { can_change_date: false, date_changed: true });
    const free = [61, 62, 64].map((days) => addDays(todayInIndia(), days));
    server.use(
      trpcHandler('bookings.mine', () => [item]),
      trpcHandler('payments.createTokenOrder', full(free)),
    );
    const { user } = renderApp({ path: '/bookings', token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(999)} token` }));
    const pay = await screen.findByRole('dialog');
    expect(await within(pay).findByRole('alert')).toHaveTextContent('Fully booked: 3 of 3 events');
    expect(within(pay).queryByRole('group', { name: 'Next free dates' })).not.toBeInTheDocument();
    const advice = within(pay).getByText(/The date of this booking cannot be changed online any more/);
    expect(advice).toHaveTextContent(
      `to move your event to ${formatLongDate(free[0]!)}, ${formatLongDate(free[1]!)} ` +
        `or ${formatLongDate(free[2]!)}, the next free dates.`,
    );
    expect(within(advice).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^tel:\+?\d+$/));
  });
});

describe('paying before the venue’s state is known', () => {
  const needsState = () => {
    throw new TrpcTestError(
      'CONFLICT',
      'Tell us the state the event is held in (GST details of the booking) before paying: the receipt needs it',
      { reason: GST_DETAILS_REQUIRED },
    );
  };

  it('leads from the booking page’s pay dialog to its GST details instead of trying again', async () => {
    const item = booking(23, { city: 'Lonavala' });
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('payments.createTokenOrder', needsState),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(999)} token` }));
    const pay = await screen.findByRole('dialog');
    expect(await within(pay).findByRole('alert')).toHaveTextContent(/Tell us the state the event is held in/);
    expect(within(pay).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await user.click(within(pay).getByRole('button', { name: 'Fill in the GST details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const heading = screen.getByRole('heading', { name: 'GST details and documents' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(recordedCalls('payments.createTokenOrder')).toHaveLength(1);
  });

  it('takes the customer from My Bookings to the booking’s GST details', async () => {
    const item = booking(24, { city: 'Lonavala' });
    server.use(
      trpcHandler('bookings.mine', () => [item]),
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('payments.createTokenOrder', needsState),
    );
    const { user, currentPath } = renderApp({ path: '/bookings', token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(999)} token` }));
    const pay = await screen.findByRole('dialog');
    await user.click(await within(pay).findByRole('button', { name: 'Fill in the GST details' }));

    await waitFor(() => expect(currentPath()).toBe(`/bookings/${item.id}`));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'GST details and documents' })).toHaveFocus());
  });
});

describe('paying the rest', () => {
  it('asks for the next instalment and shows what is paid, what is due when, and the terms', async () => {
    const eventDate = addDays(todayInIndia(), 60);
    const item = booking(11, {
      status: 'confirmed',
      event_date: eventDate,
      can_pay_token: false,
      can_pay_instalment: true,
      payment: {
        token_amount: 999,
        amount_paid: 999,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      schedule: scheduleFor('confirmed', 295_000, eventDate, 999),
    });
    const payNow = item.schedule.pay_now!;
    const order: PaymentOrderDto = {
      order_id: 'PAY-1A2B3C',
      amount: payNow.amount,
      purpose: 'instalment',
      status: 'created',
      provider: 'upi',
      upi_uri: `upi://pay?pa=annapurnaevents%40upi&am=${payNow.amount}.00&cu=INR&tn=PAY-1A2B3C&tr=PAY-1A2B3C`,
      payee: { upi_id: 'annapurnaevents@upi', name: 'Annapurna Hospitality Private Limited' },
      note: 'PAY-1A2B3C',
      redirect_url: null,
      result_path: '/payment/success?order_id=PAY-1A2B3C',
    };
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('payments.createInstalmentOrder', () => order),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: `Pay ${formatInr(payNow.amount)} advance` }));
    const dialog = await screen.findByRole('dialog', { name: `Pay the ${formatInr(payNow.amount)} advance` });
    expect(await within(dialog).findByText('PAY-1A2B3C')).toBeInTheDocument();
    const [, advance, balance] = item.schedule.instalments;
    // 25% of ₹2,95,000 less the ₹999 paid.
    expect(advance!.amount).toBe(72_751);
    expect(scheduleNote(dialog)).toEqual([
      `Booking amount${formatInr(999)}, paid`,
      `Advance${formatInr(72_751)} by ${formatLongDate(advance!.due_date)}`,
      `Balance${formatInr(balance!.amount)} by ${formatLongDate(balance!.due_date)}`,
    ]);
    expectTermsIn(dialog);
  });
});

describe('cancelling', () => {
  it('shows the refund the terms give before confirming, then cancels', async () => {
    const eventDate = addDays(todayInIndia(), 20);
    const item = booking(6, {
      event_date: eventDate,
      status: 'confirmed',
      can_pay_token: false,
      payment: {
        token_amount: 999,
        amount_paid: 150_000,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
    });
    const preview = previewFor(eventDate, 295_000, 150_000);
    let cancelled = false;
    server.use(
      trpcHandler('bookings.mineDetail', () =>
        detailOf(cancelled ? { ...item, status: 'cancelled', can_cancel: false, can_change_date: false } : item),
      ),
      trpcHandler('bookings.refundPreview', () => preview),
      trpcHandler('bookings.cancel', () => {
        cancelled = true;
        return { message: 'Booking cancelled', booking: { ...item, status: 'cancelled' }, refund: preview };
      }),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    // 20 days before: 50% of what was paid beyond the 25% deposit (₹73,750 held of ₹1,50,000 paid).
    expect(preview.refund_percent).toBe(50);
    expect(
      await within(dialog).findByText('Your event is 20 days away (India time).', { exact: false }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(`−${formatInr(73_750)}`)).toBeInTheDocument();
    expect(within(dialog).getAllByText(formatInr(38_125)).length).toBeGreaterThan(0);
    // Half the total is paid: the terms at full size, on the whole total (50% of the ₹2,21,250 beyond the deposit).
    expect(preview.policy_refund_on_total).toBe(1_10_625);
    expect(
      within(dialog).getByText(
        `Had the whole total of ${formatInr(295_000)} been paid, these terms would refund ${formatInr(1_10_625)}.`,
      ),
    ).toBeInTheDocument();

    const gstReads = recordedCalls('gst.mine').length;
    // Both clicks of a double-click land before the page can show it is busy: it cancels once.
    const confirm = within(dialog).getByRole('button', { name: 'Cancel booking' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText(`Booking cancelled. Refund due: ${formatInr(38_125)}`)).toBeInTheDocument();
    expect(recordedCalls('bookings.cancel').map((call) => call.input)).toEqual([{ id: item.id }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    // A cancellation may issue a GST document: the booking's documents are read again.
    await waitFor(() => expect(recordedCalls('gst.mine').length).toBeGreaterThan(gstReads));
  });

  it('after the event moved later, gives its current day and says the refund counts from the original date', async () => {
    const original = addDays(todayInIndia(), 20);
    const eventDate = addDays(todayInIndia(), 80);
    const paid = { token_amount: 999, amount_paid: 150_000, refunded: 0, token_paid: true, token_left: 0 };
    const item = booking(12, {
      event_date: eventDate,
      status: 'confirmed',
      can_pay_token: false,
      can_change_date: false,
      date_changed: true,
      payment: { ...paid, open_order_id: null },
    });
    // The server counts the band from the earlier of the two dates: 20 days, 50%.
    const preview = previewFor(original, 295_000, 150_000);
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item, { original_event_date: original })),
      trpcHandler('bookings.refundPreview', () => preview),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(
      await within(dialog).findByText(
        `Your event is on ${formatLongDate(eventDate)}, 80 days away (India time). As its date was changed, the ` +
          `refund is counted from the original date, ${formatLongDate(original)} (20 days away), the earlier of ` +
          `the two. ${preview.band_label}.`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Your event is 20 days away/)).not.toBeInTheDocument();
  });

  it('shows the server refusal, and the booking as it is now when it changed meanwhile', async () => {
    const item = booking(8);
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('bookings.refundPreview', () => item.refund_preview),
      trpcHandler('bookings.cancel', () => {
        throw new TrpcTestError('CONFLICT', 'This booking is completed and can no longer be cancelled');
      }),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('Refund to you');
    const reads = recordedCalls('bookings.mineDetail').length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('This booking is completed and can no longer be cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(recordedCalls('bookings.mineDetail').length).toBeGreaterThan(reads));
  });
});

describe('changing the date', () => {
  it('asks for a date first, then shows the server rule when it refuses, and confirms a change', async () => {
    const item = booking(9, { event_date: addDays(todayInIndia(), 40) });
    let refuse = true;
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('bookings.changeDate', ({ input }) => {
        if (refuse) throw new TrpcTestError('BAD_REQUEST', 'The new date is more than 6 months after the event.');
        return {
          message: 'Event date changed',
          booking: { ...item, event_date: (input as { new_date: string }).new_date, date_changed: true },
        };
      }),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Change event date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the event date' });
    await user.click(within(dialog).getByRole('button', { name: 'Change date' }));
    expect(await within(dialog).findByText('Choose the new event date.')).toBeInTheDocument();
    expect(recordedCalls('bookings.changeDate')).toHaveLength(0);

    const newDate = addDays(todayInIndia(), 50);
    const [y, m, d] = newDate.split('-');
    const input = within(dialog).getByRole('textbox', { name: /New event date/ });
    await user.type(input, `${d}/${m}/${y}`);
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Change date' }));
    expect(await screen.findByText('The new date is more than 6 months after the event.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Change date' }));
    await waitFor(() =>
      expect(recordedCalls('bookings.changeDate').at(-1)?.input).toEqual({ id: item.id, new_date: newDate }),
    );
    expect(await screen.findByText(/^Event date changed to/)).toBeInTheDocument();
  });
});

describe('what a much earlier date does to what is due', () => {
  /** Opens the date change of a confirmed booking 60 days out, with `paid` received, and types `newDate`. */
  async function chooseDate(paid: number, newDate: string, schedule?: CustomerBookingDto['schedule']) {
    const eventDate = addDays(todayInIndia(), 60);
    const item = booking(13, {
      event_date: eventDate,
      status: 'confirmed',
      can_pay_token: false,
      payment: {
        token_amount: 999,
        amount_paid: paid,
        refunded: 0,
        token_paid: true,
        token_left: 0,
        open_order_id: null,
      },
      ...(schedule && { schedule }),
    });
    server.use(trpcHandler('bookings.mineDetail', () => detailOf(item)));
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Change event date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the event date' });
    const [y, m, d] = newDate.split('-');
    await user.type(within(dialog).getByRole('textbox', { name: /New event date/ }), `${d}/${m}/${y}`);
    await user.tab();
    return { user, dialog: within(dialog), item };
  }

  it('says the unpaid advance falls due at once and the balance by its earlier date, before confirming', async () => {
    const newDate = addDays(todayInIndia(), 20);
    const { dialog } = await chooseDate(999, newDate);
    // The shared schedule: within 30 days the advance is due at once; the balance 7 days before the new date.
    expect(await dialog.findByText(`The advance of ${formatInr(72_751)} would be due at once.`)).toBeInTheDocument();
    expect(
      dialog.getByText(
        `The balance of ${formatInr(221_250)} would be due by ${formatLongDate(addDays(todayInIndia(), 13))} ` +
          `instead of ${formatLongDate(addDays(todayInIndia(), 53))}.`,
      ),
    ).toBeInTheDocument();
    expect(recordedCalls('bookings.changeDate')).toHaveLength(0);
  });

  it('says the balance falls due at once when the new date is within its 7 days', async () => {
    const { dialog } = await chooseDate(73_750, addDays(todayInIndia(), 5));
    expect(await dialog.findByText(`The balance of ${formatInr(221_250)} would be due at once.`)).toBeInTheDocument();
    // The advance is paid: nothing of it is due again.
    expect(dialog.queryByText(/The advance of/)).not.toBeInTheDocument();
  });

  it('says nothing about payments when the new date is later', async () => {
    const { dialog } = await chooseDate(999, addDays(todayInIndia(), 90));
    await dialog.findByRole('button', { name: 'Change date' });
    expect(dialog.queryByText(/would be due/)).not.toBeInTheDocument();
  });

  it('gives no figure it cannot stand behind when the booking keeps other payment numbers', async () => {
    const eventDate = addDays(todayInIndia(), 60);
    // Confirmed under numbers the admin later changed: the advance was due 14 days after confirmation.
    const kept = toScheduleDto(
      bookingMoney({
        status: 'confirmed',
        totalPaise: 295_000_00,
        creditedPaise: 0,
        eventDate,
        confirmedOn: todayInIndia(),
        heldPaise: 999_00,
        rules: { ...DEFAULT_PAYMENT_RULES, advance_due_days_after_confirmation: 14 },
      }),
    );
    const { dialog } = await chooseDate(999, addDays(todayInIndia(), 20), kept);
    expect(await dialog.findByText(/An earlier date may bring your advance or balance forward/)).toBeInTheDocument();
    expect(dialog.queryByText(/would be due/)).not.toBeInTheDocument();
  });
});

describe('changing the date to a typed day the rule does not allow', () => {
  it('keeps the typed date with a message and sends nothing, instead of moving it to the last allowed day', async () => {
    const item = booking(11, { event_date: addDays(todayInIndia(), 40) });
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      trpcHandler('bookings.changeDate', ({ input }) => ({
        message: 'Event date changed',
        booking: { ...item, event_date: (input as { new_date: string }).new_date, date_changed: true },
      })),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Change event date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the event date' });
    const input = within(dialog).getByRole('textbox', { name: /New event date/ });
    const tooLate = addDays(item.event_date!, 250);
    const [y, m, d] = tooLate.split('-');
    await user.type(input, `${d}/${m}/${y}`);
    await user.tab();
    expect(input).toHaveValue(`${d}/${m}/${y}`);
    expect(input).toHaveAccessibleDescription(
      new RegExp(`^${formatLongDate(tooLate)} is not available: choose a date up to `),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Change date' }));
    expect(input).toHaveValue(`${d}/${m}/${y}`);
    expect(input).toHaveFocus();
    expect(recordedCalls('bookings.changeDate')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '31/02/2027');
    await user.keyboard('{Enter}');
    expect(input).toHaveAccessibleDescription('31/02/2027 is not a date: February 2027 has no day 31.');
    await user.click(within(dialog).getByRole('button', { name: 'Change date' }));
    expect(recordedCalls('bookings.changeDate')).toHaveLength(0);
  });
});

describe('quote PDF', () => {
  const createObjectURL = vi.fn(() => 'blob:quote');
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the PDF with the signed-in token', async () => {
    const item = booking(10);
    let authorization: string | null = null;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      http.get(`${TEST_ORIGIN}/api/me/bookings/:id/quote.pdf`, ({ request, params }) => {
        authorization = request.headers.get('authorization');
        expect(params.id).toBe(item.id);
        return new HttpResponse('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="quote-Q-000010.pdf"',
          },
        });
      }),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Download quote (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(authorization).toBe(`Bearer ${TOKEN}`);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('quote-Q-000010.pdf');
  });

  it('shows the server detail when the PDF is refused', async () => {
    const item = booking(11);
    server.use(
      trpcHandler('bookings.mineDetail', () => detailOf(item)),
      http.get(`${TEST_ORIGIN}/api/me/bookings/:id/quote.pdf`, () =>
        HttpResponse.json({ detail: 'This booking has no quote yet' }, { status: 409 }),
      ),
    );
    const { user } = renderApp({ path: `/bookings/${item.id}`, token: TOKEN });

    await user.click(await screen.findByRole('button', { name: 'Download quote (PDF)' }));
    expect(await screen.findByText('This booking has no quote yet')).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
