import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import type { InstantQuoteInput } from '../../src/shared/schemas/quote';
import { recordedCalls, server, trpcHandler } from './msw';
import { quoteFor } from './quote-fixture';
import { renderApp } from './render';

/*
 * /book fetches two modules after its first render: the shared schema check (quote-form) and the quote's own view
 * (quote-result). Here each arrives only when the test says so, as on a connection slower than the visitor.
 */
const gates = vi.hoisted(() => {
  const gate = () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    return { arrived, release: () => release() };
  };
  return { check: gate(), result: gate() };
});
vi.mock('../../src/client/pages/book/quote-form', async (importOriginal) => {
  await gates.check.arrived;
  return importOriginal();
});
vi.mock('../../src/client/pages/book/quote-result', async (importOriginal) => {
  await gates.result.arrived;
  return importOriginal();
});

const EVENT_DATE = addDays(todayInIndia(), 40);

describe('/book before its deferred code has arrived', () => {
  it('waits for the schema check before sending, and for the quote view before showing the quote whole', async () => {
    const resolver = vi.fn(({ input }: { input: unknown }) => quoteFor(input as InstantQuoteInput));
    server.use(trpcHandler('quote.instant', resolver));
    const { user } = renderApp({ path: '/book?eventType=wedding' });
    await screen.findByRole('heading', { name: 'Event Details' });

    const enter = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await enter(/^Full Name/, 'Meera Iyer');
    await enter(/^Email Address/, 'meera@example.in');
    await enter(/^Phone Number/, '98930 11223');
    await enter(/^Event Name/, 'Meera & Kabir Reception');
    await enter(/^Expected Guest Count/, '320');
    await enter(/^Venue Location\/City/, 'Mumbai');
    await enter(/^Event Date/, EVENT_DATE.split('-').reverse().join('/'));
    await user.tab();
    await screen.findByText(formatLongDate(EVENT_DATE));

    await user.click(screen.getByRole('button', { name: 'Get Instant Quote' }));
    // The check's code is still on its way: the button is busy, a second click does nothing, nothing is sent.
    const busy = await screen.findByRole('button', { name: /Preparing your quote/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(recordedCalls('quote.instant')).toHaveLength(0);

    gates.check.release();
    await waitFor(() => expect(resolver).toHaveBeenCalledTimes(1));
    // The answer is in, the quote's view is not: the form stays, busy, and no success is announced yet.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'Your Instant Quote is Ready!' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Preparing your quote/ })).toBeDisabled();
    const notifications = within(screen.getByRole('region', { name: /Notifications/ }));
    expect(notifications.queryByText('Your instant quote is ready! Check your email.')).not.toBeInTheDocument();

    gates.result.release();
    await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });
    expect(await notifications.findByText('Your instant quote is ready! Check your email.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscribe for Just ₹99!' })).toBeInTheDocument();
    expect(recordedCalls('quote.instant')).toHaveLength(1);
  });
});
