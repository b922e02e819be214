import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_RULES, paymentRulesToDto, type PaymentRules } from '../../src/shared/booking-rules';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { paymentTerms, refundBandRows, refundExample, scheduleTerms } from '../../src/shared/payment-terms';
import { server, trpcHandler } from './msw';
import { renderApp } from './render';

const PAGES = [
  { path: '/terms', title: 'Terms and Conditions' },
  { path: '/refund-policy', title: 'Return and Refund Policy' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
] as const;

/** The page's policy text as one string, whitespace collapsed, for checking the figures it states. */
function policyText(): string {
  return (screen.getByRole('main').textContent ?? '').replace(/\s+/g, ' ');
}

/** The terms' payment table, row by row: instalment, amount, due. */
function scheduleRows(): (string | null)[][] {
  const table = within(document.getElementById('payment')!).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

async function openPolicy(path: string, title: string) {
  const app = renderApp({ path });
  expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  return app;
}

describe('legal pages', () => {
  it.each(PAGES)('$path is headed by the brand name, dated, titled, and leads back home', async ({ path, title }) => {
    const { user, currentPath } = await openPolicy(path, title);

    const heading = screen.getByRole('heading', { name: title, level: 1 });
    expect(heading.previousElementSibling).toHaveTextContent(DEFAULT_BRAND.name);
    expect(screen.getByText('Last Updated: October 2025')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · ${DEFAULT_BRAND.name}`));

    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it.each(PAGES)('$path has a table of contents whose anchors reach every section', async ({ path, title }) => {
    await openPolicy(path, title);

    const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
    const links = toc.getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) {
      const id = link.getAttribute('href')!.replace(/^#/, '');
      const section = document.getElementById(id);
      expect(section, id).not.toBeNull();
      expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent!.replace(/^\d+\./, ''),
      );
    }
  });

  it('the terms state the booking, payment and change rules of the spec', async () => {
    await openPolicy('/terms', 'Terms and Conditions');
    const text = policyText();

    for (const phrase of [
      'token amount of ₹999',
      'first 25% of the total that you pay',
      'non-refundable',
      'final guest count at least 7 days before',
      'at least 14 days before the event',
      'change its date once, to a new date within 6 months',
      'due 7 days before the event',
      'GST at 18%',
      'bank transfer (NEFT, RTGS, IMPS), UPI, credit and debit cards, and wallets',
      'Upgrades (a higher package, extra counters or dishes) can be made up to 7 days before',
      'must be made more than 14 days before',
      '48 hours after the event',
      'Monday to Saturday, 10:00 to 19:00 IST',
      'not offered to anyone under 18',
      'courts at Indore',
      '50% of the fee (₹49.50) within 3 working days',
      '75% more than 30 days before the event, 50% between 15 and 30 days, 25% between 7 and 14 days',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(screen.getAllByRole('link', { name: 'Return and Refund Policy' })[0]).toHaveAttribute(
      'href',
      '/refund-policy',
    );
  });

  it('the refund policy gives the cancellation schedule and how refunds are paid', async () => {
    await openPolicy('/refund-policy', 'Return and Refund Policy');

    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'More than 30 days before the event75%',
      '15 to 30 days before50%',
      '7 to 14 days before25%',
      'Less than 7 days beforeNo refund',
    ]);
    const text = policyText();
    for (const phrase of [
      'first 25% of the total',
      'non-refundable',
      'beyond the deposit',
      '100% refund, including the deposit',
      'at least 14 days before',
      'once, to a new date within 6 months',
      'up to 10% free of charge',
      'within 3 days of the event are not refunded',
      'up to 7 days before',
      'more than 14 days before',
      '50% of the fee, ₹49.50, within 3 working days',
      '48 hours after the event',
      '10 to 15 business days',
      'refunded: ₹75,000',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(screen.getAllByRole('link', { name: DEFAULT_BRAND.email })[0]).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_BRAND.email}`,
    );
  });

  it('the terms state the payment schedule and refunds in the sentences the shared rules build', async () => {
    await openPolicy('/terms', 'Terms and Conditions');
    const terms = paymentTerms(DEFAULT_PAYMENT_RULES);
    await waitFor(() => expect(policyText()).toContain(terms.advance!));
    const text = policyText();
    for (const sentence of [
      terms.bookingAmount,
      terms.token,
      terms.deposit,
      terms.balance!,
      terms.changes,
      terms.reminders,
      terms.payTheRest,
      terms.cancel,
      terms.refunds,
      terms.companyCancellation,
    ]) {
      expect(text).toContain(sentence);
    }
    expect(scheduleRows()).toEqual(scheduleTerms(DEFAULT_PAYMENT_RULES).map((row) => [row.label, row.amount, row.due]));
  });

  it('the terms follow the schedule the admin saved', async () => {
    const saved: PaymentRules = {
      booking_amount_paise: 1_500_00,
      advance_percent: 40,
      advance_due_days_after_confirmation: 10,
      advance_immediate_within_days: 45,
      balance_due_days_before_event: 14,
    };
    server.use(trpcHandler('site.paymentTerms', () => paymentRulesToDto(saved)));
    await openPolicy('/terms', 'Terms and Conditions');
    const terms = paymentTerms(saved);

    await waitFor(() => expect(policyText()).toContain(terms.advance!));
    const text = policyText();
    for (const sentence of [terms.bookingAmount, terms.token, terms.deposit, terms.balance!]) {
      expect(text).toContain(sentence);
    }
    expect(text).toContain('A token amount of ₹1,500 paid online');
    expect(text).toContain('brings what you have paid to 40% of the total. It is due 10 days after');
    expect(text).toContain('due 14 days before the event');
    expect(text).not.toContain(paymentTerms(DEFAULT_PAYMENT_RULES).advance!);
    expect(scheduleRows()).toEqual(scheduleTerms(saved).map((row) => [row.label, row.amount, row.due]));
  });

  it('the refund policy states the bands and the example computeRefund gives', async () => {
    await openPolicy('/refund-policy', 'Return and Refund Policy');
    const terms = paymentTerms(DEFAULT_PAYMENT_RULES);
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual(refundBandRows().map((row) => [row.notice, row.refund]));
    const text = policyText();
    for (const sentence of [terms.deposit, terms.bookingAmount, terms.cancel, refundExample(2_00_000_00, 20)]) {
      expect(text).toContain(sentence);
    }
  });

  it('the privacy policy says what analytics are kept, why, for how long, and the DPDP rights', async () => {
    await openPolicy('/privacy-policy', 'Privacy Policy');
    const text = policyText();

    for (const phrase of [
      'IP address',
      'browser family',
      'device class: mobile, tablet or desktop',
      'view a page',
      'get an instant quote',
      'Why:',
      'Raw IP addresses are kept for at most 90 days',
      'No third-party trackers',
      'no tracking cookies',
      'Digital Personal Data Protection Act, 2023',
      'access a summary',
      'corrected',
      'erased',
      'grievances',
      'Data Protection Board of India',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    const rights = within(document.getElementById('your-rights')!);
    expect(rights.getByRole('link', { name: DEFAULT_BRAND.email })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_BRAND.email}`,
    );
  });

  it('uses the brand the server serves', async () => {
    server.use(
      trpcHandler('site.brand', () => ({ ...DEFAULT_BRAND, name: 'Utsav Caterers', email: 'care@utsav.example' })),
    );
    await openPolicy('/privacy-policy', 'Privacy Policy');

    const heading = screen.getByRole('heading', { name: 'Privacy Policy', level: 1 });
    await waitFor(() => expect(heading.previousElementSibling).toHaveTextContent('Utsav Caterers'));
    expect(screen.getAllByRole('link', { name: 'care@utsav.example' }).length).toBeGreaterThan(0);
  });

  it('opens from the landing page footer', async () => {
    const { user, currentPath } = renderApp();

    await user.click(
      within(await screen.findByRole('contentinfo')).getByRole('link', { name: 'Return and Refund Policy' }),
    );

    expect(await screen.findByRole('heading', { name: 'Return and Refund Policy', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/refund-policy');
  });
});
