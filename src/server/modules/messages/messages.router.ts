import { bookingMessagesInputSchema, sendBookingMessageInputSchema } from '../../../shared/schemas/messages';
import { adminProcedure, router } from '../../trpc/init';
import { bookingMessages, sendBookingMessage } from './messages.service';

/** `admin.messages.*`: a booking's message thread (docs/api.md). */
export const adminMessagesRouter = router({
  forBooking: adminProcedure.input(bookingMessagesInputSchema).query(({ ctx, input }) => bookingMessages(ctx, input)),
  send: adminProcedure
    .input(sendBookingMessageInputSchema)
    .mutation(({ ctx, input }) => sendBookingMessage(ctx, input, ctx.user.id)),
});
