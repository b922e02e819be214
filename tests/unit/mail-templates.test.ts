import { describe, expect, it } from 'vitest';
import { inquiryAcknowledgementEmail, quoteEmail } from '../../src/server/mail/templates';
import { DEFAULT_BRAND } from '../../src/shared/brand';
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

describe('quote e-mail', () => {
  const mail = quoteEmail(DEFAULT_BRAND, quoteInput, result);

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
