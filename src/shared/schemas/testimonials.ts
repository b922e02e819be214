import type { EventType } from '../domain';

/** docs/product.md#screens "Testimonial"; `event_date` is `YYYY-MM-DD` or null. */
export type TestimonialDto = {
  id: string;
  client_name: string;
  event_type: EventType;
  rating: number;
  review: string;
  event_date: string | null;
};
