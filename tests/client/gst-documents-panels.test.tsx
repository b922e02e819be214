import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingGstPanel } from '../../src/client/pages/admin/booking-gst-panel';
import { BookingGstCard } from '../../src/client/pages/bookings/booking-gst-card';
import { gstinCheckChar } from '../../src/shared/gstin';
import type { BookingGstDto, GstDocumentDto } from '../../src/shared/schemas/gst';
import { bookingGst, toasts } from './admin-fixtures';
import { userFor } from './fixtures';
import { recordedCalls, server, TEST_ORIGIN, trpcHandler, TrpcTestError } from './msw';
import { renderWithProviders } from './render';

/*
 * A booking's GST documents panel (docs/gst.md): the customer's card in My Bookings and the admin's panel in Booking
 * Details — the details form checked with the shared schema, the documents with the tax invoice's add-on lines
 * (docs/gst.md#lines) and debit notes (docs/gst.md#debit-note), each PDF downloaded from its own door, the
 * admin's "Issue tax invoice" and credit note.
 */
const BOOKING_ID = '11111111-1111-4111-8111-111111111111';
const GSTIN = '07AABCD5678E1Z' + gstinCheckChar('07AABCD5678E1Z');

function doc(
  overrides: Partial<GstDocumentDto> & Pick<GstDocumentDto, 'id' | 'kind' | 'title' | 'number'>,
): GstDocumentDto {
  return {
    booking_id: BOOKING_ID,
    subscription_id: null,
    issue_date: '2026-11-26',
    recipient_name: 'Meera Joshi',
    recipient_gstin: null,
    place_of_supply: '23',
    place_of_supply_label: '23-Madhya Pradesh',
    intra_state: true,
    sac: '996334',
    description: 'Outdoor catering services: Joshi wedding',
    rate_percent: 18,
    taxable_value: 846.61,
    cgst: 76.2,
    sgst: 76.2,
    igst: 0,
    round_off: -0.01,
    total: 999,
    references: [],
    reason: null,
    lines: [],
    ...overrides,
  };
}

const VOUCHER = doc({
  id: 'a0000000-0000-4000-8000-000000000001',
  kind: 'receipt_voucher',
  title: 'Receipt Voucher',
  number: 'RV/26-27/00001',
});
const INVOICE = doc({
  id: 'a0000000-0000-4000-8000-000000000002',
  kind: 'tax_invoice',
  title: 'Tax Invoice',
  number: 'INV/26-27/00001',
  taxable_value: 1_65_060,
  cgst: 14_855.4,
  sgst: 14_855.4,
  total: 1_94_770.8,
  references: [{ kind: 'receipt_voucher', number: 'RV/26-27/00001', issue_date: '2026-11-26', applied: 999 }],
  lines: [
    {
      kind: 'package',
      sac: '996334',
      description: 'Premium package, 120 guests',
      taxable_value: 1_51_800,
      cgst: 13_662,
      sgst: 13_662,
      igst: 0,
      tax: 27_324,
      total: 1_79_124,
    },
    {
      kind: 'add_on',
      sac: '996334',
      description: 'Live Jalebi Counter (add-on): ₹110.50 × 120 guests',
      taxable_value: 13_260,
      cgst: 1_193.4,
      sgst: 1_193.4,
      igst: 0,
      tax: 2_386.8,
      total: 15_646.8,
    },
  ],
});
const DEBIT = doc({
  id: 'a0000000-0000-4000-8000-000000000003',
  kind: 'debit_note',
  title: 'Debit Note',
  number: 'DN/26-27/00001',
  taxable_value: 16_575,
  cgst: 1_491.75,
  sgst: 1_491.75,
  total: 19_558.5,
  reason: 'Guests changed from 120 to 150',
  references: [{ kind: 'tax_invoice', number: 'INV/26-27/00001', issue_date: '2026-11-26', applied: 19_558.5 }],
});

let pdfRequests: string[] = [];
beforeEach(() => {
  pdfRequests = [];
  URL.createObjectURL = vi.fn(() => 'blob:gst');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  server.use(
    trpcHandler('auth.me', () => userFor('customer')),
    http.get(`${TEST_ORIGIN}/api/*`, ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!path.endsWith('/pdf')) return undefined;
      pdfRequests.push(path);
      return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="doc.pdf"' },
      });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

const gstTable = () => within(screen.getByRole('table', { name: 'GST documents' }));
const rowOf = (number: string) => within(gstTable().getByText(number).closest('tr')!);

describe("My Bookings' GST card", () => {
  it("lists the documents with the invoice's add-on lines and the debit note against it, and downloads each PDF", async () => {
    server.use(
      trpcHandler('gst.mine', () =>
        bookingGst({
          details: { ...bookingGst().details, editable: false },
          documents: [VOUCHER, INVOICE, DEBIT],
        }),
      ),
    );
    const { user } = renderWithProviders(<BookingGstCard bookingId={BOOKING_ID} />, { token: 'customer-token' });
    await screen.findByRole('table', { name: 'GST documents' });

    const invoice = rowOf('INV/26-27/00001');
    const lines = within(invoice.getByRole('list', { name: 'Lines' }));
    expect(lines.getByText('Premium package, 120 guests: ₹1,51,800 + tax ₹27,324')).toBeInTheDocument();
    expect(
      lines.getByText('Live Jalebi Counter (add-on): ₹110.50 × 120 guests: ₹13,260 + tax ₹2,386.80'),
    ).toBeInTheDocument();
    expect(invoice.getByText('Adjusts RV/26-27/00001')).toBeInTheDocument();
    expect(invoice.getByText('₹1,94,770.80')).toBeInTheDocument();

    const debit = rowOf('DN/26-27/00001');
    expect(debit.getByText('Debit Note')).toBeInTheDocument();
    expect(debit.getByText('Against INV/26-27/00001')).toBeInTheDocument();
    expect(debit.getByText('CGST ₹1,491.75 + SGST ₹1,491.75 (18%)')).toBeInTheDocument();
    // One-line documents list no lines.
    expect(rowOf('RV/26-27/00001').queryByRole('list', { name: 'Lines' })).toBeNull();
    // ₹846.61 + ₹76.20 + ₹76.20 is ₹999.01: the round-off the PDF prints makes the figures add up to the total.
    expect(rowOf('RV/26-27/00001').getByText('Round off −₹0.01')).toBeInTheDocument();

    await user.click(debit.getByRole('button', { name: 'Download Debit Note DN/26-27/00001 as PDF' }));
    await waitFor(() => expect(pdfRequests).toEqual([`/api/me/bookings/${BOOKING_ID}/gst/${DEBIT.id}/pdf`]));
    // After the invoice the details are fixed: no save button.
    expect(screen.queryByRole('button', { name: 'Save GST details' })).toBeNull();
  });

  it('checks a business GSTIN with the shared checksum before sending, then saves the details', async () => {
    let saved: unknown = null;
    server.use(
      trpcHandler('gst.mine', () => bookingGst()),
      trpcHandler('gst.updateMine', ({ input }) => {
        saved = input;
        return bookingGst({
          details: { ...bookingGst().details, company_name: 'Delhi Events Pvt Ltd', gstin: GSTIN },
        });
      }),
    );
    const { user } = renderWithProviders(<BookingGstCard bookingId={BOOKING_ID} />, { token: 'customer-token' });
    const form = within(await screen.findByRole('form', { name: 'GST details' }));
    expect(screen.getByText(/No GST documents yet/)).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Company name (business booking)' }), 'Delhi Events Pvt Ltd');
    await user.type(
      form.getByRole('textbox', { name: /Company GSTIN/ }),
      GSTIN.slice(0, 14) + (GSTIN[14] === 'A' ? 'B' : 'A'),
    );
    await user.click(form.getByRole('button', { name: 'Save GST details' }));
    expect(await form.findByText(/not valid/)).toBeInTheDocument();
    expect(recordedCalls('gst.updateMine')).toHaveLength(0);

    await user.clear(form.getByRole('textbox', { name: /Company GSTIN/ }));
    await user.type(form.getByRole('textbox', { name: /Company GSTIN/ }), GSTIN);
    await user.click(form.getByRole('button', { name: 'Save GST details' }));
    await waitFor(() =>
      expect(saved).toMatchObject({ id: BOOKING_ID, company_name: 'Delhi Events Pvt Ltd', gstin: GSTIN }),
    );
    expect(await toasts().findByText('GST details saved')).toBeInTheDocument();
  });

  it('says why it could not load', async () => {
    server.use(
      trpcHandler('gst.mine', () => {
        throw new TrpcTestError('NOT_FOUND', 'Booking not found');
      }),
    );
    renderWithProviders(<BookingGstCard bookingId={BOOKING_ID} />, { token: 'customer-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking not found');
  });
});

describe("Booking Details' GST panel (admin)", () => {
  it('issues the tax invoice, then offers a credit note checked with the shared schema', async () => {
    let state: BookingGstDto = bookingGst({
      documents: [VOUCHER],
      invoice: { can_issue: true, reason: null, due_by: '2027-02-04' },
    });
    let credited: unknown = null;
    server.use(
      trpcHandler('admin.gst.booking', () => state),
      trpcHandler('admin.gst.issueInvoice', () => {
        state = { ...state, documents: [VOUCHER, INVOICE], invoice: { ...state.invoice, can_issue: false } };
        return state;
      }),
      trpcHandler('admin.gst.issueCreditNote', ({ input }) => {
        credited = input;
        return state;
      }),
    );
    const { user } = renderWithProviders(<BookingGstPanel bookingId={BOOKING_ID} />, { token: 'admin-token' });
    expect(await screen.findByText(/due by February 4th, 2027/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue tax invoice' }));
    expect(await toasts().findByText('Tax invoice issued')).toBeInTheDocument();
    expect(await screen.findByText('INV/26-27/00001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue tax invoice' })).toBeNull();

    const note = within(await screen.findByRole('form', { name: 'Issue a credit note' }));
    await user.type(note.getByRole('textbox', { name: 'Credit amount (₹)' }), '0');
    await user.type(note.getByRole('textbox', { name: 'Reason' }), 'x');
    await user.click(note.getByRole('button', { name: 'Issue credit note' }));
    expect(await note.findByText('Amount must be more than ₹0')).toBeInTheDocument();
    expect(note.getByText('Give the reason for the credit note')).toBeInTheDocument();
    expect(recordedCalls('admin.gst.issueCreditNote')).toHaveLength(0);

    await user.clear(note.getByRole('textbox', { name: 'Credit amount (₹)' }));
    await user.type(note.getByRole('textbox', { name: 'Credit amount (₹)' }), '2500.50');
    await user.type(note.getByRole('textbox', { name: 'Reason' }), 'Late service at the reception');
    await user.click(note.getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() =>
      expect(credited).toEqual({ id: BOOKING_ID, amount: 2500.5, reason: 'xLate service at the reception' }),
    );
    expect(await toasts().findByText('Credit note issued')).toBeInTheDocument();
  });

  it("shows the server's refusal and downloads a debit note from the admin's door", async () => {
    server.use(
      trpcHandler('admin.gst.booking', () =>
        bookingGst({
          documents: [VOUCHER, INVOICE, DEBIT],
          invoice: { can_issue: false, reason: 'The tax invoice is issued', due_by: null },
        }),
      ),
      trpcHandler('admin.gst.issueCreditNote', () => {
        throw new TrpcTestError(
          'CONFLICT',
          'The invoice INV/26-27/00001 stands at ₹2,14,329.30: a credit note can be at most that',
        );
      }),
    );
    const { user } = renderWithProviders(<BookingGstPanel bookingId={BOOKING_ID} />, { token: 'admin-token' });
    const debit = await waitFor(() => rowOf('DN/26-27/00001'));
    await user.click(debit.getByRole('button', { name: 'Download Debit Note DN/26-27/00001 as PDF' }));
    await waitFor(() => expect(pdfRequests).toEqual([`/api/admin/gst/documents/${DEBIT.id}/pdf`]));

    const note = within(screen.getByRole('form', { name: 'Issue a credit note' }));
    await user.type(note.getByRole('textbox', { name: 'Credit amount (₹)' }), '300000');
    await user.type(note.getByRole('textbox', { name: 'Reason' }), 'Agreed discount');
    await user.click(note.getByRole('button', { name: 'Issue credit note' }));
    expect(await toasts().findByText(/a credit note can be at most that/)).toBeInTheDocument();
  });
});
