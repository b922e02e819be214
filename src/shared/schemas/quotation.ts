import { z } from 'zod';
import { QUOTE_LINE_KINDS, type QuoteLineKind } from '../domain';
import { formatInr } from '../money';
import { MAX_GUESTS, paiseToRupees, rupeesToPaise } from '../pricing';
import { optionalTextSchema, requiredTextSchema, uuidSchema } from './common';

/*
 * The admin's quotation (docs/product.md#screens: "A quotation screen holding quoted_amount, notes and items"): an
 * inquiry priced line by line, with an optional discount that must give its reason (docs/decisions.md, "Custom quotes
 * and prices").
 */

export const MAX_QUOTATION_LINES = 30;
export const QUOTATION_DESCRIPTION_MAX_LENGTH = 200;
export const QUOTATION_NOTES_MAX_LENGTH = 2000;
export const DISCOUNT_REASON_MAX_LENGTH = 300;
/** One line's unit price: at most ₹1 crore (a per-person rate or a whole fixed charge). */
export const MAX_LINE_UNIT_RUPEES = 10_000_000;

export const QUOTE_LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  per_person: 'Per person',
  fixed: 'Fixed charge',
  add_on: 'Add-on',
};

function rupeesSchema(label: string, { min, max }: { min: 'positive' | 'zero'; max: number }) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .refine(
      (value) => (min === 'positive' ? value > 0 : value >= 0),
      min === 'positive' ? `${label} must be more than ₹0` : `${label} cannot be negative`,
    )
    .refine((value) => value <= max, `${label} can be at most ${formatInr(max)}`)
    .refine((value) => Number(value.toFixed(2)) === value, `${label} can have at most two decimals (paise)`);
}

export const quotationLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, { error: 'Choose per person, fixed charge or add-on' }),
  description: requiredTextSchema('Description', QUOTATION_DESCRIPTION_MAX_LENGTH),
  unit_price: rupeesSchema('Price', { min: 'positive', max: MAX_LINE_UNIT_RUPEES }),
  quantity: z
    .number({ error: (issue) => (issue.input === undefined ? 'Quantity is required' : 'Quantity must be a number') })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_GUESTS, `Quantity can be at most ${MAX_GUESTS.toLocaleString('en-IN')}`),
});

const quotationFields = {
  items: z
    .array(quotationLineSchema, { error: 'Items must be a list' })
    .min(1, 'Add at least one line')
    .max(MAX_QUOTATION_LINES, `At most ${MAX_QUOTATION_LINES} lines`),
  discount: rupeesSchema('Discount', { min: 'zero', max: MAX_LINE_UNIT_RUPEES * MAX_QUOTATION_LINES })
    .nullish()
    .transform((value) => value ?? 0),
  discount_reason: optionalTextSchema('Discount reason', DISCOUNT_REASON_MAX_LENGTH),
  notes: optionalTextSchema('Notes', QUOTATION_NOTES_MAX_LENGTH),
};

/** The lines' sum in paise (each line unit price × quantity). */
export function quotationGrossPaise(items: readonly { unit_price: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + rupeesToPaise(item.unit_price) * item.quantity, 0);
}

/** A discount needs its reason, and must leave something to pay: no quote totals ₹0. */
function checkDiscount(
  value: { items: { unit_price: number; quantity: number }[]; discount: number; discount_reason: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.discount > 0 && !value.discount_reason) {
    ctx.addIssue({ code: 'custom', path: ['discount_reason'], message: 'Give the reason for the discount' });
  }
  const gross = quotationGrossPaise(value.items);
  if (value.discount > 0 && rupeesToPaise(value.discount) >= gross) {
    ctx.addIssue({
      code: 'custom',
      path: ['discount'],
      message: `The discount must be less than the lines add up to (${formatInr(paiseToRupees(gross))})`,
    });
  }
}

/** `PUT /api/bookings/{id}/quote` body. */
export const quotationFieldsSchema = z.object(quotationFields).superRefine(checkDiscount);

/** `admin.bookings.quote` input: the booking and the quotation. */
export const quotationInputSchema = z.object({ id: uuidSchema, ...quotationFields }).superRefine(checkDiscount);
export type QuotationInput = z.input<typeof quotationInputSchema>;

/** A quotation as the admin and the customer read it back; amounts in rupees. */
export type QuotationDto = {
  quoted_amount: number;
  notes: string | null;
  items: { kind: QuoteLineKind; description: string; unit_price: number; quantity: number; amount: number }[];
  gross_amount: number;
  discount: number;
  discount_reason: string | null;
  /** The subscriber's discount off the taxable amount (docs/product.md#subscriptions); 0 when none. */
  subscriber_discount: number;
  subtotal: number;
  gst_percent: number;
  gst_amount: number;
  quoted_at: string;
};
