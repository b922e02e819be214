import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { waitForHydration, waitOrExplain } from './browser';
import { signedInContext, type DemoRole, type RouteFixtures } from './demo-api';
import { openCreateAccount } from './people';

export type ViewportName = 'desktop' | 'laptop' | 'tablet' | 'mobile';

/**
 * One state of one route, as people see it: the address, who is signed in, and what to wait for or click. Shared
 * by the layout test (no sideways scrolling, big enough touch targets) and `npm run screenshots`.
 */
export type RouteView = {
  /** File-name friendly, unique. */
  name: string;
  path: string | ((fixtures: RouteFixtures) => string);
  as?: DemoRole;
  /** Waits for the content (and opens the tab or dialog); the view is checked once it returns. */
  ready: (page: Page, viewport: ViewportName) => Promise<void>;
  /** A dialog or popover is fixed to the viewport: it is pictured as the screen shows it, not as a full page. */
  overlay?: boolean;
  /** Only at this size (the phone menu exists only below the desktop width). */
  only?: ViewportName;
};

/** `YYYY-MM-DD` as the en-IN date field takes it. */
function typedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

async function heading(page: Page, name: string | RegExp, level?: number): Promise<void> {
  const shown = page.getByRole('heading', { name, ...(level && { level }) }).first();
  await waitOrExplain(page, shown, `heading-${String(name).replace(/\W+/g, '-').toLowerCase()}`);
}

/** Waits until every finite animation on the page has ended (a dialog's or calendar's opening scale and fade). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Waits for an open dialog to finish its opening animation, so it is measured and pictured where it rests. */
async function dialogSettled(page: Page): Promise<void> {
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).first().waitFor();
  await animationsDone(page);
}

async function fillQuoteForm(page: Page): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name: 'Premium' }) }).click();
  await page.getByLabel('Full Name').fill('Kavya Deshpande');
  await page.getByLabel('Email Address').fill(`kavya.views.${Date.now()}@example.in`);
  await page.getByLabel('Event Type').selectOption('wedding');
  await page.getByLabel('Phone Number').fill('+91 98930 44556');
  await page.getByLabel('Event Name').fill('Kavya & Rohan Wedding');
  await page.getByLabel('Expected Guest Count').fill('350');
  await page.getByLabel('Venue Type').selectOption('banquet');
  await page.getByLabel('Venue Name').fill('Sayaji Banquets');
  await page.getByLabel('Venue Location/City').fill('Indore');
  await page.getByLabel('Event Date').fill(typedDate(addDays(todayInIndia(), 30)));
  await page.getByLabel('Event Date').press('Tab');
}

/** Fills /book (Premium, 350 guests, 30 days ahead) and waits for the quote and its QR. */
export async function quoteOnBook(page: Page): Promise<void> {
  await heading(page, 'Event Details');
  await fillQuoteForm(page);
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  await heading(page, 'Your Instant Quote is Ready!');
  await page.getByRole('img', { name: /UPI QR code/ }).waitFor();
}

/** Nothing on the page is still loading (skeletons and busy regions are gone). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [role="status"][aria-label^="Loading"]'),
  );
}

/** The page's heading is shown and nothing is still loading. */
export async function pageReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settled(page);
}

/** A booking's menu builder, its dishes and its Save bar shown. */
async function menuBuilderReady(page: Page): Promise<void> {
  await pageReady(page);
  await page.getByRole('button', { name: 'Save menu' }).waitFor();
}

async function adminTab(page: Page, tab: RegExp): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
}

async function supplierDashboard(page: Page): Promise<void> {
  await heading(page, 'Available Projects');
  await page.getByRole('article').first().waitFor();
}

async function bookingDetail(page: Page): Promise<void> {
  await heading(page, 'Sharma Family Sangeet', 1);
  await page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first().waitFor();
}

async function confirmedBookingDetail(page: Page): Promise<void> {
  await heading(page, 'Aarav’s Mundan Lunch', 1);
  await page.getByRole('list', { name: 'Payment schedule' }).getByText('Paid', { exact: true }).waitFor();
  await page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first().waitFor();
}

/** Every route of the app at its main states, and the main dialogs. */
export const ROUTE_VIEWS: RouteView[] = [
  {
    name: 'landing',
    path: '/',
    ready: async (page) => {
      await page.getByText('Ritu & Saurabh Jain').waitFor();
      // Lazy images load now, so the full-page picture shows the artwork.
      await page.evaluate(() =>
        document
          .querySelectorAll<HTMLImageElement>('img[loading="lazy"]')
          .forEach((image) => (image.loading = 'eager')),
      );
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    },
  },
  {
    name: 'landing-menu',
    path: '/',
    only: 'mobile',
    overlay: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'landing-inquiry-dialog',
    path: '/',
    overlay: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Request a custom quote for Wedding Catering' }).click();
      await page.getByRole('dialog', { name: 'Wedding Catering' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'landing-gallery-lightbox',
    path: '/',
    overlay: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'View Wedding mandap larger' }).click();
      await page.getByRole('dialog', { name: 'Wedding mandap' }).waitFor();
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')).every((i) => i.complete),
      );
      await dialogSettled(page);
    },
  },
  {
    name: 'landing-signed-in',
    path: '/',
    as: 'customer',
    ready: async (page) => {
      await page.getByText('Welcome, Priya Sharma').first().waitFor({ state: 'attached' });
    },
  },
  { name: 'book', path: '/book', ready: (page) => heading(page, 'Event Details') },
  {
    name: 'book-calendar',
    path: '/book',
    overlay: true,
    ready: async (page) => {
      await heading(page, 'Event Details');
      // A press before the page is live opens nothing (docs/decisions.md, "A press before the code has started"):
      // a person presses again once it is.
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open calendar' }).click();
      await page.getByRole('grid').first().waitFor();
      await animationsDone(page);
    },
  },
  { name: 'book-quote', path: '/book', ready: quoteOnBook },
  { name: 'login', path: '/login', ready: (page) => page.getByRole('form', { name: 'Sign in' }).waitFor() },
  {
    name: 'login-create-account',
    path: '/login',
    ready: async (page) => {
      await openCreateAccount(page);
    },
  },
  {
    name: 'vendor-register',
    path: '/vendor-register',
    ready: (page) => page.getByRole('form', { name: 'Partner application' }).waitFor(),
  },
  {
    name: 'payment-pending',
    path: (f) => `/payment/success?order_id=${f.pendingOrderId}`,
    ready: (page) => heading(page, 'Payment Pending'),
  },
  {
    name: 'payment-paid',
    path: (f) => `/payment/success?order_id=${f.paidOrderId}`,
    ready: (page) => heading(page, 'Payment Successful!'),
  },
  { name: 'payment-no-order', path: '/payment/success', ready: (page) => heading(page, 'Payment Verification Failed') },
  { name: 'terms', path: '/terms', ready: (page) => heading(page, 'Terms and Conditions', 1) },
  { name: 'refund-policy', path: '/refund-policy', ready: (page) => heading(page, 'Return and Refund Policy', 1) },
  { name: 'privacy-policy', path: '/privacy-policy', ready: (page) => heading(page, 'Privacy Policy', 1) },
  {
    name: 'bookings',
    path: '/bookings',
    as: 'customer',
    ready: async (page) => {
      await heading(page, 'My Bookings', 1);
      await page.getByRole('heading', { name: 'Sharma Family Sangeet' }).waitFor();
    },
  },
  { name: 'booking-detail', path: (f) => `/bookings/${f.quotedBookingId}`, as: 'customer', ready: bookingDetail },
  {
    name: 'booking-pay-token-dialog',
    path: (f) => `/bookings/${f.quotedBookingId}`,
    as: 'customer',
    overlay: true,
    ready: async (page) => {
      await bookingDetail(page);
      await page.getByRole('button', { name: /^Pay .* token$/ }).click();
      const qr = page.getByRole('dialog').getByRole('img', { name: /UPI QR code/ });
      await qr.waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'booking-detail-confirmed',
    path: (f) => `/bookings/${f.confirmedBookingId}`,
    as: 'customer',
    ready: confirmedBookingDetail,
  },
  {
    name: 'booking-pay-advance-dialog',
    path: (f) => `/bookings/${f.confirmedBookingId}`,
    as: 'customer',
    overlay: true,
    ready: async (page) => {
      await confirmedBookingDetail(page);
      await page.getByRole('button', { name: /^Pay .* advance$/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('img', { name: /UPI QR code/ })
        .waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'booking-change-date-dialog',
    path: (f) => `/bookings/${f.quotedBookingId}`,
    as: 'customer',
    overlay: true,
    ready: async (page) => {
      await bookingDetail(page);
      await page.getByRole('button', { name: 'Change event date' }).click();
      await page.getByRole('dialog', { name: 'Change the event date' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'booking-cancel-dialog',
    path: (f) => `/bookings/${f.quotedBookingId}`,
    as: 'customer',
    overlay: true,
    ready: async (page) => {
      await bookingDetail(page);
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      await page
        .getByRole('alertdialog', { name: 'Cancel this booking?' })
        .getByText(/days away/)
        .waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-bookings',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /^Bookings/);
      await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();
    },
  },
  {
    name: 'admin-booking-details-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /^Bookings/);
      await page
        .getByRole('table', { name: 'Recent Bookings' })
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: 'Booking Details' })
        .getByRole('heading', { name: 'Suppliers and quotes' })
        .waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-assign-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /^Bookings/);
      await page
        .getByRole('button', { name: /^Assign Supplier to / })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: 'Assign Supplier to Event' })
        .getByLabel(/Select Supplier/)
        .waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-booking-payments-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /^Bookings/);
      await page.getByRole('button', { name: 'View all' }).click();
      await page.getByLabel('Search bookings').pressSequentially('Mundan');
      await page
        .getByRole('table', { name: 'All Bookings' })
        .getByRole('button', { name: 'View Aarav’s Mundan Lunch' })
        .click();
      const details = page.getByRole('dialog', { name: 'Booking Details' });
      await details.getByRole('form', { name: 'Record a payment' }).waitFor();
      await dialogSettled(page);
      await details.getByRole('heading', { name: 'Payments' }).evaluate((title) => title.scrollIntoView());
    },
  },
  {
    name: 'admin-suppliers',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Suppliers/);
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    name: 'admin-add-supplier-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /Suppliers/);
      await page.getByRole('button', { name: 'Add New Supplier' }).click();
      await page.getByRole('dialog', { name: 'Add New Supplier' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-customers',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Customers/);
      await page.getByRole('table', { name: 'Customers' }).waitFor();
    },
  },
  {
    name: 'admin-erase-customer-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /Customers/);
      await page
        .getByRole('button', { name: /^Erase / })
        .first()
        .click();
      await page.getByRole('alertdialog', { name: "Erase this customer's personal data?" }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-payments',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Payments/);
      await page
        .getByRole('button', { name: /^Record UTR for / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'admin-record-utr-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /Payments/);
      await page
        .getByRole('button', { name: /^Record UTR for / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Record UTR' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-money',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Money/);
      await page.getByRole('table', { name: 'Receivables' }).waitFor();
      await page.getByRole('region', { name: 'Collections' }).getByRole('group').first().waitFor();
    },
  },
  {
    name: 'admin-release-date-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /Money/);
      await page
        .getByRole('button', { name: /^Release the date of / })
        .first()
        .click();
      await page.getByRole('alertdialog', { name: 'Release the date?' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-pending-vendors',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Pending Vendors/);
      await page.getByRole('table', { name: 'Pending vendors' }).waitFor();
    },
  },
  {
    name: 'admin-vendor-details-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /Pending Vendors/);
      await page
        .getByRole('table', { name: 'Pending vendors' })
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Vendor Details' }).waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-reject-dialog',
    path: '/admin',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await adminTab(page, /Pending Vendors/);
      await page
        .getByRole('table', { name: 'Pending vendors' })
        .getByRole('button', { name: /^Reject / })
        .first()
        .click();
      await page.getByLabel('Please provide a reason for rejection:').waitFor();
      await dialogSettled(page);
    },
  },
  {
    name: 'admin-reports',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Reports/);
      await page.getByRole('table', { name: 'Customer Reports' }).waitFor();
      await page.getByRole('table', { name: 'Vendor Reports' }).waitFor();
      await page.getByRole('region', { name: 'GST' }).getByRole('table', { name: 'Documents issued' }).waitFor();
    },
  },
  {
    name: 'admin-settings',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Settings/);
      await page.getByRole('form', { name: 'GST and business identity' }).waitFor();
    },
  },
  {
    name: 'admin-analytics',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await adminTab(page, /Analytics/);
      await page.locator('[data-testid="weekly-trend-chart"] svg.recharts-surface').first().waitFor();
      await page.getByRole('list', { name: 'Event types' }).waitFor();
    },
  },
  {
    name: 'admin-wrong-role',
    path: '/admin',
    as: 'customer',
    ready: (page) => heading(page, 'Admins only', 1),
  },
  {
    name: 'admin-calendar',
    path: '/admin?tab=calendar',
    as: 'admin',
    ready: async (page) => {
      await page.getByRole('tab', { name: /Calendar/, selected: true }).waitFor();
      await settled(page);
    },
  },
  {
    name: 'admin-calendar-run-sheet',
    path: (f) => `/admin?tab=calendar&day=${f.confirmedEventDate}`,
    as: 'admin',
    ready: async (page) => {
      await page.locator('[aria-labelledby="run-sheet-title"]').waitFor();
      await settled(page);
    },
  },
  { name: 'admin-menu', path: '/admin/menu', as: 'admin', ready: pageReady },
  {
    name: 'admin-menu-dish-dialog',
    path: '/admin/menu',
    as: 'admin',
    overlay: true,
    ready: async (page) => {
      await pageReady(page);
      await page.getByRole('button', { name: 'Add a dish' }).click();
      await dialogSettled(page);
    },
  },
  { name: 'admin-kitchen', path: (f) => `/admin/kitchen?day=${f.confirmedEventDate}`, as: 'admin', ready: pageReady },
  {
    name: 'admin-booking-menu',
    path: (f) => `/admin/bookings/${f.confirmedBookingId}/menu`,
    as: 'admin',
    ready: menuBuilderReady,
  },
  {
    name: 'admin-event-order',
    path: (f) => `/admin/event-orders/${f.confirmedBookingId}`,
    as: 'admin',
    ready: pageReady,
  },
  { name: 'account', path: '/account', as: 'customer', ready: pageReady },
  {
    name: 'booking-menu',
    path: (f) => `/bookings/${f.confirmedBookingId}/menu`,
    as: 'customer',
    ready: menuBuilderReady,
  },
  { name: 'setup-without-code', path: '/setup', ready: pageReady },
  { name: 'verify-email-without-code', path: '/verify-email', ready: pageReady },
  { name: 'reset-password-without-code', path: '/reset-password', ready: pageReady },
  {
    name: 'supplier-event-order-not-theirs',
    path: '/supplier/event-orders/00000000-0000-4000-8000-000000000000',
    as: 'supplier',
    ready: async (page) => {
      await pageReady(page);
      await page.getByRole('alert').filter({ hasText: 'event order' }).waitFor();
    },
  },
  { name: 'supplier', path: '/supplier', as: 'supplier', ready: supplierDashboard },
  {
    name: 'supplier-quote-dialog',
    path: '/supplier',
    as: 'supplier',
    overlay: true,
    ready: async (page) => {
      await supplierDashboard(page);
      await page
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: /Quote/ }) })
        .first()
        .getByRole('button', { name: /Quote/ })
        .click();
      await page.getByRole('dialog').getByLabel('Your Quote Amount').waitFor();
      await dialogSettled(page);
    },
  },
  { name: 'not-found', path: '/no-such-page', ready: (page) => heading(page, 'Page not found', 1) },
];

export function viewPath(view: RouteView, fixtures: RouteFixtures): string {
  return typeof view.path === 'function' ? view.path(fixtures) : view.path;
}

/** Closes whatever dialog, drawer or calendar is open (Escape, as people do), so the page is back to itself. */
async function closeOverlays(page: Page): Promise<void> {
  const open = page.locator(
    '[role="dialog"]:visible, [role="alertdialog"]:visible, ' +
      '[data-scope="date-picker"][data-part="content"][data-state="open"]',
  );
  for (let attempt = 0; attempt < 3 && (await open.count()) > 0; attempt++) {
    await page.keyboard.press('Escape');
    await open
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }
  if ((await open.count()) > 0) throw new Error('A dialog stayed open after Escape');
}

/**
 * Shows views one after the other at one size. Consecutive views of the same address and role share one page
 * load (the admin's tabs and dialogs, a booking's dialogs): opening the app costs far more than a click, and the
 * dialogs close with Escape between views. A view that fails drops its page, so the next one starts afresh.
 */
export class ViewWalker {
  private current: { key: string; context: BrowserContext; page: Page } | null = null;

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
    private readonly viewport: { name: ViewportName; width: number; height: number },
    private readonly fixtures: RouteFixtures,
  ) {}

  /** Opens (or reuses the page for) the view and waits until it is ready to be measured or pictured. */
  async show(view: RouteView): Promise<Page> {
    const key = `${view.as ?? 'visitor'} ${viewPath(view, this.fixtures)}`;
    try {
      if (this.current?.key === key) {
        await closeOverlays(this.current.page);
      } else {
        await this.close();
        this.current = { key, ...(await this.open(view)) };
      }
      const { page } = this.current;
      await view.ready(page, this.viewport.name);
      // Web fonts and late layout (images, lazy chunks) settle before anything is measured.
      await page.evaluate(() => document.fonts.ready);
      return page;
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    const current = this.current;
    this.current = null;
    await current?.context.close();
  }

  private async open(view: RouteView): Promise<{ context: BrowserContext; page: Page }> {
    const options = {
      baseURL: this.baseURL,
      viewport: { width: this.viewport.width, height: this.viewport.height },
      reducedMotion: 'reduce' as const,
      permissions: ['clipboard-read', 'clipboard-write'],
    };
    const context = view.as
      ? await signedInContext(this.browser, options, this.fixtures.tokens[view.as])
      : await this.browser.newContext(options);
    try {
      const page = await context.newPage();
      await page.goto(viewPath(view, this.fixtures));
      return { context, page };
    } catch (error) {
      await context.close();
      throw error;
    }
  }
}
