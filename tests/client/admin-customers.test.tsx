import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customer, openAdmin, openTab, page, toasts, uuid } from './admin-fixtures';
import { recordedCalls, TrpcTestError } from './msw';

const joined = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

function table() {
  return within(screen.getByRole('table', { name: 'Customers' }));
}

describe('Customers tab', () => {
  it('lists the first 10 with the spec’s columns', async () => {
    const items = Array.from({ length: 10 }, (_, i) => customer(i + 1));
    items[1] = customer(2, { phone: null, city: null, is_active: false });
    const { user } = await openAdmin({ 'admin.customers.list': () => page(items, 10) });
    await openTab(user, /Customers/);

    expect(table().getAllByRole('row')).toHaveLength(11);
    expect(
      table()
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Customer', 'Contact', 'Location', 'Joined', 'Actions']);
    const first = within(table().getByText('Customer 1').closest('tr')!);
    expect(first.getByText('customer1@example.in')).toBeInTheDocument();
    expect(first.getByText('+919425078316')).toBeInTheDocument();
    expect(first.getByText('Bhopal')).toBeInTheDocument();
    expect(first.getByText(joined('2026-02-14T09:00:00.000Z'))).toBeInTheDocument();
    const second = within(table().getByText('Customer 2').closest('tr')!);
    expect(second.getByText('Not specified')).toBeInTheDocument();
    expect(second.getByText('Deactivated')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Activate Customer 2' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Customers pages' })).not.toBeInTheDocument();
  });

  it('pages through more than 10 on the server', async () => {
    const { user } = await openAdmin({
      'admin.customers.list': ({ input }) => {
        const { offset } = input as { offset: number };
        return page(
          Array.from({ length: offset === 0 ? 10 : 3 }, (_, i) => customer(offset + i + 1)),
          13,
        );
      },
    });
    await openTab(user, /Customers/);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Customer 13')).toBeInTheDocument();
    expect(recordedCalls('admin.customers.list').at(-1)?.input).toEqual({ limit: 10, offset: 10 });
    expect(screen.getByText('Showing 11–13 of 13')).toBeInTheDocument();
  });

  it('searches by name, e-mail or phone as it is typed, and says so when nothing matches', async () => {
    const { user } = await openAdmin({
      'admin.customers.list': ({ input }) => {
        const { q } = input as { q?: string };
        if (!q)
          return page(
            Array.from({ length: 10 }, (_, i) => customer(i + 1)),
            12,
          );
        return q.includes('98260') ? page([customer(7, { full_name: 'Priya Sharma' })], 1) : page([], 0);
      },
    });
    await openTab(user, /Customers/);
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    await user.type(search, '98260 12457');
    // On a slow machine the search may go out for a part of what was typed first: wait for the whole of it.
    await waitFor(() =>
      expect(recordedCalls('admin.customers.list').at(-1)?.input).toEqual({ limit: 10, offset: 0, q: '98260 12457' }),
    );
    expect(await table().findByText('Priya Sharma')).toBeInTheDocument();
    expect(table().getAllByRole('row')).toHaveLength(2);

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No customer matches')).toBeInTheDocument();
  });

  it('says so when there are no customers, and shows a load failure', async () => {
    const { user } = await openAdmin({ 'admin.customers.list': () => page([]) });
    await openTab(user, /Customers/);
    expect(screen.getByText('No customers yet')).toBeInTheDocument();
  });

  it('toasts a load failure', async () => {
    const { user } = await openAdmin({
      'admin.customers.list': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await toasts().findByText('Failed to load dashboard data')).toBeInTheDocument();
    await openTab(user, /Customers/);
    expect(await screen.findByText('The customers could not be loaded.')).toBeInTheDocument();
  });

  it('deactivates only after the admin confirms', async () => {
    const deactivate = vi.fn(() => ({ message: 'Customer deactivated', customer: customer(1, { is_active: false }) }));
    const { user } = await openAdmin({ 'admin.customers.deactivate': deactivate });
    await openTab(user, /Customers/);

    await user.click(screen.getByRole('button', { name: 'Deactivate Customer 1' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Deactivate customer?' }));
    expect(confirm.getByText(/signed out on every device/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deactivate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Deactivate Customer 1' }));
    const opened = await screen.findByRole('alertdialog', { name: 'Deactivate customer?' });
    // Escape reaches the dialog once it holds the focus, which it takes after opening.
    await waitFor(() => expect(opened).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deactivate).not.toHaveBeenCalled();

    const before = recordedCalls('admin.customers.list').length;
    await user.click(screen.getByRole('button', { name: 'Deactivate Customer 1' }));
    confirm = within(await screen.findByRole('alertdialog', { name: 'Deactivate customer?' }));
    await user.click(confirm.getByRole('button', { name: 'Deactivate' }));
    expect(await toasts().findByText('Customer deactivated')).toBeInTheDocument();
    expect(recordedCalls('admin.customers.deactivate')[0]?.input).toEqual({ id: uuid('c', 1) });
    await waitFor(() => expect(recordedCalls('admin.customers.list').length).toBeGreaterThan(before));
  });

  it('activates a deactivated customer', async () => {
    const { user } = await openAdmin({
      'admin.customers.list': () => page([customer(1, { is_active: false })]),
      'admin.customers.activate': () => ({ message: 'Customer activated', customer: customer(1) }),
    });
    await openTab(user, /Customers/);
    await user.click(screen.getByRole('button', { name: 'Activate Customer 1' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Activate customer?' }));
    await user.click(confirm.getByRole('button', { name: 'Activate' }));
    expect(await toasts().findByText('Customer activated')).toBeInTheDocument();
    expect(recordedCalls('admin.customers.activate')[0]?.input).toEqual({ id: uuid('c', 1) });
  });

  it('erases a customer only after the admin confirms, then shows the account as erased with no actions', async () => {
    let erased = false;
    const erasedRow = customer(1, {
      full_name: 'Erased customer',
      email: `erased-${uuid('c', 1)}@erased.invalid`,
      phone: null,
      city: null,
      is_active: false,
    });
    const { user } = await openAdmin({
      'admin.customers.list': () => page([erased ? erasedRow : customer(1)]),
      'admin.customers.erase': () => {
        erased = true;
        return { message: 'Customer erased', customer: erasedRow };
      },
    });
    await openTab(user, /Customers/);

    await user.click(screen.getByRole('button', { name: 'Erase Customer 1' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: "Erase this customer's personal data?" }));
    expect(confirm.getByText(/This cannot be undone/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(recordedCalls('admin.customers.erase')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Erase Customer 1' }));
    confirm = within(await screen.findByRole('alertdialog', { name: "Erase this customer's personal data?" }));
    await user.click(confirm.getByRole('button', { name: 'Erase' }));
    expect(await toasts().findByText('Customer erased')).toBeInTheDocument();
    expect(recordedCalls('admin.customers.erase')[0]?.input).toEqual({ id: uuid('c', 1) });

    const row = within((await table().findByText('Erased customer')).closest('tr')!);
    expect(row.getByText('Erased')).toBeInTheDocument();
    expect(row.getByText('No actions')).toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits name, phone and city, sending only the changes', async () => {
    const { user } = await openAdmin({
      'admin.customers.update': () => ({ message: 'Customer updated', customer: customer(1) }),
    });
    await openTab(user, /Customers/);
    await user.click(screen.getByRole('button', { name: 'Edit Customer 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Customer' }));

    expect(dialog.getByLabelText(/^Full Name/)).toHaveValue('Customer 1');
    await user.clear(dialog.getByLabelText(/^Phone/));
    await user.type(dialog.getByLabelText(/^City/), ' Nagar');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Customer updated')).toBeInTheDocument();
    expect(recordedCalls('admin.customers.update')[0]?.input).toEqual({
      id: uuid('c', 1),
      data: { phone: '', city: 'Bhopal Nagar' },
    });
  });

  it('checks the phone before sending', async () => {
    const { user } = await openAdmin();
    await openTab(user, /Customers/);
    await user.click(screen.getByRole('button', { name: 'Edit Customer 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Customer' }));
    await user.clear(dialog.getByLabelText(/^Phone/));
    await user.type(dialog.getByLabelText(/^Phone/), '12345');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(dialog.getByText('Enter a valid 10-digit Indian mobile number')).toBeInTheDocument();
    expect(recordedCalls('admin.customers.update')).toEqual([]);
  });
});
