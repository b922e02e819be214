import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_EVENT_IN_DAYS, EXAMPLE_TOTAL_PAISE } from '../../src/client/pages/admin/settings-tab';
import {
  DEFAULT_PAYMENT_RULES,
  INSTALMENT_LABELS,
  paymentRulesFromDto,
  paymentRulesToDto,
  paymentSchedule,
  type PaymentRules,
} from '../../src/shared/booking-rules';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paymentTerms } from '../../src/shared/payment-terms';
import { daysBetween } from '../../src/shared/refund-policy';
import type { PaymentRulesDto, PaymentRulesSettingsDto } from '../../src/shared/schemas/payments';
import { openAdmin, openTab, toasts } from './admin-fixtures';
import { recordedCalls, TrpcTestError } from './msw';

type User = Awaited<ReturnType<typeof openAdmin>>['user'];

const DEFAULTS = paymentRulesToDto(DEFAULT_PAYMENT_RULES);
const SAVED: PaymentRulesDto = {
  booking_amount: 1500,
  advance_percent: 30,
  advance_due_days_after_confirmation: 10,
  advance_immediate_within_days: 45,
  balance_due_days_before_event: 14,
};

const LABELS = {
  booking_amount: 'Booking amount (₹)',
  advance_percent: 'Advance brings the paid amount to (% of the total)',
  advance_due_days_after_confirmation: 'Advance due (days after confirmation)',
  advance_immediate_within_days: 'Advance at once when the event is within (days)',
  balance_due_days_before_event: 'Balance due (days before the event)',
} as const;

function settingsAnswer(rules: PaymentRulesDto = DEFAULTS): PaymentRulesSettingsDto {
  return { rules, defaults: DEFAULTS };
}

async function openSettings(overrides: Parameters<typeof openAdmin>[0] = {}) {
  const view = await openAdmin(overrides);
  await openTab(view.user, /Settings/);
  await screen.findByRole('form', { name: 'Payment schedule' });
  return view;
}

function field(name: keyof typeof LABELS): HTMLInputElement {
  return screen.getByRole('textbox', { name: new RegExp(`^${LABELS[name].replace(/[()%₹]/g, '\\$&')}`) });
}

/** Types into a field as a person does: select what is there and type over it. */
async function typeInto(user: User, name: keyof typeof LABELS, text: string) {
  await user.clear(field(name));
  if (text !== '') await user.type(field(name), text);
}

/** The example's rows as the page shows them: instalment, amount, paid by then, due. */
function exampleRows(): (string | null)[][] {
  return within(screen.getByRole('table', { name: 'Example schedule' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

/** The same rows computed by the shared rule for the sample booking. */
function expectedRows(rules: PaymentRules): string[][] {
  const today = todayInIndia();
  return paymentSchedule({
    totalPaise: EXAMPLE_TOTAL_PAISE,
    eventDate: addDays(today, EXAMPLE_EVENT_IN_DAYS),
    confirmedOn: today,
    rules,
    today,
  }).map((row) => {
    const after = daysBetween(today, row.due_date);
    return [
      INSTALMENT_LABELS[row.kind],
      formatInr(row.amount_paise / 100),
      formatInr(row.cumulative_paise / 100),
      `${formatLongDate(row.due_date)} (${afterConfirmation(after)})`,
    ];
  });
}

/** When an instalment falls due, as the schedule table says it. */
function afterConfirmation(days: number): string {
  return days === 0 ? 'on confirmation' : `${days} ${days === 1 ? 'day' : 'days'} after`;
}
describe('Settings tab: the payment schedule', () => {
  it('puts itself in the address, shows the saved numbers with the defaults, and the example from paymentSchedule', async () => {
    const view = await openAdmin({ 'admin.settings.paymentRules': () => settingsAnswer(SAVED) });
    await openTab(view.user, /Settings/);
    expect(view.currentUrl()).toBe('/admin?tab=settings');
    await screen.findByRole('form', { name: 'Payment schedule' });

    expect(field('booking_amount')).toHaveValue('1500');
    expect(field('advance_percent')).toHaveValue('30');
    expect(field('advance_due_days_after_confirmation')).toHaveValue('10');
    expect(field('advance_immediate_within_days')).toHaveValue('45');
    expect(field('balance_due_days_before_event')).toHaveValue('14');
    for (const text of ['Default: ₹999', 'Default: 25%', 'Default: 30 days']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Default: 7 days')).toHaveLength(2);

    const saved = paymentRulesFromDto(SAVED);
    expect(exampleRows()).toEqual(expectedRows(saved));
    // ₹1,00,000: ₹1,500 now, ₹28,500 more to reach 30%, ₹70,000 fourteen days before the event.
    expect(exampleRows().map((row) => row[1])).toEqual(['₹1,500', '₹28,500', '₹70,000']);
    const published = within(screen.getByRole('region', { name: 'How the published terms read' }));
    expect(published.getByText(paymentTerms(saved).advance!)).toBeInTheDocument();
  });

  it('recomputes the example as numbers are typed, and saves them', async () => {
    let stored = DEFAULTS;
    const { user } = await openSettings({
      'admin.settings.paymentRules': () => settingsAnswer(stored),
      'admin.settings.updatePaymentRules': ({ input }) => {
        stored = input as PaymentRulesDto;
        return settingsAnswer(stored);
      },
    });
    expect(exampleRows()).toEqual(expectedRows(DEFAULT_PAYMENT_RULES));
    expect(screen.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();

    await typeInto(user, 'booking_amount', '2000');
    await typeInto(user, 'advance_percent', '50');
    await typeInto(user, 'balance_due_days_before_event', '10');
    const typed: PaymentRules = {
      ...DEFAULT_PAYMENT_RULES,
      booking_amount_paise: 2000_00,
      advance_percent: 50,
      balance_due_days_before_event: 10,
    };
    expect(exampleRows()).toEqual(expectedRows(typed));
    expect(exampleRows().map((row) => row[1])).toEqual(['₹2,000', '₹48,000', '₹50,000']);
    expect(screen.getByText(/Not saved yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('Payment schedule saved')).toBeInTheDocument();
    expect(recordedCalls('admin.settings.updatePaymentRules').map((call) => call.input)).toEqual([
      { ...DEFAULTS, booking_amount: 2000, advance_percent: 50, balance_due_days_before_event: 10 },
    ]);
    await waitFor(() => expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument());
  });

  it('checks the numbers with the shared schema and shows each message at its field, sending nothing', async () => {
    const { user } = await openSettings();

    await typeInto(user, 'booking_amount', '');
    await typeInto(user, 'advance_percent', '120');
    await typeInto(user, 'advance_due_days_after_confirmation', '2.5');
    await typeInto(user, 'balance_due_days_before_event', 'ten');
    expect(screen.getByText('Correct the numbers above to see the example.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Example schedule' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(field('booking_amount')).toHaveAccessibleDescription('Booking amount must be a number');
    expect(field('advance_percent')).toHaveAccessibleDescription('Advance must be at most 100%');
    expect(field('advance_due_days_after_confirmation')).toHaveAccessibleDescription(
      'Advance due must be a whole number of days',
    );
    expect(field('balance_due_days_before_event')).toHaveAccessibleDescription('Balance due must be a number of days');
    expect(field('advance_immediate_within_days')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('booking_amount')).toHaveFocus();
    expect(recordedCalls('admin.settings.updatePaymentRules')).toHaveLength(0);

    // Fixing a field clears its message.
    await typeInto(user, 'advance_percent', '40');
    expect(field('advance_percent')).not.toHaveAccessibleDescription('Advance must be at most 100%');
  });

  it('shows the server detail when saving is refused', async () => {
    const { user } = await openSettings({
      'admin.settings.updatePaymentRules': () => {
        throw new TrpcTestError('BAD_REQUEST', 'Booking amount must be at most ₹1,00,000');
      },
    });
    await typeInto(user, 'booking_amount', '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await toasts().findByText('Booking amount must be at most ₹1,00,000')).toBeInTheDocument();
    expect(field('booking_amount')).toHaveValue('5000');
  });

  it('puts the defaults back with Reset to defaults, to be saved', async () => {
    const { user } = await openSettings({
      'admin.settings.paymentRules': () => settingsAnswer(SAVED),
      'admin.settings.updatePaymentRules': ({ input }) => settingsAnswer(input as PaymentRulesDto),
    });

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(field('booking_amount')).toHaveValue('999');
    expect(field('advance_percent')).toHaveValue('25');
    expect(field('advance_due_days_after_confirmation')).toHaveValue('7');
    expect(field('advance_immediate_within_days')).toHaveValue('30');
    expect(field('balance_due_days_before_event')).toHaveValue('7');
    expect(exampleRows()).toEqual(expectedRows(DEFAULT_PAYMENT_RULES));
    expect(recordedCalls('admin.settings.updatePaymentRules')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toasts().findByText('Payment schedule saved')).toBeInTheDocument();
    expect(recordedCalls('admin.settings.updatePaymentRules').map((call) => call.input)).toEqual([DEFAULTS]);
  });
});
