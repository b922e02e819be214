import { desc, eq } from 'drizzle-orm';
import type { TestimonialDto } from '../../../shared/schemas/testimonials';
import { testimonials } from '../../db/schema';
import type { ServiceDeps } from '../deps';

/** The landing page shows a handful; more would only slow the page. */
export const TESTIMONIALS_SHOWN = 20;

/** Published testimonials, newest first (spec section 7 `GET /api/testimonials`; section 3 "Testimonial"). */
export async function listTestimonials(deps: ServiceDeps): Promise<TestimonialDto[]> {
  const rows = await deps.db
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
}
