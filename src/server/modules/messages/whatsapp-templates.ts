import type { WhatsAppTemplate } from '../../../shared/domain';

/**
 * The body of each template as it is registered (and approved) in the WhatsApp Business account, with its numbered
 * parameters (docs/product.md#whatsapp). The Cloud API is sent the name and the parameters; the text here is what
 * the message thread and the development files show, so both read as the customer's phone does.
 */
export const WHATSAPP_TEMPLATE_BODIES: Record<WhatsAppTemplate, string> = {
  quote_sent:
    'Namaste {{1}}, your quote for {{2}} is ready: {{3}} including GST, ' +
    'valid until {{4}}. We have e-mailed the details.',
  payment_due: 'Namaste {{1}}, a payment of {{2}} for {{3}} is due on {{4}}. You can pay from My Bookings.',
  payment_received: 'Namaste {{1}}, we have received {{2}} for {{3}}. Thank you! Your receipt is in your e-mail.',
  booking_confirmed: 'Namaste {{1}}, your booking for {{2}} on {{3}} is confirmed. Our coordinator will call you soon.',
  supplier_invited:
    'Hello {{1}}, you are invited to quote for {{2}} on {{3}} ({{4}} guests). ' +
    'Quotes close on {{5}}; open your Supplier Dashboard to quote.',
  event_reminder:
    'Namaste {{1}}, a reminder that {{2}} is on {{3}}. Our team will be with you. Reply if anything changed.',
};

/** How many parameters each template takes. */
export function templateArity(template: WhatsAppTemplate): number {
  return new Set(WHATSAPP_TEMPLATE_BODIES[template].match(/\{\{\d+\}\}/g) ?? []).size;
}

/** The template's text with its parameters filled in. */
export function renderTemplate(template: WhatsAppTemplate, params: readonly string[]): string {
  return WHATSAPP_TEMPLATE_BODIES[template].replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}
