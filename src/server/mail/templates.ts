import type { PaymentRules } from '../../shared/booking-rules';
import type { Brand } from '../../shared/brand';
import { formatLongDate, todayInIndia } from '../../shared/dates';
import { humanize } from '../../shared/domain';
import { formatInr, formatSignedInr } from '../../shared/money';
import { paymentTerms, quoteScheduleRows } from '../../shared/payment-terms';
import { addOnLineLabel, paiseToRupees, rupeesToPaise, type PricedAddOn } from '../../shared/pricing';
import type { BookingInquiryData } from '../../shared/schemas/bookings';
import type { InstantQuoteData, InstantQuoteResult } from '../../shared/schemas/quote';
import type { QuotationDto } from '../../shared/schemas/quotation';
import type { VendorRegisterData } from '../../shared/schemas/vendor';
import { subjectWithEventName } from './outbox';

/** Every kind of message the product sends; stored in `email_outbox.template`. */
export type EmailTemplate =
  | 'quote'
  | 'inquiry_acknowledgement'
  | 'vendor_registration_received'
  | 'vendor_approved'
  | 'vendor_rejected'
  | 'project_invitation'
  | 'project_awarded'
  | 'project_not_selected'
  | 'project_unassigned'
  | 'project_cancelled'
  | 'project_date_changed'
  | 'project_details_changed'
  | 'project_bids_flagged'
  | 'event_details_changed'
  | 'project_award_cancelled'
  | 'payment_receipt'
  | 'payment_reminder'
  | 'booking_cancelled'
  | 'booking_date_changed'
  | 'booking_repriced'
  | 'subscription_refunded'
  | 'verify_email'
  | 'password_reset'
  | 'password_changed'
  | 'second_factor_changed'
  | 'booking_message';

/** A rendered message, ready for the outbox. */
export type EmailMessage = { to: string; subject: string; text: string; html: string; template: EmailTemplate };

const COLORS = {
  saffron: '#D2680B',
  maroon: '#6B2142',
  cream: '#FFF8EB',
  ink: '#2D2320',
  muted: '#6B5E57',
  line: '#F0E2CC',
};

/** Every value that did not come from our own code goes through this before it reaches HTML. */
export function escapeHtml(value: string | number): string {
  // No module-level state: a module that imports this one in a cycle may call it before this module has run.
  return String(value).replace(/[&<>"']/g, htmlEntity);
}

function htmlEntity(char: string): string {
  switch (char) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '"':
      return '&quot;';
    default:
      return '&#39;';
  }
}

type Row = [label: string, value: string];
type Paragraph = string;

export type EmailSection = { title: string; rows?: Row[]; bullets?: string[]; emphasisLast?: boolean };

type Layout = {
  brand: Brand;
  /** The first line of the message: shown by mail programs next to the subject. */
  preheader: string;
  heading: string;
  greeting: string;
  intro: Paragraph[];
  /** A one-time link (address verification, password reset): a button in HTML, the bare URL in the text part. */
  action?: { label: string; url: string };
  sections: EmailSection[];
  closing: Paragraph[];
};

function actionHtml(action: { label: string; url: string }): string {
  const url = escapeHtml(action.url);
  const button =
    `display:inline-block;background:${COLORS.saffron};color:#ffffff;text-decoration:none;font-weight:700;` +
    'font-size:15px;padding:12px 22px;border-radius:8px;';
  return `<p style="margin:8px 0 18px;"><a href="${url}" style="${button}">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 14px;font-size:13px;line-height:1.5;color:${COLORS.muted};word-break:break-all;">${url}</p>`;
}

/** The branded frame: a plain table layout with inline styles that survives every mail program. */
export function render(layout: Layout): { text: string; html: string } {
  const { brand } = layout;
  const contact = `${brand.phone} · ${brand.email}`;
  const legal = [brand.legalName, brand.address, brand.gstin ? `GSTIN ${brand.gstin}` : null]
    .filter(Boolean)
    .join(' · ');

  const text = [
    layout.greeting,
    '',
    ...layout.intro.flatMap((p) => [p, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...layout.sections.flatMap((section) => [
      section.title,
      ...(section.rows ?? []).map(([label, value]) => `  ${label}: ${value}`),
      ...(section.bullets ?? []).map((bullet) => `  - ${bullet}`),
      '',
    ]),
    ...layout.closing.flatMap((p) => [p, '']),
    'Warm regards,',
    `The ${brand.name} team`,
    contact,
    '',
    '--',
    legal,
  ].join('\n');

  const sectionHtml = layout.sections
    .map((section) => {
      const rows = (section.rows ?? [])
        .map(([label, value], index, all) => {
          const strong = section.emphasisLast && index === all.length - 1;
          const weight = strong ? 'font-weight:700;font-size:16px;' : '';
          const border = index === all.length - 1 ? '' : `border-bottom:1px solid ${COLORS.line};`;
          return (
            `<tr><td style="padding:8px ` +
            `0;color:${COLORS.muted};${border}${weight}">${escapeHtml(label)}</td><td align="right" ` +
            `style="padding:8px 0;color:${COLORS.ink};${border}${weight}">${escapeHtml(value)}</td></tr>`
          );
        })
        .join('');
      const bullets = (section.bullets ?? [])
        .map((bullet) => `<li style="margin:0 0 6px;">${escapeHtml(bullet).replace(/\r?\n/g, '<br>')}</li>`)
        .join('');
      return [
        `<h2 style="margin:24px 0 8px;font-size:16px;color:${COLORS.maroon};">${escapeHtml(section.title)}</h2>`,
        rows
          ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ` +
            `style="border-collapse:collapse;font-size:14px;">${rows}</table>`
          : '',
        bullets ? `<ul style="margin:0;padding-left:20px;font-size:14px;color:${COLORS.ink};">${bullets}</ul>` : '',
      ].join('');
    })
    .join('');

  // A paragraph's own line breaks (an admin's message) stay line breaks.
  const paragraph = (p: string) =>
    `<p style="margin:0 0 14px;font-size:15px;line-height:1.55;color:${COLORS.ink};">` +
    `${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`;

  const meta = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';
  const card = `max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid ${COLORS.line};`;
  const signOff = `<p style="margin:0;font-size:15px;line-height:1.55;color:${COLORS.ink};">`;

  const html = `<!doctype html>
<html lang="en-IN">
<head>${meta}<title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.cream};font-family:Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.cream};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${card}">
<tr><td style="background:${COLORS.maroon};padding:20px 28px;">
<div style="font-size:22px;font-weight:700;color:#ffffff;">${escapeHtml(brand.name)}</div>
<div style="font-size:13px;color:#FDD48C;margin-top:4px;">${escapeHtml(brand.tagline)}</div>
</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.saffron};">${escapeHtml(layout.heading)}</h1>
${paragraph(layout.greeting)}
${layout.intro.map(paragraph).join('\n')}
${layout.action ? actionHtml(layout.action) : ''}
${sectionHtml}
<div style="height:16px;"></div>
${layout.closing.map(paragraph).join('\n')}
${signOff}Warm regards,<br>The ${escapeHtml(brand.name)} team</p>
</td></tr>
<tr><td style="background:${COLORS.cream};padding:16px 28px;font-size:12px;line-height:1.6;color:${COLORS.muted};">
${escapeHtml(contact)}<br>${escapeHtml(legal)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { text, html };
}

/**
 * A quote's instalments with their amounts and when each falls due once the quote is accepted
 * (`quoteScheduleRows`, docs/product.md#payments): the figures My Bookings will ask for.
 */
function quoteScheduleSection(
  totalPaise: number,
  eventDate: string | null,
  rules: PaymentRules,
  today: string,
): EmailSection {
  return {
    title: 'Your payment schedule',
    rows: quoteScheduleRows({ totalPaise, eventDate, rules, today }).map((row): Row => [
      row.label,
      `${formatInr(paiseToRupees(row.amount_paise))}, ${row.due}`,
    ]),
  };
}

/**
 * The terms every booking's money follows, in the sentences the published terms use (`paymentTerms`): the deposit,
 * the reminders, paying the rest and cancelling in My Bookings, and the refund bands.
 */
export function paymentTermsSection(rules: PaymentRules): EmailSection {
  const terms = paymentTerms(rules);
  return {
    title: 'Payments and cancellation',
    bullets: [terms.deposit, terms.reminders, terms.payTheRest, terms.cancel, terms.refunds, terms.companyCancellation],
  };
}

/** A short reference customers can quote on the phone: the first block of the booking id. */
export function quoteReference(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}

/**
 * The quote e-mail's word on the ₹99 subscription (docs/product.md#subscriptions): the offer only to an address without
 * one; an address whose subscription waits for its owner to sign in is told so.
 */
function subscriptionBullet(quote: InstantQuoteResult): string[] {
  switch (quote.subscription ?? 'none') {
    case 'none':
      return [
        'Subscribe for just ₹99 for a 5% instant discount on your final bill, a free menu tasting session and a ' +
          'dedicated event coordinator.',
      ];
    case 'sign_in':
      return [
        'This address has a ₹99 subscription: its 5% subscriber price applies once you sign in with this address ' +
          'and confirm it.',
      ];
    case 'kept':
      return ['Your subscriber discount is kept for the quote you subscribed from; My Bookings shows it.'];
    case 'applied':
      return [];
  }
}

/**
 * Who asked for a package quote: a visitor on /book (`instant`), or the team, entering a booking taken by phone,
 * walk-in, WhatsApp or referral (`staff`), whose customer never saw an instant quote.
 */
export type QuoteOrigin = 'instant' | 'staff';

/**
 * The package-quote e-mail: every line of the quote, its validity (7 days, docs/product.md#quotes), the payment
 * schedule it would be paid by under `rules` (the saved schedule) and the next steps.
 */
export function quoteEmail(
  brand: Brand,
  input: InstantQuoteData,
  quote: InstantQuoteResult,
  rules: PaymentRules,
  today: string = todayInIndia(),
  origin: QuoteOrigin = 'instant',
): EmailMessage {
  const tier = humanize(quote.tier);
  const quoteName = origin === 'instant' ? 'instant quote' : 'quote';
  const rows: Row[] = quote.breakdown.map((line) => [
    line.key === 'total' ? 'Total amount' : line.label,
    formatSignedInr(line.amount),
  ]);
  const { text, html } = render({
    brand,
    preheader: `${tier} package for ${quote.guest_count} guests: ${formatInr(quote.final_amount)} including GST.`,
    heading: `Your ${quoteName} is ready`,
    greeting: `Dear ${input.client_name},`,
    intro: [
      origin === 'instant'
        ? `Thank you for choosing ${brand.name}. Here is your instant quote for ${input.event_name}; all prices ` +
          `include GST at ${quote.gst_percent}%.`
        : `Thank you for speaking with ${brand.name}. Here is the quote we prepared for ${input.event_name}; all ` +
          `prices include GST at ${quote.gst_percent}%.`,
    ],
    sections: [
      {
        title: 'Your event',
        rows: [
          ['Event', input.event_name],
          ['Event type', humanize(input.event_type)],
          ['Date', formatLongDate(input.event_date)],
          ['Guests', quote.guest_count.toLocaleString('en-IN')],
          ['Venue', [input.venue_name, input.location].filter(Boolean).join(', ')],
          ['Venue type', humanize(input.venue_type)],
          ['Package', `${tier} (${formatInr(quote.base_price_per_person)} per person)`],
        ],
      },
      { title: 'Your quote', rows, emphasisLast: true },
      quoteScheduleSection(rupeesToPaise(quote.final_amount), input.event_date, rules, today),
      {
        title: 'What happens next',
        bullets: [
          `Reply to this e-mail or call us on ${brand.phone} to confirm your date and menu.`,
          `To accept the quote, sign in to My Bookings on our website with ${input.client_email} and pay the ` +
            `booking amount: it confirms your date.`,
          'The final guest count is confirmed 7 days before the event.',
          ...subscriptionBullet(quote),
        ],
      },
      paymentTermsSection(rules),
    ],
    closing: [
      `This quote is valid until ${formatLongDate(quote.valid_until)}. Quote reference: ` +
        `${quoteReference(quote.quote_id)}.`,
    ],
  });
  return {
    to: input.client_email,
    subject: subjectWithEventName(
      input.event_name,
      (name) => `Your ${quoteName} for ${name}: ${formatInr(quote.final_amount)}`,
    ),
    text,
    html,
    template: 'quote',
  };
}

/** A custom quote as the customer reads it: the booking it prices and the admin's lines (docs/decisions.md). */
export type QuotationEmailData = {
  bookingId: string;
  clientName: string;
  clientEmail: string;
  eventName: string;
  eventType: string;
  eventDate: string | null;
  guestCount: number | null;
  venue: string | null;
  validUntil: string;
  quotation: QuotationDto;
  /** The menu's add-ons, on the bill beside the quote's lines (docs/product.md#menus); none when omitted. */
  addOns?: readonly PricedAddOn[];
};

/**
 * The admin's custom quote for an inquiry: every line and the menu's add-ons, the discount, the taxable amount, GST
 * at the rate it was priced at and the total, all from the stored quotation and the menu, and the payment schedule
 * under `rules`; the customer is pointed to My Bookings to accept it.
 */
export function quotationEmail(
  brand: Brand,
  data: QuotationEmailData,
  rules: PaymentRules,
  today: string = todayInIndia(),
): EmailMessage {
  const q = data.quotation;
  const money = formatSignedInr;
  const rows: Row[] = [
    ...q.items.map((item): Row => [
      item.quantity === 1
        ? item.description
        : `${item.description}: ${formatInr(item.unit_price)} × ${item.quantity.toLocaleString('en-IN')}`,
      money(item.amount),
    ]),
    ...(data.addOns ?? []).map((addOn): Row => [addOnLineLabel(addOn), money(paiseToRupees(addOn.amountPaise))]),
    ...(q.discount > 0 ? [[`Discount (${q.discount_reason ?? ''})`, money(-q.discount)] as Row] : []),
    ...(q.subscriber_discount > 0 ? [['Subscriber discount', money(-q.subscriber_discount)] as Row] : []),
    ['Taxable amount', money(q.subtotal)],
    [`GST (${q.gst_percent}%)`, money(q.gst_amount)],
    ['Total amount', money(q.quoted_amount)],
  ];
  const { text, html } = render({
    brand,
    preheader: `Your quote for ${data.eventName}: ${formatInr(q.quoted_amount)} including GST.`,
    heading: 'Your quote is ready',
    greeting: `Dear ${data.clientName},`,
    intro: [
      `Thank you for your inquiry. Here is our quote for ${data.eventName}; all prices include GST at ` +
        `${q.gst_percent}%.`,
    ],
    sections: [
      {
        title: 'Your event',
        rows: [
          ['Event', data.eventName],
          ['Event type', humanize(data.eventType)],
          ['Date', data.eventDate ? formatLongDate(data.eventDate) : 'To be decided'],
          ...(data.guestCount ? [['Guests', data.guestCount.toLocaleString('en-IN')] as Row] : []),
          ...(data.venue ? [['Venue', data.venue] as Row] : []),
        ],
      },
      { title: 'Your quote', rows, emphasisLast: true },
      ...(q.notes ? [{ title: 'Notes', bullets: q.notes.split(/\r?\n/).filter((line) => line.trim() !== '') }] : []),
      quoteScheduleSection(rupeesToPaise(q.quoted_amount), data.eventDate, rules, today),
      {
        title: 'What happens next',
        bullets: [
          `Sign in to My Bookings on our website with ${data.clientEmail} to see this quote and pay the booking ` +
            `amount that confirms your date.`,
          `Questions or changes: reply to this e-mail or call us on ${brand.phone}.`,
        ],
      },
      paymentTermsSection(rules),
    ],
    closing: [
      `This quote is valid until ${formatLongDate(data.validUntil)}. Quote reference: ` +
        `${quoteReference(data.bookingId)}.`,
    ],
  });
  return {
    to: data.clientEmail,
    subject: subjectWithEventName(data.eventName, (name) => `Your quote for ${name}: ${formatInr(q.quoted_amount)}`),
    text,
    html,
    template: 'quote',
  };
}

/**
 * The acknowledgement of a service inquiry: what the customer asked for, and the spec's promise
 * "We will contact you soon with a customized quote" (section 8).
 */
export function inquiryAcknowledgementEmail(brand: Brand, input: BookingInquiryData, bookingId: string): EmailMessage {
  const r = input.requirements;
  const venue = [input.venue_name, input.venue_address].filter(Boolean).join(', ');
  const rows: Row[] = [
    ['Event', input.event_name],
    ['Event type', humanize(input.event_type)],
    ['Date', input.event_date ? formatLongDate(input.event_date) : 'To be decided'],
    ...(input.event_time ? [['Time', input.event_time] as Row] : []),
    ['Guests', r.guest_count > 0 ? r.guest_count.toLocaleString('en-IN') : 'To be decided'],
    ...(venue ? [['Venue', venue] as Row] : []),
    ...(r.company_name ? [['Company', r.company_name] as Row] : []),
    ...(r.catering_style ? [['Catering style', r.catering_style] as Row] : []),
    ...(r.event_duration ? [['Duration', r.event_duration] as Row] : []),
    ...(r.budget_range ? [['Budget', r.budget_range] as Row] : []),
    ['Decoration', r.decoration_required ? 'Yes' : 'No'],
    ['Entertainment', r.entertainment_required ? 'Yes' : 'No'],
    ['Photography', r.photography_required ? 'Yes' : 'No'],
  ];
  const { text, html } = render({
    brand,
    preheader: `We have your inquiry for ${input.event_name} and will contact you soon.`,
    heading: 'Thank you for your inquiry',
    greeting: `Dear ${input.client_name},`,
    intro: [`Thank you for your inquiry about ${input.event_name}. We will contact you soon with a customized quote.`],
    sections: [
      { title: 'What you told us', rows },
      ...(r.special_requests ? [{ title: 'Special requests', bullets: [r.special_requests] }] : []),
    ],
    closing: [
      `We are available Monday to Saturday, 10:00 to 19:00 IST. For anything urgent, call or WhatsApp us on ` +
        `${brand.phone}. Inquiry reference: ${quoteReference(bookingId)}.`,
    ],
  });
  return {
    to: input.client_email,
    subject: `We have received your inquiry: ${input.event_name}`,
    text,
    html,
    template: 'inquiry_acknowledgement',
  };
}

/**
 * The acknowledgement of a vendor application: what we received, and that the account works once an
 * admin approves it (docs/product.md#vendors).
 */
export function vendorRegistrationReceivedEmail(brand: Brand, input: VendorRegisterData): EmailMessage {
  const rows: Row[] = [
    ['Business', input.business_name],
    ['Contact person', input.contact_person],
    ['Phone', input.phone],
    ['Location', input.location],
    ['Experience', `${input.experience_years} ${input.experience_years === 1 ? 'year' : 'years'}`],
    ...(input.gst_number ? [['GST number', input.gst_number] as Row] : []),
    ...(input.portfolio_link ? [['Portfolio', input.portfolio_link] as Row] : []),
  ];
  const { text, html } = render({
    brand,
    preheader: `We have received the vendor application of ${input.business_name}.`,
    heading: 'Thank you for applying',
    greeting: `Dear ${input.contact_person},`,
    intro: [
      `Thank you for applying to become a vendor partner of ${brand.name}. Our team reviews every application; your ` +
        `account is activated once it is approved, and we will e-mail you as soon as that happens.`,
    ],
    sections: [
      { title: 'Your application', rows },
      { title: 'Services offered', bullets: [input.services_offered] },
    ],
    closing: [`Questions in the meantime? Call or WhatsApp us on ${brand.phone}.`],
  });
  return {
    to: input.email,
    subject: `We have received your vendor application: ${input.business_name}`,
    text,
    html,
    template: 'vendor_registration_received',
  };
}

type VendorContact = { email: string; contactPerson: string; businessName: string };

/** Approval: the account is active and can sign in now. */
export function vendorApprovedEmail(brand: Brand, vendor: VendorContact): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `${vendor.businessName} is now an approved ${brand.name} vendor partner.`,
    heading: 'Your vendor account is approved',
    greeting: `Dear ${vendor.contactPerson},`,
    intro: [
      `Good news: ${vendor.businessName} is now an approved vendor partner of ${brand.name}. You can sign in with ` +
        `the e-mail and password you registered with and open the Supplier Portal.`,
    ],
    sections: [
      {
        title: 'What happens next',
        bullets: [
          'When we invite you to quote for an event, you will see it in the Supplier Portal and get an e-mail.',
          'Submit your quote before the auto-assign date shown on each project.',
        ],
      },
    ],
    closing: [`Welcome aboard. For anything at all, call or WhatsApp us on ${brand.phone}.`],
  });
  return {
    to: vendor.email,
    subject: `Your ${brand.name} vendor account is approved`,
    text,
    html,
    template: 'vendor_approved',
  };
}

/** Rejection with the admin's reason (docs/product.md#vendors: "rejected with a required reason"). */
export function vendorRejectedEmail(brand: Brand, vendor: VendorContact, reason: string): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `An update on the vendor application of ${vendor.businessName}.`,
    heading: 'An update on your vendor application',
    greeting: `Dear ${vendor.contactPerson},`,
    intro: [
      `Thank you for your interest in partnering with ${brand.name}. After reviewing the application of ` +
        `${vendor.businessName}, we are unable to approve it at this time.`,
    ],
    sections: [{ title: 'Reason', bullets: [reason] }],
    closing: [`If you can address this, you are welcome to contact us on ${brand.phone} or ${brand.email}.`],
  });
  return {
    to: vendor.email,
    subject: `Your ${brand.name} vendor application`,
    text,
    html,
    template: 'vendor_rejected',
  };
}
