import { z } from 'zod';
import {
  bookingGstDetailsInputSchema,
  bookingGstResponseSchema,
  gstMonthQuerySchema,
  gstSettingsInputSchema,
  gstSettingsResponseSchema,
  gstSummaryResponseSchema,
  issueCreditNoteInputSchema,
} from '../../../shared/schemas/gst';
import { adminProcedure, customerProcedure, router, stepUpAdminProcedure } from '../../trpc/init';
import {
  adminBookingGst,
  adminIssueCreditNote,
  adminIssueTaxInvoice,
  adminUpdateBookingGstDetails,
  gstSummary,
  myBookingGst,
  updateMyBookingGstDetails,
} from './gst.service';
import { getGstSettings, updateGstSettings } from './gst-settings.service';

const bookingId = z.object({ id: z.uuid({ error: 'Booking id must be a UUID' }) });
const detailsInput = bookingGstDetailsInputSchema.and(bookingId);

/** `gst.*`: a customer's own booking's GST details and documents (docs/gst.md). */
export const gstRouter = router({
  mine: customerProcedure
    .input(bookingId)
    .output(bookingGstResponseSchema)
    .query(({ ctx, input }) => myBookingGst(ctx, ctx.user, input.id)),
  updateMine: customerProcedure
    .input(detailsInput)
    .output(bookingGstResponseSchema)
    .mutation(({ ctx, input }) => updateMyBookingGstDetails(ctx, ctx.user, input.id, input)),
});

/** `admin.gst.*`: GST settings, any booking's GST details and documents, the tax invoice, credit notes, the summary. */
export const adminGstRouter = router({
  settings: adminProcedure.output(gstSettingsResponseSchema).query(({ ctx }) => getGstSettings(ctx)),
  updateSettings: stepUpAdminProcedure
    .input(gstSettingsInputSchema)
    .output(gstSettingsResponseSchema)
    .mutation(({ ctx, input }) => updateGstSettings(ctx, input, ctx.user.id)),
  booking: adminProcedure
    .input(bookingId)
    .output(bookingGstResponseSchema)
    .query(({ ctx, input }) => adminBookingGst(ctx, input)),
  updateBooking: adminProcedure
    .input(detailsInput)
    .output(bookingGstResponseSchema)
    .mutation(({ ctx, input }) => adminUpdateBookingGstDetails(ctx, input.id, input, ctx.user.id)),
  issueInvoice: adminProcedure
    .input(bookingId)
    .output(bookingGstResponseSchema)
    .mutation(({ ctx, input }) => adminIssueTaxInvoice(ctx, input, ctx.user.id)),
  issueCreditNote: adminProcedure
    .input(issueCreditNoteInputSchema)
    .output(bookingGstResponseSchema)
    .mutation(({ ctx, input }) => adminIssueCreditNote(ctx, input, ctx.user.id)),
  summary: adminProcedure
    .input(gstMonthQuerySchema)
    .output(gstSummaryResponseSchema)
    .query(({ ctx, input }) => gstSummary(ctx, input)),
});
