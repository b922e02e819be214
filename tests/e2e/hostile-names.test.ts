import { randomBytes } from 'node:crypto';
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBrowser, newPage, trackRequests } from './browser';
import { startApp } from './app-server';
import { signIn } from './people';

/*
 * Hostile names in a real browser (docs/security.md#hostile-input): markup and `javascript:` URLs typed into the public
 * forms (registration, vendor registration, instant quote, inquiry) and a supplier's quote notes, then every admin
 * tab and dialog and the supplier's dashboard opened with them on screen. Nothing may run: `window.__pwned` stays
 * unset, no alert/confirm/prompt opens, and the Content-Security-Policy reports no blocked script.
 *
 * Runs its own copy of the app (fresh data directory, demo data), like admin.test.ts: the records it adds must
 * not change what the other browser tests see.
 */
let baseURL = '';
let stopApp: (() => Promise<void>) | undefined;
const browser = fileBrowser();

beforeAll(async () => {
  const app = await startApp();
  baseURL = app.baseURL;
  stopApp = app.stop;
});

afterAll(async () => {
  await stopApp?.();
});

const ADMIN = { email: 'admin@annapurna-events.in', password: 'Admin@12345' };
const SUPPLIER = { email: 'supplier@annapurna-events.in', password: 'Supplier@123' };

const tag = randomBytes(3).toString('hex');
const IMG = `<img src=x onerror=window.__pwned=1>${tag}`;
const SVG = `"><svg onload=window.__pwned=2>${tag}`;
const SCRIPT = `</script><script>window.__pwned=3</script>${tag}`;
const JS_URL = 'javascript:window.__pwned=4';
const LINK = `https://example.in/"><img src=x onerror=window.__pwned=5>`;

async function api(path: string, options: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown> & unknown[]) : null };
}

async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const login = await api('/api/auth/login', { body: account });
  expect(login.status).toBe(200);
  return login.body!.access_token as string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The hostile records, made the way anyone can make them: through the public API. */
async function plantHostileRecords(): Promise<{
  customer: { email: string; password: string };
  event: string;
  vendor: string;
  supplier: string;
}> {
  const customer = { email: `hostile.${tag}@example.in`, password: 'secret-123' };
  const registered = await api('/api/auth/register', { body: { ...customer, full_name: IMG, phone: '9826011111' } });
  expect(registered.status).toBe(201);
  // Made while signed in, so the bookings are the account's before it confirms its address (docs/product.md#accounts).
  const token = registered.body!.access_token as string;

  const quote = await api('/api/quotation/instant', {
    body: {
      event_type: 'wedding',
      event_date: inDays(45),
      guest_count: 120,
      venue_type: 'banquet',
      tier: 'premium',
      location: JS_URL,
      client_email: customer.email,
      client_name: SVG,
      event_name: SCRIPT,
      client_phone: '9826011111',
    },
    token,
  });
  expect(quote.status).toBe(200);
  const bookingId = quote.body!.quote_id as string;
  const inquiry = await api('/api/bookings', {
    body: {
      client_name: IMG,
      client_email: customer.email,
      client_phone: '9826011111',
      event_type: 'corporate',
      event_name: IMG,
      event_date: inDays(60),
      venue_name: SVG,
      venue_address: JS_URL,
      requirements: { guest_count: 50, special_requests: SCRIPT, budget_range: IMG, company_name: SVG },
    },
    token,
  });
  expect(inquiry.status).toBe(201);

  const vendor = (name: string, extra: Record<string, unknown> = {}) => ({
    email: `vendor.${name.length}.${randomBytes(3).toString('hex')}@example.in`,
    password: 'secret-123',
    contact_person: SVG,
    business_name: name,
    phone: '9826022222',
    business_address: SCRIPT,
    location: IMG,
    services_offered: `${IMG}, ${SVG}`,
    experience_years: 3,
    ...extra,
  });
  // A javascript: portfolio link is refused outright; an http(s) one carrying markup is stored as typed.
  expect((await api('/api/vendor/register', { body: vendor(`JS ${tag}`, { portfolio_link: JS_URL }) })).status).toBe(
    422,
  );
  expect((await api('/api/vendor/register', { body: vendor(IMG, { portfolio_link: LINK }) })).status).toBe(201);
  const approved = await api('/api/vendor/register', { body: vendor(SVG, { portfolio_link: LINK }) });
  expect(approved.status).toBe(201);

  const admin = await tokenOf(ADMIN);
  const supplierId = approved.body!.supplier_id as string;
  expect((await api(`/api/admin/vendors/${supplierId}/approve`, { method: 'PUT', token: admin })).status).toBe(200);
  const seeded = (await api(`/api/suppliers?q=${encodeURIComponent(SUPPLIER.email)}`, { token: admin }))
    .body as unknown as { id: string; email: string }[];
  const seededId = seeded.find((s) => s.email === SUPPLIER.email)!.id;
  const assigned = await api(`/api/projects?booking_id=${bookingId}&supplier_ids=${seededId},${supplierId}`, {
    method: 'POST',
    token: admin,
  });
  expect(assigned.status).toBe(201);
  const submitted = await api('/api/supplier/quote-submit', {
    body: { booking_id: bookingId, quoted_amount: 150000, notes: `${IMG} ${SCRIPT} ${JS_URL}` },
    token: await tokenOf(SUPPLIER),
  });
  expect(submitted.status).toBe(201);

  // Money on the booking, so the Money tab and Booking Details' payments show it: the token paid by UPI, then cash
  // the team records with markup in its receipt number and note.
  // The demo business is GST registered and the hostile city names no state: the customer names the venue's state
  // before paying, as the receipt voucher needs (docs/gst.md#recipient).
  const gst = await api(`/api/me/bookings/${bookingId}/gst`, {
    method: 'PUT',
    body: { venue_state_code: '23' },
    token,
  });
  expect(gst.status).toBe(200);
  const order = await api('/api/payments/token-order', { body: { booking_id: bookingId }, token });
  expect(order.status).toBe(201);
  const utr = `9${String(Date.now()).slice(-11)}`;
  expect(
    (
      await api(`/api/admin/payments/${order.body!.order_id as string}/utr`, {
        method: 'PUT',
        body: { utr },
        token: admin,
      })
    ).status,
  ).toBe(200);
  const cash = await api(`/api/admin/bookings/${bookingId}/payments`, {
    body: { amount: 5000, method: 'cash', reference: IMG, note: SCRIPT },
    token: admin,
  });
  expect(cash.status).toBe(201);
  return { customer, event: SCRIPT, vendor: IMG, supplier: SVG };
}

type Watch = {
  dialogs: string[];
  state(): Promise<{ pwned: unknown; csp: string[] }>;
  check(step: string): Promise<void>;
};

/** Records every alert/confirm/prompt and CSP report; `check` fails the test if anything ran. */
async function watch(page: Page): Promise<Watch> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const state = () =>
    page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      csp: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    }));
  return {
    dialogs,
    state,
    async check(step: string) {
      const now = await state();
      expect(now.pwned, `window.__pwned after ${step}`).toBeUndefined();
      expect(dialogs, `dialogs after ${step}`).toEqual([]);
      expect(
        now.csp.filter((v) => v.startsWith('script-src')),
        `blocked scripts after ${step}`,
      ).toEqual([]);
    },
  };
}

async function signInAndLand(page: Page, account: { email: string; password: string }, landing: string): Promise<void> {
  await signIn(page, account);
  await expect.poll(() => new URL(page.url()).pathname).toBe(landing);
}

/** Opens a dialog with the button, lets it render (until it shows `shows`, if given), and closes it again. */
async function openAndClose(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  dialogName: string | RegExp,
  seen: Watch,
  step: string,
  shows?: string,
): Promise<void> {
  await button.first().scrollIntoViewIfNeeded();
  await button.first().click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  if (shows) await dialog.getByText(shows).first().waitFor();
  await page.waitForTimeout(400); // rendering, images, animations
  await seen.check(step);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('hostile names in the browser', () => {
  let planted: Awaited<ReturnType<typeof plantHostileRecords>>;

  beforeAll(async () => {
    planted = await plantHostileRecords();
  }, 60_000);

  it('the watch sees markup that reaches the page as HTML (the control)', async () => {
    const { context, page } = await newPage(browser, baseURL);
    const seen = await watch(page);
    await page.goto('/');
    await seen.check('the landing page');
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), IMG);
    await expect.poll(async () => (await seen.state()).csp.some((v) => v.startsWith('script-src'))).toBe(true);
    await context.close();
  });

  it('every admin tab and dialog shows them as text, and nothing runs', async () => {
    const { context, page } = await newPage(browser, baseURL);
    const requests = trackRequests(page);
    const seen = await watch(page);
    await signInAndLand(page, ADMIN, '/admin');
    await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();
    await page
      .getByRole('button', { name: `View ${planted.event}` })
      .first()
      .waitFor();
    await seen.check('the bookings tab');
    expect(await page.getByRole('table', { name: 'Recent Bookings' }).innerText()).toContain(planted.event);

    // Booking Details: the client, the event, its payments, the supplier's quote with its notes; and Assign Supplier.
    await openAndClose(
      page,
      page.getByRole('button', { name: `View ${planted.event}` }),
      'Booking Details',
      seen,
      'Booking Details',
      // The Payments panel's ledger: the cash payment's receipt number and note.
      IMG,
    );
    await openAndClose(
      page,
      page.getByRole('button', { name: `View ${IMG}` }),
      'Booking Details',
      seen,
      'Booking Details of the inquiry',
    );
    await openAndClose(
      page,
      page.getByRole('button', { name: `Assign Supplier to ${planted.event}` }),
      'Assign Supplier to Event',
      seen,
      'Assign Supplier',
    );

    const tabs = await page.getByRole('tablist').first().getByRole('tab').allInnerTexts();
    expect(tabs.length).toBeGreaterThanOrEqual(6);
    for (const label of tabs) {
      const name = label.replace(/\d+/g, '').trim();
      await page
        .getByRole('tab', { name: new RegExp(`^${name}`) })
        .first()
        .click();
      await requests.settled();
      await seen.check(`the ${name} tab`);

      if (/Suppliers/.test(name)) {
        await page.getByRole('article', { name: planted.supplier }).waitFor();
        await openAndClose(
          page,
          page.getByRole('button', { name: `Edit ${planted.supplier}` }),
          /Edit/,
          seen,
          'Edit supplier',
        );
        await openAndClose(
          page,
          page.getByRole('button', { name: `Projects of ${planted.supplier}` }),
          'Supplier Projects',
          seen,
          'Supplier Projects',
        );
      }
      if (/Customers/.test(name)) {
        await openAndClose(
          page,
          page.getByRole('button', { name: `Edit ${IMG}` }),
          'Edit Customer',
          seen,
          'Edit Customer',
        );
      }
      if (/Pending Vendors/.test(name)) {
        await openAndClose(
          page,
          page.getByRole('button', { name: `View ${planted.vendor}` }),
          'Vendor Details',
          seen,
          'Vendor Details',
        );
        await openAndClose(
          page,
          page.getByRole('button', { name: `Reject ${planted.vendor}` }),
          /^Reject /,
          seen,
          'the reject prompt',
        );
      }
      if (/Money/.test(name)) {
        await page.getByRole('searchbox', { name: 'Search receivables' }).fill(planted.customer.email);
        const receivables = page.getByRole('table', { name: 'Receivables' });
        await receivables.getByText(planted.event).waitFor();
        expect(await receivables.innerText()).toContain(SVG);
        await page.getByRole('table', { name: 'Ledger rows' }).getByText(IMG).first().waitFor();
        await seen.check('Receivables and Collections');
      }
      if (/Reports/.test(name)) {
        expect(await page.getByRole('table', { name: 'Customer Reports' }).innerText()).toContain(IMG);
      }
    }
    await seen.check('every admin screen');
    await context.close();
  });

  it("the supplier's dashboard, notification and quote dialog show them as text, and nothing runs", async () => {
    const { context, page } = await newPage(browser, baseURL);
    const seen = await watch(page);
    await signInAndLand(page, SUPPLIER, '/supplier');
    const card = page.getByRole('article', { name: planted.event });
    await card.waitFor();
    await page
      .getByRole('region', { name: 'New Project Notifications' })
      .getByText(planted.event, { exact: false })
      .first()
      .waitFor();
    await seen.check('the supplier dashboard');
    await openAndClose(page, card.getByRole('button', { name: /Quote/ }), /Quote/, seen, 'the quote dialog');
    await context.close();
  });

  it("the customer's own bookings show them as text, and nothing runs", async () => {
    const { context, page } = await newPage(browser, baseURL);
    const seen = await watch(page);
    await signInAndLand(page, planted.customer, '/');
    await page.goto('/bookings');
    await page.getByText(planted.event).first().waitFor();
    await seen.check('My Bookings');
    await context.close();
  });
});
