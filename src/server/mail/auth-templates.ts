import type { Brand } from '../../shared/brand';
import { render, type EmailMessage } from './templates';

/** Account-security messages: address verification. Subjects carry only our own words, never a visitor's text. */
type Recipient = { email: string; name: string };

export function verifyEmailEmail(brand: Brand, to: Recipient, link: string, validHours: number): EmailMessage {
  const body = render({
    brand,
    preheader: 'Confirm your e-mail address to see the bookings made in it.',
    heading: 'Confirm your e-mail address',
    greeting: `Dear ${to.name},`,
    intro: [
      `Please confirm that ${to.email} is your address. Once you do, the quotes and bookings made in this address appear in My Bookings.`,
    ],
    action: { label: 'Confirm my e-mail address', url: link },
    sections: [],
    closing: [
      `The link works once and for ${validHours} hours.`,
      'If you did not create an account with us, you can ignore this e-mail: nothing will be linked to it.',
    ],
  });
  return { to: to.email, subject: `Confirm your e-mail address for ${brand.name}`, ...body, template: 'verify_email' };
}
