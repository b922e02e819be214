import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { fileBrowser, VIEWPORTS, waitForHydration } from './browser';
import { api, apiSignIn } from './demo-api';
import { openCreateAccount, signIn } from './people';
import { pageReady, settled } from './route-views';

/*
 * axe-core on every route and every dialog state we can reach, at both widths: no serious or critical violation.
 * The page's CSP allows only same-origin scripts, so axe is evaluated through the DevTools protocol
 * (`page.evaluate` with its source), which CSP does not govern; the page itself runs with its real CSP.
 */
const baseURL = inject('baseURL');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

const USERS = {
  customer: { email: 'priya.sharma@example.in', password: 'Customer@123', home: '/' },
  admin: { email: 'admin@annapurna-events.in', password: 'Admin@12345', home: '/admin' },
  supplier: { email: 'supplier@annapurna-events.in', password: 'Supplier@123', home: '/supplier' },
} as const;

type Finding = { state: string; id: string; impact: string; target: string; summary: string };

const browser = fileBrowser();
/** The token order the customer opens, later recorded by the admin. */
let tokenOrderId: string | undefined;

/** Waits until nothing is animating (dialogs fade and scale in; a half-faded colour would be misjudged). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations;
      return animation.playState !== 'running' || iterations === Infinity;
    }),
  );
}

async function runAxe(page: Page, state: string): Promise<Finding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        summary: node.failureSummary ?? '',
      })),
    }));
  }, AXE_TAGS);
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      state,
      id: violation.id,
      impact: violation.impact,
      target: node.target,
      summary: `${violation.help}. ${node.summary.replace(/\s+/g, ' ')}`,
    })),
  );
}

/** One line per violation, the same rule on the same element listed once with every state it was seen in. */
function report(findings: Finding[]): string[] {
  const grouped = new Map<string, { finding: Finding; states: string[] }>();
  for (const finding of findings) {
    const key = `${finding.id}|${finding.target}`;
    const entry = grouped.get(key);
    if (entry) entry.states.push(finding.state);
    else grouped.set(key, { finding, states: [finding.state] });
  }
  return [...grouped.values()].map(
    ({ finding, states }) =>
      `${finding.id} (${finding.impact}) at ${finding.target} in [${states.join('; ')}]: ${finding.summary}`,
  );
}

/** Collects the violations of one test; `check()` fails the test with every serious or critical one listed. */
function auditor(page: Page, viewport: string) {
  const findings: Finding[] = [];
  return {
    async audit(state: string): Promise<void> {
      findings.push(...(await runAxe(page, `${state} @${viewport}`)));
    },
    check(): void {
      const others = findings.filter((finding) => !BLOCKING.has(finding.impact));
      if (others.length > 0) console.info(`axe, not blocking:\n${report(others).join('\n')}`);
      const blocking = report(findings.filter((finding) => BLOCKING.has(finding.impact)));
      expect(blocking, `serious or critical axe violations:\n${blocking.join('\n')}`).toEqual([]);
    },
  };
}

/**
 * Each error message on show is tied to its field (the field is aria-invalid and names the message in
 * aria-describedby), and each invalid field describes a message that is on show.
 */
async function expectErrorsTiedToFields(scope: Locator, state: string): Promise<void> {
  const problems = await scope.evaluate((root) => {
    const shown = (element: Element) =>
      element.getClientRects().length > 0 && (element.textContent ?? '').trim() !== '';
    const describedBy = (field: Element) => (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const fields = Array.from(root.querySelectorAll('input, select, textarea'));
    const messages = Array.from(root.querySelectorAll('[data-part="error-text"]')).filter(shown);
    const found: string[] = messages.length === 0 ? ['no error message on show'] : [];
    for (const message of messages) {
      const field = fields.find((candidate) => message.id !== '' && describedBy(candidate).includes(message.id));
      if (!field) found.push(`"${message.textContent}" is not in any field's aria-describedby`);
      else if (field.getAttribute('aria-invalid') !== 'true')
        found.push(`the field described by "${message.textContent}" is not aria-invalid`);
    }
    for (const field of fields.filter((candidate) => candidate.getAttribute('aria-invalid') === 'true')) {
      const described = describedBy(field).map((id) => document.getElementById(id));
      if (!described.some((element) => element && shown(element)))
        found.push(`invalid field "${field.getAttribute('name')}" describes no message`);
    }
    return found;
  });
  expect(problems, state).toEqual([]);
}

async function openDialog(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  role: 'dialog' | 'alertdialog' = 'dialog',
): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole(role, { name });
  await dialog.waitFor();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function signInAs(page: Page, user: keyof typeof USERS): Promise<void> {
  const { email, password, home } = USERS[user];
  await page.evaluate(() => localStorage.removeItem('token'));
  await signIn(page, { email, password });
  await expect.poll(() => new URL(page.url()).pathname).toBe(home);
}

/** Dismisses the toasts on screen, so they do not cover what is checked next; one may time out on its own first. */
async function clearToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await button.click({ timeout: 2_000 }).catch(() => undefined);
  }
}

function typed(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`axe at ${viewport.width} × ${viewport.height}`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ baseURL, viewport });
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('visitor pages and dialogs', { timeout: 240_000 }, async () => {
      const axe = auditor(page, viewportName);

      await page.goto('/');
      await page.getByRole('heading', { name: 'Our Services' }).waitFor();
      await page.getByText('Ritu & Saurabh Jain').waitFor();
      await axe.audit('/');

      if (viewportName === 'mobile') {
        const menu = await openDialog(page, page.getByRole('button', { name: 'Open menu' }), 'Menu');
        await axe.audit('mobile nav drawer');
        await closeDialog(page, menu);
      }

      await page.getByRole('button', { name: 'View Wedding mandap larger' }).scrollIntoViewIfNeeded();
      const lightbox = await openDialog(
        page,
        page.getByRole('button', { name: 'View Wedding mandap larger' }),
        'Wedding mandap',
      );
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')).every(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      );
      await axe.audit('gallery lightbox');
      await closeDialog(page, lightbox);

      const inquiry = await openDialog(
        page,
        page.getByRole('button', { name: 'Request a custom quote for Corporate Events' }),
        'Corporate Events',
      );
      await axe.audit('inquiry dialog');
      await inquiry.getByRole('button', { name: 'Submit Inquiry' }).click();
      await inquiry.locator('[aria-invalid="true"]').first().waitFor();
      await expectErrorsTiedToFields(inquiry, 'inquiry dialog');
      await axe.audit('inquiry dialog with errors');
      await closeDialog(page, inquiry);

      await page.goto('/book');
      await page.getByRole('heading', { name: 'Event Details' }).waitFor();
      await axe.audit('/book');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open calendar' }).click();
      await page.locator('[data-scope="date-picker"][data-part="content"][data-state="open"]').waitFor();
      await axe.audit('/book with the calendar open');
      await page.keyboard.press('Escape');
      await page.locator('[data-scope="date-picker"][data-part="content"]').waitFor({ state: 'detached' });
      await page.getByLabel('Expected Guest Count').fill('120');
      await page.getByLabel('Event Date').fill(typed(addDays(todayInIndia(), 45)));
      await page.getByLabel('Event Date').press('Tab');
      await page.getByRole('button', { name: 'Get Instant Quote' }).click();
      await page.locator('form [aria-invalid="true"]').first().waitFor();
      await expectErrorsTiedToFields(page.getByRole('form', { name: 'Event Details' }), '/book');
      await axe.audit('/book with an error');

      await page.goto('/login');
      await page.getByRole('form', { name: 'Sign in' }).waitFor();
      await axe.audit('/login');
      await openCreateAccount(page);
      await axe.audit('/login create account');

      await page.goto('/vendor-register');
      const vendorForm = page.getByRole('form', { name: 'Partner application' });
      await vendorForm.waitFor();
      await axe.audit('/vendor-register');
      await vendorForm.getByRole('button', { name: 'Submit Registration' }).click();
      await vendorForm.locator('[aria-invalid="true"]').first().waitFor();
      await expectErrorsTiedToFields(vendorForm, '/vendor-register');
      await axe.audit('/vendor-register with errors');

      await page.goto('/payment/success?order_id=ORD-NOT-A-REAL-ONE');
      await page.getByRole('heading', { name: 'Payment Verification Failed' }).waitFor();
      await axe.audit('/payment/success unknown order');

      for (const [path, heading] of [
        ['/terms', 'Terms and Conditions'],
        ['/refund-policy', 'Return and Refund Policy'],
        ['/privacy-policy', 'Privacy Policy'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await axe.audit(path);
      }

      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await axe.audit('not found');

      axe.check();
    });

    it(
      'customer: quote, My Bookings, booking detail and its dialogs, a pending payment',
      { timeout: 240_000 },
      async () => {
        const axe = auditor(page, viewportName);
        await page.goto('/');
        await signInAs(page, 'customer');
        await clearToasts(page);

        await page.goto('/book?eventType=wedding');
        await page.getByRole('heading', { name: 'Event Details' }).waitFor();
        await page.getByLabel('Full Name').fill('Priya Sharma');
        await page.getByLabel('Email Address').fill(USERS.customer.email);
        await page.getByLabel('Phone Number').fill('+91 98260 12457');
        await page.getByLabel('Event Name').fill(`Sharma Mehndi ${viewportName}`);
        await page.getByLabel('Expected Guest Count').fill('120');
        await page.getByLabel('Venue Type').selectOption('banquet');
        await page.getByLabel('Venue Name').fill('Sayaji Hotel');
        await page.getByLabel('Venue Location/City').fill('Indore');
        await page.getByLabel('Event Date').fill(typed(addDays(todayInIndia(), viewportName === 'mobile' ? 70 : 50)));
        await page.getByLabel('Event Date').press('Tab');
        await page.getByRole('button', { name: 'Get Instant Quote' }).click();
        await page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }).waitFor();
        await axe.audit('/book with a quote');

        await page.goto('/bookings');
        const quoted = page.getByRole('link', { name: `Sharma Mehndi ${viewportName}` });
        await quoted.waitFor();
        await axe.audit('/bookings');

        await quoted.click();
        await page.getByRole('heading', { level: 1, name: `Sharma Mehndi ${viewportName}` }).waitFor();
        await page.getByRole('region', { name: 'Timeline' }).waitFor();
        await axe.audit('/bookings/:id quoted');

        const pay = await openDialog(page, page.getByRole('button', { name: /^Pay .* token$/ }), /booking token/);
        const qr = pay.getByRole('img', { name: /UPI QR code/ });
        await expect
          .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
        tokenOrderId = new URL((await qr.getAttribute('data-qr-value')) ?? '').searchParams.get('tr') ?? undefined;
        await axe.audit('pay token dialog');
        await closeDialog(page, pay);

        await page.goto('/bookings');
        await page.getByRole('link', { name: 'Priya & Karan Wedding Reception' }).click();
        await page.getByRole('heading', { level: 1, name: 'Priya & Karan Wedding Reception' }).waitFor();
        await axe.audit('/bookings/:id confirmed');
        const cancel = await openDialog(
          page,
          page.getByRole('button', { name: 'Cancel booking' }),
          'Cancel this booking?',
          'alertdialog',
        );
        await cancel
          .getByText(/refund/i)
          .first()
          .waitFor();
        await axe.audit('cancel booking dialog');
        await cancel.getByRole('button', { name: 'Keep booking' }).click();
        await cancel.waitFor({ state: 'detached' });
        const change = await openDialog(
          page,
          page.getByRole('button', { name: 'Change event date' }),
          'Change the event date',
        );
        await axe.audit('change date dialog');
        await closeDialog(page, change);

        if (tokenOrderId) {
          await page.goto(`/payment/success?order_id=${tokenOrderId}`);
          await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();
          await axe.audit('/payment/success pending order');
        }
        axe.check();
      },
    );

    it('admin dashboard: every tab and dialog', { timeout: 240_000 }, async () => {
      const axe = auditor(page, viewportName);
      await signInAs(page, 'admin');
      await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();
      await clearToasts(page);
      await axe.audit('/admin Bookings');

      const details = await openDialog(
        page,
        page
          .getByRole('table', { name: 'Recent Bookings' })
          .getByRole('button', { name: /^View / })
          .first(),
        'Booking Details',
      );
      await details.getByRole('heading', { name: 'Suppliers and quotes' }).waitFor();
      await axe.audit('Booking Details dialog');
      await closeDialog(page, details);

      const assign = await openDialog(
        page,
        page.getByRole('button', { name: /^Assign Supplier to / }).first(),
        'Assign Supplier to Event',
      );
      await assign.getByLabel(/Select Supplier/).waitFor();
      await axe.audit('Assign Supplier dialog');
      await closeDialog(page, assign);

      await page.getByRole('tab', { name: /Suppliers/ }).click();
      await page.getByRole('article').first().waitFor();
      await axe.audit('/admin Suppliers');
      const add = await openDialog(page, page.getByRole('button', { name: 'Add New Supplier' }), 'Add New Supplier');
      await axe.audit('Add Supplier dialog');
      await add.getByRole('button', { name: 'Add Supplier' }).click();
      await add.locator('[aria-invalid="true"]').first().waitFor();
      await expectErrorsTiedToFields(add, 'Add Supplier');
      await axe.audit('Add Supplier dialog with errors');
      await closeDialog(page, add);
      const edit = await openDialog(page, page.getByRole('button', { name: /^Edit / }).first(), /Edit Supplier/);
      await axe.audit('Edit Supplier dialog');
      await closeDialog(page, edit);
      const projects = await openDialog(page, page.getByRole('button', { name: /^Projects of / }).first(), /.+/);
      await axe.audit('Supplier projects dialog');
      await closeDialog(page, projects);

      await page.getByRole('tab', { name: /Customers/ }).click();
      await page.getByRole('table', { name: 'Customers' }).waitFor();
      await axe.audit('/admin Customers');
      const customer = await openDialog(page, page.getByRole('button', { name: /^Edit / }).first(), 'Edit Customer');
      await axe.audit('Edit Customer dialog');
      await closeDialog(page, customer);
      const erase = await openDialog(
        page,
        page.getByRole('button', { name: /^Erase / }).first(),
        "Erase this customer's personal data?",
        'alertdialog',
      );
      await axe.audit('Erase customer dialog');
      await closeDialog(page, erase);

      await page.getByRole('tab', { name: /Payments/ }).click();
      await page.getByRole('region', { name: 'Payment orders' }).waitFor();
      await page
        .getByRole('button', { name: /^Record UTR for / })
        .first()
        .waitFor();
      await axe.audit('/admin Payments: orders');
      const record = await openDialog(
        page,
        tokenOrderId
          ? page.getByRole('button', { name: `Record UTR for ${tokenOrderId}` })
          : page.getByRole('button', { name: /^Record UTR for / }).first(),
        'Record UTR',
      );
      await axe.audit('Record UTR dialog');
      await record.getByRole('button', { name: 'Record payment' }).click();
      await record.locator('[aria-invalid="true"]').first().waitFor();
      await expectErrorsTiedToFields(record, 'Record UTR');
      await axe.audit('Record UTR dialog with errors');
      await closeDialog(page, record);
      await page.getByRole('tab', { name: 'Refunds' }).click();
      await page.getByRole('region', { name: 'Refunds' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await axe.audit('/admin Payments: refunds');
      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      await page.getByRole('region', { name: 'Subscriptions' }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await axe.audit('/admin Payments: subscriptions');

      await page.getByRole('tab', { name: /Money/ }).click();
      await page.getByRole('table', { name: 'Receivables' }).waitFor();
      await page.getByRole('region', { name: 'Collections' }).getByRole('group').first().waitFor();
      await axe.audit('/admin Money');
      const release = await openDialog(
        page,
        page.getByRole('button', { name: /^Release the date of / }).first(),
        'Release the date?',
        'alertdialog',
      );
      await axe.audit('Release the date dialog');
      await closeDialog(page, release);

      await page.getByRole('tab', { name: /Pending Vendors/ }).click();
      const vendorRow = page.getByRole('row').filter({ hasText: 'vendor.pending@example.in' });
      await vendorRow.waitFor();
      await axe.audit('/admin Pending Vendors');
      const vendor = await openDialog(page, vendorRow.getByRole('button', { name: /^View / }), 'Vendor Details');
      await axe.audit('Vendor Details dialog');
      await closeDialog(page, vendor);
      const reject = await openDialog(page, vendorRow.getByRole('button', { name: /^Reject / }), /^Reject .*\?$/);
      await axe.audit('Reject vendor prompt');
      await closeDialog(page, reject);

      await page.getByRole('tab', { name: /Reports/ }).click();
      await page.getByRole('table', { name: 'Customer Reports' }).waitFor();
      await axe.audit('/admin Reports');

      await page.getByRole('tab', { name: /Analytics/ }).click();
      await page.locator('[data-testid="weekly-trend-chart"] svg.recharts-surface').first().waitFor();
      await axe.audit('/admin Analytics');
      axe.check();
    });

    it(
      'pages beyond the dashboards: account, menus, kitchen, calendar, settings, event orders, one-time links',
      { timeout: 240_000 },
      async () => {
        const axe = auditor(page, viewportName);
        const loaded = () => pageReady(page);

        for (const path of ['/setup', '/verify-email', '/reset-password']) {
          await page.goto(path);
          await loaded();
          await axe.audit(`${path} without its code`);
        }

        await page.goto('/');
        await signInAs(page, 'customer');
        await clearToasts(page);
        await page.goto('/account');
        await loaded();
        await axe.audit('/account');
        const mine = await api<{ id: string; status: string }[]>(baseURL, 'GET', '/me/bookings', {
          token: await apiSignIn(baseURL, USERS.customer),
        });
        const priced = mine.find((booking) => booking.status === 'confirmed' || booking.status === 'quoted')!;
        await page.goto(`/bookings/${priced.id}/menu`);
        await loaded();
        await page.getByRole('button', { name: 'Save menu' }).waitFor();
        await axe.audit('/bookings/:id/menu');

        await signInAs(page, 'admin');
        await clearToasts(page);
        const confirmed = await api<{ id: string; event_date: string }[]>(
          baseURL,
          'GET',
          '/bookings?status=confirmed&limit=1',
          { token: await apiSignIn(baseURL, USERS.admin) },
        );
        const booking = confirmed[0]!;
        await page.goto('/admin?tab=calendar');
        await page.getByRole('tab', { name: /Calendar/, selected: true }).waitFor();
        await settled(page);
        await axe.audit('/admin Calendar');
        await page.goto(`/admin?tab=calendar&day=${booking.event_date}`);
        await page.locator('[aria-labelledby="run-sheet-title"]').waitFor();
        await settled(page);
        await axe.audit('/admin Calendar with a run sheet');
        await page.goto('/admin?tab=settings');
        await page.getByRole('form', { name: 'GST and business identity' }).waitFor();
        await axe.audit('/admin Settings');
        await page.goto('/admin/menu');
        await loaded();
        await axe.audit('/admin/menu');
        const dish = await openDialog(page, page.getByRole('button', { name: 'Add a dish' }), 'Add a dish');
        await axe.audit('Add a dish dialog');
        await closeDialog(page, dish);
        await page.goto(`/admin/kitchen?day=${booking.event_date}`);
        await loaded();
        await axe.audit('/admin/kitchen');
        await page.goto(`/admin/bookings/${booking.id}/menu`);
        await loaded();
        await page.getByRole('button', { name: 'Save menu' }).waitFor();
        await axe.audit('/admin/bookings/:id/menu');
        await page.goto(`/admin/event-orders/${booking.id}`);
        await loaded();
        await axe.audit('/admin/event-orders/:id');

        // A supplier asking for an event order that is not theirs (no such booking is awarded to anyone).
        await signInAs(page, 'supplier');
        await clearToasts(page);
        await page.goto('/supplier/event-orders/00000000-0000-4000-8000-000000000000');
        await page.getByRole('alert').filter({ hasText: 'event order' }).waitFor();
        await axe.audit('/supplier/event-orders/:id not theirs');
        axe.check();
      },
    );

    it('supplier dashboard and the Submit Quote dialog', { timeout: 240_000 }, async () => {
      const axe = auditor(page, viewportName);
      await signInAs(page, 'supplier');
      await page.getByRole('heading', { name: 'Available Projects' }).waitFor();
      await clearToasts(page);
      await axe.audit('/supplier');

      const opener = page.getByRole('article').getByRole('button', { name: /Quote/ }).first();
      const dialog = await openDialog(page, opener, /.+/);
      await axe.audit('Submit Quote dialog');
      await dialog.getByRole('button', { name: /Submit Quote|Update Quote/ }).click();
      // The toast shows while the dialog is modal: it must not be inside the subtree hidden from screen readers.
      const toast = page.locator('[data-toast-id][data-visible="true"]', {
        hasText: 'Please fill in all required fields',
      });
      await toast.waitFor();
      expect(await page.locator('#root').getAttribute('aria-hidden')).toBe('true');
      expect(
        await toast.evaluate((element) => ({
          hiddenAncestor: element.closest('[aria-hidden="true"], [inert]') !== null,
          live: element.querySelector('[role="status"]')?.getAttribute('aria-live') ?? null,
        })),
      ).toEqual({ hiddenAncestor: false, live: 'polite' });
      await axe.audit('Submit Quote dialog with a toast');
      await closeDialog(page, dialog);
      axe.check();
    });
  });
}
