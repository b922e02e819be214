import { desc, eq } from 'drizzle-orm';
import type { TestimonialDto } from '../../../shared/schemas/testimonials';
import type { Database } from '../../db/client';
import { testimonials } from '../../db/schema';
import { cachedFor } from '../../lib/collapse';
import type { ServiceDeps } from '../../context';

/** The landing page shows a handful; more would only slow the page. */
export const TESTIMONIALS_SHOWN = 20;

/** How long the published list is reused before it is read again (docs/decisions.md, "Testimonials cache"). */
export const TESTIMONIALS_FRESH_MS = 5_000;

/**
 * Published testimonials, newest first (docs/api.md `GET /api/testimonials`; docs/product.md#screens "Testimonial").
 * Every landing-page visit asks for them and they change rarely, so one query answers every visit for a few seconds
 *.
 */
export function listTestimonials(deps: ServiceDeps): Promise<TestimonialDto[]> {
  return publishedTestimonials(deps.db);
}

const publishedTestimonials = cachedFor(TESTIMONIALS_FRESH_MS, async (db: Database): Promise<TestimonialDto[]> => {
  const rows = await db
    .select({
      id: testimonials.id,
      client_name: testimonials.clientName,
      event_type: testimonials.eventType,
      rating: testimonials.rating,
      review: testimonials.review,
      event_date: testimonials.eventDate,
    })
    .from(testimonials)
    .where(eq(testimonials.isPublished, true))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(TESTIMONIALS_SHOWN);
  return rows;
});
