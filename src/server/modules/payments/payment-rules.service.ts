import { and, eq, exists, isNotNull, isNull, or } from 'drizzle-orm';
import {
  DEFAULT_PAYMENT_RULES,
  paymentRulesFromDto,
  paymentRulesToDto,
  type PaymentRules,
} from '../../../shared/booking-rules';
import {
  paymentRulesInputSchema,
  type PaymentRulesDto,
  type PaymentRulesInput,
  type PaymentRulesSettingsDto,
} from '../../../shared/schemas/payments';
import type { Executor } from '../../db/client';
import { bookingLedger, bookings, settings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { settingValues } from '../../lib/settings';
import type { ServiceDeps } from '../../context';

/** The `settings` key holding the admin's payment schedule (docs/decisions.md, "Payment schedule and refunds"). */
export const PAYMENT_RULES_KEY = 'payment_rules';

/**
 * The schedule every order, page and reminder uses: the admin's saved values, else the published defaults. A
 * stored value that no longer validates (an older shape) falls back to the defaults rather than breaking payments.
 */
export async function currentPaymentRules(db: Executor): Promise<PaymentRules> {
  return paymentRulesFrom((await settingValues(db, [PAYMENT_RULES_KEY])).get(PAYMENT_RULES_KEY));
}

/** The schedule a stored `payment_rules` value says (`currentPaymentRules`); no value or a bad one: the defaults. */
export function paymentRulesFrom(value: unknown): PaymentRules {
  const parsed = value === undefined ? null : paymentRulesInputSchema.safeParse(value);
  return parsed?.success ? paymentRulesFromDto(parsed.data) : { ...DEFAULT_PAYMENT_RULES };
}

/**
 * The rules a booking's money follows (docs/product.md#payments, "Settings"): those kept with it from its first
 * payment or its confirmation, whichever came first, whatever the admin has changed since; a booking that has neither
 * (or had them before the rules were kept) follows `current`.
 */
export function bookingPaymentRules(booking: { paymentRules: unknown }, current: PaymentRules): PaymentRules {
  if (booking.paymentRules === null) return current;
  const kept = paymentRulesInputSchema.safeParse(booking.paymentRules);
  return kept.success ? paymentRulesFromDto(kept.data) : current;
}

/**
 * The schedule's numbers for the published terms and the payment pages (docs/decisions.md, "Published terms from
 * the rules"): the numbers every order is asked by, so the texts customers read state the schedule they pay by.
 */
export async function getPublishedPaymentRules(deps: ServiceDeps): Promise<PaymentRulesDto> {
  return paymentRulesToDto(await currentPaymentRules(deps.db));
}

/** The admin's Settings view of the schedule, with the published defaults beside it. */
export async function getPaymentRules(deps: ServiceDeps): Promise<PaymentRulesSettingsDto> {
  return {
    rules: paymentRulesToDto(await currentPaymentRules(deps.db)),
    defaults: paymentRulesToDto(DEFAULT_PAYMENT_RULES),
  };
}

/**
 * The admin saves the schedule. It applies to bookings that have neither paid nor been confirmed: the others keep
 * the rules kept with them (`bookingPaymentRules`), so their booking amount, advance and due dates stay what the
 * customer agreed to; one paid or confirmed before the rules were kept with it is given the rules as they stood.
 * Audited with the old and new values.
 */
export async function updatePaymentRules(
  deps: ServiceDeps,
  input: PaymentRulesInput,
  adminId: string,
): Promise<PaymentRulesSettingsDto> {
  const data = paymentRulesInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const before = paymentRulesToDto(await currentPaymentRules(tx));
    const now = new Date();
    // Bookings confirmed or paid before the rules were kept with them keep the rules as they stood.
    await tx
      .update(bookings)
      .set({ paymentRules: before })
      .where(
        and(
          isNull(bookings.paymentRules),
          or(
            isNotNull(bookings.confirmedAt),
            exists(
              tx
                .select({ id: bookingLedger.id })
                .from(bookingLedger)
                .where(and(eq(bookingLedger.bookingId, bookings.id), eq(bookingLedger.kind, 'payment'))),
            ),
          ),
        ),
      );
    await tx
      .insert(settings)
      .values({ key: PAYMENT_RULES_KEY, value: data, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: data, updatedAt: now } });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'settings.payment_rules_changed',
      entityType: 'user',
      entityId: adminId,
      data: { from: before, to: data },
    });
  });
  return getPaymentRules(deps);
}
