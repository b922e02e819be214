import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, BOOKING_TRANSITIONS, canMoveBooking, homePathForRole } from '../../src/shared/domain';
import { registerInputSchema } from '../../src/shared/schemas/auth';
import { recordBookingPaymentFieldsSchema, recordBookingPaymentInputSchema } from '../../src/shared/schemas/account';
import { normalizeIndianPhone } from '../../src/shared/schemas/common';

describe('normalizeIndianPhone', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['(+91) 6123 456 789', '+916123456789'],
    ['0091 98765 43210', '+919876543210'],
  ])('accepts %s', (raw, expected) => expect(normalizeIndianPhone(raw)).toBe(expected));

  it.each(['12345', '5876543210', '+1 415 555 0100', '0044 7911 123456', '98765432100', 'abcdefghij', ''])(
    'refuses %s',
    (raw) => expect(normalizeIndianPhone(raw)).toBeNull(),
  );
});

describe('registerInputSchema', () => {
  it('trims and lower-cases the e-mail and keeps the password exactly', () => {
    const parsed = registerInputSchema.parse({
      email: '  Asha@Example.IN ',
      password: ' Pass word ',
      full_name: ' Asha Rao ',
      phone: '9876543210',
    });
    expect(parsed).toEqual({
      email: 'asha@example.in',
      password: ' Pass word ',
      full_name: 'Asha Rao',
      phone: '+919876543210',
    });
  });

  it('refuses control characters in names and passwords over 128 characters', () => {
    expect(
      registerInputSchema.safeParse({ email: 'a@b.in', password: 'secret', full_name: 'A\u0000B', phone: '9876543210' })
        .success,
    ).toBe(false);
    expect(
      registerInputSchema.safeParse({
        email: 'a@b.in',
        password: 'x'.repeat(129),
        full_name: 'AB',
        phone: '9876543210',
      }).success,
    ).toBe(false);
  });
});

describe('booking state machine', () => {
  it('allows exactly the moves of docs/product.md#booking-statuses', () => {
    const allowed = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => canMoveBooking(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'inquiry→quoted',
      'inquiry→confirmed',
      'inquiry→cancelled',
      'quoted→confirmed',
      'quoted→cancelled',
      'confirmed→in_progress',
      'confirmed→completed',
      'confirmed→cancelled',
      'in_progress→completed',
    ]);
    expect(BOOKING_TRANSITIONS.completed).toEqual([]);
  });

  it('sends each role to its home after sign-in', () => {
    expect(homePathForRole('admin')).toBe('/admin');
    expect(homePathForRole('supplier')).toBe('/supplier');
    expect(homePathForRole('customer')).toBe('/');
  });
});

describe('recording a payment by hand', () => {
  it('refuses any body that is not an object without throwing', () => {
    for (const body of [null, undefined, [], 'upi', 42, true]) {
      expect(recordBookingPaymentInputSchema.safeParse(body).success).toBe(false);
      expect(recordBookingPaymentFieldsSchema.safeParse(body).success).toBe(false);
    }
  });

  it('names a wrong UTR beside a wrong amount, so a form shows both at once', () => {
    const result = recordBookingPaymentFieldsSchema.safeParse({ amount: 'lots', method: 'upi', reference: '12345' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toEqual(['amount', 'reference']);
    const fine = recordBookingPaymentFieldsSchema.safeParse({ amount: 5000, method: 'upi', reference: '123456789012' });
    expect(fine.success).toBe(true);
  });
});
