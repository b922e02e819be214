import {
  adminBookingsQuerySchema,
  bookingIdInputSchema,
  setBookingStatusInputSchema,
} from '../../../shared/schemas/admin';
import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import { quotationInputSchema } from '../../../shared/schemas/quotation';
import { requesterOf } from '../../context';
import { eventDetailsInputSchema, staffBookingInputSchema } from '../../../shared/schemas/calendar';
import { createStaffBooking, updateEventDetails } from './staff-bookings.service';
import { INQUIRY_LIMITS, limitMailingFlow } from '../../plugins/rate-limit';
import { adminProcedure, customerProcedure, publicProcedure, router, stepUpAdminProcedure } from '../../trpc/init';
import {
  accountBookingIdSchema,
  adminRefundsQuerySchema,
  changeDateInputSchema,
  markRefundPaidInputSchema,
} from '../../../shared/schemas/account';
import {
  cancelMyBooking,
  changeMyBookingDate,
  listRefunds,
  markRefundPaid,
  myBookingDetail,
  myBookings,
  refundPreview,
} from './account.service';
import { createInquiry, getBooking, listBookings, setBookingStatus } from './bookings.service';
import {
  adminBookingSchema,
  bookingChangeResponseSchema,
  bookingInquiryResponseSchema,
  cancelBookingResponseSchema,
  changeDateResponseSchema,
  customerBookingDetailSchema,
  customerBookingsResponseSchema,
  refundPreviewSchema,
} from '../../../shared/schemas/responses';
import { quoteBooking } from './quotation.service';

export const bookingsRouter = router({
  createInquiry: publicProcedure
    .input(bookingInquiryInputSchema)
    .output(bookingInquiryResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await limitMailingFlow(ctx.rateLimit, INQUIRY_LIMITS, input.client_email);
      return createInquiry(ctx, input, await requesterOf(ctx));
    }),
  /** My Bookings: the signed-in customer's bookings and quotes. */
  mine: customerProcedure.output(customerBookingsResponseSchema).query(({ ctx }) => myBookings(ctx, ctx.user)),
  mineDetail: customerProcedure
    .input(accountBookingIdSchema)
    .output(customerBookingDetailSchema)
    .query(({ ctx, input }) => myBookingDetail(ctx, ctx.user, input)),
  refundPreview: customerProcedure
    .input(accountBookingIdSchema)
    .output(refundPreviewSchema)
    .query(({ ctx, input }) => refundPreview(ctx, ctx.user, input)),
  cancel: customerProcedure
    .input(accountBookingIdSchema)
    .output(cancelBookingResponseSchema)
    .mutation(({ ctx, input }) => cancelMyBooking(ctx, ctx.user, input)),
  changeDate: customerProcedure
    .input(changeDateInputSchema)
    .output(changeDateResponseSchema)
    .mutation(({ ctx, input }) => changeMyBookingDate(ctx, ctx.user, input)),
});

/** `admin.refunds.*`: refunds due after cancellations, and marking them paid. */
export const adminRefundsRouter = router({
  list: adminProcedure.input(adminRefundsQuerySchema.optional()).query(({ ctx, input }) => listRefunds(ctx, input)),
  markPaid: stepUpAdminProcedure
    .input(markRefundPaidInputSchema)
    .mutation(({ ctx, input }) => markRefundPaid(ctx, input, ctx.user.id)),
});

/** `admin.bookings.*`: the Bookings tab, "View all" and Booking Details. */
export const adminBookingsRouter = router({
  list: adminProcedure.input(adminBookingsQuerySchema.optional()).query(({ ctx, input }) => listBookings(ctx, input)),
  get: adminProcedure
    .input(bookingIdInputSchema)
    .output(adminBookingSchema)
    .query(({ ctx, input }) => getBooking(ctx, input)),
  setStatus: adminProcedure
    .input(setBookingStatusInputSchema)
    .output(bookingChangeResponseSchema)
    .mutation(({ ctx, input }) => setBookingStatus(ctx, input, ctx.user.id)),
  /** The admin's custom quote: prices the booking, makes it quoted and e-mails the customer. */
  quote: adminProcedure.input(quotationInputSchema).mutation(({ ctx, input }) => quoteBooking(ctx, input, ctx.user.id)),
  /** A booking taken by phone, at the counter, on WhatsApp or by referral (docs/product.md#staff-bookings). */
  create: adminProcedure
    .input(staffBookingInputSchema)
    .output(bookingChangeResponseSchema)
    .mutation(({ ctx, input }) => createStaffBooking(ctx, input, ctx.user.id)),
  updateDetails: adminProcedure
    .input(eventDetailsInputSchema)
    .output(bookingChangeResponseSchema)
    .mutation(({ ctx, input }) => updateEventDetails(ctx, input, ctx.user.id)),
});
