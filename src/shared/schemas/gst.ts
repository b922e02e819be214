import { z } from 'zod';
import { isIsoDate } from '../dates';
import {
  GST_DOCUMENT_KINDS,
  isGstStateCode,
  SERVICE_KINDS,
  type GstDocumentKind,
  type GstRate,
  type ServiceKind,
} from '../gst';
import { bidiControlsMessage, hasNoBidiControls } from './common';
import { optionalGstinSchema } from './vendor';

/*
 * GST settings, a booking's GST details, documents and the accountant's reports (docs/gst.md, docs/api.md "GST").
 */

const stateCodeSchema = z
  .string({ error: 'State is required' })
  .trim()
  .refine(isGstStateCode, 'Choose a state from the list');

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoBidiControls, bidiControlsMessage(label))
    .nullish()
    .transform((value) => (value ? value : null));

const sacSchema = z
  .string({ error: 'SAC is required' })
  .trim()
  .regex(/^[0-9]{4,8}$/, 'A SAC is 4 to 8 digits');

/** The business identity printed on every GST document and in the site footer. */
export const gstBusinessInputSchema = z
  .object({
    legal_name: z
      .string({ error: 'Legal name is required' })
      .trim()
      .min(1, 'Legal name is required')
      .max(200, 'Legal name must be at most 200 characters')
      .refine(hasNoBidiControls, bidiControlsMessage('Legal name')),
    trade_name: z
      .string({ error: 'Trade name is required' })
      .trim()
      .min(1, 'Trade name is required')
      .max(200, 'Trade name must be at most 200 characters')
      .refine(hasNoBidiControls, bidiControlsMessage('Trade name')),
    address: z
      .string({ error: 'Address is required' })
      .trim()
      .min(1, 'Address is required')
      .max(500, 'Address must be at most 500 characters')
      .refine(hasNoBidiControls, bidiControlsMessage('Address')),
    state_code: stateCodeSchema,
    gstin: optionalGstinSchema,
    fssai: z
      .string({ error: 'FSSAI licence number must be text' })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || /^[0-9]{14}$/.test(value), 'An FSSAI licence number is 14 digits'),
    /** The SAC a booking's package is documented under (its rate and place-of-supply rule come from the table). */
    package_sac: sacSchema,
  })
  .superRefine((value, ctx) => {
    if (value.gstin && value.gstin.slice(0, 2) !== value.state_code) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `The GST number is registered in state ${value.gstin.slice(0, 2)}, not in the state chosen`,
      });
    }
  });
export type GstBusiness = z.output<typeof gstBusinessInputSchema>;

export const gstRateInputSchema = z.object({
  sac: sacSchema,
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(200, 'Description must be at most 200 characters')
    .refine(hasNoBidiControls, bidiControlsMessage('Description')),
  service_kind: z.enum(SERVICE_KINDS, { error: 'Choose catering or event organisation' }),
  rate_percent: z
    .number({ error: 'Rate must be a number' })
    .min(0, 'Rate must be at least 0%')
    .max(40, 'Rate must be at most 40%')
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      message: 'Rate has at most two decimals',
    }),
  itc: z.boolean({ error: 'Say whether input tax credit is allowed' }),
  effective_from: z.iso.date({ error: 'Effective from must be a date (YYYY-MM-DD)' }),
}) satisfies z.ZodType<GstRate>;

export const gstSettingsInputSchema = z
  .object({
    business: gstBusinessInputSchema,
    rates: z.array(gstRateInputSchema).min(1, 'Keep at least one rate').max(100, 'At most 100 rates'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    const kinds = new Map<string, ServiceKind>();
    value.rates.forEach((rate, i) => {
      const key = `${rate.sac}@${rate.effective_from}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'effective_from'],
          message: `SAC ${rate.sac} already has a rate from ${rate.effective_from}`,
        });
      }
      seen.add(key);
      const kind = kinds.get(rate.sac);
      if (kind && kind !== rate.service_kind) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'service_kind'],
          message: `SAC ${rate.sac} is placed by one rule: keep its service kind the same on every row`,
        });
      }
      kinds.set(rate.sac, rate.service_kind);
    });
    if (!kinds.has(value.business.package_sac)) {
      ctx.addIssue({
        code: 'custom',
        path: ['business', 'package_sac'],
        message: 'The package SAC needs a rate in the table',
      });
    }
  });
export type GstSettingsInput = z.input<typeof gstSettingsInputSchema>;

export type GstSettingsDto = {
  business: GstBusiness;
  rates: GstRate[];
  defaults: { business: GstBusiness; rates: GstRate[] };
};

/** A booking's GST details, given by the customer (My Bookings) or the team (Booking Details). */
/**
 * The `reason` of the server's refusal of a first payment while the venue's state is unknown
 * (`requireGstDetailsForPayment`, docs/gst.md#recipient): trying again cannot help until the state is saved in the
 * booking's GST details card, so the pay dialog leads there instead.
 */
export const GST_DETAILS_REQUIRED = 'gst_details_required';

export const bookingGstDetailsInputSchema = z
  .object({
    company_name: optionalText('Company name', 200),
    gstin: optionalGstinSchema,
    billing_address: optionalText('Billing address', 500),
    venue_state_code: z
      .string({ error: 'Venue state must be text' })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || isGstStateCode(value), 'Choose the venue state from the list'),
  })
  .superRefine((value, ctx) => {
    if (value.gstin && !value.company_name) {
      ctx.addIssue({
        code: 'custom',
        path: ['company_name'],
        message: 'Enter the company name registered with this GST number',
      });
    }
  });
export type BookingGstDetailsInput = z.input<typeof bookingGstDetailsInputSchema>;

export type BookingGstDetailsDto = {
  company_name: string | null;
  gstin: string | null;
  billing_address: string | null;
  /** The state named for the venue, else the one its city implies; null when not known. */
  venue_state_code: string | null;
  /** Whether the state was named (true) or read from the city (false). */
  venue_state_named: boolean;
  /** Whether the details can still change (until the tax invoice is issued). */
  editable: boolean;
};

export type GstDocumentDto = {
  id: string;
  /** What it is for: a booking, or the ₹99 subscription (docs/gst.md#subscription); the other is null. */
  booking_id: string | null;
  subscription_id: string | null;
  kind: GstDocumentKind;
  title: string;
  number: string;
  issue_date: string;
  recipient_name: string;
  recipient_gstin: string | null;
  place_of_supply: string | null;
  place_of_supply_label: string;
  intra_state: boolean;
  sac: string;
  description: string;
  rate_percent: number;
  /** Rupees. */
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  round_off: number;
  total: number;
  references: { kind: GstDocumentKind; number: string; issue_date: string; applied: number }[];
  reason: string | null;
  /** The lines a tax invoice lists (the package, each add-on), adding up to the document; empty for one line. */
  lines: GstDocumentLineDto[];
};

export type GstDocumentLineDto = {
  kind: 'package' | 'add_on' | 'line';
  sac: string;
  description: string;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** CGST + SGST + IGST. */
  tax: number;
  total: number;
};

export type BookingGstDto = {
  details: BookingGstDetailsDto;
  documents: GstDocumentDto[];
  /** Whether the admin may issue the tax invoice now, and if not why. */
  invoice: { can_issue: boolean; reason: string | null; due_by: string | null };
};

export const issueCreditNoteInputSchema = z.object({
  id: z.uuid({ error: 'Booking id must be a UUID' }),
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than ₹0')
    .max(10_00_00_000, 'Amount is too large')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Amount has at most two decimals'),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(3, 'Give the reason for the credit note')
    .max(300, 'Reason must be at most 300 characters')
    .refine(hasNoBidiControls, bidiControlsMessage('Reason')),
});
export type IssueCreditNoteInput = z.input<typeof issueCreditNoteInputSchema>;
export const issueCreditNoteFieldsSchema = issueCreditNoteInputSchema.omit({ id: true });

export const gstMonthQuerySchema = z.object({
  month: z
    .string({ error: 'Month is required (YYYY-MM)' })
    .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    // A month of the calendar the database keeps: year 0000 has no first day.
    .refine((month) => isIsoDate(`${month}-01`), 'Month must be YYYY-MM'),
});
export type GstMonthQuery = z.input<typeof gstMonthQuerySchema>;

export const GSTR1_TABLES = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'at',
  'atadj',
  'hsn_b2b',
  'hsn_b2c',
  'docs',
  'register',
] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

export const gstr1ExportQuerySchema = gstMonthQuerySchema.extend({
  table: z.enum(GSTR1_TABLES, { error: `Table must be one of ${GSTR1_TABLES.join(', ')}` }),
});
export type Gstr1ExportQuery = z.input<typeof gstr1ExportQuerySchema>;

export type GstRateRowDto = {
  rate_percent: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
};

export type GstKindTotalsDto = {
  kind: GstDocumentKind;
  title: string;
  count: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};

export type GstSummaryDto = {
  month: string;
  from: string;
  to: string;
  /** Outward supplies (tax invoices plus debit notes less credit notes) by rate. */
  supplies_by_rate: GstRateRowDto[];
  documents: GstKindTotalsDto[];
  /** Table 11A and 11B totals (taxable value of advances). */
  advances_received: number;
  advances_adjusted: number;
  /** Net tax for the month: invoices + debit notes + advances received − advances adjusted − credit notes. */
  net_tax: { cgst: number; sgst: number; igst: number };
  tables: { table: Gstr1Table; rows: number }[];
};

export const GST_KIND_ENUM = z.enum(GST_DOCUMENT_KINDS);

// --- Responses (OpenAPI and tRPC outputs) -------------------------------------------------------------------------

const money = z.number().describe('Rupees');
const gstRateResponseSchema = z.object({
  sac: z.string(),
  description: z.string(),
  service_kind: z.enum(SERVICE_KINDS),
  rate_percent: z.number(),
  itc: z.boolean(),
  effective_from: z.string(),
});
const gstBusinessResponseSchema = z.object({
  legal_name: z.string(),
  trade_name: z.string(),
  address: z.string(),
  state_code: z.string(),
  gstin: z.string().nullable(),
  fssai: z.string().nullable(),
  package_sac: z.string(),
});
export const gstSettingsResponseSchema = z.object({
  business: gstBusinessResponseSchema,
  rates: z.array(gstRateResponseSchema),
  defaults: z.object({ business: gstBusinessResponseSchema, rates: z.array(gstRateResponseSchema) }),
}) satisfies z.ZodType<GstSettingsDto>;

export const gstDocumentResponseSchema = z.object({
  id: z.string(),
  booking_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  kind: GST_KIND_ENUM,
  title: z.string(),
  number: z.string(),
  issue_date: z.string(),
  recipient_name: z.string(),
  recipient_gstin: z.string().nullable(),
  place_of_supply: z.string().nullable(),
  place_of_supply_label: z.string(),
  intra_state: z.boolean(),
  sac: z.string(),
  description: z.string(),
  rate_percent: z.number(),
  taxable_value: money,
  cgst: money,
  sgst: money,
  igst: money,
  round_off: money,
  total: money,
  references: z.array(z.object({ kind: GST_KIND_ENUM, number: z.string(), issue_date: z.string(), applied: money })),
  reason: z.string().nullable(),
  lines: z.array(
    z.object({
      kind: z.enum(['package', 'add_on', 'line']),
      sac: z.string(),
      description: z.string(),
      taxable_value: money,
      cgst: money,
      sgst: money,
      igst: money,
      tax: money,
      total: money,
    }),
  ),
}) satisfies z.ZodType<GstDocumentDto>;

export const bookingGstResponseSchema = z.object({
  details: z.object({
    company_name: z.string().nullable(),
    gstin: z.string().nullable(),
    billing_address: z.string().nullable(),
    venue_state_code: z.string().nullable(),
    venue_state_named: z.boolean(),
    editable: z.boolean(),
  }),
  documents: z.array(gstDocumentResponseSchema),
  invoice: z.object({ can_issue: z.boolean(), reason: z.string().nullable(), due_by: z.string().nullable() }),
}) satisfies z.ZodType<BookingGstDto>;

const heads = { taxable_value: money, cgst: money, sgst: money, igst: money };
export const gstSummaryResponseSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  supplies_by_rate: z.array(z.object({ rate_percent: z.number(), ...heads })),
  documents: z.array(z.object({ kind: GST_KIND_ENUM, title: z.string(), count: z.number(), ...heads, total: money })),
  advances_received: money,
  advances_adjusted: money,
  net_tax: z.object({ cgst: money, sgst: money, igst: money }),
  tables: z.array(z.object({ table: z.enum(GSTR1_TABLES), rows: z.number() })),
}) satisfies z.ZodType<GstSummaryDto>;
