import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userFor } from './fixtures';
import { server, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';

/*
 * The event order page when it cannot show the order: it still has its page heading (one h1, as every page), and
 * says why in an alert.
 */
const BOOKING_ID = '7d3c9a10-4b2e-4f6a-9c1d-2e3f4a5b6c7d';

describe('event order page without an order to show', () => {
  it("a supplier asking for another supplier's event order gets the page heading and the reason", async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('supplier')),
      trpcHandler('menus.supplierEventOrder', () => {
        throw new TrpcTestError('NOT_FOUND', 'Booking not found');
      }),
    );
    renderApp({ path: `/supplier/event-orders/${BOOKING_ID}`, token: 'token-for-supplier' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This event order is not available to you.');
    expect(screen.getByRole('heading', { level: 1, name: 'Event order' })).toBeInTheDocument();
  });

  it('a customer is told whose page it is, under the same heading', async () => {
    server.use(trpcHandler('auth.me', () => userFor('customer')));
    renderApp({ path: `/supplier/event-orders/${BOOKING_ID}`, token: 'token-for-customer' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This event order is for our team and the supplier of the event.',
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Event order']);
  });
});
