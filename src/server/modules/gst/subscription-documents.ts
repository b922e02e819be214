import { and, asc, eq, inArray } from 'drizzle-orm';
import { todayInIndia } from '../../../shared/dates';
import { GST_DOCUMENT_META } from '../../../shared/gst';
import type { SubscriptionGstDocumentDto } from '../../../shared/schemas/account';
import type { Executor } from '../../db/client';
import { gstDocuments, type subscriptions } from '../../db/schema';
import type { ServiceDeps } from '../../context';
import {
  gstRegistered,
  issue,
  lineOf,
  packageSupply,
  reference,
  type GstDocumentRow,
  type GstLine,
} from './gst-documents.service';
import { currentGstSettings, type GstSettings } from './gst-settings.service';

/**
 * The ₹99 subscription's GST documents (docs/gst.md#subscription). The subscription is a supply of its own, made
 * when it is paid for: its tax invoice is issued with the payment, and the 50% refund an admin gives is a credit
 * note against that invoice. Both run on the caller's transaction, after the subscription row has changed, so a
 * document exists exactly when its money event commits. A business not yet registered issues none.
 */

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Who bought it, as the documents print them: the subscriber's name when known, else the e-mail it was bought in. */
export type SubscriptionBuyer = { name: string | null; email: string };

/**
 * The subscription's line: the package SAC's rate on the day (the subscription is sold with the catering and
 * discounts it), supplied at the business's own place: the subscriber gives no address, so the place of supply is
 * the supplier's location (IGST Act s.12(2)(b)) and the tax is CGST + SGST.
 */
function subscriptionLine(settings: GstSettings, isoDate: string): GstLine {
  return { ...packageSupply(settings, isoDate), placeOfSupply: settings.business.state_code, intraState: true };
}

async function subscriptionDocument(
  tx: Executor,
  subscriptionId: string,
  kind: 'tax_invoice' | 'credit_note',
): Promise<GstDocumentRow | null> {
  const [row] = await tx
    .select()
    .from(gstDocuments)
    .where(and(eq(gstDocuments.subscriptionId, subscriptionId), eq(gstDocuments.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** The tax invoice for a subscription just paid for (`orderCode`'s `amountPaise`); null when none is due. */
export async function issueSubscriptionInvoice(
  deps: ServiceDeps,
  tx: Executor,
  sub: SubscriptionRow,
  payment: { orderCode: string; amountPaise: number; buyer: SubscriptionBuyer; actorUserId: string | null },
): Promise<GstDocumentRow | null> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!gstRegistered(settings) || payment.amountPaise <= 0) return null;
  if (await subscriptionDocument(tx, sub.id, 'tax_invoice')) return null;
  const line = subscriptionLine(settings, todayInIndia());
  return issue(deps, tx, settings, {
    kind: 'tax_invoice',
    subject: {
      subscription: sub,
      recipient: {
        name: payment.buyer.name ?? payment.buyer.email,
        company_name: null,
        gstin: null,
        address: null,
        state_code: null,
        email: payment.buyer.email,
      },
    },
    line,
    grossPaise: payment.amountPaise,
    description:
      `Subscription (order ${payment.orderCode}): ` +
      'one-time 5% discount on a final bill and the subscriber services',
    issuedBy: payment.actorUserId,
  });
}

/**
 * The credit note for a subscription's refund (`amountPaise`, the 50% of docs/product.md#subscriptions), against its
 * tax invoice; null when the subscription has no invoice (paid before the business was registered).
 */
export async function issueSubscriptionCreditNote(
  deps: ServiceDeps,
  tx: Executor,
  sub: SubscriptionRow,
  amountPaise: number,
  actorUserId: string | null,
): Promise<GstDocumentRow | null> {
  const invoice = await subscriptionDocument(tx, sub.id, 'tax_invoice');
  if (!invoice || amountPaise <= 0) return null;
  const settings = await currentGstSettings(tx, deps.config.brand);
  const credited = Math.min(amountPaise, invoice.totalPaise);
  return issue(deps, tx, settings, {
    kind: 'credit_note',
    subject: { subscription: sub, recipient: invoice.recipient },
    line: lineOf(invoice),
    grossPaise: credited,
    description: `Credit against invoice ${invoice.number}: subscription refunded`,
    references: [reference(invoice, credited)],
    reason: 'Subscription refunded',
    issuedBy: actorUserId,
  });
}

/** The documents of these subscriptions, oldest first, for the admin's list (a download each). */
export async function subscriptionsDocuments(
  db: Executor,
  subscriptionIds: readonly string[],
): Promise<Map<string, SubscriptionGstDocumentDto[]>> {
  const byId = new Map<string, SubscriptionGstDocumentDto[]>();
  if (subscriptionIds.length === 0) return byId;
  const rows = await db
    .select({
      id: gstDocuments.id,
      subscriptionId: gstDocuments.subscriptionId,
      kind: gstDocuments.kind,
      number: gstDocuments.number,
    })
    .from(gstDocuments)
    .where(inArray(gstDocuments.subscriptionId, [...subscriptionIds]))
    .orderBy(asc(gstDocuments.issuedAt), asc(gstDocuments.kind));
  for (const row of rows) {
    if (row.kind !== 'tax_invoice' && row.kind !== 'credit_note') continue;
    const list = byId.get(row.subscriptionId!) ?? [];
    list.push({ id: row.id, kind: row.kind, title: GST_DOCUMENT_META[row.kind].title, number: row.number });
    byId.set(row.subscriptionId!, list);
  }
  return byId;
}
