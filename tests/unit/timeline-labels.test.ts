import { describe, expect, it } from 'vitest';
import { BOOKING_AUDIT_ACTIONS } from '../../src/server/lib/audit';
import { timelineLabel } from '../../src/server/modules/bookings/account.service';

/* The booking's timeline in My Bookings speaks the customer's words for everything recorded against a booking. */
describe('timelineLabel', () => {
  it('words every action recorded against a booking, never showing its key', () => {
    for (const action of BOOKING_AUDIT_ACTIONS) {
      const label = timelineLabel(action, {});
      expect(label, action).not.toBe(action);
      expect(label, action).toMatch(/^[A-Z]/);
    }
  });

  it('names a GST document by its kind and number', () => {
    expect(timelineLabel('gst.document_issued', { kind: 'receipt_voucher', number: 'RV/26-27/00007' })).toBe(
      'Receipt voucher RV/26-27/00007 issued',
    );
    expect(timelineLabel('gst.document_issued', { kind: 'credit_note', number: 'CN/26-27/00001' })).toBe(
      'Credit note CN/26-27/00001 issued',
    );
    expect(timelineLabel('gst.document_issued', { kind: 'unknown', number: 7 })).toBe('GST document issued');
  });

  it('reads a row an older release recorded under another name as words', () => {
    expect(timelineLabel('booking.venue_confirmed', {})).toBe('Venue confirmed');
  });
});
