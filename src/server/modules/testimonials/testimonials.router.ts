import { publicProcedure, router } from '../../trpc/init';
import { listTestimonials } from './testimonials.service';

export const testimonialsRouter = router({
  list: publicProcedure.query(({ ctx }) => listTestimonials(ctx)),
});
