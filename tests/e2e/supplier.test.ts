import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatInr } from '../../src/shared/money';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS } from './browser';
import { signIn } from './people';

const baseURL = inject('baseURL');
const browser = fileBrowser();

/** A dialog is fixed to the viewport, so it is pictured as the screen shows it, once its opening animation ends. */
async function dialogScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    ['[role="dialog"]', '[data-part="backdrop"]'].every(
      (selector) => document.querySelector(selector)?.getAnimations().length === 0,
    ),
  );
  const dir = join(import.meta.dirname, '..', '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

async function signInAsSupplier(page: Page): Promise<void> {
  await signIn(page, { email: 'supplier@annapurna-events.in', password: 'Supplier@123' });
  await expect.poll(() => new URL(page.url()).pathname).toBe('/supplier');
  await page.getByRole('heading', { name: 'Available Projects' }).waitFor();
}

describe('the supplier dashboard in a real browser', () => {
  it('a supplier signs in, sees a notification and its project, quotes from the notification and sees the quote on the card', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.desktop);
    await signInAsSupplier(page);
    await page.getByRole('heading', { name: 'Supplier Dashboard', level: 1 }).waitFor();
    await page.getByText('Manage your quotes and project opportunities').waitFor();

    const notifications = page.getByRole('region', { name: 'New Project Notifications' });
    await notifications.waitFor();
    expect(await notifications.getByText(/New project: /).count()).toBeGreaterThan(0);
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.getByText('Response Rate').count()).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-supplier-dashboard-desktop');

    // The first notification whose project still takes quotes.
    const item = notifications.locator('li', { has: page.getByRole('button', { name: 'Submit Quote' }) }).first();
    const message = await item.innerText();
    await item.getByRole('button', { name: 'Submit Quote' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const eventName = (
      await dialog.locator('dt', { hasText: 'Event' }).locator('xpath=following-sibling::dd[1]').innerText()
    ).trim();
    expect(message).toContain(eventName);
    await dialogScreenshot(page, 'e2e-supplier-quote-dialog-desktop');

    // An empty amount is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Submit Quote' }).click();
    await page
      .locator('[data-toast-id][data-visible="true"]', { hasText: 'Please fill in all required fields' })
      .waitFor();

    const amount = 400_000 + (Date.now() % 90_000) + 0.5;
    await dialog.getByLabel('Your Quote Amount').fill(String(amount));
    await dialog
      .getByLabel('Additional Notes & Terms')
      .fill('Includes two live counters, 25 service staff and crockery. GST extra.');
    await dialog.getByRole('button', { name: 'Submit Quote' }).click();
    await page.locator('[data-toast-id][data-visible="true"]', { hasText: 'Quote submitted successfully!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: eventName });
    await card.getByText(formatInr(amount)).waitFor();
    await card.getByText('Your quote').waitFor();
    await card.getByRole('button', { name: 'Revise Quote' }).waitFor();
    await card.getByText(/Auto-assign in:/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'e2e-supplier-quoted-desktop');
    await context.close();
  });

  it('fits a 360 px phone: cards, notifications and the quote dialog without horizontal scrolling', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await signInAsSupplier(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-supplier-dashboard-mobile');

    const quotable = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /Quote/ }) })
      .first();
    await quotable.getByRole('button', { name: /Quote/ }).click();
    await page.getByRole('dialog').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await dialogScreenshot(page, 'e2e-supplier-quote-dialog-mobile');

    // The refusal's toast stacks above the dialog's buttons, not over them: both stay tappable while it shows.
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Your Quote Amount/).fill('');
    await dialog.getByRole('button', { name: /Quote$/ }).click();
    const refusal = page.locator('[data-toast-id][data-visible="true"]', {
      hasText: 'Please fill in all required fields',
    });
    await refusal.waitFor();
    const buttonsTop = Math.min(
      ...(await Promise.all(
        ['Cancel', /Quote$/].map(async (name) => (await dialog.getByRole('button', { name }).boundingBox())!.y),
      )),
    );
    // Read while it shows (its entrance may still be moving it): its bottom edge ends above the buttons.
    await expect
      .poll(async () => {
        const box = await refusal.boundingBox({ timeout: 1000 }).catch(() => null);
        return box === null ? 'gone' : box.y + box.height <= buttonsTop;
      })
      .toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('sends a signed-out visitor from /supplier to /login', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/supplier');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
