import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayInIndia } from '../../src/shared/dates';
import { gstinCheckChar } from '../../src/shared/gstin';
import { GST_SETTINGS, gstSummary, openAdmin, openTab, toasts } from './admin-fixtures';
import { recordedCalls } from './msw';

/*
 * The admin's GST screens (docs/gst.md): the identity and rates in Settings, checked with the shared schema before
 * anything is sent; the month's summary and GSTR-1 downloads in Reports.
 */
const GSTIN = '23AAACA1234A1Z' + gstinCheckChar('23AAACA1234A1Z');

describe('Settings tab: GST and business identity', () => {
  it('refuses a mistyped GSTIN at its field, then saves the identity with a valid one', async () => {
    let saved: unknown = null;
    const view = await openAdmin({
      'admin.gst.updateSettings': ({ input }) => {
        saved = input;
        return GST_SETTINGS;
      },
    });
    await openTab(view.user, /Settings/);
    const form = await screen.findByRole('form', { name: 'GST and business identity' });
    const gstin = within(form).getByRole('textbox', { name: 'GSTIN' });
    await view.user.type(gstin, '23AAACA1234A1ZX');
    await view.user.click(within(form).getByRole('button', { name: 'Save GST settings' }));
    expect(await within(form).findByText(/GST number is not valid/)).toBeInTheDocument();
    expect(recordedCalls('admin.gst.updateSettings')).toHaveLength(0);

    await view.user.clear(gstin);
    await view.user.type(gstin, GSTIN);
    await view.user.type(within(form).getByRole('textbox', { name: 'FSSAI licence number' }), '11423999000123');
    await view.user.click(within(form).getByRole('button', { name: 'Save GST settings' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({
      business: { gstin: GSTIN, fssai: '11423999000123', state_code: '23' },
      rates: [{ sac: '996334', rate_percent: 18, itc: true }, { sac: '998596' }],
    });
    expect(await toasts().findByText('GST settings saved')).toBeInTheDocument();
  });
});

describe('Reports tab: GST', () => {
  it("shows the month's summary and offers each GSTR-1 table as a CSV", async () => {
    const view = await openAdmin({
      'admin.gst.summary': ({ input }) => ({
        ...gstSummary((input as { month: string }).month),
        supplies_by_rate: [{ rate_percent: 18, taxable_value: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 }],
        advances_received: 846.61,
        tables: [{ table: 'b2cs', rows: 1 }],
      }),
    });
    await openTab(view.user, /Reports/);
    const card = await screen.findByRole('region', { name: 'GST' });
    const supplies = await within(card).findByRole('table', { name: 'Outward supplies by rate' });
    expect(within(supplies).getByText('18%')).toBeInTheDocument();
    expect(within(supplies).getByText('₹1,00,000')).toBeInTheDocument();
    expect(within(card).getByText('₹846.61')).toBeInTheDocument();
    for (const label of ['B2B (4A)', 'B2C small (7)', 'Advances received (11A)', 'Documents issued (13)']) {
      expect(within(card).getByRole('button', { name: `Download CSV of ${label}` })).toBeInTheDocument();
    }
    expect(within(card).getByRole('button', { name: 'Download CSV of B2C small (7)' })).toHaveTextContent('(1)');
  });

  it('lists debit notes as their own kind of document, with the net tax they add', async () => {
    const view = await openAdmin({
      'admin.gst.summary': ({ input }) => {
        const empty = gstSummary((input as { month: string }).month);
        return {
          ...empty,
          documents: empty.documents.map((row) =>
            row.kind === 'debit_note'
              ? {
                  ...row,
                  title: 'Debit Note',
                  count: 2,
                  taxable_value: 16_575,
                  cgst: 1_491.75,
                  sgst: 1_491.75,
                  total: 19_558.5,
                }
              : { ...row, title: row.kind === 'credit_note' ? 'Credit Note' : row.title },
          ),
          net_tax: { cgst: 1_491.75, sgst: 1_491.75, igst: 0 },
          tables: [{ table: 'cdnr', rows: 2 }],
        };
      },
    });
    await openTab(view.user, /Reports/);
    const card = await screen.findByRole('region', { name: 'GST' });
    const documents = within(await within(card).findByRole('table', { name: 'Documents issued' }));
    const debit = within(documents.getByText('Debit Note').closest('tr')!);
    expect(debit.getByText('2')).toBeInTheDocument();
    expect(debit.getByText('₹16,575')).toBeInTheDocument();
    expect(debit.getByText('₹2,983.50')).toBeInTheDocument();
    expect(debit.getByText('₹19,558.50')).toBeInTheDocument();
    expect(within(card).getByText('₹2,983.50', { selector: 'strong' })).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Download CSV of Credit/debit notes, registered (9B)' }),
    ).toHaveTextContent('(2)');
  });

  it('opens the month a link names, keeps the chosen month in the address and reads a bad month as this one', async () => {
    const current = todayInIndia().slice(0, 7);
    const view = await openAdmin({}, '/admin?tab=reports&gst_month=2026-04');
    const card = await screen.findByRole('region', { name: 'GST' });
    const field = within(card).getByLabelText('Month');
    expect(field).toHaveValue('2026-04');
    await within(card).findByRole('table', { name: 'Outward supplies by rate' });
    expect(recordedCalls('admin.gst.summary').map((call) => call.input)).toEqual([{ month: '2026-04' }]);

    await view.user.clear(field);
    expect(await within(card).findByText('Choose a month')).toBeInTheDocument();
    expect(view.currentUrl()).toBe('/admin?tab=reports&gst_month=2026-04');
    await view.user.type(field, '2025-09');
    await waitFor(() => expect(view.currentUrl()).toBe('/admin?tab=reports&gst_month=2025-09'));
    await waitFor(() => expect(recordedCalls('admin.gst.summary').at(-1)?.input).toEqual({ month: '2025-09' }));
    const entries = view.history.length;
    // This month is the default, left out of the address; the change replaced the history entry.
    await view.user.clear(field);
    await view.user.type(field, current);
    await waitFor(() => expect(view.currentUrl()).toBe('/admin?tab=reports'));
    expect(view.history).toHaveLength(entries);
    view.unmount();

    await openAdmin({}, '/admin?tab=reports&gst_month=2026-13');
    const again = await screen.findByRole('region', { name: 'GST' });
    expect(within(again).getByLabelText('Month')).toHaveValue(current);
    await within(again).findByRole('table', { name: 'Outward supplies by rate' });
    expect(recordedCalls('admin.gst.summary').at(-1)?.input).toEqual({ month: current });
  });
});
