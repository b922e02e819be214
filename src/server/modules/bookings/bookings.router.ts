import { adminBookingsQuerySchema, bookingIdInputSchema, setBookingStatusInputSchema } from '../../../shared/schemas/admin';
import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import { requesterOf } from '../../trpc/context';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { createInquiry, getBooking, listBookings, setBookingStatus } from './bookings.service';

export const bookingsRouter = router({
  createInquiry: publicProcedure
    .input(bookingInquiryInputSchema)
    .mutation(async ({ ctx, input }) => createInquiry(ctx, input, await requesterOf(ctx))),
});

/** `admin.bookings.*`: the Bookings tab, "View all" and Booking Details. */
export const adminBookingsRouter = router({
  list: adminProcedure.input(adminBookingsQuerySchema.optional()).query(({ ctx, input }) => listBookings(ctx, input)),
  get: adminProcedure.input(bookingIdInputSchema).query(({ ctx, input }) => getBooking(ctx, input)),
  setStatus: adminProcedure
    .input(setBookingStatusInputSchema)
    .mutation(({ ctx, input }) => setBookingStatus(ctx, input, ctx.user.id)),
});
