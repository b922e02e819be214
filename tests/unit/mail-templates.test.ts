import { describe, expect, it } from 'vitest';
import {
  bookingCancelledEmail,
  paymentReceiptEmail,
  type CancellationFigures,
} from '../../src/server/mail/account-templates';
import { escapeHtml, inquiryAcknowledgementEmail, quotationEmail, quoteEmail } from '../../src/server/mail/templates';
import {
  bookingMoney,
  DEFAULT_PAYMENT_RULES,
  INSTALMENT_LABELS,
  type PaymentRules,
} from '../../src/shared/booking-rules';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { addDays, formatLongDate } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paymentTerms, quoteScheduleRows, type PaymentTerms } from '../../src/shared/payment-terms';
import { paiseToRupees } from '../../src/shared/pricing';
import { computeRefund, type RefundInput } from '../../src/shared/refund-policy';
import type { QuotationDto } from '../../src/shared/schemas/quotation';
import { bookingInquiryInputSchema } from '../../src/shared/schemas/bookings';
import { instantQuoteInputSchema, type InstantQuoteResult } from '../../src/shared/schemas/quote';

const hostile = 'Asha <img src=x onerror=alert(1)> & "Ravi"';

const quoteInput = instantQuoteInputSchema.parse({
  event_type: 'pre_wedding',
  event_date: '2099-03-05',
  guest_count: 300,
  venue_type: 'garden',
  tier: 'premium',
  location: 'Pune <b>city</b>',
  client_email: 'asha@example.in',
  client_name: hostile,
  event_name: '<script>alert("x")</script> Sangeet',
});

const result: InstantQuoteResult = {
  quote_id: 'a1b2c3d4-0000-4000-8000-000000000000',
  tier: 'premium',
  guest_count: 300,
  base_price_per_person: 1271,
  gross_amount: 381300,
  discount_percent: 5,
  discount_amount: 19065,
  subtotal: 362235,
  gst_percent: 18,
  gst_amount: 65202.3,
  final_amount: 427437.3,
  valid_until: '2099-03-12',
  breakdown: [
    { key: 'base', label: 'Premium package: ₹1,271 × 300 guests', amount: 381300 },
    { key: 'discount', label: 'Volume discount (5%)', amount: -19065 },
    { key: 'subtotal', label: 'Base amount', amount: 362235 },
    { key: 'gst', label: 'GST (18%)', amount: 65202.3 },
    { key: 'total', label: 'Total amount', amount: 427437.3 },
  ],
};

/** A day the quote's event (March 5th, 2099) is 63 days after: far enough for the advance's 7 days. */
const TODAY = '2099-01-01';

const CHANGED_RULES: PaymentRules = {
  booking_amount_paise: 5_000_00,
  advance_percent: 40,
  advance_due_days_after_confirmation: 3,
  advance_immediate_within_days: 20,
  balance_due_days_before_event: 10,
};

/** Every statement of the terms an e-mail repeats, as its text part lists them. */
function termBullets(terms: PaymentTerms): string[] {
  return [terms.deposit, terms.reminders, terms.payTheRest, terms.cancel, terms.refunds, terms.companyCancellation].map(
    (sentence) => `  - ${sentence}`,
  );
}

/** The schedule lines of a quote e-mail, from the shared rule the pages and My Bookings use. */
function scheduleLines(totalPaise: number, eventDate: string, rules: PaymentRules): string[] {
  return quoteScheduleRows({ totalPaise, eventDate, rules, today: TODAY }).map(
    (row) => `  ${row.label}: ${formatInr(paiseToRupees(row.amount_paise))}, ${row.due}`,
  );
}

describe('quote e-mail', () => {
  const mail = quoteEmail(DEFAULT_BRAND, quoteInput, result, DEFAULT_PAYMENT_RULES, TODAY);

  it('escapes the five characters HTML gives a meaning, each once, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a> &amp; ₹1,200`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt; &amp;amp; ₹1,200',
    );
    expect(escapeHtml(42)).toBe('42');
  });

  it('escapes every value the customer typed in the HTML, and keeps it readable in the text', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>city');
    expect(mail.html).toContain('Asha &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Ravi&quot;');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Sangeet');
    expect(mail.text).toContain(`Dear ${hostile},`);
  });

  it('is branded, in rupees with Indian grouping, with dates as PPP', () => {
    expect(mail.to).toBe('asha@example.in');
    expect(mail.template).toBe('quote');
    expect(mail.subject).toBe('Your instant quote for <script>alert("x")</script> Sangeet: ₹4,27,437.30');
    for (const line of [
      'Date: March 5th, 2099',
      'Guests: 300',
      'Event type: Pre wedding',
      'Package: Premium (₹1,271 per person)',
      'Premium package: ₹1,271 × 300 guests: ₹3,81,300',
      'Volume discount (5%): −₹19,065',
      'Base amount: ₹3,62,235',
      'GST (18%): ₹65,202.30',
      'Total amount: ₹4,27,437.30',
      'This quote is valid until March 12th, 2099. Quote reference: A1B2C3D4.',
      DEFAULT_BRAND.legalName,
      DEFAULT_BRAND.phone,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain(DEFAULT_BRAND.name);
    expect(mail.html).toContain('₹4,27,437.30');
  });

  it('gives the schedule the quote would be paid by and the terms, every figure from the shared rules', () => {
    const lines = scheduleLines(42_743_730, '2099-03-05', DEFAULT_PAYMENT_RULES);
    expect(lines).toEqual([
      '  Booking amount: ₹999, when you accept the quote; it confirms your booking',
      '  Advance: ₹1,05,860.33, 7 days after your booking is confirmed',
      '  Balance: ₹3,20,577.97, by February 26th, 2099, 7 days before the event',
    ]);
    for (const line of [...lines, ...termBullets(paymentTerms(DEFAULT_PAYMENT_RULES))]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain(
      'sign in to My Bookings on our website with asha@example.in and pay the booking amount',
    );
    expect(mail.text).not.toContain('25% deposit secures');
  });

  it('follows the schedule the admin saved', () => {
    const changed = quoteEmail(DEFAULT_BRAND, quoteInput, result, CHANGED_RULES, TODAY);
    const lines = scheduleLines(42_743_730, '2099-03-05', CHANGED_RULES);
    expect(lines[0]).toBe('  Booking amount: ₹5,000, when you accept the quote; it confirms your booking');
    expect(lines[2]).toContain('by February 23rd, 2099, 10 days before the event');
    for (const line of [...lines, ...termBullets(paymentTerms(CHANGED_RULES))]) {
      expect(changed.text).toContain(line);
    }
    // 40% of ₹4,27,437.30 less the ₹5,000 booking amount.
    expect(lines[1]).toBe('  Advance: ₹1,65,974.92, 3 days after your booking is confirmed');
    expect(changed.text).not.toContain('which the advance completes');
    expect(changed.text).not.toContain('₹999');
  });
});

describe('custom quote e-mail', () => {
  const quotation: QuotationDto = {
    quoted_amount: 1_18_000,
    notes: null,
    items: [{ kind: 'fixed', description: 'Wedding dinner', unit_price: 1_00_000, quantity: 1, amount: 1_00_000 }],
    gross_amount: 1_00_000,
    discount: 0,
    discount_reason: null,
    subscriber_discount: 0,
    subtotal: 1_00_000,
    gst_percent: 18,
    gst_amount: 18_000,
    quoted_at: '2099-01-01T05:30:00.000Z',
  };
  const data = {
    bookingId: 'c0ffee00-0000-4000-8000-000000000000',
    clientName: 'Asha',
    clientEmail: 'asha@example.in',
    eventName: 'Sangeet',
    eventType: 'wedding',
    eventDate: '2099-01-21',
    guestCount: 200,
    venue: null,
    validUntil: '2099-01-08',
    quotation,
  };

  it('asks for the advance at once for an event within the window, with the terms', () => {
    const mail = quotationEmail(DEFAULT_BRAND, data, DEFAULT_PAYMENT_RULES, TODAY);
    const lines = scheduleLines(1_18_000_00, '2099-01-21', DEFAULT_PAYMENT_RULES);
    expect(lines).toEqual([
      '  Booking amount: ₹999, when you accept the quote; it confirms your booking',
      '  Advance: ₹28,501, at once when your booking is confirmed',
      '  Balance: ₹88,500, by January 14th, 2099, 7 days before the event',
    ]);
    for (const line of [...lines, ...termBullets(paymentTerms(DEFAULT_PAYMENT_RULES))]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain('pay the booking amount that confirms your date');
  });

  it('without an event date owes the balance with the advance', () => {
    const mail = quotationEmail(DEFAULT_BRAND, { ...data, eventDate: null }, CHANGED_RULES, TODAY);
    expect(mail.text).toContain('  Balance: ₹70,800, with the advance, while the event has no date');
    expect(mail.text).toContain('  Advance: ₹42,200, 3 days after your booking is confirmed');
  });
});

describe('receipt e-mail', () => {
  it('confirms the booking with its whole schedule, what was paid and the terms, from bookingMoney', () => {
    const money = bookingMoney({
      status: 'confirmed',
      totalPaise: 1_18_000_00,
      creditedPaise: 0,
      eventDate: '2099-03-05',
      confirmedOn: TODAY,
      heldPaise: 999_00,
      rules: DEFAULT_PAYMENT_RULES,
      today: TODAY,
    });
    const mail = paymentReceiptEmail(
      DEFAULT_BRAND,
      { email: 'asha@example.in', name: 'Asha' },
      {
        orderCode: 'TKN-00000000000000000001',
        purpose: 'token',
        label: 'Booking amount',
        amountPaise: 999_00,
        reference: '412345678901',
        paidAt: new Date('2099-01-01T05:30:00Z'),
      },
      { id: 'c0ffee00-0000-4000-8000-000000000000', eventName: 'Sangeet', eventDate: '2099-03-05' },
      {
        paidPaise: money.paid_paise,
        outstandingPaise: money.outstanding_paise,
        next: { label: 'Advance', amountPaise: money.next!.outstanding_paise, dueDate: money.next!.due_date },
        instalments: money.instalments.map((row) => ({
          label: INSTALMENT_LABELS[row.kind],
          amountPaise: row.amount_paise,
          outstandingPaise: row.outstanding_paise,
          dueDate: row.due_date,
        })),
        rules: DEFAULT_PAYMENT_RULES,
      },
    );
    const [booking, advance, balance] = money.instalments;
    expect([booking!.outstanding_paise, advance!.amount_paise, balance!.amount_paise]).toEqual([
      0, 28_501_00, 88_500_00,
    ]);
    for (const line of [
      'your booking is now confirmed',
      '  Booking amount: ₹999, paid',
      `  Advance: ₹28,501 by ${formatLongDate(advance!.due_date)}`,
      `  Balance: ₹88,500 by ${formatLongDate(balance!.due_date)}`,
      '  Still to pay: ₹1,17,001',
      ...termBullets(paymentTerms(DEFAULT_PAYMENT_RULES)),
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(advance!.due_date).toBe('2099-01-08');
    expect(balance!.due_date).toBe('2099-02-26');
  });
});

describe('cancellation e-mail', () => {
  const to = { email: 'asha@example.in', name: 'Asha' };
  const booking = { id: 'c0ffee00-0000-4000-8000-000000000000', eventName: 'Sangeet', eventDate: '2099-03-05' };

  /** The figures as the cancellation service passes them: the terms' computation and the ledger after it. */
  function figures(
    input: Omit<RefundInput, 'today'>,
    extra: Partial<Omit<CancellationFigures, 'refund'>> & { paidPaise?: number } = {},
  ): CancellationFigures {
    const refund = computeRefund({ ...input, today: TODAY });
    const owedBefore = extra.owedBackBeforePaise ?? 0;
    return {
      refund,
      paidPaise: input.paidPaise + owedBefore,
      owedBackBeforePaise: owedBefore,
      bandKeptPaise: refund.refundable_base_paise - refund.refund_amount_paise,
      keptPaise: refund.amount_paid_paise - refund.refund_amount_paise,
      refundStatus: refund.refund_amount_paise > 0 ? 'due' : null,
      bandDate: { date: input.eventDate, original: false },
      ...extra,
    };
  }

  it('says what was paid, what the terms keep (deposit and band share) and the refund with its state', () => {
    const mail = bookingCancelledEmail(
      DEFAULT_BRAND,
      to,
      booking,
      figures({
        eventDate: addDays(TODAY, 45),
        totalPaise: 1_00_000_00,
        paidPaise: 40_000_00,
        cancelledBy: 'customer',
      }),
    );
    for (const line of [
      `  Event date: ${formatLongDate(booking.eventDate)}`,
      '  Days before the event: 45',
      '  Terms: More than 30 days before the event: 75% of the amount beyond the deposit',
      '  Paid so far: ₹40,000',
      '  Deposit kept (25%, non-refundable): −₹25,000',
      '  Kept beyond the deposit (75% of it refunded): −₹3,750',
      '  Kept under the cancellation terms: ₹28,750',
      '  Refund to you: ₹11,250 (due)',
      'Refunds are processed within 10–15 business days.',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('original date');
    expect(mail.html).toContain('Kept under the cancellation terms');
  });

  it('keeps the paid booking amount within the deposit and says nothing is refunded', () => {
    const mail = bookingCancelledEmail(
      DEFAULT_BRAND,
      to,
      booking,
      figures({ eventDate: addDays(TODAY, 60), totalPaise: 1_00_000_00, paidPaise: 999_00, cancelledBy: 'customer' }),
    );
    for (const line of [
      '  Paid so far: ₹999',
      '  Deposit kept (25%, non-refundable): −₹999',
      '  Kept under the cancellation terms: ₹999',
      '  Refund to you: ₹0\n',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('Kept beyond the deposit');
    expect(mail.text).not.toContain('business days');
  });

  it('counts the days from the original date of a booking moved later, and says so', () => {
    const original = addDays(TODAY, 20);
    const mail = bookingCancelledEmail(
      DEFAULT_BRAND,
      to,
      { ...booking, eventDate: addDays(TODAY, 50) },
      figures(
        { eventDate: original, totalPaise: 1_00_000_00, paidPaise: 40_000_00, cancelledBy: 'customer' },
        { bandDate: { date: original, original: true } },
      ),
    );
    for (const line of [
      `  Event date: ${formatLongDate(addDays(TODAY, 50))}`,
      `  Days before the event: 20, counted from the original date, ${formatLongDate(original)}`,
      `As the date of your event was changed, the refund is counted from the original date, ` +
        `${formatLongDate(original)}, the earlier of the two: the booking was cancelled 20 days before it.`,
      '  Terms: 15–30 days before the event: 50% of the amount beyond the deposit',
      '  Kept beyond the deposit (50% of it refunded): −₹7,500',
      '  Kept under the cancellation terms: ₹32,500',
      '  Refund to you: ₹7,500 (due)',
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('a company cancellation keeps nothing; money owed back earlier is shown apart', () => {
    const mail = bookingCancelledEmail(
      DEFAULT_BRAND,
      to,
      booking,
      figures(
        { eventDate: addDays(TODAY, 3), totalPaise: 1_00_000_00, paidPaise: 30_000_00, cancelledBy: 'company' },
        { owedBackBeforePaise: 5_000_00 },
      ),
    );
    for (const line of [
      '  Paid so far: ₹35,000',
      '  Owed back before the cancellation: −₹5,000',
      '  Refund to you: ₹30,000 (due)',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toMatch(/Kept|Deposit kept/);
  });

  it('a booking without a date counts as far away, not as a number of days', () => {
    const mail = bookingCancelledEmail(
      DEFAULT_BRAND,
      to,
      { ...booking, eventDate: null },
      figures(
        { eventDate: addDays(TODAY, 365), totalPaise: null, paidPaise: 999_00, cancelledBy: 'customer' },
        { bandDate: null },
      ),
    );
    expect(mail.text).toContain('  Days before the event: No event date yet, so it counts as far away');
    expect(mail.text).not.toContain('Event date:');
  });
});

describe('inquiry acknowledgement e-mail', () => {
  it('repeats what was asked for, escaped, with the spec promise', () => {
    const input = bookingInquiryInputSchema.parse({
      client_name: hostile,
      client_email: 'asha@example.in',
      client_phone: '9876543210',
      event_type: 'gala',
      event_name: 'Gala Dinner - Acme & Sons',
      event_date: null,
      requirements: { guest_count: 0, special_requests: '<b>No</b> peanuts' },
    });
    const mail = inquiryAcknowledgementEmail(DEFAULT_BRAND, input, 'ffeeddcc-0000-4000-8000-000000000000');
    expect(mail.subject).toBe('We have received your inquiry: Gala Dinner - Acme & Sons');
    expect(mail.text).toContain('We will contact you soon with a customized quote.');
    expect(mail.text).toContain('Date: To be decided');
    expect(mail.text).toContain('Guests: To be decided');
    expect(mail.text).toContain('Decoration: Yes');
    expect(mail.text).toContain('Monday to Saturday, 10:00 to 19:00 IST');
    expect(mail.text).toContain('Inquiry reference: FFEEDDCC.');
    expect(mail.html).toContain('&lt;b&gt;No&lt;/b&gt; peanuts');
    expect(mail.html).toContain('Gala Dinner - Acme &amp; Sons');
    expect(mail.html).not.toContain('<b>No');
  });
});
