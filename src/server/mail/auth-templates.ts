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
      `Please confirm that ${to.email} is your address. Once you do, the quotes and bookings made in this address ` +
        `appear in My Bookings.`,
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

/** "Forgot password?": the one-time reset link (docs/decisions.md, "Passwords and the second factor"). */
export function passwordResetEmail(brand: Brand, to: Recipient, link: string, validMinutes: number): EmailMessage {
  const body = render({
    brand,
    preheader: 'A link to choose a new password for your account.',
    heading: 'Choose a new password',
    greeting: `Dear ${to.name},`,
    intro: [`Someone, probably you, asked to reset the password of the ${brand.name} account for ${to.email}.`],
    action: { label: 'Choose a new password', url: link },
    sections: [],
    closing: [
      `The link works once and for ${validMinutes} minutes. Choosing a new password signs the account out everywhere.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
  });
  return { to: to.email, subject: `Reset your ${brand.name} password`, ...body, template: 'password_reset' };
}

/**
 * After a reset or a change: the owner hears of it, with a way back if it was not them. `when` is already written
 * in India time.
 */
export function passwordChangedEmail(
  brand: Brand,
  to: Recipient,
  details: { when: string; how: 'reset' | 'change'; resetLink: string },
): EmailMessage {
  const body = render({
    brand,
    preheader: 'Your password was changed.',
    heading: 'Your password was changed',
    greeting: `Dear ${to.name},`,
    intro: [
      details.how === 'reset'
        ? `The password of your ${brand.name} account (${to.email}) was reset with an e-mailed link on ${details.when}.`
        : `The password of your ${brand.name} account (${to.email}) was changed in account settings on ` +
          `${details.when}.`,
      'Every device that was signed in has been signed out.',
    ],
    sections: [],
    closing: [`If this was not you, choose a new password now at ${details.resetLink} and tell us on ${brand.phone}.`],
  });
  return { to: to.email, subject: `Your ${brand.name} password was changed`, ...body, template: 'password_changed' };
}

/** The admin's second sign-in step was turned on or off. */
export function secondFactorChangedEmail(
  brand: Brand,
  to: Recipient,
  details: { when: string; enabled: boolean },
): EmailMessage {
  const body = render({
    brand,
    preheader: details.enabled ? 'Two-step sign-in is on.' : 'Two-step sign-in is off.',
    heading: details.enabled ? 'Two-step sign-in is on' : 'Two-step sign-in is off',
    greeting: `Dear ${to.name},`,
    intro: [
      details.enabled
        ? `From ${details.when}, signing in to ${to.email} asks for a code from your authenticator app (or one of ` +
          `your recovery codes) after the password.`
        : `On ${details.when} two-step sign-in was turned off for ${to.email}: the password alone signs in again.`,
    ],
    sections: [],
    closing: [`If this was not you, tell us at once on ${brand.phone}.`],
  });
  return {
    to: to.email,
    subject: details.enabled ? 'Two-step sign-in is on' : 'Two-step sign-in is off',
    ...body,
    template: 'second_factor_changed',
  };
}
