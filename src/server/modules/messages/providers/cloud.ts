import type { WhatsAppConfig } from '../../../config';
import { PermanentSendError, type OutgoingWhatsApp, type WhatsAppProvider } from './types';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

type CloudAnswer = {
  messages?: { id?: unknown }[];
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
};

/**
 * WhatsApp Business Cloud API: `POST {base}/{phone number id}/messages` with a bearer token and a template message
 * (`messaging_product: whatsapp`, `type: template`, the template's name, language and body parameters). A success
 * answers `messages[0].id` (a `wamid.`), the id its statuses come back under on the webhook. A 4xx other than 429
 * (a bad number, an unknown template) will not succeed on retry; 429 and 5xx may. `fetchImpl` is injectable so tests
 * replay recorded responses, never the network.
 */
export function cloudProvider(
  config: NonNullable<WhatsAppConfig['cloud']>,
  language: string,
  fetchImpl: FetchLike = globalThis.fetch,
): WhatsAppProvider {
  return {
    kind: 'cloud',
    async send(message: OutgoingWhatsApp) {
      const response = await fetchImpl(`${config.apiBase}/${config.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: message.template,
            language: { code: language },
            components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
          },
        }),
      });
      const answer = (await response.json().catch(() => ({}))) as CloudAnswer;
      const id = answer.messages?.[0]?.id;
      if (response.ok && typeof id === 'string' && id !== '') return { providerMessageId: id };
      const detail = [answer.error?.code, answer.error?.message, answer.error?.error_data?.details]
        .filter((part) => typeof part === 'string' || typeof part === 'number')
        .join(': ');
      const text = `WhatsApp Cloud API answered ${response.status}${detail ? ` (${detail})` : ''}`;
      if (response.status >= 400 && response.status < 500 && response.status !== 429)
        throw new PermanentSendError(text);
      throw new Error(text);
    },
  };
}
