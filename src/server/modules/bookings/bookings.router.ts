import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import { requesterOf } from '../../trpc/context';
import { publicProcedure, router } from '../../trpc/init';
import { createInquiry } from './bookings.service';

export const bookingsRouter = router({
  createInquiry: publicProcedure
    .input(bookingInquiryInputSchema)
    .mutation(async ({ ctx, input }) => createInquiry(ctx, input, await requesterOf(ctx))),
});
