import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testimonials } from '../../src/server/db/schema';
import { PUBLIC_PAGES, prerenderedFile } from '../../src/shared/public-pages';
import { SERVICE_TYPES } from '../../src/shared/services';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A client build made of the real page shell (index.html), so the head is replaced in the file the build ships. */
function distWithShell(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  copyFileSync(join(import.meta.dirname, '..', '..', 'index.html'), join(dist, 'index.html'));
  return dist;
}

/** The shell with one page pre-rendered into it, as scripts/prerender.ts writes it. */
const PRERENDERED_TERMS = '<main><h1>Terms and Conditions</h1></main>';
function distWithPrerenderedTerms(): string {
  const dist = distWithShell();
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(
    join(dist, prerenderedFile(PUBLIC_PAGES.find((page) => page.path === '/terms')!)),
    shell.replace('<div id="root"></div>', `<div id="root">${PRERENDERED_TERMS}</div>`),
  );
  return dist;
}

const BASE = 'https://annapurna-events.example.in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: `${BASE}/`, CLIENT_DIST_DIR: distWithShell() });
});
afterAll(async () => {
  await t?.close();
});

/** The `content` of a `<meta>` tag, by its name or property. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

function jsonLd(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

describe('GET /robots.txt', () => {
  it('keeps signed-in areas and the API out and names the sitemap by its absolute URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/supplier', '/bookings', '/account', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // No public page is disallowed.
    for (const page of PUBLIC_PAGES.filter((p) => p.path !== '/')) {
      expect(lines.some((line) => line.startsWith('Disallow:') && page.path.startsWith(line.slice(10)))).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page by its absolute URL and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${BASE}/`,
      `${BASE}/book`,
      `${BASE}/vendor-register`,
      `${BASE}/login`,
      `${BASE}/terms`,
      `${BASE}/refund-policy`,
      `${BASE}/privacy-policy`,
    ]);
  });
});

describe('the head of the public pages', () => {
  it.each(PUBLIC_PAGES.map((page) => [page.path, page] as const))(
    '%s carries its title, description, canonical URL and preview tags in the HTML',
    async (path, page) => {
      const res = await t.app.inject({ method: 'GET', url: `${path}${path === '/book' ? '?eventType=wedding' : ''}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body;
      const title = page.title
        ? `${page.title} · Annapurna Events`
        : 'Annapurna Events · Catering and celebrations, crafted in Indore';
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaContent(html, 'description')).toBe(page.description);
      // The canonical URL leaves the query out.
      expect(html).toContain(`<link rel="canonical" href="${BASE}${path}" />`);
      expect(metaContent(html, 'og:title')).toBe(title);
      expect(metaContent(html, 'og:description')).toBe(page.description);
      expect(metaContent(html, 'og:url')).toBe(`${BASE}${path}`);
      expect(metaContent(html, 'og:image')).toBe(`${BASE}/og-image.png`);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'og:image:height')).toBe('630');
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image')).toBe(`${BASE}/og-image.png`);
      // The page still loads the client.
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module"');
      expect(jsonLd(html) !== null).toBe(path === '/');
    },
  );

  it('sends the page compressed to a client that accepts it, like the built files', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/terms' })).body;
    const br = await t.app.inject({ method: 'GET', url: '/terms', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await t.app.inject({ method: 'GET', url: '/terms', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
    const none = await t.app.inject({ method: 'GET', url: '/terms', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('leaves other pages with the shell as built, which search engines are asked not to list', async () => {
    for (const url of ['/admin', '/bookings/abc', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).not.toContain('rel="canonical"');
      expect(res.body).not.toContain('og:title');
    }
    for (const url of ['/', '/book', '/terms']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['x-robots-tag']).toBeUndefined();
    }
  });

  it('sends a public page asked for with a trailing slash to its one address, query kept', async () => {
    const book = await t.app.inject({ method: 'GET', url: '/book/?eventType=wedding' });
    expect(book.statusCode).toBe(301);
    expect(book.headers.location).toBe('/book?eventType=wedding');
    const terms = await t.app.inject({ method: 'GET', url: '/terms//' });
    expect(terms.statusCode).toBe(301);
    expect(terms.headers.location).toBe('/terms');
    // Not a public page: the shell, as for any other address.
    expect((await t.app.inject({ method: 'GET', url: '/admin/' })).statusCode).toBe(200);
  });

  it('describes the business on the home page with the facts of the brand and no rating without published reviews', async () => {
    const data = jsonLd((await t.app.inject({ method: 'GET', url: '/' })).body)!;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishment',
      name: 'Annapurna Events',
      url: `${BASE}/`,
      telephone: '+91 98260 12345',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12, Race Course Road, Indore, Madhya Pradesh 452003',
        addressLocality: 'Indore',
        addressCountry: 'IN',
      },
      priceRange: '₹650–₹1,800 per guest',
      openingHoursSpecification: {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '10:00',
        closes: '19:00',
      },
    });
    const offers = data.makesOffer as { itemOffered: { name: string } }[];
    expect(offers.map((offer) => offer.itemOffered.name)).toEqual(SERVICE_TYPES.map((service) => service.name));
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('geo');
  });
});

describe('the home page with published reviews and a brand name that needs escaping', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({
      PUBLIC_BASE_URL: BASE,
      CLIENT_DIST_DIR: distWithShell(),
      BRAND_NAME: 'Annapurna "Events" </script><b>',
      BUSINESS_GEO: '22.7244, 75.8839',
    });
    await other.deps.db.insert(testimonials).values([
      { clientName: 'Meera', eventType: 'wedding', rating: 5, review: 'Lovely', isPublished: true },
      { clientName: 'Arjun', eventType: 'corporate', rating: 4, review: 'On time', isPublished: true },
      { clientName: 'Hidden', eventType: 'gala', rating: 1, review: 'Not published', isPublished: false },
    ]);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('places the business on the map where the brand configuration says', async () => {
    const data = jsonLd((await other.app.inject({ method: 'GET', url: '/' })).body)!;
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 22.7244, longitude: 75.8839 });
  });

  it('rates the business only from the published reviews', async () => {
    const data = jsonLd((await other.app.inject({ method: 'GET', url: '/' })).body)!;
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('escapes the brand in every tag and in the JSON-LD', async () => {
    const html = (await other.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('<b>');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON-LD's own and the client's
    expect(metaContent(html, 'og:site_name')).toBe('Annapurna &quot;Events&quot; &lt;/script&gt;&lt;b&gt;');
    expect(jsonLd(html)!.name).toBe('Annapurna "Events" </script><b>');
  });
});

describe('a public page the build pre-rendered', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ PUBLIC_BASE_URL: BASE, CLIENT_DIST_DIR: distWithPrerenderedTerms() });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('is sent with its content and its own head tags; a page not pre-rendered gets the shell', async () => {
    const terms = (await other.app.inject({ method: 'GET', url: '/terms?from=footer' })).body;
    expect(terms).toContain(`<div id="root">${PRERENDERED_TERMS}</div>`);
    expect(terms).toContain(`<link rel="canonical" href="${BASE}/terms" />`);
    expect(terms.match(/<title>/g)).toHaveLength(1);
    const privacy = (await other.app.inject({ method: 'GET', url: '/privacy-policy' })).body;
    expect(privacy).toContain('<div id="root"></div>');
    expect(privacy).toContain(`<link rel="canonical" href="${BASE}/privacy-policy" />`);
  });
});

/*
 * A form on a pre-rendered page sent by the browser itself, before the page's code had started (docs/decisions.md,
 * "Pre-rendered public pages"): the forms say `method="post"`, so what was typed (a password) never lands in an
 * address, and the visitor is sent back to the page, where the live form takes over.
 */
describe('a public page’s form sent before its code started', () => {
  it.each(['/login', '/book', '/vendor-register'])('POST %s sends the visitor back to the page', async (path) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}?next=%2Fbookings`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=priya%40example.in&password=Customer%40123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${path}?next=%2Fbookings`);
    expect(res.body).not.toContain('Customer@123');
  });

  it('leaves other addresses as they were: a POST to a page that is not public, or to an unknown API path', async () => {
    for (const url of ['/bookings', '/api/nope']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found' });
    }
  });
});
