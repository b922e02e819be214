import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, VIEWPORTS } from './browser';
import { api, prepareRouteFixtures, type RouteFixtures } from './demo-api';
import { measureLayout, MIN_TARGET_PX, type SmallTarget } from './layout-checks';
import { ROUTE_VIEWS, ViewWalker, type RouteView, type ViewportName } from './route-views';

/*
 * "Mobile and looks": every route and its main dialogs at 360, 768, 1024 and 1280 px have no sideways
 * scrolling, no text cut or drawn over other text, no table hiding a column and, from 1024 px, no tab out of sight;
 * at 360 px every visible control is a touch target of at least 44 × 44 px.
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
const browser = fileBrowser();
let fixtures: RouteFixtures;
let eventOrderPath = '';

beforeAll(async () => {
  fixtures = await prepareRouteFixtures(baseURL);
  // The demo's wedding reception has a menu in every course, with the customer's allergy and set-up notes.
  const [reception] = await api<{ id: string }[]>(
    baseURL,
    'GET',
    `/bookings?q=${encodeURIComponent('Priya & Karan Wedding Reception')}`,
    { token: fixtures.tokens.admin },
  );
  if (!reception) throw new Error('The demo data has no Priya & Karan Wedding Reception');
  eventOrderPath = `/admin/event-orders/${reception.id}`;
});

/**
 * The banquet event order (docs/product.md#kitchen), as the admin and the awarded supplier see it: its page needs a
 * booking with a chosen menu, which the route list's fixtures do not make, so it is added here.
 */
const EVENT_ORDER: RouteView = {
  name: 'event-order',
  path: () => eventOrderPath,
  as: 'admin',
  ready: async (page) => {
    await page.getByRole('heading', { name: 'Banquet event order', level: 1 }).waitFor();
    await page.getByText('Kesar Badam Milk', { exact: true }).waitFor();
  },
};

function unexpected(view: RouteView, targets: SmallTarget[]): string[] {
  return targets
    .filter(
      (t) => !ALLOWED_SMALL_TARGETS.some((allowed) => allowed.view === view.name && allowed.target.test(t.target)),
    )
    .map((t) => `${t.target} is ${t.width}×${t.height} px`);
}

/** The phone and the desktop, and the widths between them where a header's row or a tab strip runs out of room. */
const SIZES: { name: ViewportName; width: number; height: number }[] = [
  { name: 'mobile', ...VIEWPORTS.mobile },
  { name: 'desktop', ...VIEWPORTS.desktop },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1024, height: 768 },
];

for (const size of SIZES) {
  const views = [...ROUTE_VIEWS, EVENT_ORDER].filter((view) => (view.only ?? size.name) === size.name);
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
      const { overflowPx, smallTargets, cutText, overlappingText, wideTables, hiddenTabs, brokenWords } =
        await measureLayout(page);
      expect(overflowPx, 'px of sideways scrolling').toBe(0);
      expect(wideTables, 'tables wider than their box').toEqual([]);
      expect(hiddenTabs, 'tabs out of sight at a desktop width').toEqual([]);
      expect(brokenWords, 'words broken across lines').toEqual([]);
      expect(cutText, 'text cut off').toEqual([]);
      expect(overlappingText, 'text drawn over text').toEqual([]);
      if (size.name === 'mobile')
        expect(unexpected(view, smallTargets), `targets under ${MIN_TARGET_PX} px`).toEqual([]);
    });
  });
}

/** A control: the measures find each defect they are meant to find, and pass what is fine by design. */
describe('the layout measures themselves', () => {
  async function measure(body: string, viewport: { width: number; height: number } = VIEWPORTS.mobile) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.setContent(`<!doctype html><html><body style="margin:0;font:16px sans-serif">${body}</body></html>`);
      return await measureLayout(page);
    } finally {
      await context.close();
    }
  }

  /** A body of the given elements, each on its own line as a template literal written here would hold them. */
  const onLines = (...elements: string[]) => elements.map((element) => `\n      ${element}`).join('');

  it('finds text clipped by its box, by a parent, and pushed past the screen', async () => {
    const report = await measure(
      onLines(
        '<div style="width:80px;overflow:hidden;white-space:nowrap">A name far too long for its box</div>',
        '<div style="height:20px;overflow:hidden"><p style="margin:0">one</p><p style="margin:0">two</p></div>',
        '<div style="overflow-x:hidden"><div style="width:900px">' +
          '<span style="margin-left:500px">Off the edge</span></div></div>',
        '<p style="width:100px;height:20px;overflow:hidden;margin:0">A line that wraps onto a second line</p>',
      ),
    );
    expect(report.cutText).toEqual([
      expect.stringContaining('"A name far too long for its box" in div is clipped by div (sideways)'),
      expect.stringContaining('"two" in p is clipped by div'),
      expect.stringContaining('"Off the edge" in span is clipped by div'),
      expect.stringContaining('"A line that wraps onto a second line" in p overflows its p at the bottom'),
    ]);
  });

  it('finds a button’s label spilling out of the button, and passes one that fits', async () => {
    const report = await measure(
      onLines(
        '<div style="display:flex;width:120px">' +
          '<button style="flex:1 1 0%;min-width:44px;white-space:nowrap">Kitchen</button>' +
          '<button style="flex:1 1 0%;min-width:44px;white-space:nowrap">Account</button>' +
          '<button style="flex:1 1 0%;min-width:44px;white-space:nowrap">Logout</button></div>',
        '<button style="white-space:nowrap">Fits</button>',
      ),
    );
    expect(report.cutText).toEqual([
      expect.stringContaining('"Kitchen" in button spills out of its button sideways'),
      expect.stringContaining('"Account" in button spills out of its button sideways'),
      expect.stringContaining('"Logout" in button spills out of its button sideways'),
    ]);
  });

  it('finds a table wider than its box, and passes a wide report scrolling in a labelled region on a phone', async () => {
    const report = await measure(
      onLines(
        '<div style="overflow-x:auto;width:300px"><table aria-label="Payment orders">' +
          '<tr><td style="padding-right:600px">Wide</td><td><button>Record UTR</button></td></tr></table></div>',
        '<div style="overflow-x:auto;width:300px" role="region" tabindex="0" aria-label="Vendor Reports, scrollable">' +
          '<table aria-label="Vendor Reports"><tr><td style="padding-right:600px">Wide</td></tr></table></div>',
        '<div style="overflow-x:auto;width:300px"><table aria-label="Fits"><tr><td>Narrow</td></tr></table></div>',
      ),
    );
    expect(report.wideTables).toEqual([expect.stringContaining('table "Payment orders" is')]);
  });

  it('finds a word broken across lines in a squeezed box, and passes an e-mail address broken on purpose', async () => {
    const report = await measure(
      onLines(
        '<h1 style="width:60px;font-size:24px;overflow-wrap:break-word">The Dashboard</h1>',
        '<p style="width:90px;word-break:break-all">priya.sharma@example.in</p>',
        '<p style="width:90px">Words that wrap</p>',
      ),
    );
    expect(report.brokenWords).toEqual(['"Dashboard" in h1']);
  });

  it('finds tabs scrolled out of sight at a desktop width, and passes a strip that scrolls on a phone', async () => {
    const strip = (label: string, width: number) =>
      `<div style="overflow-x:auto;width:${width}px"><div role="tablist" aria-label="${label}" ` +
      'style="display:flex;width:max-content">' +
      ['Bookings', 'Calendar', 'Payments', 'Settings']
        .map((name) => `<button role="tab" style="width:120px;height:44px">${name}</button>`)
        .join('') +
      '</div></div>';
    const desktop = await measure(onLines(strip('Too narrow', 300), strip('Fits', 600)), VIEWPORTS.desktop);
    expect(desktop.hiddenTabs).toEqual(['Too narrow: "Payments", "Settings" out of sight']);
    const phone = await measure(onLines(strip('Too narrow', 300)));
    expect(phone.hiddenTabs).toEqual([]);
  });

  it('finds text drawn over text', async () => {
    const report = await measure(`
      <div style="position:relative;height:40px">
        <span style="position:absolute;left:0;top:0">Guest count</span>
        <span style="position:absolute;left:30px;top:4px">Badge</span>
      </div>`);
    expect(report.overlappingText).toEqual([expect.stringContaining('"Guest count" in span overlaps "Badge" in span')]);
  });

  it('passes text scrolled out of its box under a footer, and finds it when the box does not scroll', async () => {
    const box = (overflow: string) =>
      '<div style="position:relative;width:300px;height:120px">' +
      `<div style="height:80px;overflow-y:${overflow}"><p style="margin:0;padding:70px 0 100px;line-height:20px">` +
      'Scrolled text</p></div>' +
      '<div style="position:absolute;top:80px;left:0;background:transparent"><span>Pay later</span></div></div>';
    const scrolled = await measure(box('auto'));
    expect(scrolled.overlappingText).toEqual([]);
    const spilling = await measure(box('visible'));
    expect(spilling.overlappingText).toEqual([expect.stringContaining('"Pay later" in span')]);
  });

  it('passes text that scrolls, text for screen readers only, and a big figure under a small label', async () => {
    const report = await measure(
      onLines(
        '<div style="overflow-x:auto;width:300px"><table>' +
          '<tr><td style="padding-right:600px">Wide</td><td>table</td></tr></table></div>',
        '<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">' +
          'Read aloud only, and long enough to overflow</span>',
        '<p style="margin:0;font-size:12px;line-height:1.2">Amount</p>' +
          '<p style="margin:0;font-size:24px;line-height:1">₹999</p>',
      ),
    );
    expect(report.cutText).toEqual([]);
    expect(report.overlappingText).toEqual([]);
  });
});
