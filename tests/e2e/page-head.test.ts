import { describe, expect, inject, it } from 'vitest';
import { PUBLIC_PAGES } from '../../src/shared/public-pages';
import { fileBrowser, newPage } from './browser';

/**
 * What crawlers and link previews that never run scripts read (docs/product.md, "Link previews and search"): the
 * raw HTML of every public page carries its head tags, and the preview picture, robots.txt and sitemap are served.
 * The app runs without PUBLIC_BASE_URL here, so its links use the default http://localhost:PORT.
 */
const baseURL = inject('baseURL');
const publicBase = `http://localhost:${new URL(baseURL).port}`;

const browser = fileBrowser();
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('the public pages as a crawler reads them', () => {
  it.each(PUBLIC_PAGES.map((page) => page.path))('%s has its head tags in the HTML the server sends', async (path) => {
    const res = await fetch(`${baseURL}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title).toMatch(/Annapurna Events/);
    expect(meta(html, 'description')?.length).toBeGreaterThan(50);
    expect(html).toContain(`<link rel="canonical" href="${publicBase}${path}" />`);
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'og:url')).toBe(`${publicBase}${path}`);
    expect(meta(html, 'og:image')).toBe(`${publicBase}/og-image.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html.includes('application/ld+json')).toBe(path === '/');

    // Once the client runs, the tab keeps the title the crawler saw.
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(path);
    await page.locator('main').first().waitFor();
    expect(await page.title()).toBe(title?.replace(/&amp;/g, '&'));
    await context.close();
  });

  it('serves the 1200 × 630 preview picture', async () => {
    const res = await fetch(`${baseURL}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    // The PNG header's IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('serves robots.txt and the sitemap with absolute URLs', async () => {
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${publicBase}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    for (const page of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>${publicBase}${page.path}</loc>`);
  });
});
