import { and, eq, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { WhatsAppConsentSource } from '../../../shared/domain';
import { normalizeIndianPhone } from '../../../shared/schemas/common';
import type { Executor } from '../../db/client';
import { whatsappConsents, whatsappOutbox } from '../../db/schema';

/**
 * A phone number as WhatsApp consent is kept: E.164. Indian mobiles in any typed form become +91XXXXXXXXXX; the
 * Cloud API's `wa_id`/`from` (digits with the country code, no plus) becomes +<digits>.
 */
export function consentPhone(raw: string): string | null {
  const indian = normalizeIndianPhone(raw);
  if (indian) return indian;
  const digits = raw.replace(/[\s\-().+]/g, '');
  return /^\d{10,15}$/.test(digits) ? `+${digits}` : null;
}

/**
 * The person ticked "updates on WhatsApp" on a form (docs/product.md#whatsapp): the number is opted in from now,
 * with where it came from. An earlier opt-out is lifted, because this is a newer, explicit choice.
 */
export async function recordOptIn(
  tx: Executor,
  phone: string,
  source: WhatsAppConsentSource,
  at: Date = new Date(),
): Promise<void> {
  const number = consentPhone(phone);
  if (!number) return;
  const values = { optedInAt: at, optedInSource: source, optedOutAt: null, optedOutSource: null, updatedAt: at };
  await tx
    .insert(whatsappConsents)
    .values({ phone: number, ...values })
    .onConflictDoUpdate({ target: whatsappConsents.phone, set: values });
}

/**
 * The number asked to stop (a STOP reply): no message goes to it from now on, including those already queued,
 * which are marked `skipped`.
 */
export async function recordOptOut(
  tx: Executor,
  phone: string,
  source: WhatsAppConsentSource,
  at: Date = new Date(),
): Promise<void> {
  const number = consentPhone(phone);
  if (!number) return;
  await tx
    .insert(whatsappConsents)
    .values({ phone: number, optedOutAt: at, optedOutSource: source, updatedAt: at })
    .onConflictDoUpdate({
      target: whatsappConsents.phone,
      set: { optedOutAt: at, optedOutSource: source, updatedAt: at },
    });
  await tx
    .update(whatsappOutbox)
    .set({ status: 'skipped', lastError: 'Opted out of WhatsApp' })
    .where(and(eq(whatsappOutbox.toPhone, number), eq(whatsappOutbox.status, 'pending')));
}

/** The consent row of a number that has opted in and not out since: the only numbers messaged. */
const consentHeld = (phone: string | Placeholder) =>
  and(
    eq(whatsappConsents.phone, phone),
    isNotNull(whatsappConsents.optedInAt),
    or(isNull(whatsappConsents.optedOutAt), sql`${whatsappConsents.optedOutAt} < ${whatsappConsents.optedInAt}`),
  );

/** True when the number has opted in and not out since: the only numbers messaged. */
export async function mayMessage(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: whatsappConsents.phone })
    .from(whatsappConsents)
    .where(consentHeld(phone))
    .limit(1);
  return row !== undefined;
}

/** `mayMessage` as a condition, for a statement that writes only to a number that may be messaged. */
export function mayMessageSql(phone: string | Placeholder): SQL {
  return sql`exists (select 1 from ${whatsappConsents} where ${consentHeld(phone)})`;
}
