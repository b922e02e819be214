import {
  adminPaymentsQuerySchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  recordUtrInputSchema,
  subscriptionIdInputSchema,
} from '../../../shared/schemas/account';
import { paymentRulesInputSchema, paymentStatusInputSchema } from '../../../shared/schemas/payments';
import {
  adminPaymentSchema,
  paymentOrderResponseSchema,
  paymentStatusResponseSchema,
} from '../../../shared/schemas/responses';
import { optionalUser } from '../../context';
import { adminProcedure, customerProcedure, publicProcedure, router } from '../../trpc/init';
import { createTokenOrder, getPaymentStatus, listPayments, recordUtr } from './payment-orders.service';
import { getPaymentRules, updatePaymentRules } from './payment-rules.service';
import { createSubscriptionOrder, listSubscriptions, refundSubscription } from './subscriptions.service';

export const paymentsRouter = router({
  status: publicProcedure
    .input(paymentStatusInputSchema)
    .output(paymentStatusResponseSchema)
    .query(({ ctx, input }) => getPaymentStatus(ctx, input)),
  createTokenOrder: customerProcedure
    .input(createTokenOrderInputSchema)
    .output(paymentOrderResponseSchema)
    .mutation(({ ctx, input }) => createTokenOrder(ctx, ctx.user, input)),
  /** Signed-in customer, or a visitor giving e-mail and phone. */
  createSubscriptionOrder: publicProcedure
    .input(createSubscriptionOrderInputSchema)
    .output(paymentOrderResponseSchema)
    .mutation(async ({ ctx, input }) => {
      return createSubscriptionOrder(ctx, await optionalUser(ctx), input);
    }),
});

/** `admin.payments.*`: the Payments view (pending/paid orders) and recording a UPI payment's UTR. */
export const adminPaymentsRouter = router({
  list: adminProcedure.input(adminPaymentsQuerySchema.optional()).query(({ ctx, input }) => listPayments(ctx, input)),
  recordUtr: adminProcedure
    .input(recordUtrInputSchema)
    .output(adminPaymentSchema)
    .mutation(({ ctx, input }) => recordUtr(ctx, input, ctx.user.id)),
});

/** `admin.subscriptions.*`: subscribers, and the 50% refund of docs/product.md#refunds. */
export const adminSubscriptionsRouter = router({
  list: adminProcedure.query(({ ctx }) => listSubscriptions(ctx)),
  refund: adminProcedure
    .input(subscriptionIdInputSchema)
    .mutation(({ ctx, input }) => refundSubscription(ctx, input, ctx.user.id)),
});

/** `admin.settings.*`: the payment schedule's numbers (docs/decisions.md, "Payment schedule and refunds on real money"). */
export const adminSettingsRouter = router({
  paymentRules: adminProcedure.query(({ ctx }) => getPaymentRules(ctx)),
  updatePaymentRules: adminProcedure
    .input(paymentRulesInputSchema)
    .mutation(({ ctx, input }) => updatePaymentRules(ctx, input, ctx.user.id)),
});
