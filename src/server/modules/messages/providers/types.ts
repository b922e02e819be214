import type { WhatsAppTemplate } from '../../../../shared/domain';

/** One queued message on its way out. */
export type OutgoingWhatsApp = {
  id: string;
  /** E.164, e.g. +919812345678. */
  to: string;
  template: WhatsAppTemplate;
  params: string[];
  /** The text as the recipient reads it (the development provider writes it). */
  preview: string;
};

/**
 * One interface for every way a WhatsApp message leaves, as payments have `PaymentProvider`: the Cloud API when
 * configured, else files under DATA_DIR/messages. `send` resolves with the provider's message id (the webhook
 * reports statuses under it) and rejects when the message was not accepted, so the worker retries or gives up.
 */
export interface WhatsAppProvider {
  readonly kind: 'cloud' | 'file';
  send(message: OutgoingWhatsApp): Promise<{ providerMessageId: string; file?: string }>;
}

/** A failure the provider says will not go away by retrying (a bad number, a template not approved). */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSendError';
  }
}
