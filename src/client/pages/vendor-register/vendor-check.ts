import { normalizeGstin } from '../../../shared/gstin';
import { vendorRegisterInputSchema } from '../../../shared/schemas/vendor';
import type { FieldErrors } from '../../lib/form-errors';
import {
  experienceYears,
  fail,
  firstVendorProblem,
  VENDOR_MESSAGES,
  type VendorField,
  type VendorFormCheck,
  type VendorFormValues,
} from './vendor-form';

/**
 * The whole check before sending: the spec's checks in their order (firstVendorProblem), then the shared schema
 * the server uses for the rest (an e-mail without '@', a phone that is not an Indian mobile, a portfolio link that
 * is not a web address). Its own chunk, with zod: the page fetches it after its first render.
 */
export function checkVendorForm(values: VendorFormValues): VendorFormCheck {
  const problem = firstVendorProblem(values);
  if (problem) return problem;
  const gstin = normalizeGstin(values.gst_number);
  const parsed = vendorRegisterInputSchema.safeParse({
    email: values.email,
    password: values.password,
    contact_person: values.contact_person,
    business_name: values.business_name,
    phone: values.phone,
    business_address: values.business_address,
    location: values.location,
    services_offered: values.services_offered,
    experience_years: experienceYears(values.experience_years),
    gst_number: gstin === '' ? null : gstin,
    portfolio_link: values.portfolio_link.trim() === '' ? null : values.portfolio_link,
  });
  if (parsed.success) return { ok: true, input: parsed.data };

  const errors: FieldErrors<VendorField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in errors))
      errors[field as VendorField] = issue.message;
  }
  return fail(parsed.error.issues[0]?.message ?? VENDOR_MESSAGES.failure, errors);
}
