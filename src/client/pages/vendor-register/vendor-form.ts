import { GSTIN_MESSAGES, gstinProblem, normalizeGstin } from '../../../shared/gstin';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth-limits';
import type { VendorRegisterData } from '../../../shared/schemas/vendor';
import { EXPERIENCE_YEARS_MAX, EXPERIENCE_YEARS_MIN } from '../../../shared/vendor-limits';
import type { FieldErrors } from '../../lib/form-errors';

/**
 * The registration form as typed (docs/product.md#screens); `confirm_password` stays in the browser
 * (docs/product.md#vendors).
 */
export type VendorFormValues = {
  email: string;
  password: string;
  confirm_password: string;
  contact_person: string;
  business_name: string;
  phone: string;
  business_address: string;
  location: string;
  services_offered: string;
  /** Whole years as typed into the number field; empty is read as the spec's default 0. */
  experience_years: string;
  gst_number: string;
  portfolio_link: string;
};

export type VendorField = keyof VendorFormValues;

export const EMPTY_VENDOR_FORM: VendorFormValues = {
  email: '',
  password: '',
  confirm_password: '',
  contact_person: '',
  business_name: '',
  phone: '',
  business_address: '',
  location: '',
  services_offered: '',
  experience_years: '0',
  gst_number: '',
  portfolio_link: '',
};

/** docs/product.md#vendors, word for word. */
export const VENDOR_MESSAGES = {
  passwordMismatch: 'Passwords do not match!',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  requiredFields: 'Please fill in all required fields',
  success: 'Vendor registration submitted successfully!',
  failure: 'Registration failed. Please try again.',
} as const;

/** docs/product.md#vendors's required fields (email too: it is the sign-in), each with its own inline hint. */
const REQUIRED_HINTS: Partial<Record<VendorField, string>> = {
  email: 'Email is required',
  contact_person: 'Contact person is required',
  business_name: 'Business name is required',
  phone: 'Phone number is required',
  business_address: 'Business address is required',
  location: 'Location is required',
  services_offered: 'Please describe the services you offer',
};

export type VendorFormCheck =
  { ok: true; input: VendorRegisterData } | { ok: false; message: string; errors: FieldErrors<VendorField> };

export function fail(message: string, errors: FieldErrors<VendorField>): VendorFormCheck {
  return { ok: false, message, errors };
}

/**
 * Experience as the JSON integer the server takes; empty is 0 (docs/product.md#vendors default), anything else as
 * typed.
 */
export function experienceYears(raw: string): number {
  const text = raw.trim();
  return text === '' ? 0 : Number(text);
}

/**
 * docs/product.md#vendors, in its order, one message at a time: the passwords match, the password is long enough, every
 * required field is filled. Then the GST number is checked as a GSTIN with the shared function (its message
 * names what is wrong) and the experience as whole years. Null when all of these hold; the shared schema the server
 * uses then catches the rest (vendor-check.ts). Needs no zod, so it answers before that code has arrived.
 */
export function firstVendorProblem(values: VendorFormValues): VendorFormCheck | null {
  if (values.password !== values.confirm_password) {
    return fail(VENDOR_MESSAGES.passwordMismatch, { confirm_password: VENDOR_MESSAGES.passwordMismatch });
  }
  if (values.password.length < PASSWORD_MIN_LENGTH) {
    return fail(VENDOR_MESSAGES.passwordTooShort, { password: VENDOR_MESSAGES.passwordTooShort });
  }
  const missing: FieldErrors<VendorField> = {};
  for (const [field, hint] of Object.entries(REQUIRED_HINTS) as [VendorField, string][]) {
    if (values[field].trim() === '') missing[field] = hint;
  }
  if (Object.keys(missing).length > 0) return fail(VENDOR_MESSAGES.requiredFields, missing);

  const gstin = normalizeGstin(values.gst_number);
  const gstProblem = gstin === '' ? null : gstinProblem(gstin);
  if (gstProblem) return fail(GSTIN_MESSAGES[gstProblem], { gst_number: GSTIN_MESSAGES[gstProblem] });

  const experience = experienceYears(values.experience_years);
  if (!Number.isInteger(experience) || experience < EXPERIENCE_YEARS_MIN || experience > EXPERIENCE_YEARS_MAX) {
    const message =
      'Experience must be a whole number of years from ' + `${EXPERIENCE_YEARS_MIN} to ${EXPERIENCE_YEARS_MAX}`;
    return fail(message, { experience_years: message });
  }
  return null;
}
