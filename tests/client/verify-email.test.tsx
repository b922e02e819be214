import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { userFor } from './fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';

const TOKEN = 'token-for-customer';
const LINK_TOKEN = 'q3YtW9m4cX1bN0pL7aZkR5sH2dF8gJ6vU3eT0yB1wQ4';
const unconfirmed = { ...userFor('customer'), email_verified: false };

afterEach(() => {
  window.history.replaceState(null, '', '/');
  toast.remove();
});

describe('My Bookings for an account that has not confirmed its e-mail', () => {
  it('says why bookings made in the address are missing, and sends the link again on request', async () => {
    server.use(
      trpcHandler('auth.me', () => unconfirmed),
      trpcHandler('auth.resendVerification', () => ({
        message: `We have sent a new confirmation link to ${unconfirmed.email}.`,
      })),
    );
    const { user } = renderApp({ path: '/bookings', token: TOKEN });
    expect(await screen.findByText('Please confirm your e-mail address')).toBeInTheDocument();
    expect(screen.getByTestId('verify-email-banner')).toHaveTextContent(unconfirmed.email);
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText(`We have sent a new confirmation link to ${unconfirmed.email}.`),
    ).toBeInTheDocument();
    expect(recordedCalls('auth.resendVerification')).toHaveLength(1);
  });

  it('shows the limit message when the link was sent too often', async () => {
    server.use(
      trpcHandler('auth.me', () => unconfirmed),
      trpcHandler('auth.resendVerification', () => {
        throw new TrpcTestError(
          'TOO_MANY_REQUESTS',
          'Too many e-mails sent to this address. Please try again in 42 minutes.',
        );
      }),
    );
    const { user } = renderApp({ path: '/bookings', token: TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('Too many e-mails sent to this address. Please try again in 42 minutes.'),
    ).toBeInTheDocument();
  });

  it('a confirmed account sees no banner', async () => {
    server.use(trpcHandler('auth.me', () => userFor('customer')));
    renderApp({ path: '/bookings', token: TOKEN });
    expect(await screen.findByRole('heading', { name: 'My Bookings' })).toBeInTheDocument();
    expect(screen.queryByText('Please confirm your e-mail address')).not.toBeInTheDocument();
  });
});

describe('/verify-email', () => {
  it('sends the token from the link once, clears it from the address bar and confirms', async () => {
    window.history.replaceState(null, '', `/verify-email#token=${LINK_TOKEN}`);
    server.use(
      trpcHandler('auth.verifyEmail', () => ({
        message: 'Thank you: your e-mail address is confirmed.',
        email: 'asha@example.in',
      })),
    );
    renderApp({ path: '/verify-email' });
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument();
    expect(screen.getByText('asha@example.in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=/bookings');
    expect(recordedCalls('auth.verifyEmail').map((c) => c.input)).toEqual([{ token: LINK_TOKEN }]);
    expect(window.location.hash).toBe('');
  });

  it('a signed-in customer is updated and sent on to My Bookings', async () => {
    window.history.replaceState(null, '', `/verify-email#token=${LINK_TOKEN}`);
    let confirmed = false;
    server.use(
      trpcHandler('auth.me', () => ({ ...userFor('customer'), email_verified: confirmed })),
      trpcHandler('auth.verifyEmail', () => {
        confirmed = true;
        return { message: 'Thank you: your e-mail address is confirmed.', email: 'customer@example.in' };
      }),
    );
    renderApp({ path: '/verify-email', token: TOKEN });
    expect(await screen.findByRole('link', { name: 'Go to My Bookings' })).toHaveAttribute('href', '/bookings');
    await waitFor(() => expect(recordedCalls('auth.me').length).toBeGreaterThanOrEqual(1));
  });

  it('says so when the link is used, expired or tampered with', async () => {
    window.history.replaceState(null, '', `/verify-email#token=${LINK_TOKEN}`);
    server.use(
      trpcHandler('auth.verifyEmail', () => {
        throw new TrpcTestError(
          'BAD_REQUEST',
          'This confirmation link is invalid, has expired or has already been used. Sign in and ask for a new one.',
        );
      }),
    );
    renderApp({ path: '/verify-email' });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('has already been used');
  });

  it('without a token it explains what the page is for and sends nothing', async () => {
    renderApp({ path: '/verify-email' });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(recordedCalls('auth.verifyEmail')).toHaveLength(0);
  });
});

describe('Account settings for an account that has not confirmed its e-mail', () => {
  for (const role of ['supplier', 'customer'] as const) {
    it(`offers a ${role} the link again beside the address`, async () => {
      const account = { ...userFor(role), email_verified: false };
      server.use(
        trpcHandler('auth.me', () => account),
        trpcHandler('auth.secondFactorStatus', () => ({ enabled: false, recovery_codes_left: 0, available: false })),
        trpcHandler('sessions.list', () => []),
        trpcHandler('auth.resendVerification', () => ({
          message: `We have sent a new confirmation link to ${account.email}.`,
        })),
      );
      const { user } = renderApp({ path: '/account', token: `token-for-${role}` });
      const section = within(await screen.findByRole('region', { name: 'Your account' }));
      expect(section.getByText('Not confirmed')).toBeInTheDocument();
      await user.click(section.getByRole('button', { name: 'Send the link again' }));
      expect(await screen.findByText(`We have sent a new confirmation link to ${account.email}.`)).toBeInTheDocument();
      expect(recordedCalls('auth.resendVerification')).toHaveLength(1);
    });
  }

  it('a confirmed account is not offered the link', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('supplier')),
      trpcHandler('auth.secondFactorStatus', () => ({ enabled: false, recovery_codes_left: 0, available: false })),
      trpcHandler('sessions.list', () => []),
    );
    renderApp({ path: '/account', token: 'token-for-supplier' });
    const section = within(await screen.findByRole('region', { name: 'Your account' }));
    expect(section.getByText('Confirmed')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });
});
