import { PRICING_TIERS, type PricingTier } from '../../../shared/domain';
import type { QuoteFormValues } from './quote-fields';
import type { QuotedEvent } from './subscription';

/**
 * docs/product.md#screens, the quote page's draft: what the visitor typed, the package and the last quote are kept
 * for the browser tab (session storage), so a reload or Back from the payment page brings them back as they were.
 * They stay until the visitor presses Start over; closing the tab forgets them.
 */
export const BOOK_DRAFT_KEY = 'book-draft';

export type BookDraft = {
  values: QuoteFormValues;
  tier: PricingTier;
  quoted: QuotedEvent | null;
};

/** The typed fields; the WhatsApp opt-in is the one tick box. */
const FIELDS = [
  'client_name',
  'client_email',
  'client_phone',
  'event_type',
  'event_name',
  'guest_count',
  'venue_type',
  'venue_name',
  'location',
  'event_date',
] as const satisfies readonly (keyof QuoteFormValues)[];

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off (some private modes): the page works as before, without a draft.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A quote as this page stored it: the parts the quote's view reads must be there. */
function readQuoted(value: unknown): QuotedEvent | null {
  if (!isRecord(value) || !isRecord(value.input) || !isRecord(value.quote)) return null;
  if (typeof value.venueName !== 'string' || typeof value.quote.quote_id !== 'string') return null;
  return value as QuotedEvent;
}

/** The tab's draft, or null when there is none or it cannot be read (then it is dropped). */
export function readBookDraft(): BookDraft | null {
  const store = storage();
  const raw = store?.getItem(BOOK_DRAFT_KEY);
  if (!store || !raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || !isRecord(parsed.values)) throw new Error('not a draft');
    const stored = parsed.values;
    if (!FIELDS.every((field) => typeof stored[field] === 'string')) throw new Error('not a draft');
    const tier = PRICING_TIERS.find((item) => item === parsed.tier);
    if (!tier) throw new Error('not a draft');
    const values = {
      ...Object.fromEntries(FIELDS.map((field) => [field, stored[field]])),
      whatsapp_opt_in: stored.whatsapp_opt_in === true,
    } as QuoteFormValues;
    return { values, tier, quoted: readQuoted(parsed.quoted) };
  } catch {
    store.removeItem(BOOK_DRAFT_KEY);
    return null;
  }
}

export function saveBookDraft(draft: BookDraft): void {
  try {
    storage()?.setItem(BOOK_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage loses only the draft, never the form on screen.
  }
}

export function clearBookDraft(): void {
  storage()?.removeItem(BOOK_DRAFT_KEY);
}

/** The mark /book leaves in its browser history entry: a reload or Back returns to an entry that has it. */
const VISITED_MARK = 'bookPage';

/** Whether this history entry has shown /book before (a reload, or Back from the payment page). */
export function isBookPageRevisit(): boolean {
  const state: unknown = window.history.state;
  return isRecord(state) && state[VISITED_MARK] === true;
}

/** Marks the current history entry as one that has shown /book, keeping what the router keeps there. */
export function markBookPageVisited(): void {
  const state: unknown = window.history.state;
  window.history.replaceState({ ...(isRecord(state) ? state : {}), [VISITED_MARK]: true }, '');
}
