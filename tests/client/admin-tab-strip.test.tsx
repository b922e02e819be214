import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminHandlers } from './admin-fixtures';
import { server } from './msw';
import { renderApp } from './render';

afterEach(() => {
  vi.restoreAllMocks();
});

const TAB_WIDTH = 110;
/** The strip's own padding on a phone, where it reaches the screen's edges (`px="3"`). */
const PADDING = 12;

/** The element that scrolls sideways: the tab list's box. */
const isStrip = (element: Element) => element.firstElementChild?.getAttribute('role') === 'tablist';

/**
 * jsdom lays nothing out, so the strip's geometry is given here as a browser would measure it: the strip as wide as
 * the screen (`screenWidth`, from its left edge), its tabs `TAB_WIDTH` wide end to end after its padding, moved left
 * by its `scrollLeft`. A sideways scroll of the strip is kept in its `scrollLeft`; nothing else moves.
 */
function layOut(screenWidth: number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (isStrip(this)) return DOMRect.fromRect({ x: 0, y: 600, width: screenWidth, height: 48 });
    if (this.getAttribute('role') === 'tab' && this.parentElement && isStrip(this.parentElement.parentElement!)) {
      const index = [...this.parentElement.querySelectorAll('[role="tab"]')].indexOf(this);
      const x = PADDING + index * TAB_WIDTH - this.parentElement.parentElement!.scrollLeft;
      return DOMRect.fromRect({ x, y: 604, width: TAB_WIDTH, height: 40 });
    }
    return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
  });
  const scrollTo = vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (
    this: Element,
    options?: ScrollToOptions | number,
  ) {
    if (typeof options === 'object' && options.left !== undefined) this.scrollLeft = options.left;
  });
  const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
  const pageScroll = vi.spyOn(window, 'scrollTo');
  return { scrollTo, scrollIntoView, pageScroll };
}

async function openDashboard(path: string) {
  server.use(...adminHandlers());
  const view = renderApp({ path, token: 'token-for-admin' });
  await screen.findByRole('heading', { level: 1, name: /Admin Dashboard/ });
  return view;
}

/** Where a tab is on the screen now, as the stubbed layout measures it. */
function placeOf(name: RegExp) {
  const box = screen.getByRole('tab', { name }).getBoundingClientRect();
  return { left: box.left, right: box.right };
}

/** The calls that scrolled the tab strip, as their options. */
function stripScrolls(scrollTo: ReturnType<typeof layOut>['scrollTo']) {
  return scrollTo.mock.contexts
    .map((element, index) => ({ element: element as Element, options: scrollTo.mock.calls[index]![0] }))
    .filter(({ element }) => isStrip(element))
    .map(({ options }) => options as ScrollToOptions);
}

describe('admin dashboard: the tab strip on a phone (360 px)', () => {
  it('scrolls a tab opened by its address into view, sideways only and no further than needed', async () => {
    const { scrollTo, scrollIntoView } = layOut(360);
    await openDashboard('/admin?tab=settings');
    const settings = screen.getByRole('tab', { name: /Settings/ });
    expect(settings).toHaveAttribute('aria-selected', 'true');

    await waitFor(() => expect(stripScrolls(scrollTo)).toHaveLength(1));
    const [scroll] = stripScrolls(scrollTo);
    // Only the strip moves, and only sideways: the page keeps its vertical place.
    expect(scroll).not.toHaveProperty('top');
    expect(scrollIntoView).not.toHaveBeenCalled();
    // The nearest place: Settings whole, at the strip's end (its padding kept at most), not pulled to the start.
    const place = placeOf(/Settings/);
    expect(place.left).toBeGreaterThanOrEqual(0);
    expect(place.right).toBeLessThanOrEqual(360);
    expect(place.right).toBeGreaterThanOrEqual(360 - PADDING);
  });

  it('scrolls to each newly chosen tab, and not at all while the chosen one shows', async () => {
    const { scrollTo, scrollIntoView, pageScroll } = layOut(360);
    const { user } = await openDashboard('/admin');
    // The page's own scroll to the top as it opened; choosing tabs adds none.
    const pageScrolls = pageScroll.mock.calls.length;
    // Bookings, the first tab, shows whole: nothing to scroll.
    expect(placeOf(/Bookings/).right).toBeLessThanOrEqual(360);
    expect(stripScrolls(scrollTo)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: /Analytics/ }));
    await waitFor(() => expect(stripScrolls(scrollTo)).toHaveLength(1));
    expect(placeOf(/Analytics/).left).toBeGreaterThanOrEqual(0);
    expect(placeOf(/Analytics/).right).toBeLessThanOrEqual(360);

    // Back to the first tab, now scrolled off on the left: the strip returns to its start.
    await user.click(screen.getByRole('tab', { name: /Bookings/ }));
    await waitFor(() => expect(stripScrolls(scrollTo)).toHaveLength(2));
    expect(placeOf(/Bookings/).left).toBeGreaterThanOrEqual(0);
    expect(placeOf(/Bookings/).left).toBeLessThanOrEqual(PADDING);
    expect(stripScrolls(scrollTo).every((scroll) => !('top' in scroll))).toBe(true);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(pageScroll).toHaveBeenCalledTimes(pageScrolls);
  });

  it('leaves the strip alone on a screen wide enough for every tab', async () => {
    const { scrollTo } = layOut(1280);
    await openDashboard('/admin?tab=settings');
    expect(screen.getByRole('tab', { name: /Settings/ })).toHaveAttribute('aria-selected', 'true');
    expect(placeOf(/Settings/).right).toBeLessThanOrEqual(1280);
    expect(stripScrolls(scrollTo)).toEqual([]);
  });
});
