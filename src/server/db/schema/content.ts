import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { EVENT_TYPES } from '../../../shared/domain';
import { createdAt, id, oneOf } from './helpers';

/** Published customer reviews shown on the landing page (docs/product.md#screens "Testimonial"). */
export const testimonials = pgTable(
  'testimonials',
  {
    id: id(),
    clientName: text('client_name').notNull(),
    eventType: text('event_type', { enum: EVENT_TYPES }).notNull(),
    rating: integer('rating').notNull(),
    review: text('review').notNull(),
    eventDate: date('event_date', { mode: 'string' }),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('testimonials_published_created_idx').on(t.isPublished, t.createdAt),
    check('testimonials_rating_check', sql`rating BETWEEN 1 AND 5`),
    check('testimonials_event_type_check', oneOf('event_type', EVENT_TYPES)),
  ],
);
