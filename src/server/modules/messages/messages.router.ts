import { bookingMessagesInputSchema } from '../../../shared/schemas/messages';
import { adminProcedure, router } from '../../trpc/init';
import { bookingMessages } from './messages.service';

/** `admin.messages.*`: a booking's message thread (docs/api.md). */
export const adminMessagesRouter = router({
  forBooking: adminProcedure.input(bookingMessagesInputSchema).query(({ ctx, input }) => bookingMessages(ctx, input)),
});
