import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFor } from './fixtures';
import { adminHandlers, heldResolver, openAdmin, STATS, toasts } from './admin-fixtures';
import { recordedCalls, server, TrpcTestError, trpcHandler } from './msw';
import { renderApp } from './render';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin dashboard: access', () => {
  it('sends a signed-out visitor to /login, to come back after signing in', async () => {
    const { currentUrl } = renderApp({ path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/login?next=%2Fadmin');
    expect(recordedCalls().filter((call) => call.path.startsWith('admin.'))).toEqual([]);
  });

  it.each(['customer', 'supplier'] as const)(
    'tells a %s the page is for admins, without asking for admin data',
    async (role) => {
      server.use(trpcHandler('auth.me', () => userFor(role)));
      renderApp({ path: '/admin', token: `token-for-${role}` });

      const panel = await screen.findByRole('alert');
      expect(within(panel).getByRole('heading', { name: 'Admins only', level: 1 })).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      expect(recordedCalls().filter((call) => call.path.startsWith('admin.'))).toEqual([]);
    },
  );
});

describe('admin dashboard: first load', () => {
  it("shows 'Loading Admin Dashboard...' until every main call has answered", async () => {
    const held = heldResolver(STATS);
    server.use(...adminHandlers({ 'admin.stats': held.resolver }));
    renderApp({ path: '/admin', token: 'token-for-admin' });

    // The same text is shown while the session is checked and again while the main calls are out: two different
    // nodes, so the check waits for the stats call (the second loader) instead of holding on to the first node.
    await waitFor(() => expect(recordedCalls('admin.stats')).toHaveLength(1));
    expect(screen.getByText('Loading Admin Dashboard...')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    held.release();
    expect(await screen.findByRole('tab', { name: /Bookings/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading Admin Dashboard...')).not.toBeInTheDocument();
  });

  it('loads the spec’s five calls with the admin’s token, then the reports', async () => {
    await openAdmin();
    for (const path of [
      'admin.stats',
      'admin.bookings.list',
      'admin.suppliers.list',
      'admin.customers.list',
      'admin.vendors.pending',
    ]) {
      expect(recordedCalls(path)[0]?.authorization, path).toBe('Bearer token-for-admin');
    }
    expect(recordedCalls('admin.bookings.list')[0]?.input).toEqual({ limit: 10 });
    expect(recordedCalls('admin.customers.list')[0]?.input).toEqual({ limit: 10, offset: 0 });
    await waitFor(() => {
      for (const path of [
        'admin.reports.summary',
        'admin.reports.customers',
        'admin.reports.vendors',
        'admin.reports.cityWise',
        'admin.reports.eventTypeWise',
      ]) {
        expect(recordedCalls(path), path).toHaveLength(1);
      }
    });
  });

  it('shows the header, the four stat cards in rupees with Indian grouping, and the tabs in the spec’s order with Payments and Money after Customers', async () => {
    await openAdmin();

    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Annapurna Events Admin Dashboard');
    expect(screen.getByText('Manage your event management business')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Admin Dashboard · Annapurna Events'));

    const cards = within(screen.getByRole('region', { name: 'Business at a glance' }));
    expect(cards.getByText('Total Bookings').parentElement?.parentElement).toHaveTextContent('1,234');
    expect(cards.getByText('Pending Quotes').parentElement?.parentElement).toHaveTextContent('7');
    expect(cards.getByText('Active Suppliers').parentElement?.parentElement).toHaveTextContent('5');
    expect(cards.getByText('Total Revenue').parentElement?.parentElement).toHaveTextContent('₹12,34,568');

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/\d+$/, ''));
    expect(tabs).toEqual([
      'Bookings',
      'Calendar',
      'Suppliers',
      'Customers',
      'Payments',
      'Money',
      'Pending Vendors',
      'Reports',
      'Analytics',
      'Settings',
    ]);
    expect(screen.getByRole('tab', { name: /Bookings/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Recent Bookings' })).toBeInTheDocument();
  });

  it('opens the tab the address names, keeps Bookings as the default, and puts a chosen tab in the address', async () => {
    server.use(...adminHandlers());
    const linked = renderApp({ path: '/admin?tab=reports', token: 'token-for-admin' });
    await screen.findByRole('heading', { level: 1, name: /Admin Dashboard/ });
    expect(screen.getByRole('tab', { name: /Reports/ })).toHaveAttribute('aria-selected', 'true');

    await linked.user.click(screen.getByRole('tab', { name: /Analytics/ }));
    expect(screen.getByRole('tab', { name: /Analytics/ })).toHaveAttribute('aria-selected', 'true');
    expect(linked.currentUrl()).toBe('/admin?tab=analytics');
    await linked.user.click(screen.getByRole('tab', { name: /Bookings/ }));
    expect(linked.currentUrl()).toBe('/admin');
    linked.unmount();

    const unknown = renderApp({ path: '/admin?tab=nonsense', token: 'token-for-admin' });
    await screen.findByRole('heading', { level: 1, name: /Admin Dashboard/ });
    expect(screen.getByRole('tab', { name: /Bookings/ })).toHaveAttribute('aria-selected', 'true');
    unknown.unmount();
  });

  it("toasts 'Failed to load dashboard data' once when a main call fails, and still shows the rest", async () => {
    await openAdmin({
      'admin.stats': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
      'admin.suppliers.list': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });

    expect(await toasts().findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(toasts().getAllByText('Failed to load dashboard data')).toHaveLength(1);
    const cards = within(screen.getByRole('region', { name: 'Business at a glance' }));
    expect(cards.getAllByText('—')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Recent Bookings' })).toBeInTheDocument();
  });

  it('only logs a report failure, without a toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openAdmin({
      'admin.reports.customers': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load reports', expect.anything()));
    expect(toasts().queryByText(/Failed/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Reports/ }));
    expect(await screen.findByText('The customer reports could not be loaded.')).toBeInTheDocument();
  });

  it('Logout signs out and goes to /login', async () => {
    server.use(trpcHandler('auth.logout', () => null));
    const { user, currentPath } = await openAdmin();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await toasts().findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(recordedCalls('auth.logout')[0]?.authorization).toBe('Bearer token-for-admin');
  });
});
