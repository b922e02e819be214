import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import Papa from 'papaparse';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { gstinCheckChar } from '../../src/shared/gstin';
import { VENDOR_REGISTERED_MESSAGE } from '../../src/shared/schemas/vendor';
import { startApp, type RunningApp } from './app-server';
import { fileBrowser, newPage, screenshot, VIEWPORTS, waitForHydration } from './browser';
import { api, apiSignIn, DEMO_USERS, signedInContext } from './demo-api';
import { signIn } from './people';

/*
 * "Journeys": the ones no other file walks end to end. Journeys 1, 2, 3, 5 and 6 have their own files
 * (visitor-quote, customer-account, vendor, supplier and project-award, customer-account); docs/decisions.md maps
 * each journey to its test. This file runs its own copy of the app with fresh demo data, because the admin's
 * numbers are compared before and after the run's quotes and vendor application, and it approves a vendor.
 */
let app: RunningApp;
const browser = fileBrowser();

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

type Numbers = { pageViews: number; quotations: number; vendorRegistrations: number; pendingApprovals: number };

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-toast-id][data-visible="true"]', { hasText: text }).first().waitFor();
}

/** The four Analytics cards, as the admin reads them (a fresh load, so nothing cached is shown). */
async function analyticsNumbers(page: Page): Promise<Numbers> {
  await page.goto('/admin');
  await page.getByRole('tab', { name: /Analytics/ }).click();
  const cards = page.getByRole('region', { name: 'Visitor numbers' });
  const read = async (label: string) => {
    const card = cards.locator('.chakra-stat__root', { hasText: label });
    await expect.poll(async () => /\d/.test(await card.innerText())).toBe(true);
    return Number((await card.innerText()).replace(label, '').replace(/\D/g, ''));
  };
  return {
    pageViews: await read('Total Page Views'),
    quotations: await read('Total Quotations'),
    vendorRegistrations: await read('Vendor Registrations'),
    pendingApprovals: await read('Pending Approvals'),
  };
}

/** `YYYY-MM-DD` as the en-IN date field takes it. */
function typedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

async function choosePackage(page: Page, name: string): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
}

/** Journey 1 in short (visitor-quote.test.ts walks it in full): two quotes, Premium then Luxury. */
async function visitorQuotesTwice(context: BrowserContext, email: string, eventName: string): Promise<void> {
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('a[href="/book?eventType=wedding"]').first().click();
  await page.getByRole('heading', { name: 'Event Details' }).waitFor();
  await choosePackage(page, 'Premium');
  await page.getByLabel('Full Name').fill('Ishita Agrawal');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+91 98930 77881');
  await page.getByLabel('Event Name').fill(eventName);
  await page.getByLabel('Expected Guest Count').fill('220');
  await page.getByLabel('Venue Type').selectOption('garden');
  await page.getByLabel('Venue Name').fill('Nakshatra Garden');
  await page.getByLabel('Venue Location/City').fill('Indore');
  await page.getByLabel('Event Date').fill(typedDate(addDays(todayInIndia(), 50)));
  await page.getByLabel('Event Date').press('Tab');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  await page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }).waitFor();
  await page.getByRole('button', { name: '← Modify Details' }).click();
  await choosePackage(page, 'Luxury');
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  await page.getByText('LUXURY PACKAGE', { exact: true }).waitFor();
}

/** Journey 3 in short (vendor.test.ts triggers each validation message first): a valid application. */
async function vendorApplies(page: Page, email: string, business: string): Promise<void> {
  await page.goto('/vendor-register');
  const form = page.getByRole('form', { name: 'Partner application' });
  await form.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill('Phulka@2026');
  await page.locator('input[name="confirm_password"]').fill('Phulka@2026');
  await form.getByLabel('Contact Person').fill('Harpreet Kaur');
  await form.getByLabel('Business Name').fill(business);
  await form.getByLabel('Phone').fill('98930 66778');
  await form.getByLabel('Location').fill('Indore');
  await form.getByLabel('Business Address').fill('14 Palasia Square\nIndore 452001');
  await form.getByLabel('Services Offered').fill('Punjabi dhaba counters, live phulka, lassi bar');
  await form.getByLabel('Experience (Years)').fill('6');
  await form.getByLabel('GST Number').fill(`23AAACP1234Q1Z${gstinCheckChar('23AAACP1234Q1Z')}`);
  await waitForHydration(page);
  await form.getByRole('button', { name: 'Submit Registration' }).click();
  await toast(page, VENDOR_REGISTERED_MESSAGE);
}

/** Clicks an export button and returns the CSV rows (header first), checking the file as a spreadsheet reads it. */
async function exportCsv(page: Page, report: 'Customer Reports' | 'Vendor Reports'): Promise<Record<string, string>[]> {
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: new RegExp(`Export.*${report}`) }).click(),
  ])) as [Download, unknown];
  const slug = report.toLowerCase().replace(' ', '-');
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = readFileSync((await download.path())!).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), {
    header: true,
    newline: '\r\n',
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).not.toContain('analytics');
  return parsed.data;
}

describe('journeys on a fresh database', () => {
  // Several people's sessions one after the other: longer than the usual minute on a busy machine.
  it(
    '4. admin: approves the vendor that applied, assigns it to the ' +
      'visitor’s booking, exports both reports, and Analytics counts the run',
    { timeout: 150_000 },
    async () => {
      const run = Date.now() % 1_000_000;
      const visitorEmail = `ishita.${run}@example.in`;
      const eventName = `Agrawal Engagement ${run}`;
      const vendorEmail = `phulka.${run}@example.in`;
      const business = `Phulka House ${run}`;

      const admin = await newPage(browser, app.baseURL, VIEWPORTS.desktop);
      await signIn(admin.page, DEMO_USERS.admin);
      await expect.poll(() => new URL(admin.page.url()).pathname).toBe('/admin');
      const before = await analyticsNumbers(admin.page);

      // The run: a visitor quotes twice and a caterer applies.
      const visitor = await browser.newContext({ baseURL: app.baseURL, viewport: VIEWPORTS.desktop });
      await visitorQuotesTwice(visitor, visitorEmail, eventName);
      await visitor.close();
      const vendor = await newPage(browser, app.baseURL, VIEWPORTS.mobile);
      await vendorApplies(vendor.page, vendorEmail, business);
      await vendor.context.close();

      // Approve the application from Vendor Details.
      const page = admin.page;
      await page.goto('/admin');
      await page.getByRole('tab', { name: /Pending Vendors/ }).click();
      const row = page.getByRole('row').filter({ hasText: vendorEmail });
      await row.getByRole('button', { name: `View ${business}` }).click();
      const details = page.getByRole('dialog', { name: 'Vendor Details' });
      await details.getByText('Punjabi dhaba counters, live phulka, lassi bar').waitFor();
      await details.getByRole('button', { name: 'Approve' }).click();
      await toast(page, 'Vendor approved successfully!');
      await row.waitFor({ state: 'detached' });

      // Assign the new supplier to the visitor's booking.
      await page.getByRole('tab', { name: /Bookings/ }).click();
      await page.getByRole('button', { name: 'View all' }).click();
      await page.getByLabel('Search bookings').fill(eventName);
      await page.getByRole('table', { name: 'All Bookings' }).getByRole('row').filter({ hasText: eventName }).waitFor();
      await page.getByRole('button', { name: `Assign Supplier to ${eventName}` }).click();
      const assign = page.getByRole('dialog', { name: 'Assign Supplier to Event' });
      const select = assign.getByLabel(/Select Supplier/);
      await select.selectOption({ label: await select.locator('option', { hasText: business }).innerText() });
      await assign.getByRole('button', { name: 'Assign' }).click();
      await toast(page, 'Supplier assigned successfully!');
      await assign.waitFor({ state: 'detached' });

      // Both reports, downloaded and read back.
      await page.getByRole('tab', { name: /Reports/ }).click();
      await page.getByRole('table', { name: 'Customer Reports' }).waitFor();
      const customers = await exportCsv(page, 'Customer Reports');
      expect(customers.find((r) => r.email === visitorEmail)).toMatchObject({
        customer_name: 'Ishita Agrawal',
        event_type: 'wedding',
        guest_count: '220',
      });
      const vendors = await exportCsv(page, 'Vendor Reports');
      expect(vendors.find((r) => r.email === vendorEmail)).toMatchObject({
        business_name: business,
        contact_person: 'Harpreet Kaur',
        approval_status: 'approved',
      });
      await toast(page, 'Report exported successfully!');

      // Analytics: two more quotations, one more registration, the same number waiting (one applied, one approved),
      // and the page views counted (at least the visitor's landing and /book; the admin's own count too).
      const after = await analyticsNumbers(page);
      await screenshot(page, 'e2e-journey-admin-analytics-desktop');
      expect(after.quotations).toBe(before.quotations + 2);
      expect(after.vendorRegistrations).toBe(before.vendorRegistrations + 1);
      expect(after.pendingApprovals).toBe(before.pendingApprovals);
      expect(after.pageViews).toBeGreaterThanOrEqual(before.pageViews + 2);
      await admin.context.close();

      // The approved caterer can sign in now, and finds the invitation to quote.
      const supplier = await newPage(browser, app.baseURL, VIEWPORTS.mobile);
      await signIn(supplier.page, { email: vendorEmail, password: 'Phulka@2026' });
      await expect.poll(() => new URL(supplier.page.url()).pathname).toBe('/supplier');
      await supplier.page
        .getByRole('region', { name: 'New Project Notifications' })
        .getByText(eventName)
        .first()
        .waitFor();
      await supplier.context.close();
    },
  );

  it(
    '7. session: an expired or tampered token is dropped silently on reload; ' +
      'Logout clears it; the wrong role is refused',
    { timeout: 120_000 },
    async () => {
      const token = await apiSignIn(app.baseURL, DEMO_USERS.customer);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
        ver: number;
        iss: string;
        aud: string;
      };
      const secret = new TextEncoder().encode(readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim());
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt(now - 13 * 3600)
        .setExpirationTime(now - 3600)
        .sign(secret);
      const tampered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;

      const { context, page } = await newPage(browser, app.baseURL, VIEWPORTS.mobile);
      await page.goto('/');
      for (const bad of [expired, tampered]) {
        await page.evaluate((value) => localStorage.setItem('token', value), bad);
        await page.reload();
        await page.getByRole('link', { name: 'Login' }).first().waitFor();
        await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        expect(await page.getByText(/^Welcome, /).count()).toBe(0);
        expect(await page.locator('[data-toast-id][data-visible="true"]').count(), 'signed out without a message').toBe(
          0,
        );
      }

      // A good token signs in on reload; Logout clears it.
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.reload();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByText(`Welcome, ${DEMO_USERS.customer.name}`).waitFor();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logged out successfully');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
      await context.close();

      // Signed out, /admin and /supplier send to sign-in and come back after.
      for (const path of ['/admin', '/supplier']) {
        const visitor = await newPage(browser, app.baseURL);
        await visitor.page.goto(path);
        await expect.poll(() => visitor.page.url()).toContain(`/login?next=${encodeURIComponent(path)}`);
        await visitor.context.close();
      }

      // Signed in with the wrong role: a panel says who the page is for, and no dashboard data is asked for.
      const tokens = {
        customer: await apiSignIn(app.baseURL, DEMO_USERS.customer),
        supplier: await apiSignIn(app.baseURL, DEMO_USERS.supplier),
        admin: await apiSignIn(app.baseURL, DEMO_USERS.admin),
      };
      const refusals: [keyof typeof tokens, string, string, RegExp][] = [
        ['customer', '/admin', 'Admins only', /^\/api\/trpc\/.*\badmin\./],
        ['supplier', '/admin', 'Admins only', /^\/api\/trpc\/.*\badmin\./],
        ['customer', '/supplier', 'Supplier Dashboard', /^\/api\/trpc\/.*\bsupplier\./],
        ['admin', '/supplier', 'Supplier Dashboard', /^\/api\/trpc\/.*\bsupplier\./],
      ];
      for (const [role, path, heading, dataCalls] of refusals) {
        const wrong = await signedInContext(
          browser,
          { baseURL: app.baseURL, viewport: VIEWPORTS.mobile },
          tokens[role],
        );
        const wrongPage = await wrong.newPage();
        const calls: string[] = [];
        wrongPage.on('request', (request) => {
          const url = new URL(request.url());
          if (dataCalls.test(url.pathname)) calls.push(url.pathname);
        });
        await wrongPage.goto(path);
        await wrongPage.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await wrongPage
          .getByRole('alert')
          .or(wrongPage.getByText(/not a supplier account/))
          .first()
          .waitFor();
        expect(new URL(wrongPage.url()).pathname, `${role} at ${path}`).toBe(path);
        expect(calls, `${role} at ${path}`).toEqual([]);
        await wrong.close();
      }

      // The server refuses too, whatever the page does.
      await expect(api(app.baseURL, 'GET', '/dashboard/stats', { token: tokens.customer })).rejects.toThrow(
        /answered 403/,
      );
      await expect(api(app.baseURL, 'GET', '/supplier/projects', { token: tokens.admin })).rejects.toThrow(
        /answered 403/,
      );
    },
  );
});
