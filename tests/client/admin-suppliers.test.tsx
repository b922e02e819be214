import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { indiaDateTimeText } from '../../src/client/lib/datetime';
import { formatLongDate } from '../../src/shared/dates';
import {
  EVENT_DATE,
  heldResolver,
  openAdmin,
  openTab,
  page,
  supplier,
  supplierProject,
  toasts,
  uuid,
} from './admin-fixtures';
import { recordedCalls, TrpcTestError } from './msw';

function card(name: string) {
  return within(screen.getByRole('article', { name }));
}

async function paste(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Suppliers tab', () => {
  it('shows a card per supplier: badge, services, location, rating and projects', async () => {
    const { user } = await openAdmin({
      'admin.suppliers.list': () =>
        page([
          supplier(1),
          supplier(2, { is_verified: false, services: [], location: null, rating: 0, total_projects: 1 }),
          supplier(3, { approval_status: 'pending', is_active: false, is_verified: false }),
        ]),
    });
    await openTab(user, /Suppliers/);

    const first = card('Supplier 1 Caterers');
    expect(first.getByRole('heading', { name: 'Supplier 1 Caterers' })).toBeInTheDocument();
    expect(first.getByText('Owner 1')).toBeInTheDocument();
    expect(first.getByText('Verified')).toBeInTheDocument();
    expect(first.getByText('Wedding catering')).toBeInTheDocument();
    expect(first.getByText('Live counters')).toBeInTheDocument();
    expect(first.getByText('Indore')).toBeInTheDocument();
    expect(first.getByText('4.5 / 5.0')).toBeInTheDocument();
    expect(first.getByText('3 projects')).toBeInTheDocument();

    const second = card('Supplier 2 Caterers');
    expect(second.getByText('Pending')).toBeInTheDocument();
    expect(second.getAllByText('Not specified')).toHaveLength(2);
    expect(second.getByText('0.0 / 5.0')).toBeInTheDocument();
    expect(second.getByText('1 project')).toBeInTheDocument();

    expect(card('Supplier 3 Caterers').getByText('Awaiting approval')).toBeInTheDocument();
    expect(card('Supplier 3 Caterers').getByText('Inactive')).toBeInTheDocument();
  });

  it('says so when there are no suppliers', async () => {
    const { user } = await openAdmin({ 'admin.suppliers.list': () => page([]) });
    await openTab(user, /Suppliers/);
    expect(screen.getByText('No suppliers yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Supplier' })).toBeInTheDocument();
  });

  it('toasts a load failure and shows what went wrong in the tab', async () => {
    const { user } = await openAdmin({
      'admin.suppliers.list': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
      },
    });
    expect(await toasts().findByText('Failed to load dashboard data')).toBeInTheDocument();
    await openTab(user, /Suppliers/);
    expect(await screen.findByText('The suppliers could not be loaded.')).toBeInTheDocument();
  });
});

describe('Add New Supplier', () => {
  async function openAdd(overrides: Parameters<typeof openAdmin>[0] = {}) {
    const view = await openAdmin(overrides);
    await openTab(view.user, /Suppliers/);
    await view.user.click(screen.getByRole('button', { name: 'Add New Supplier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New Supplier' }));
    return { ...view, dialog };
  }

  it('has the spec’s fields and placeholders, and adds the supplier with its services', async () => {
    const create = vi.fn(({ input }: { input: unknown }) => ({
      message: 'Supplier added successfully!',
      supplier: { ...supplier(9), ...(input as object) },
    }));
    const { user, dialog } = await openAdd({ 'admin.suppliers.create': create });

    expect(dialog.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(dialog.getByLabelText(/^Email/)).toHaveAttribute('placeholder', 'supplier@example.com');
    expect(dialog.getByLabelText(/^Phone/)).toHaveAttribute('placeholder', '+91-XXXXXXXXXX');

    await paste(user, dialog.getByLabelText(/^Name/), 'Imran Shah');
    await paste(user, dialog.getByLabelText(/^Business Name/), 'Shahi Dawat');
    await paste(user, dialog.getByLabelText(/^Email/), 'imran@shahidawat.in');
    await paste(user, dialog.getByLabelText(/^Phone/), '+91-9826012345');
    await paste(user, dialog.getByLabelText(/^Location/), 'Indore');
    const services = dialog.getByRole('textbox', { name: 'Services' });
    await user.click(services);
    // One tag here: jsdom keeps typed text after the tag is made (the browser test covers commas and pasting).
    await user.keyboard('Biryani{Enter}');
    expect(dialog.getByText('Biryani')).toBeInTheDocument();

    const before = recordedCalls('admin.suppliers.list').length;
    await user.click(dialog.getByRole('button', { name: 'Add Supplier' }));

    expect(await toasts().findByText('Supplier added successfully!')).toBeInTheDocument();
    expect(recordedCalls('admin.suppliers.create')[0]?.input).toEqual({
      name: 'Imran Shah',
      business_name: 'Shahi Dawat',
      email: 'imran@shahidawat.in',
      phone: '+91-9826012345',
      location: 'Indore',
      services: ['Biryani'],
    });
    expect(recordedCalls('admin.suppliers.create')[0]?.authorization).toBe('Bearer token-for-admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(recordedCalls('admin.suppliers.list').length).toBeGreaterThan(before));
  });

  it('checks the fields with the shared schema before sending', async () => {
    const { user, dialog } = await openAdd();
    await user.click(dialog.getByRole('button', { name: 'Add Supplier' }));
    expect(dialog.getByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    expect(dialog.getByText('Phone number is required')).toBeInTheDocument();
    expect(dialog.getByText('Business name is required')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveFocus();
    expect(recordedCalls('admin.suppliers.create')).toEqual([]);
  });

  it("shows the server's detail, else 'Failed to add supplier'", async () => {
    let answer: () => never = () => {
      throw new TrpcTestError('CONFLICT', 'A supplier or account with this email already exists');
    };
    const { user, dialog } = await openAdd({ 'admin.suppliers.create': () => answer() });
    await paste(user, dialog.getByLabelText(/^Name/), 'Imran Shah');
    await paste(user, dialog.getByLabelText(/^Business Name/), 'Shahi Dawat');
    await paste(user, dialog.getByLabelText(/^Email/), 'imran@shahidawat.in');
    await paste(user, dialog.getByLabelText(/^Phone/), '9826012345');

    await user.click(dialog.getByRole('button', { name: 'Add Supplier' }));
    expect(await toasts().findByText('A supplier or account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Supplier' })).toBeInTheDocument();

    answer = () => HttpResponse.error() as never;
    await user.click(dialog.getByRole('button', { name: 'Add Supplier' }));
    expect(await toasts().findByText('Failed to add supplier')).toBeInTheDocument();
  });

  it('closes with Escape and starts empty next time', async () => {
    const { user, dialog } = await openAdd();
    await paste(user, dialog.getByLabelText(/^Name/), 'Half typed');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add New Supplier' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Add New Supplier' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add New Supplier' }));
    expect(again.getByLabelText(/^Name/)).toHaveValue('');
  });
});

describe('Edit supplier', () => {
  it('sends only what changed and reloads', async () => {
    const update = vi.fn(() => ({ message: 'Supplier updated', supplier: supplier(1) }));
    const { user } = await openAdmin({ 'admin.suppliers.update': update });
    await openTab(user, /Suppliers/);
    await user.click(screen.getByRole('button', { name: 'Edit Supplier 1 Caterers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Supplier' }));

    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Owner 1');
    expect(dialog.getByLabelText(/^Phone/)).toHaveValue('+919826000000');
    await user.clear(dialog.getByLabelText(/^Location/));
    await paste(user, dialog.getByLabelText(/^Location/), 'Ujjain');
    await user.click(dialog.getByRole('button', { name: 'Delete tag Wedding catering' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Active' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await toasts().findByText('Supplier updated')).toBeInTheDocument();
    expect(recordedCalls('admin.suppliers.update')[0]?.input).toEqual({
      id: uuid('s', 1),
      data: { location: 'Ujjain', services: ['Live counters'], is_active: false },
    });
  });

  it('does not offer to activate a vendor that is not approved', async () => {
    const { user } = await openAdmin({
      'admin.suppliers.list': () =>
        page([supplier(1, { approval_status: 'pending', is_active: false, is_verified: false })]),
    });
    await openTab(user, /Suppliers/);
    await user.click(screen.getByRole('button', { name: 'Edit Supplier 1 Caterers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Supplier' }));
    expect(dialog.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    expect(dialog.getByText(/approve it from Pending Vendors/)).toBeInTheDocument();
  });
});

describe('Supplier projects', () => {
  it('lists the projects the supplier was invited to, with its quotes', async () => {
    const held = heldResolver([
      supplierProject(),
      supplierProject({ id: uuid('p', 2), status: 'open', is_awarded: false, quote: null }),
    ]);
    const { user } = await openAdmin({ 'admin.suppliers.projects': held.resolver });
    await openTab(user, /Suppliers/);
    await user.click(screen.getByRole('button', { name: 'Projects of Supplier 1 Caterers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supplier Projects' }));

    expect(dialog.getByRole('status', { name: 'Loading projects' })).toBeInTheDocument();
    held.release();
    const table = within(await dialog.findByRole('table', { name: 'Projects of Supplier 1 Caterers' }));
    expect(recordedCalls('admin.suppliers.projects')[0]?.input).toEqual({ id: uuid('s', 1) });
    expect(table.getAllByText('Sharma Sangeet')).toHaveLength(2);
    expect(table.getAllByText(formatLongDate(EVENT_DATE))).toHaveLength(2);
    expect(table.getByText('Won')).toBeInTheDocument();
    expect(table.getByText('₹1,85,000')).toBeInTheDocument();
    expect(table.getByText('Veg menu')).toBeInTheDocument();
    expect(table.getByText('No quote yet')).toBeInTheDocument();
  });

  it('marks a project the auto-assign left to the admins, with when its quotes closed instead of a due auto-assign', async () => {
    const parkedAt = '2026-03-03T10:00:05.000Z';
    const { user } = await openAdmin({
      'admin.suppliers.projects': () => [
        supplierProject({ status: 'open', is_awarded: false, awaiting_admin_since: parkedAt }),
        supplierProject({
          id: uuid('p', 2),
          status: 'open',
          is_awarded: false,
          auto_assign_date: '2026-04-01T10:00:00.000Z',
        }),
      ],
    });
    await openTab(user, /Suppliers/);
    await user.click(screen.getByRole('button', { name: 'Projects of Supplier 1 Caterers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supplier Projects' }));
    const rows = within(await dialog.findByRole('table', { name: 'Projects of Supplier 1 Caterers' })).getAllByRole(
      'row',
    );

    const parked = within(rows[1]!);
    expect(parked.getByText('Awaiting your decision')).toBeInTheDocument();
    expect(parked.getByText(`Quotes closed ${indiaDateTimeText(parkedAt)}`)).toBeInTheDocument();
    expect(parked.queryByText(/Auto-assign/)).not.toBeInTheDocument();
    const waiting = within(rows[2]!);
    expect(waiting.queryByText('Awaiting your decision')).not.toBeInTheDocument();
    expect(waiting.getByText(`Auto-assign ${indiaDateTimeText('2026-04-01T10:00:00.000Z')}`)).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    const { user } = await openAdmin({ 'admin.suppliers.projects': () => [] });
    await openTab(user, /Suppliers/);
    await user.click(screen.getByRole('button', { name: 'Projects of Supplier 1 Caterers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supplier Projects' }));
    expect(await dialog.findByText('No projects yet')).toBeInTheDocument();
  });
});
