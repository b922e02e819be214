import type { WhatsAppConfig } from '../../../config';
import { cloudProvider, type FetchLike } from './cloud';
import { fileProvider } from './file';
import type { WhatsAppProvider } from './types';

let cloudFetch: FetchLike | undefined;

/** Tests replay recorded Cloud API responses through this instead of the network; `undefined` restores fetch. */
export function setWhatsAppFetch(fetchImpl: FetchLike | undefined): void {
  cloudFetch = fetchImpl;
}

/** The Cloud API when its token and phone number id are set, else files under DATA_DIR/messages. */
export function createWhatsAppProvider(config: WhatsAppConfig): WhatsAppProvider {
  if (config.cloud) return cloudProvider(config.cloud, config.language, cloudFetch ?? globalThis.fetch);
  return fileProvider(config.dir);
}

export type { WhatsAppProvider, OutgoingWhatsApp } from './types';
export { PermanentSendError } from './types';
