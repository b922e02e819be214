import type { AnalyticsKind, EventType } from '../../../shared/domain';
import { EVENT_TYPES } from '../../../shared/domain';
import { pageViewInputSchema, type PageViewInput } from '../../../shared/schemas/analytics';
import type { Executor } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { analyticsEvents } from '../../db/schema';
import { parseUserAgent } from '../../lib/user-agent';
import type { RequestInfo, ServiceDeps } from '../../context';

type AnalyticsEvent = {
  kind: AnalyticsKind;
  request: RequestInfo;
  path?: string | null;
  city?: string | null;
  eventType?: string | null;
  bookingId?: string | null;
  supplierId?: string | null;
};

/**
 * Writes one `analytics_events` row on the caller's executor (so a quotation's event commits or rolls back with
 * its booking): IP, browser family and device class from the User-Agent (docs/product.md#privacy). The IP is the
 * one Fastify resolved, which honours X-Forwarded-For only from the proxy named in TRUST_PROXY.
 */
export async function recordAnalyticsEvent(executor: Executor, event: AnalyticsEvent): Promise<void> {
  const agent = parseUserAgent(event.request.userAgent);
  await insertRows(executor, analyticsEvents, [
    {
      kind: event.kind,
      path: event.path ?? null,
      ipAddress: event.request.ip || null,
      browser: agent.browser,
      device: agent.device,
      city: event.city ?? null,
      eventType: event.eventType ?? null,
      bookingId: event.bookingId ?? null,
      supplierId: event.supplierId ?? null,
    },
  ]);
}

/** The event type a page is about, when its query says so (`/book?eventType=wedding`), for the event-type report. */
function eventTypeOfPath(path: string): EventType | null {
  const query = path.split('#')[0]!.split('?')[1];
  if (!query) return null;
  const value = new URLSearchParams(query).get('eventType');
  return value && (EVENT_TYPES as readonly string[]).includes(value) ? (value as EventType) : null;
}

/**
 * Records a page view the client reports once per route change. Crawlers are not counted:
 * the reports are about people. No third-party tracker is involved; this row is all that is kept.
 */
export async function recordPageView(
  deps: ServiceDeps,
  input: PageViewInput,
  request: RequestInfo,
): Promise<{ recorded: boolean }> {
  const { path } = pageViewInputSchema.parse(input);
  if (parseUserAgent(request.userAgent).isBot) return { recorded: false };
  await recordAnalyticsEvent(deps.db, { kind: 'page_view', request, path, eventType: eventTypeOfPath(path) });
  return { recorded: true };
}
