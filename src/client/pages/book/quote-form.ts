import type { PricingTier } from '../../../shared/domain';
import { todayInIndia } from '../../../shared/dates';
import { instantQuoteInputSchema, type InstantQuoteInput } from '../../../shared/schemas/quote';
import {
  firstSpecProblem,
  parseGuestCount,
  QUOTE_DEFAULTS,
  QUOTE_MESSAGES,
  type QuoteField,
  type QuoteFormValues,
} from './quote-fields';

export * from './quote-fields';

export type QuoteFormCheck = { ok: true; input: InstantQuoteInput } | { ok: false; field: QuoteField; message: string };

/**
 * docs/product.md#pricing, in its order: name and email, phone, event date, guest count, then "not in the past"; each
 * failure is one message for one toast. Then the spec's default fills the venue type when left empty, and the shared
 * schema the server uses catches the rest (an e-mail without '@', a phone that is not an Indian mobile, 10,001 guests)
 * before anything is sent. The page loads this module (and zod with it) after its first render.
 */
export function checkQuoteForm(values: QuoteFormValues, tier: PricingTier, today = todayInIndia()): QuoteFormCheck {
  const problem = firstSpecProblem(values, today);
  const guests = parseGuestCount(values.guest_count);
  if (problem || guests === null) return problem ?? { ok: false, field: 'guest_count', message: QUOTE_MESSAGES.guests };
  if (values.event_type === '') return { ok: false, field: 'event_type', message: QUOTE_MESSAGES.eventType };

  const input: InstantQuoteInput = {
    event_type: values.event_type,
    event_date: values.event_date,
    guest_count: guests,
    venue_type: values.venue_type || QUOTE_DEFAULTS.venue_type,
    tier,
    location: values.location.trim(),
    client_email: values.client_email.trim(),
    client_name: values.client_name.trim(),
    event_name: values.event_name.trim(),
    client_phone: values.client_phone.trim(),
    whatsapp_opt_in: values.whatsapp_opt_in,
    ...(values.venue_name.trim() && { venue_name: values.venue_name.trim() }),
  };
  const parsed = instantQuoteInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return {
      ok: false,
      field: typeof field === 'string' && field in values ? (field as QuoteField) : 'client_name',
      message: issue?.message ?? QUOTE_MESSAGES.failure,
    };
  }
  return { ok: true, input };
}
