import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { amountInWordsIndian } from '../../../shared/amount-words';
import { formatLongDate, isoDateInIndia, todayInIndia } from '../../../shared/dates';
import { GST_STATES } from '../../../shared/gst';
import { formatInr, formatSignedInr } from '../../../shared/money';
import { bookingAmountFor, instalmentLabel, quoteExpired, type BookingMoney } from '../../../shared/booking-rules';
import { paiseToRupees, rupeesToPaise, type PricedAddOn } from '../../../shared/pricing';
import type { QuoteLine } from '../../../shared/schemas/quote';
import { paymentTerms } from '../../../shared/payment-terms';
import { DATE_CHANGE_RULE } from '../../../shared/refund-policy';
import type { bookings } from '../../db/schema';
import { humanize, type BookingStatus, type InstalmentKind } from '../../../shared/domain';
import { renderPdf } from '../../lib/pdf';
import { quoteReference } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import { moneyOfBooking } from '../payments/booking-money';
import { ledgerRows } from '../payments/ledger';
import { bookingPaymentRules, currentPaymentRules } from '../payments/payment-rules.service';
import { packageLine } from '../gst/gst-documents.service';
import { currentGstSettings } from '../gst/gst-settings.service';
import { upiPaymentUri } from '../payments/providers/upi';

type BookingRow = typeof bookings.$inferSelect;

export function quotePdfFileName(booking: Pick<BookingRow, 'id' | 'eventName'>): string {
  const slug = booking.eventName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 40)
    .toLowerCase();
  return `quote-${quoteReference(booking.id)}${slug ? `-${slug}` : ''}.pdf`;
}

/** What the quote's UPI QR asks for, and the line under it. */
export type QuotePayRequest = {
  amountPaise: number;
  purpose: 'token' | 'instalment';
  instalment: InstalmentKind;
  caption: string;
};

/**
 * What the quote's QR asks the customer to pay (docs/product.md#payments): what is due next on the booking, the
 * schedule's `pay_now` from the shared `bookingMoney`, as My Bookings' Pay button asks, so a confirmed booking's
 * copy asks for its advance or balance, never the token again. A quote keeps the product description's token
 * wording, with what is left of it when the team recorded part. Null when nothing is left to pay or the booking takes
 * no payments (an inquiry, a cancelled booking, a quote past its validity, whose token is no longer taken): then the
 * PDF prints no QR.
 */
export function quotePayRequest(
  status: BookingStatus,
  money: Pick<BookingMoney, 'pay_now_paise' | 'next'>,
  tokenPaise: number,
  expired = false,
): QuotePayRequest | null {
  const amountPaise = money.pay_now_paise;
  if (amountPaise <= 0 || !money.next || (status === 'quoted' && expired)) return null;
  const inr = (paise: number) => formatInr(paiseToRupees(paise));
  if (status === 'quoted') {
    return {
      amountPaise,
      purpose: 'token',
      instalment: 'booking_amount',
      caption:
        amountPaise < tokenPaise
          ? `Scan to pay the ${inr(amountPaise)} left of the ${inr(tokenPaise)} token`
          : `Scan to pay the ${inr(tokenPaise)} token`,
    };
  }
  return {
    amountPaise,
    purpose: 'instalment',
    instalment: money.next.kind,
    caption: `Scan to pay the ${inr(amountPaise)} ${instalmentLabel(money.next).toLowerCase()}`,
  };
}

/**
 * The line under the quote's date that says where the booking stands: a quote that can still be accepted prints its
 * validity, one past it the day it expired (docs/product.md#payments: nothing is paid on it any more); a confirmed,
 * running or completed booking the day it was confirmed, a cancelled one the day it was cancelled. Nothing when the
 * day is not known (a booking confirmed by hand) or there is none to give (an inquiry).
 */
export function quoteStanding(
  booking: Pick<BookingRow, 'status' | 'validUntil' | 'confirmedAt' | 'cancelledAt'>,
  today: string,
): string | null {
  const on = (at: Date | null) => (at ? formatLongDate(isoDateInIndia(at)) : null);
  switch (booking.status) {
    case 'inquiry':
      return null;
    case 'quoted':
      if (booking.validUntil === null) return null;
      return quoteExpired(booking, today)
        ? `Expired on ${formatLongDate(booking.validUntil)}`
        : `Valid until ${formatLongDate(booking.validUntil)}`;
    case 'confirmed':
    case 'in_progress':
    case 'completed': {
      const confirmed = on(booking.confirmedAt);
      return confirmed && `Confirmed on ${confirmed}`;
    }
    case 'cancelled': {
      const cancelled = on(booking.cancelledAt);
      return cancelled && `Cancelled on ${cancelled}`;
    }
  }
}

/**
 * The quote as a PDF: business identity, reference, client, event, itemised lines (a package booking's are `lines`,
 * the quote e-mail's), GST split, total in figures and Indian-numbering words, where the booking stands
 * (`quoteStanding`), terms summary and a UPI QR for what is due next (`quotePayRequest`).
 * `subscriberPercent` is the percent of the booking's subscriber discount (`subscriberPercentOf`); without it the
 * line names no percent.
 * `compress: false` keeps the text streams readable (tests search them); quotes are small either way.
 */
export async function renderQuotePdf(
  deps: ServiceDeps,
  booking: BookingRow,
  options: {
    compress?: boolean;
    addOns?: readonly PricedAddOn[];
    lines?: readonly QuoteLine[] | null;
    subscriberPercent?: number | null;
  } = {},
): Promise<Buffer> {
  const { brand } = deps.config;
  const rupees = (paise: number | null) => (paise === null ? '—' : formatInr(paiseToRupees(paise)));
  const guests = booking.guestCount;
  const perPerson = booking.basePricePerPersonPaise;
  const gross = perPerson !== null && guests ? perPerson * guests : null;
  const gst = booking.gstPaise;
  const total = booking.finalAmountPaise;
  // The place of supply by the documents' own rule (docs/gst.md#place-of-supply): the venue's state named for the
  // booking or implied by its city; unknown until the customer or the team names it, when no split is printed.
  const line = packageLine(await currentGstSettings(deps.db, brand), booking, todayInIndia());
  const pos = line.placeOfSupply;
  const intra = line.intraState;
  // The rate the booking was priced at, never today's setting: the PDF must agree with the stored amounts.
  const gstPercent = booking.gstPercent;
  const gstCharged =
    gstPercent === null
      ? ''
      : pos === null
        ? ''
        : intra
          ? `: GST charged as CGST ${gstPercent / 2}% + SGST ${gstPercent / 2}%`
          : `: GST charged as IGST ${gstPercent}%`;

  // GST as the place of supply charges it: CGST + SGST within our state, IGST outside, one line while unknown.
  const gstRows = (paise: number, percent: number): [string, string][] => {
    if (pos === null) return [[`GST (${percent}%)`, rupees(paise)]];
    if (!intra) return [[`IGST (${percent}%)`, rupees(paise)]];
    const cgst = Math.floor(paise / 2);
    return [
      [`CGST (${percent / 2}%)`, rupees(cgst)],
      [`SGST (${percent / 2}%)`, rupees(paise - cgst)],
    ];
  };

  const lines: [string, string][] = [];
  let totalRow: [string, string] = ['Total (GST included)', rupees(total)];
  const quotation = booking.quotation;
  if (options.lines) {
    // A package booking: the quote e-mail's own lines (docs/product.md#pricing), the peak surcharge among them
    // (docs/product.md#calendar), in its words and figures; only the GST line is split by the place of supply.
    for (const line of options.lines) {
      const amount = formatSignedInr(line.amount);
      if (line.key === 'total') totalRow = [line.label, amount];
      else if (line.key === 'gst' && gstPercent !== null)
        lines.push(...gstRows(rupeesToPaise(line.amount), gstPercent));
      else lines.push([line.label, amount]);
    }
  } else {
    // The admin's custom quote is its own lines (docs/product.md#quotes); a price set by hand has only its amounts.
    for (const item of quotation?.items ?? []) {
      const each = formatInr(paiseToRupees(item.unit_price_paise));
      const count = item.quantity.toLocaleString('en-IN');
      lines.push([
        item.quantity > 1 ? `${item.description}: ${each} × ${count}` : item.description,
        rupees(item.unit_price_paise * item.quantity),
      ]);
    }
    if (!quotation && gross !== null && perPerson !== null && guests) {
      lines.push([
        `${humanize(booking.pricingTier ?? 'custom')} package: ` +
          `${formatInr(paiseToRupees(perPerson))} × ${guests.toLocaleString('en-IN')} guests`,
        rupees(gross),
      ]);
    }
    // The menu's add-ons (docs/product.md#menus): each its price per guest × the guests, inside the total.
    for (const addOn of options.addOns ?? []) {
      lines.push([
        `${addOn.description} (add-on): ${formatInr(paiseToRupees(addOn.perGuestPaise))} ` +
          `× ${addOn.guests.toLocaleString('en-IN')} guests`,
        rupees(addOn.amountPaise),
      ]);
    }
    if (booking.discountPaise) {
      const label = quotation
        ? `Discount${quotation.discount_reason ? ` (${quotation.discount_reason})` : ''}`
        : 'Volume discount';
      lines.push([label, formatSignedInr(-paiseToRupees(booking.discountPaise))]);
    }
    if (booking.subscriberDiscountPaise) {
      // The booking's own percent, as My Bookings words it (docs/product.md#subscriptions).
      const percent = options.subscriberPercent;
      lines.push([
        percent == null ? 'Subscriber discount' : `Subscriber discount (${percent}%)`,
        formatSignedInr(-paiseToRupees(booking.subscriberDiscountPaise)),
      ]);
    }
    if (booking.subtotalPaise !== null) lines.push(['Taxable amount', rupees(booking.subtotalPaise)]);
    if (gst !== null && gstPercent !== null) lines.push(...gstRows(gst, gstPercent));
  }

  // The booking amount of the current schedule: ₹999, or the whole total when that is less.
  // The saved schedule's own words, as the quote e-mail and the terms page say them (src/shared/payment-terms.ts).
  const currentRules = await currentPaymentRules(deps.db);
  const rules = bookingPaymentRules(booking, currentRules);
  const terms = paymentTerms(rules);
  const tokenPaise = bookingAmountFor(total ?? 0, rules);
  const money = moneyOfBooking(booking, await ledgerRows(deps.db, [booking.id]), currentRules).summary;
  const today = todayInIndia();
  const pay = quotePayRequest(booking.status, money, tokenPaise, quoteExpired(booking, today));
  const qr =
    pay &&
    (await QRCode.toString(upiPaymentUri(brand, { orderCode: `QUOTE-${quoteReference(booking.id)}`, ...pay }), {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    }));

  const standing = quoteStanding(booking, today);

  const doc: TDocumentDefinitions = {
    compress: options.compress ?? true,
    info: { title: `Quotation ${quoteReference(booking.id)}`, author: brand.legalName },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#2D2320' },
    footer: (page, pages) => ({
      text: `${brand.legalName} · Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#6B5E57',
    }),
    content: [
      {
        columns: [
          [
            { text: brand.name, fontSize: 20, bold: true, color: '#6B2142' },
            { text: brand.legalName, fontSize: 9 },
            { text: brand.address, fontSize: 9 },
            { text: `${brand.phone} · ${brand.email}`, fontSize: 9 },
            ...(brand.gstin ? [{ text: `GSTIN ${brand.gstin}`, fontSize: 9 }] : []),
          ],
          [
            { text: 'QUOTATION', fontSize: 16, bold: true, alignment: 'right', color: '#D2680B' },
            { text: `Reference ${quoteReference(booking.id)}`, alignment: 'right' },
            { text: `Date ${formatLongDate(isoDateInIndia(booking.createdAt))}`, alignment: 'right' },
            ...(standing ? [{ text: standing, alignment: 'right' as const, bold: true }] : []),
          ],
        ],
      },
      { text: ' ' },
      {
        columns: [
          [
            { text: 'Client', bold: true, color: '#6B2142' },
            { text: booking.clientName },
            { text: booking.clientEmail },
            ...(booking.clientPhone ? [{ text: booking.clientPhone }] : []),
          ],
          [
            { text: 'Event', bold: true, color: '#6B2142' },
            { text: booking.eventName },
            { text: humanize(booking.eventType) },
            { text: booking.eventDate ? formatLongDate(booking.eventDate) : 'Date to be confirmed' },
            { text: [booking.venueName, booking.city].filter(Boolean).join(', ') || 'Venue to be confirmed' },
            ...(guests ? [{ text: `${guests.toLocaleString('en-IN')} guests` }] : []),
          ],
        ],
      },
      { text: ' ' },
      // A line is never split across a page; a list that runs onto the next page repeats its heads there
      // (docs/product.md#payments).
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: ['*', 'auto'],
          body: [
            [
              { text: 'Description', bold: true },
              { text: 'Amount', bold: true, alignment: 'right' },
            ],
            ...lines.map(([label, amount]) => [label, { text: amount, alignment: 'right' as const }]),
            [
              { text: totalRow[0], bold: true },
              { text: totalRow[1], bold: true, alignment: 'right' },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(total !== null
        ? [
            {
              text: `Amount in words: ${amountInWordsIndian(total)}`,
              italics: true,
              margin: [0, 6, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
      {
        text:
          pos === null
            ? 'Place of supply: to be confirmed with the state the event is held in; ' +
              'GST is charged as CGST + SGST in our state, IGST elsewhere.'
            : `Place of supply: ${GST_STATES[pos] ?? pos} (${intra ? 'intra-state' : 'inter-state'})${gstCharged}.`,
        fontSize: 8,
        color: '#6B5E57',
        margin: [0, 4, 0, 0],
      },
      { text: ' ' },
      {
        columns: [
          [
            { text: 'Terms summary', bold: true, color: '#6B2142' },
            {
              ul: [
                ...(gstPercent !== null ? [`Prices include ${gstPercent}% GST.`] : []),
                'Confirm your booking with a token of ' +
                  `${formatInr(paiseToRupees(tokenPaise))}, adjusted against the final bill.`,
                ...[terms.advance, terms.balance, terms.deposit].filter((term): term is string => term !== null),
                terms.refunds,
                terms.companyCancellation,
                DATE_CHANGE_RULE,
                'Final guest count confirmed 7 days before the event.',
              ],
              fontSize: 8.5,
            },
          ],
          ...(pay && qr
            ? [
                {
                  width: 130,
                  stack: [
                    { svg: qr, width: 110, alignment: 'center' as const },
                    { text: pay.caption, fontSize: 8, alignment: 'center' as const },
                    { text: `UPI ${brand.upiId}`, fontSize: 8, alignment: 'center' as const },
                  ],
                },
              ]
            : []),
        ],
      },
    ],
  };
  return renderPdf(doc);
}
