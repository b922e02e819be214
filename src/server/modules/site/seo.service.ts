import { avg, count, eq } from 'drizzle-orm';
import { BUSINESS_HOURS, type Brand } from '../../../shared/brand';
import { DEFAULT_PRICING } from '../../../shared/pricing';
import { PUBLIC_PAGES, publicPageTitle, type PublicPage } from '../../../shared/public-pages';
import { SERVICE_TYPES } from '../../../shared/services';
import type { ServiceDeps } from '../../context';
import type { Database } from '../../db/client';
import { testimonials } from '../../db/schema';
import { cachedFor } from '../../lib/collapse';
import { getBrand } from './site.service';

/**
 * Search engines and link previews (docs/product.md, "Link previews and search"): robots.txt, the sitemap of the
 * public pages, and each public page's head (title, description, canonical URL, Open Graph and Twitter card tags,
 * and on the home page the business as JSON-LD), all with absolute URLs under PUBLIC_BASE_URL.
 */

/** Signed-in areas, one-time links and the API: nothing there is for a search engine. */
export const ROBOTS_DISALLOWED = [
  '/admin',
  '/supplier',
  '/bookings',
  '/account',
  '/api/',
  '/setup',
  '/reset-password',
  '/verify-email',
  '/payment/',
] as const;

/** The link preview picture (public/og-image.png, made by scripts/og-image.ts from the brand artwork). */
export const PREVIEW_IMAGE = { path: '/og-image.png', width: 1200, height: 630, type: 'image/png' } as const;

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(baseUrl: string): string {
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeHtml(baseUrl + page.path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The public page at a path (query string ignored), or undefined for every other path. */
export function publicPageAt(url: string): PublicPage | undefined {
  const path = url.split(/[?#]/)[0] ?? '/';
  return PUBLIC_PAGES.find((page) => page.path === path);
}

/** Average and count of the published reviews, the only ratings the business states (none: no rating at all). */
export type PublishedRating = { average: number; count: number } | null;

/** How long the published rating is reused; the same freshness as the published testimonials list. */
const RATING_FRESH_MS = 5_000;

const publishedRating = cachedFor(RATING_FRESH_MS, async (db: Database): Promise<PublishedRating> => {
  const [row] = await db
    .select({ average: avg(testimonials.rating), count: count() })
    .from(testimonials)
    .where(eq(testimonials.isPublished, true));
  if (!row || row.count === 0 || row.average === null) return null;
  return { average: Math.round(Number(row.average) * 10) / 10, count: row.count };
});

/** The head tags of one public page, with the business identity as the pages show it. */
export async function publicPageHead(deps: Pick<ServiceDeps, 'db' | 'config'>, page: PublicPage): Promise<string> {
  const brand = await getBrand(deps);
  const rating = page.path === '/' ? await publishedRating(deps.db) : null;
  return pageHeadHtml(
    page,
    brand,
    deps.config.publicBaseUrl,
    page.path === '/' ? businessJsonLd(brand, deps.config.publicBaseUrl, rating) : null,
  );
}

export function pageHeadHtml(page: PublicPage, brand: Brand, baseUrl: string, jsonLd: object | null): string {
  const title = publicPageTitle(page, brand);
  const url = baseUrl + page.path;
  const image = baseUrl + PREVIEW_IMAGE.path;
  const imageAlt = `${brand.name}: ${brand.tagline}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brand.name),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', PREVIEW_IMAGE.type),
    meta('property', 'og:image:width', PREVIEW_IMAGE.width),
    meta('property', 'og:image:height', PREVIEW_IMAGE.height),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ];
  if (jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  return tags.join('\n    ');
}

/**
 * The business for search engines (schema.org FoodEstablishment, a caterer): only facts the product states: the
 * brand identity, the office hours, the packages' starting rates per guest (docs/product.md#pricing) and the five
 * services; a rating only from published reviews; the map position only when the brand has one (BUSINESS_GEO).
 */
export function businessJsonLd(brand: Brand, baseUrl: string, rating: PublishedRating): object {
  const rates = Object.values(DEFAULT_PRICING.tierRatePaise);
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishment',
    '@id': `${baseUrl}/#business`,
    name: brand.name,
    legalName: brand.legalName,
    description: PUBLIC_PAGES[0]!.description,
    url: `${baseUrl}/`,
    image: baseUrl + PREVIEW_IMAGE.path,
    logo: `${baseUrl}/favicon.svg`,
    telephone: brand.phone,
    email: brand.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.address,
      addressLocality: brand.city,
      addressCountry: 'IN',
    },
    ...(brand.geo
      ? { geo: { '@type': 'GeoCoordinates', latitude: brand.geo.latitude, longitude: brand.geo.longitude } }
      : {}),
    areaServed: brand.city,
    servesCuisine: 'Indian',
    priceRange: `${rupees(Math.min(...rates))}–${rupees(Math.max(...rates))} per guest`,
    currenciesAccepted: 'INR',
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: BUSINESS_HOURS.days,
      opens: BUSINESS_HOURS.opens,
      closes: BUSINESS_HOURS.closes,
    },
    makesOffer: SERVICE_TYPES.map((service) => ({
      '@type': 'Offer',
      url: `${baseUrl}/book?eventType=${service.id}`,
      itemOffered: { '@type': 'Service', name: service.name, description: service.description },
    })),
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** JSON inside a `<script>`: `<`, `>`, `&` and the line separators escaped, so no text can close the element. */
function jsonForScript(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
