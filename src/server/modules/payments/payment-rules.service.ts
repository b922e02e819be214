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
import { settings } from '../../db/schema';
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
 * The admin saves the schedule. Applies to what is due from now on (due dates are derived, never stored), not to
 * money already received; audited with the old and new values.
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
