import { paymentStatusInputSchema } from '../../../shared/schemas/payments';
import { publicProcedure, router } from '../../trpc/init';
import { getPaymentStatus } from './payments.service';

export const paymentsRouter = router({
  status: publicProcedure.input(paymentStatusInputSchema).query(({ ctx, input }) => getPaymentStatus(ctx, input)),
});
