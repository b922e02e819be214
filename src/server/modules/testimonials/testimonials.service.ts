import { desc, eq } from 'drizzle-orm';
import type { TestimonialDto } from '../../../shared/schemas/testimonials';
import type { Database } from '../../db/client';
import { testimonials } from '../../db/schema';
import { collapsed } from '../../lib/collapse';
import type { ServiceDeps } from '../deps';

/** The landing page shows a handful; more would only slow the page. */
export const TESTIMONIALS_SHOWN = 20;

/**
 * Published testimonials, newest first (spec section 7 `GET /api/testimonials`; section 3 "Testimonial"). Every
 * landing-page visit asks for them, so visits arriving together share one query (issue 7).
 */
export function listTestimonials(deps: ServiceDeps): Promise<TestimonialDto[]> {
  return publishedTestimonials(deps.db);
}

const publishedTestimonials = collapsed(async (db: Database): Promise<TestimonialDto[]> => {
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
