import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../src/shared/domain';
import { userFor } from './fixtures';
import { createTrpcClient } from '../../src/client/lib/trpc';
import { recordedCalls, server, TEST_ORIGIN, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';

/** The top bar; the footer repeats some of its links, so every check is scoped to the bar. */
function topBar() {
  return within(screen.getByRole('banner'));
}

describe('session start-up', () => {
  it('drops a stored token silently when auth.me fails', async () => {
    server.use(
      trpcHandler('auth.me', () => {
        throw new TrpcTestError('UNAUTHORIZED', 'Could not validate credentials');
      }),
    );
    renderApp({ token: 'stale-token' });

    expect(await topBar().findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(recordedCalls('auth.me')).toEqual([expect.objectContaining({ authorization: 'Bearer stale-token' })]);
    expect(screen.queryByText('Could not validate credentials')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-toast-id]')).toHaveLength(0);
  });

  it('does not call auth.me without a stored token and shows the signed-out actions', async () => {
    renderApp();

    expect(await topBar().findByRole('link', { name: 'Become a Vendor' })).toHaveAttribute('href', '/vendor-register');
    expect(topBar().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(topBar().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(recordedCalls('auth.me')).toEqual([]);
  });

  it('shows neither state while the stored token is being checked', async () => {
    let answer: (value: unknown) => void = () => {};
    server.use(trpcHandler('auth.me', () => new Promise((resolve) => (answer = resolve))));
    renderApp({ token: 'good-token' });

    await waitFor(() => expect(recordedCalls('auth.me')).toHaveLength(1));
    expect(topBar().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(topBar().queryByRole('link', { name: 'Become a Vendor' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();

    answer(userFor('customer'));
    expect(await screen.findByText('Welcome, Priya Sharma')).toBeInTheDocument();
  });
});

describe('session expiring mid-use', () => {
  it('signs out with a message when a later call answers 401', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('customer')),
      trpcHandler('payments.status', () => {
        throw new TrpcTestError('UNAUTHORIZED', 'Could not validate credentials');
      }),
    );
    const { queryClient } = renderApp({ token: 'good-token' });
    expect(await screen.findByText('Welcome, Priya Sharma')).toBeInTheDocument();

    const vanilla = createTrpcClient(TEST_ORIGIN);
    await queryClient
      .fetchQuery({
        queryKey: [['bookings', 'mine'], { type: 'query' }],
        queryFn: () => vanilla.payments.status.query({ order_id: 'ORD-1' }),
      })
      .catch(() => {});

    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await topBar().findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('navigation bar when signed in', () => {
  it.each<[Role, string, string, string]>([
    ['admin', 'Asha Rao', 'Admin Dashboard', '/admin'],
    ['supplier', 'Vikram Caterers', 'Supplier Portal', '/supplier'],
    ['customer', 'Priya Sharma', 'My Bookings', '/bookings'],
  ])('greets a %s by name with the right role button', async (role, fullName, label, href) => {
    server.use(trpcHandler('auth.me', () => userFor(role)));
    renderApp({ token: `token-for-${role}` });

    expect(await screen.findByText(`Welcome, ${fullName}`)).toBeInTheDocument();
    const bar = topBar();
    expect(bar.getByText(`Welcome, ${fullName}`)).toBeInTheDocument();
    expect(bar.getByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(bar.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(bar.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(bar.queryByRole('link', { name: 'Become a Vendor' })).not.toBeInTheDocument();
    for (const other of ['Admin Dashboard', 'Supplier Portal', 'My Bookings'].filter((name) => name !== label)) {
      expect(bar.queryByRole('link', { name: other })).not.toBeInTheDocument();
    }
  });

  it('the role button opens its page', async () => {
    server.use(trpcHandler('auth.me', () => userFor('supplier')));
    const { user, currentPath } = renderApp({ token: 'token-for-supplier' });

    await user.click(await topBar().findByRole('link', { name: 'Supplier Portal' }));

    await waitFor(() => expect(currentPath()).toBe('/supplier'));
    expect(await screen.findByRole('heading', { name: 'Supplier Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('Logout tells the server, forgets the token and says so', async () => {
    const logout = vi.fn(() => ({ ok: true }));
    server.use(
      trpcHandler('auth.me', () => userFor('customer')),
      trpcHandler('auth.logout', logout),
    );
    const { user, currentPath } = renderApp({ token: 'token-for-customer' });

    await user.click(await topBar().findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    // As from the dashboards, Logout ends on the sign-in page.
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Welcome, Priya Sharma')).not.toBeInTheDocument();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(recordedCalls('auth.logout')[0]?.authorization).toBe('Bearer token-for-customer');
  });

  it('Logout still signs out on this device when the server call fails', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('admin')),
      trpcHandler('auth.logout', () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      }),
    );
    const { user, currentPath } = renderApp({ token: 'token-for-admin' });

    await user.click(await topBar().findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });
});

describe('navigation bar menu for small screens', () => {
  it('opens a dialog with the section links and account actions, and closes with Escape', async () => {
    const { user } = renderApp();

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/#services');
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Become a Vendor' })).toHaveAttribute('href', '/vendor-register');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});
