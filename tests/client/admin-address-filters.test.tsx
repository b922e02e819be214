import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminHandlers, booking, customer, openAdmin, openTab, page } from './admin-fixtures';
import { recordedCalls, server, type TrpcResolver } from './msw';
import { renderApp } from './render';

/** A reload: the dashboard drawn anew from the address the last one left. */
async function reload(view: ReturnType<typeof renderApp>, overrides: Record<string, TrpcResolver>) {
  const url = view.currentUrl();
  view.unmount();
  server.use(...adminHandlers(overrides));
  const next = renderApp({ path: url, token: 'token-for-admin' });
  await screen.findByRole('heading', { level: 1, name: /Admin Dashboard/ });
  return next;
}

describe('Admin lists keep their filters in the address', () => {
  it('All Bookings with its search, status and page survives a reload and can be linked', async () => {
    // One page of results until both filters apply, so Next can be pressed only once the filtered list is there.
    const bookings: TrpcResolver = ({ input }) => {
      const { limit, offset = 0, q, status } = input as { limit: number; offset?: number; q?: string; status?: string };
      if (limit === 10) return page([booking(1)], 45);
      return page([booking(offset + 1)], q === 'Sharma' && status === 'confirmed' ? 45 : 15);
    };
    const view = await openAdmin({ 'admin.bookings.list': bookings });
    const { user } = view;
    await user.click(screen.getByRole('button', { name: 'View all' }));
    await screen.findByRole('heading', { name: 'All Bookings' });
    await user.type(screen.getByLabelText('Search bookings'), 'Sharma');
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    // The search applies after a pause in typing; a person pages on once the filtered list is there.
    await waitFor(() => expect(view.currentUrl()).toBe('/admin?view=all&q=Sharma&status=confirmed'));
    // The search is asked for once the typing pauses and the pager waits while that list loads; a person clicks
    // Next once it can be pressed.
    const next = await screen.findByRole('button', { name: /Next/ });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await waitFor(() => expect(view.currentUrl()).toBe('/admin?view=all&q=Sharma&status=confirmed&page=2'));

    const again = await reload(view, { 'admin.bookings.list': bookings });
    expect(await screen.findByRole('heading', { name: 'All Bookings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search bookings')).toHaveValue('Sharma');
    expect(screen.getByLabelText('Status')).toHaveValue('confirmed');
    await waitFor(() =>
      expect(recordedCalls('admin.bookings.list').at(-1)?.input).toEqual({
        limit: 20,
        offset: 20,
        q: 'Sharma',
        status: 'confirmed',
      }),
    );

    await again.user.click(screen.getByRole('button', { name: 'Recent bookings' }));
    expect(again.currentUrl()).toBe('/admin');
  });

  it('the Payments section, its Show filter and page survive a reload; another section starts clean', async () => {
    const orders: TrpcResolver = () => page([], 45);
    const view = await openAdmin({ 'admin.payments.list': orders, 'admin.refunds.list': () => page([]) });
    await openTab(view.user, /Payments/);
    await view.user.selectOptions(await screen.findByLabelText('Show'), 'paid');
    await waitFor(() => expect(view.currentUrl()).toBe('/admin?tab=payments&show=paid'));

    const again = await reload(view, { 'admin.payments.list': orders, 'admin.refunds.list': () => page([]) });
    expect(screen.getByRole('tab', { name: /Payments/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Show')).toHaveValue('paid');
    await waitFor(() =>
      expect(recordedCalls('admin.payments.list').at(-1)?.input).toEqual({ status: 'paid', limit: 20, offset: 0 }),
    );

    await again.user.click(screen.getByRole('tab', { name: 'Refunds' }));
    expect(again.currentUrl()).toBe('/admin?tab=payments&section=refunds');
    const refunds = await reload(again, { 'admin.refunds.list': () => page([]) });
    expect(await screen.findByRole('tab', { name: 'Refunds' })).toHaveAttribute('aria-selected', 'true');
    refunds.unmount();
  });

  it('the Customers page survives a reload', async () => {
    const customers: TrpcResolver = ({ input }) => {
      const { offset = 0 } = input as { offset?: number };
      return page([customer(offset + 1)], 25);
    };
    const view = await openAdmin({ 'admin.customers.list': customers });
    await openTab(view.user, /Customers/);
    await view.user.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() => expect(view.currentUrl()).toBe('/admin?tab=customers&page=2'));

    await reload(view, { 'admin.customers.list': customers });
    expect(await screen.findByText('Customer 11')).toBeInTheDocument();
  });
});
