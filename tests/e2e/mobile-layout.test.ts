import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { prepareRouteFixtures, type RouteFixtures } from './demo-api';
import { measureLayout, MIN_TARGET_PX, type SmallTarget } from './layout-checks';
import { ROUTE_VIEWS, ViewWalker, type RouteView, type ViewportName } from './route-views';

/*
 * Issue 9, "Mobile and looks": every route (and the main dialogs) at 360 × 740 and 1280 × 800 has no sideways
 * scrolling, and at 360 px every visible control is a touch target of at least 44 × 44 px.
 *
 * Exceptions, by rule (applied in measureLayout):
 * - a link inside running text (a sentence in a paragraph, list item or table cell): WCAG 2.5.5 exempts inline
 *   targets, and padding one would break the line spacing of the paragraph;
 * - a visually hidden radio or checkbox (1 px, clipped): its visible label card is measured instead;
 * - the text input inside a tags field: the whole field box is tapped, and that box is measured instead.
 * Exceptions, by name: below, each with its reason. Keep this list short.
 */
const ALLOWED_SMALL_TARGETS: { view: string; target: RegExp; reason: string }[] = [];

const baseURL = inject('baseURL');
let browser: Browser;
let fixtures: RouteFixtures;

beforeAll(async () => {
  fixtures = await prepareRouteFixtures(baseURL);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function unexpected(view: RouteView, targets: SmallTarget[]): string[] {
  return targets
    .filter((t) => !ALLOWED_SMALL_TARGETS.some((allowed) => allowed.view === view.name && allowed.target.test(t.target)))
    .map((t) => `${t.target} is ${t.width}×${t.height} px`);
}

const SIZES: { name: ViewportName; width: number; height: number }[] = [
  { name: 'mobile', ...VIEWPORTS.mobile },
  { name: 'desktop', ...VIEWPORTS.desktop },
];

for (const size of SIZES) {
  // A dialog locks the page's scrolling, so at desktop size only the pages themselves are checked.
  const views = ROUTE_VIEWS.filter((view) => (view.only ?? size.name) === size.name && (size.name === 'mobile' || !view.overlay));
  describe(`${size.width} × ${size.height}`, () => {
    let walker: ViewWalker;
    beforeAll(() => {
      walker = new ViewWalker(browser, baseURL, size, fixtures);
    });
    afterAll(async () => {
      await walker?.close();
    });

    it.each(views.map((view) => [view.name, view] as const))('%s', async (_name, view) => {
      const page = await walker.show(view);
      const { overflowPx, smallTargets } = await measureLayout(page);
      expect(overflowPx, 'px of sideways scrolling').toBe(0);
      if (size.name === 'mobile') expect(unexpected(view, smallTargets), `targets under ${MIN_TARGET_PX} px`).toEqual([]);
    });
  });
}
