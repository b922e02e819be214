import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openAdmin, openTab, page, pendingVendor, supplier, toasts, uuid } from './admin-fixtures';
import { recordedCalls, TrpcTestError } from './msw';

const PROMPT = 'Please provide a reason for rejection:';

const decided = (message: string) => () => ({ message, supplier: supplier(1) });

function table() {
  return within(screen.getByRole('table', { name: 'Pending vendors' }));
}

async function openVendors(overrides: Parameters<typeof openAdmin>[0] = {}) {
  const view = await openAdmin({
    'admin.vendors.pending': () =>
      page([
        pendingVendor(1, { gst_number: '23CXTPC8842D1ZB', portfolio_link: 'https://example.in/swaad-sagar' }),
        pendingVendor(2, { experience_years: 1, location: null }),
      ]),
    ...overrides,
  });
  await openTab(view.user, /Pending Vendors/);
  return view;
}

describe('Pending Vendors tab', () => {
  it('lists the vendors with the spec’s columns and a count on the tab', async () => {
    await openVendors();
    expect(screen.getByRole('tab', { name: /Pending Vendors/ })).toHaveTextContent('2');
    expect(
      table()
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Business Name', 'Contact Person', 'Email', 'Phone', 'Location', 'Experience', 'Actions']);
    const first = within(table().getByText('Vendor 1 Tent House').closest('tr')!);
    for (const text of ['Contact 1', 'vendor1@example.in', '+916263014587', 'Indore', '5 years']) {
      expect(first.getByText(text)).toBeInTheDocument();
    }
    const second = within(table().getByText('Vendor 2 Tent House').closest('tr')!);
    expect(second.getByText('1 year')).toBeInTheDocument();
    expect(second.getByText('Not specified')).toBeInTheDocument();
  });

  it("shows 'No pending vendor approvals' when the queue is empty", async () => {
    await openVendors({ 'admin.vendors.pending': () => page([]) });
    expect(screen.getByText('No pending vendor approvals')).toBeInTheDocument();
  });

  it('toasts a load failure', async () => {
    await openVendors({
      'admin.vendors.pending': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await toasts().findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByText('The pending vendors could not be loaded.')).toBeInTheDocument();
  });

  it('approves a vendor and reloads the dashboard and the reports', async () => {
    const approve = vi.fn(decided('Vendor approved successfully!'));
    const { user } = await openVendors({ 'admin.vendors.approve': approve });
    await waitFor(() => expect(recordedCalls('admin.reports.vendors')).toHaveLength(1));
    const before = {
      pending: recordedCalls('admin.vendors.pending').length,
      stats: recordedCalls('admin.stats').length,
    };

    await user.click(screen.getByRole('button', { name: 'Approve Vendor 1 Tent House' }));

    expect(await toasts().findByText('Vendor approved successfully!')).toBeInTheDocument();
    expect(recordedCalls('admin.vendors.approve')[0]?.input).toEqual({ id: uuid('v', 1) });
    await waitFor(() => {
      expect(recordedCalls('admin.vendors.pending').length).toBeGreaterThan(before.pending);
      expect(recordedCalls('admin.stats').length).toBeGreaterThan(before.stats);
      expect(recordedCalls('admin.reports.vendors').length).toBeGreaterThan(1);
    });
  });

  it("says 'Failed to approve vendor' when approving fails", async () => {
    const { user } = await openVendors({
      'admin.vendors.approve': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Database unavailable');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Approve Vendor 1 Tent House' }));
    expect(await toasts().findByText('Failed to approve vendor')).toBeInTheDocument();
  });

  it('says a vendor was already approved (a second click, another admin) and shows the list without it', async () => {
    let approved = false;
    const { user } = await openVendors({
      'admin.vendors.pending': () =>
        page(
          approved ? [pendingVendor(2, { experience_years: 1, location: null })] : [pendingVendor(1), pendingVendor(2)],
        ),
      'admin.vendors.approve': () => {
        approved = true;
        throw new TrpcTestError('CONFLICT', 'This vendor has already been approved');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Approve Vendor 1 Tent House' }));
    expect(await toasts().findByText('This vendor has already been approved')).toBeInTheDocument();
    expect(toasts().queryByText('Failed to approve vendor')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve Vendor 1 Tent House' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Approve Vendor 2 Tent House' })).toBeInTheDocument();
  });

  it('asks for a reason before rejecting; cancelling or leaving it empty sends nothing', async () => {
    const reject = vi.fn(decided('Vendor rejected'));
    const { user } = await openVendors({ 'admin.vendors.reject': reject });

    // Cancel
    await user.click(screen.getByRole('button', { name: 'Reject Vendor 1 Tent House' }));
    let prompt = within(await screen.findByRole('dialog', { name: 'Reject Vendor 1 Tent House?' }));
    expect(prompt.getByLabelText(PROMPT)).toBeInTheDocument();
    await user.type(prompt.getByLabelText(PROMPT), 'Not needed');
    await user.click(prompt.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Escape
    await user.click(screen.getByRole('button', { name: 'Reject Vendor 1 Tent House' }));
    prompt = within(await screen.findByRole('dialog', { name: 'Reject Vendor 1 Tent House?' }));
    expect(prompt.getByLabelText(PROMPT)).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Empty (spaces only)
    await user.click(screen.getByRole('button', { name: 'Reject Vendor 1 Tent House' }));
    prompt = within(await screen.findByRole('dialog', { name: 'Reject Vendor 1 Tent House?' }));
    await user.type(prompt.getByLabelText(PROMPT), '   ');
    await user.click(prompt.getByRole('button', { name: 'Reject vendor' }));
    expect(prompt.getByText(/Please enter a reason/)).toBeInTheDocument();
    expect(reject).not.toHaveBeenCalled();
    expect(recordedCalls('admin.vendors.reject')).toEqual([]);

    // A reason
    await user.type(prompt.getByLabelText(PROMPT), 'GST number could not be verified');
    await user.click(prompt.getByRole('button', { name: 'Reject vendor' }));
    expect(await toasts().findByText('Vendor rejected')).toBeInTheDocument();
    expect(recordedCalls('admin.vendors.reject')).toEqual([
      expect.objectContaining({ input: { id: uuid('v', 1), reason: 'GST number could not be verified' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Failed to reject vendor' when rejecting fails", async () => {
    const { user } = await openVendors({
      'admin.vendors.reject': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Reject Vendor 1 Tent House' }));
    const prompt = within(await screen.findByRole('dialog', { name: 'Reject Vendor 1 Tent House?' }));
    await user.type(prompt.getByLabelText(PROMPT), 'Duplicate application');
    await user.click(prompt.getByRole('button', { name: 'Reject vendor' }));
    expect(await toasts().findByText('Failed to reject vendor')).toBeInTheDocument();
  });
});

describe('Vendor Details', () => {
  it('shows every field, the optional GST number and portfolio link, and approves from the dialog', async () => {
    const { user } = await openVendors({ 'admin.vendors.approve': decided('Vendor approved successfully!') });
    const view = screen.getByRole('button', { name: 'View Vendor 1 Tent House' });
    await user.click(view);
    const dialog = within(await screen.findByRole('dialog', { name: 'Vendor Details' }));

    for (const text of [
      'Vendor 1 Tent House',
      'Contact 1',
      'vendor1@example.in',
      '+916263014587',
      'Indore',
      '5 years',
      '88, Annapurna Road, Indore',
      'Tents, stages and lighting',
      '23CXTPC8842D1ZB',
    ]) {
      expect(dialog.getByText(text), text).toBeInTheDocument();
    }
    expect(dialog.getByRole('link', { name: 'https://example.in/swaad-sagar' })).toHaveAttribute('target', '_blank');

    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await toasts().findByText('Vendor approved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves out GST and portfolio when not given, and closes with Close', async () => {
    const { user } = await openVendors();
    await user.click(screen.getByRole('button', { name: 'View Vendor 2 Tent House' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Vendor Details' }));
    expect(dialog.queryByText('GST Number')).not.toBeInTheDocument();
    expect(dialog.queryByText('Portfolio')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Vendor 2 Tent House' })).toHaveFocus());
  });

  it('rejects from the dialog through the prompt', async () => {
    const { user } = await openVendors({ 'admin.vendors.reject': decided('Vendor rejected') });
    await user.click(screen.getByRole('button', { name: 'View Vendor 1 Tent House' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Vendor Details' }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    const prompt = within(await screen.findByRole('dialog', { name: 'Reject Vendor 1 Tent House?' }));
    await user.type(prompt.getByLabelText(PROMPT), 'Outside our service area');
    await user.click(prompt.getByRole('button', { name: 'Reject vendor' }));
    expect(await toasts().findByText('Vendor rejected')).toBeInTheDocument();
    expect(recordedCalls('admin.vendors.reject')[0]?.input).toEqual({
      id: uuid('v', 1),
      reason: 'Outside our service area',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
