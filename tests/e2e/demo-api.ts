import type { Browser, BrowserContext } from 'playwright-core';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { CustomerBookingDto, PaymentOrderDto } from '../../src/shared/schemas/account';
import type { AuthResult } from '../../src/shared/schemas/auth';
import type { InstantQuoteInput, InstantQuoteResult } from '../../src/shared/schemas/quote';

/** The demo data's sign-ins (README, "Demo logins"). */
export const DEMO_USERS = {
  admin: { email: 'admin@annapurna-events.in', password: 'Admin@12345' },
  supplier: { email: 'supplier@annapurna-events.in', password: 'Supplier@123' },
  customer: { email: 'priya.sharma@example.in', password: 'Customer@123', name: 'Priya Sharma' },
  pendingVendor: { email: 'vendor.pending@example.in', password: 'Vendor@123' },
} as const;

export type DemoRole = 'admin' | 'supplier' | 'customer';

/** One REST call of the app; a status outside 2xx throws with the server's answer. */
export async function api<T>(
  baseURL: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(new URL(`/api${path}`, baseURL), {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through `POST /api/auth/login` and returns the access token. */
export async function apiSignIn(baseURL: string, user: { email: string; password: string }): Promise<string> {
  return (await api<AuthResult>(baseURL, 'POST', '/auth/login', { body: user })).access_token;
}

/** An instant quote as the /book page sends it; the defaults make a valid wedding quote 45 days ahead. */
export function instantQuote(
  baseURL: string,
  input: Partial<InstantQuoteInput> & { client_email: string },
): Promise<InstantQuoteResult> {
  return api<InstantQuoteResult>(baseURL, 'POST', '/quotation/instant', {
    body: {
      event_type: 'wedding',
      event_date: addDays(todayInIndia(), 45),
      guest_count: 250,
      venue_type: 'banquet',
      tier: 'premium',
      location: 'Indore',
      client_name: 'Priya Sharma',
      event_name: 'Sharma Family Sangeet',
      ...input,
    },
  });
}

/** A browser context that starts signed in: the token is in localStorage before the app's code runs. */
export async function signedInContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  token: string,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return context;
}

/**
 * What the pages of the route list need beyond the demo data: a quoted booking, a confirmed one, a pending and a
 * paid order.
 */
export type RouteFixtures = {
  tokens: Record<DemoRole, string>;
  /** The customer's quoted booking with an open token order: every action is offered. */
  quotedBookingId: string;
  /** The customer's booking confirmed by its paid token: the schedule shows the advance and the balance due. */
  confirmedBookingId: string;
  /** Its event day (`YYYY-MM-DD`): the Calendar's run sheet and the production sheet of that day list it. */
  confirmedEventDate: string;
  pendingOrderId: string;
  paidOrderId: string;
};

/**
 * Makes the fixtures through the API, as people would: the customer quotes twice and opens a token order for each;
 * the admin records the UTR of one (`PUT /api/admin/payments/:order_id/utr`), so one order is paid and one pending.
 */
export async function prepareRouteFixtures(baseURL: string): Promise<RouteFixtures> {
  const [admin, customer, supplier] = await Promise.all([
    apiSignIn(baseURL, DEMO_USERS.admin),
    apiSignIn(baseURL, DEMO_USERS.customer),
    apiSignIn(baseURL, DEMO_USERS.supplier),
  ]);
  const pending = await instantQuote(baseURL, {
    client_email: DEMO_USERS.customer.email,
    event_name: 'Sharma Family Sangeet',
  });
  const paid = await instantQuote(baseURL, {
    client_email: DEMO_USERS.customer.email,
    event_name: 'Aarav’s Mundan Lunch',
    event_type: 'private',
    tier: 'basic',
    guest_count: 80,
    venue_type: 'indoor',
  });
  // My Bookings links quotes made with the customer's e-mail to the account on first read.
  await api<CustomerBookingDto[]>(baseURL, 'GET', '/me/bookings', { token: customer });
  const pendingOrder = await api<PaymentOrderDto>(baseURL, 'POST', '/payments/token-order', {
    token: customer,
    body: { booking_id: pending.quote_id },
  });
  const paidOrder = await api<PaymentOrderDto>(baseURL, 'POST', '/payments/token-order', {
    token: customer,
    body: { booking_id: paid.quote_id },
  });
  const utr = String(Date.now()).slice(-12).padStart(12, '4');
  await api(baseURL, 'PUT', `/admin/payments/${encodeURIComponent(paidOrder.order_id)}/utr`, {
    token: admin,
    body: { utr },
  });
  const confirmed = await api<{ event_date: string }>(baseURL, 'GET', `/me/bookings/${paid.quote_id}`, {
    token: customer,
  });
  return {
    tokens: { admin, customer, supplier },
    quotedBookingId: pending.quote_id,
    confirmedBookingId: paid.quote_id,
    confirmedEventDate: confirmed.event_date,
    pendingOrderId: pendingOrder.order_id,
    paidOrderId: paidOrder.order_id,
  };
}
