import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminBookingDto } from '../../src/shared/schemas/admin';
import { booking, openAdmin, page, toasts } from './admin-fixtures';
import { DISHES, savedMenu } from './menu-fixtures';
import { recordedCalls } from './msw';

async function openDetails(overrides: Record<string, (args: { input: unknown }) => unknown>, shown: AdminBookingDto) {
  const view = await openAdmin({
    'admin.bookings.list': () => page([shown]),
    'admin.bookings.get': () => shown,
    ...overrides,
  });
  await view.user.click(screen.getByRole('button', { name: `View ${shown.event_name}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Booking Details' }));
  return { ...view, dialog };
}

const unpriced = booking(1, {
  status: 'inquiry',
  final_amount: null,
  gst_percent: null,
  pricing_tier: null,
  requirements: { guest_count: 120 },
});

describe('Price this booking (admin quotation)', () => {
  it('is typed line by line, shows the running sum and sends the quote; the booking then shows the quote sent', async () => {
    const quoted: AdminBookingDto = {
      ...unpriced,
      status: 'quoted',
      final_amount: 141_600,
      gst_percent: 18,
      updated_at: '2026-01-11T10:00:00.000Z',
      quotation: {
        quoted_amount: 141_600,
        notes: null,
        items: [
          { kind: 'per_person', description: 'Dinner buffet', unit_price: 900, quantity: 120, amount: 108_000 },
          { kind: 'add_on', description: 'Live chaat counter', unit_price: 6000, quantity: 2, amount: 12_000 },
        ],
        gross_amount: 120_000,
        discount: 0,
        discount_reason: null,
        subscriber_discount: 0,
        subtotal: 120_000,
        gst_percent: 18,
        gst_amount: 21_600,
        quoted_at: '2026-01-11T10:00:00.000Z',
      },
    };
    let current = unpriced;
    const quote = vi.fn(() => {
      current = quoted;
      return { message: `Quote sent to ${unpriced.client_email}`, booking: quoted };
    });
    const { user, dialog } = await openDetails(
      { 'admin.bookings.quote': quote, 'admin.bookings.get': () => current },
      unpriced,
    );

    const form = within(dialog.getByRole('form', { name: 'Price this booking' }));
    // A per-person line starts with the booking's guests.
    expect(form.getByLabelText(/^Guests/)).toHaveValue('120');
    await user.type(form.getByLabelText(/^Description/), 'Dinner buffet');
    await user.type(form.getByLabelText(/^Price per person/), '900');
    expect(form.getByText('Lines ₹1,08,000 = taxable ₹1,08,000 + GST')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Add add-on' }));
    const descriptions = form.getAllByLabelText(/^Description/);
    await user.type(descriptions[1]!, 'Live chaat counter');
    await user.type(form.getAllByLabelText(/^Price \(₹\)/)[0]!, '6000');
    const quantity = form.getAllByLabelText(/^Quantity/)[0]!;
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(form.getByText('Lines ₹1,20,000 = taxable ₹1,20,000 + GST')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Send quote' }));
    expect(await toasts().findByText(`Quote sent to ${unpriced.client_email}`)).toBeInTheDocument();
    expect(recordedCalls('admin.bookings.quote')[0]?.input).toEqual({
      id: unpriced.id,
      items: [
        { kind: 'per_person', description: 'Dinner buffet', unit_price: 900, quantity: 120 },
        { kind: 'add_on', description: 'Live chaat counter', unit_price: 6000, quantity: 2 },
      ],
      discount: 0,
      discount_reason: null,
      notes: null,
    });
    const sent = await dialog.findByRole('heading', { name: 'Quote sent' });
    const summary = within(sent.parentElement!);
    for (const text of ['Dinner buffet: ₹900 × 120', '₹1,08,000', 'GST (18%)', '₹21,600', '₹1,41,600']) {
      expect(summary.getByText(text)).toBeInTheDocument();
    }
    expect(dialog.getByRole('form', { name: 'Revise the quote' })).toBeInTheDocument();
  });

  it("lists the menu's add-ons beside the quote's lines, and the running sum counts them", async () => {
    // 900 × 120 + the counter's 110.50 × 120 = 1,21,260 taxable; GST 18% = 21,826.80.
    const quoted: AdminBookingDto = {
      ...unpriced,
      status: 'quoted',
      final_amount: 143_086.8,
      gst_percent: 18,
      quotation: {
        quoted_amount: 143_086.8,
        notes: null,
        items: [{ kind: 'per_person', description: 'Dinner buffet', unit_price: 900, quantity: 120, amount: 108_000 }],
        gross_amount: 108_000,
        discount: 0,
        discount_reason: null,
        subscriber_discount: 0,
        subtotal: 121_260,
        gst_percent: 18,
        gst_amount: 21_826.8,
        quoted_at: '2026-01-11T10:00:00.000Z',
      },
    };
    const menu = savedMenu(quoted.id, { veg: 120, jain: 0, non_veg: 0 }, [DISHES.vegStarter, DISHES.counter], {
      status: 'quoted',
    });
    const { dialog } = await openDetails({ 'admin.menus.bookingMenu': () => menu }, quoted);
    const sent = await dialog.findByRole('heading', { name: 'Quote sent' });
    const summary = within(sent.parentElement!);
    const addOn = await summary.findByText('Live Jalebi Counter (add-on): ₹110.50 × 120 guests');
    expect(addOn.nextElementSibling).toHaveTextContent('₹13,260');
    expect(summary.getByText('₹1,21,260')).toBeInTheDocument();
    const form = within(dialog.getByRole('form', { name: 'Revise the quote' }));
    expect(form.getByText('Lines ₹1,08,000 + menu add-ons ₹13,260 = taxable ₹1,21,260 + GST')).toBeInTheDocument();
  });

  it('asks for the discount reason at the field and sends nothing until it is given', async () => {
    const quote = vi.fn(() => ({ message: 'Quote sent', booking: unpriced }));
    const { user, dialog } = await openDetails({ 'admin.bookings.quote': quote }, unpriced);
    const form = within(dialog.getByRole('form', { name: 'Price this booking' }));
    await user.type(form.getByLabelText(/^Description/), 'Lunch');
    await user.type(form.getByLabelText(/^Price per person/), '500');
    await user.type(form.getByLabelText(/^Discount/), '1000');
    await user.click(form.getByRole('button', { name: 'Send quote' }));
    const reason = form.getByLabelText(/^Reason for the discount/);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Give the reason for the discount'));
    expect(quote).not.toHaveBeenCalled();
    await user.type(reason, 'Festival offer');
    await user.click(form.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(quote).toHaveBeenCalledTimes(1));
  });

  it('does not offer quoted or confirmed on a booking without a price, and says why', async () => {
    const { dialog } = await openDetails({}, unpriced);
    const select = dialog.getByLabelText('Change status');
    const option = (value: string) =>
      within(select)
        .getAllByRole('option')
        .find((o) => (o as HTMLOptionElement).value === value) as HTMLOptionElement;
    expect(option('quoted').disabled).toBe(true);
    expect(option('quoted').textContent).toContain('send a quote first: no price yet');
    expect(option('confirmed').disabled).toBe(true);
    expect(option('cancelled').disabled).toBe(false);
  });
});
