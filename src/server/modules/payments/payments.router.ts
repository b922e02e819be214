import {
  adminPaymentsQuerySchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  recordUtrInputSchema,
  subscriptionIdInputSchema,
} from '../../../shared/schemas/account';
import { paymentRulesInputSchema, paymentStatusInputSchema } from '../../../shared/schemas/payments';
import { getPaymentRules, updatePaymentRules } from './payment-rules.service';
import { optionalUser } from '../../trpc/context';
import { adminProcedure, customerProcedure, publicProcedure, router } from '../../trpc/init';
import { createTokenOrder, getPaymentStatus, listPayments, recordUtr } from './payment-orders.service';
import { createSubscriptionOrder, listSubscriptions, refundSubscription } from './payments.service';

export const paymentsRouter = router({
  status: publicProcedure.input(paymentStatusInputSchema).query(({ ctx, input }) => getPaymentStatus(ctx, input)),
  createTokenOrder: customerProcedure.input(createTokenOrderInputSchema).mutation(({ ctx, input }) => createTokenOrder(ctx, ctx.user, input)),
  /** Signed-in customer, or a visitor giving e-mail and phone. */
  createSubscriptionOrder: publicProcedure.input(createSubscriptionOrderInputSchema).mutation(async ({ ctx, input }) => {
    const user = await optionalUser(ctx);
    return createSubscriptionOrder(ctx, user?.role === 'customer' ? user : null, input);
  }),
});

/** `admin.payments.*`: the Payments view (pending/paid orders) and recording a UPI payment's UTR. */
export const adminPaymentsRouter = router({
  list: adminProcedure.input(adminPaymentsQuerySchema.optional()).query(({ ctx, input }) => listPayments(ctx, input)),
  recordUtr: adminProcedure.input(recordUtrInputSchema).mutation(({ ctx, input }) => recordUtr(ctx, input, ctx.user.id)),
});

/** `admin.subscriptions.*`: subscribers, and the 50% refund of spec section 9. */
export const adminSubscriptionsRouter = router({
  list: adminProcedure.query(({ ctx }) => listSubscriptions(ctx)),
  refund: adminProcedure.input(subscriptionIdInputSchema).mutation(({ ctx, input }) => refundSubscription(ctx, input, ctx.user.id)),
});

/** `admin.settings.*`: the payment schedule's numbers (docs/decisions.md, "Payment schedule and refunds on real money"). */
export const adminSettingsRouter = router({
  paymentRules: adminProcedure.query(({ ctx }) => getPaymentRules(ctx)),
  updatePaymentRules: adminProcedure.input(paymentRulesInputSchema).mutation(({ ctx, input }) => updatePaymentRules(ctx, input, ctx.user.id)),
});
