import { z } from 'zod';
import { GSTIN_MESSAGES, gstinProblem, normalizeGstin } from '../gstin';
import {
  BUSINESS_ADDRESS_MAX_LENGTH,
  BUSINESS_NAME_MAX_LENGTH,
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  PORTFOLIO_LINK_MAX_LENGTH,
  SERVICES_OFFERED_MAX_LENGTH,
} from '../vendor-limits';
import { newPasswordSchema } from './auth';
import {
  bidiControlsMessage,
  emailSchema,
  hasNoBidiControls,
  listQuerySchema,
  nameSchema,
  phoneSchema,
  requiredTextSchema,
  uuidSchema,
  whatsappOptInSchema,
} from './common';

export const REJECTION_REASON_MAX_LENGTH = 500;
/** A supplier lists at most this many services, each at most this long. */
export const MAX_SERVICES = 30;
export const SERVICE_MAX_LENGTH = 100;

/** What `POST /api/vendor/register` answers (docs/product.md#screens: the client shows the server's message). */
export const VENDOR_REGISTERED_MESSAGE =
  'Vendor registration submitted successfully! Your account will be activated ' +
  'after admin approval. We will email you once it has been reviewed.';

/**
 * The services list of a supplier from free text: split on commas and line breaks, trimmed, empty pieces
 * dropped, duplicates (any letter case) dropped, at most 30 ("services array derived by splitting
 * services_offered on commas").
 */
export function splitServices(text: string): string[] {
  return dedupeServices(text.split(/[,\n\r]+/));
}

export function dedupeServices(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim().replace(/\s+/g, ' ').slice(0, SERVICE_MAX_LENGTH);
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length === MAX_SERVICES) break;
  }
  return out;
}

/**
 * Years in business: a whole number 0-50 (docs/product.md#vendors); absent or null means 0 (docs/product.md#vendors
 * default).
 */
export const experienceYearsSchema = z
  .number({ error: 'Experience must be a number of years' })
  .int('Experience must be a whole number of years')
  .min(EXPERIENCE_YEARS_MIN, `Experience must be between ${EXPERIENCE_YEARS_MIN} and ${EXPERIENCE_YEARS_MAX} years`)
  .max(EXPERIENCE_YEARS_MAX, `Experience must be between ${EXPERIENCE_YEARS_MIN} and ${EXPERIENCE_YEARS_MAX} years`)
  .nullish()
  .transform((value) => value ?? 0);

/**
 * Optional GSTIN: empty, null or absent is "not given"; otherwise spaces and dashes are dropped, letters
 * upper-cased, and the result must be a valid GSTIN (format, state code, check character; `src/shared/gstin.ts`).
 */
export const optionalGstinSchema = z
  .string({ error: 'GST number must be text' })
  .max(30, GSTIN_MESSAGES.length)
  .nullish()
  .transform((value, ctx) => {
    const gstin = normalizeGstin(value ?? '');
    if (!gstin) return null;
    const problem = gstinProblem(gstin);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
      return z.NEVER;
    }
    return gstin;
  });

/**
 * Optional portfolio link: an http(s) URL with a real host name. A bare "www.example.in" is read as https, the
 * way people type it into a form; other schemes (javascript:, ftp:) are refused.
 */
export const optionalPortfolioLinkSchema = z
  .string({ error: 'Portfolio link must be text' })
  .trim()
  .max(PORTFOLIO_LINK_MAX_LENGTH, `Portfolio link must be at most ${PORTFOLIO_LINK_MAX_LENGTH} characters`)
  .refine(hasNoBidiControls, bidiControlsMessage('Portfolio link'))
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    const parsed = z.httpUrl().safeParse(withScheme);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid website link starting with http:// or https://' });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * The vendor registration payload (docs/product.md#booking-statuses; confirm-password is not sent). Any other key
 * (role, approval_status, is_active, ...) is dropped: a vendor always starts pending and inactive.
 */
export const vendorRegisterInputSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  contact_person: nameSchema('Contact person'),
  business_name: nameSchema('Business name', BUSINESS_NAME_MAX_LENGTH),
  phone: phoneSchema,
  business_address: requiredTextSchema('Business address', BUSINESS_ADDRESS_MAX_LENGTH),
  location: nameSchema('Location'),
  services_offered: requiredTextSchema('Services offered', SERVICES_OFFERED_MAX_LENGTH),
  experience_years: experienceYearsSchema,
  gst_number: optionalGstinSchema,
  portfolio_link: optionalPortfolioLinkSchema,
  /** Project invitations on WhatsApp to `phone` (docs/product.md#whatsapp). */
  whatsapp_opt_in: whatsappOptInSchema,
});
export type VendorRegisterInput = z.input<typeof vendorRegisterInputSchema>;
export type VendorRegisterData = z.output<typeof vendorRegisterInputSchema>;

/** `POST /api/vendor/register` answers 201 with this. */
export type VendorRegisterResult = { message: string; supplier_id: string };

/** docs/product.md#vendors "Pending vendor", plus when the application arrived. */
export type PendingVendorDto = {
  id: string;
  business_name: string;
  contact_person: string;
  email: string;
  phone: string;
  location: string | null;
  experience_years: number;
  business_address: string | null;
  services_offered: string | null;
  gst_number: string | null;
  portfolio_link: string | null;
  created_at: string;
  /** The applicant opened the confirmation link sent to `email`; the admin may approve either way. */
  email_verified: boolean;
};

export const pendingVendorsQuerySchema = listQuerySchema(100, 500).omit({ q: true });
export type PendingVendorsQuery = z.input<typeof pendingVendorsQuerySchema>;

/** A vendor (supplier) id in a path or input. */
export const vendorIdInputSchema = z.object({ id: uuidSchema });

/** The reason an admin gives when rejecting (docs/product.md#vendors); required, 1-500 characters. */
export const rejectionReasonSchema = z
  .string({ error: 'A reason for rejection is required' })
  .trim()
  .min(1, 'A reason for rejection is required')
  .max(REJECTION_REASON_MAX_LENGTH, `The reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters`)
  .refine(
    (value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value),
    'The reason contains invalid characters',
  )
  .refine(hasNoBidiControls, bidiControlsMessage('The reason'));

export const rejectVendorInputSchema = z.object({ id: uuidSchema, reason: rejectionReasonSchema });
export type RejectVendorInput = z.input<typeof rejectVendorInputSchema>;
