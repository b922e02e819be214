import { describe, expect, it } from 'vitest';
import {
  vendorApprovedEmail,
  vendorRegistrationReceivedEmail,
  vendorRejectedEmail,
} from '../../src/server/mail/templates';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { vendorRegisterInputSchema } from '../../src/shared/schemas/vendor';

const hostile = 'Sharma <img src=x onerror=alert(1)> & "Sons"';

const registration = vendorRegisterInputSchema.parse({
  email: 'owner@example.in',
  password: 'secret123',
  contact_person: hostile,
  business_name: `${hostile} Caterers`,
  phone: '9826011223',
  business_address: 'Indore',
  location: 'Indore',
  services_offered: '<script>alert(1)</script> Live counters',
  experience_years: 1,
  gst_number: '27AAPFU0939F1ZV',
});
const contact = { email: 'owner@example.in', contactPerson: hostile, businessName: `${hostile} Caterers` };

describe('vendor e-mails', () => {
  it.each([
    ['acknowledgement', vendorRegistrationReceivedEmail(DEFAULT_BRAND, registration), 'vendor_registration_received'],
    ['approval', vendorApprovedEmail(DEFAULT_BRAND, contact), 'vendor_approved'],
    ['rejection', vendorRejectedEmail(DEFAULT_BRAND, contact, '<b>No FSSAI</b> licence'), 'vendor_rejected'],
  ])(
    'the %s goes to the vendor, escapes what the vendor typed, and keeps it readable as text',
    (_name, mail, template) => {
      expect(mail.to).toBe('owner@example.in');
      expect(mail.template).toBe(template);
      expect(mail.html).not.toMatch(/<img|<script|<b>No/);
      expect(mail.html).toContain('Sharma &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Sons&quot;');
      expect(mail.text).toContain(`Dear ${hostile},`);
    },
  );

  it('says what happens next', () => {
    expect(vendorRegistrationReceivedEmail(DEFAULT_BRAND, registration).text).toContain(
      'activated once it is approved',
    );
    expect(vendorRegistrationReceivedEmail(DEFAULT_BRAND, registration).text).toContain('GST number: 27AAPFU0939F1ZV');
    expect(vendorApprovedEmail(DEFAULT_BRAND, contact).text).toContain('You can sign in');
    expect(vendorRejectedEmail(DEFAULT_BRAND, contact, 'No FSSAI licence').text).toContain('No FSSAI licence');
  });
});
