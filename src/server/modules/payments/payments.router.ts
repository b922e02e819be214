import {
  adminPaymentsQuerySchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  recordBookingPaymentInputSchema,
  recordUtrInputSchema,
  subscriptionIdInputSchema,
} from '../../../shared/schemas/account';
import { limitMailingFlow, SUBSCRIPTION_LIMITS } from '../../plugins/rate-limit';
import { bookingIdInputSchema } from '../../../shared/schemas/admin';
import { paymentRulesInputSchema, paymentStatusInputSchema } from '../../../shared/schemas/payments';
import {
  adminPaymentSchema,
  bookingAccountResponseSchema,
  paymentOrderResponseSchema,
  paymentReminderResponseSchema,
  paymentRulesSettingsResponseSchema,
  paymentStatusResponseSchema,
  recordBookingPaymentResponseSchema,
} from '../../../shared/schemas/responses';
import { bookingAccount, recordBookingPayment } from './booking-account.service';
import { sendPaymentReminder } from './payment-reminders.service';
import { optionalUser } from '../../context';
import { adminProcedure, customerProcedure, publicProcedure, router, stepUpAdminProcedure } from '../../trpc/init';
import {
  createInstalmentOrder,
  createTokenOrder,
  getPaymentStatus,
  listPayments,
  recordUtr,
} from './payment-orders.service';
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
  /** The next instalment (advance or balance) of a confirmed booking, from My Bookings. */
  createInstalmentOrder: customerProcedure
    .input(createTokenOrderInputSchema)
    .output(paymentOrderResponseSchema)
    .mutation(({ ctx, input }) => createInstalmentOrder(ctx, ctx.user, input)),
  /** Signed-in customer, or a visitor giving e-mail and phone. */
  createSubscriptionOrder: publicProcedure
    .input(createSubscriptionOrderInputSchema)
    .output(paymentOrderResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await optionalUser(ctx);
      await limitMailingFlow(ctx.rateLimit, SUBSCRIPTION_LIMITS, user?.email ?? input.email);
      return createSubscriptionOrder(ctx, user, input);
    }),
});

/**
 * `admin.payments.*`: the Payments view (pending/paid orders), recording a UPI payment's UTR, a booking's account
 * (ledger and schedule) with payments recorded by hand, and a payment reminder sent by hand.
 */
export const adminPaymentsRouter = router({
  list: adminProcedure.input(adminPaymentsQuerySchema.optional()).query(({ ctx, input }) => listPayments(ctx, input)),
  recordUtr: adminProcedure
    .input(recordUtrInputSchema)
    .output(adminPaymentSchema)
    .mutation(({ ctx, input }) => recordUtr(ctx, input, ctx.user.id)),
  /** A booking's ledger, sums and schedule. */
  bookingAccount: adminProcedure
    .input(bookingIdInputSchema)
    .output(bookingAccountResponseSchema)
    .query(({ ctx, input }) => bookingAccount(ctx, input)),
  /** Money received by UPI, bank transfer, cash or cheque, recorded against a booking by hand. */
  recordBookingPayment: adminProcedure
    .input(recordBookingPaymentInputSchema)
    .output(recordBookingPaymentResponseSchema)
    .mutation(({ ctx, input }) => recordBookingPayment(ctx, input, ctx.user.id)),
  /** E-mails the customer a reminder of the booking's next instalment with something outstanding. */
  sendReminder: adminProcedure
    .input(bookingIdInputSchema)
    .output(paymentReminderResponseSchema)
    .mutation(({ ctx, input }) => sendPaymentReminder(ctx, input, ctx.user.id)),
});

/** `admin.subscriptions.*`: subscribers, and the 50% refund of docs/product.md#refunds. */
export const adminSubscriptionsRouter = router({
  list: adminProcedure.query(({ ctx }) => listSubscriptions(ctx)),
  refund: stepUpAdminProcedure
    .input(subscriptionIdInputSchema)
    .mutation(({ ctx, input }) => refundSubscription(ctx, input, ctx.user.id)),
});

/**
 * `admin.settings.paymentRules` / `updatePaymentRules`: the payment schedule's numbers (docs/decisions.md, "Payment
 * schedule and refunds on real money"). The admin router gathers the Settings tab's procedures into `admin.settings`.
 */
export const paymentRulesProcedures = {
  paymentRules: adminProcedure.output(paymentRulesSettingsResponseSchema).query(({ ctx }) => getPaymentRules(ctx)),
  updatePaymentRules: stepUpAdminProcedure
    .input(paymentRulesInputSchema)
    .output(paymentRulesSettingsResponseSchema)
    .mutation(({ ctx, input }) => updatePaymentRules(ctx, input, ctx.user.id)),
};
