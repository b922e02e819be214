/**
 * The public pages search engines and link previews see (docs/product.md, "Link previews and search"): each with
 * the title its page gives the tab (the client's useDocumentTitle: `title · brand`, or `brand · tagline` at home)
 * and the description shown under the link.
 */
export type PublicPage = {
  path: string;
  /** The page's own title; null for the home page, which is titled by the brand and its tagline. */
  title: string | null;
  description: string;
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    title: null,
    description:
      'Indian catering and event management for weddings, corporate events, private parties, ' +
      'gala dinners and grazing tables. Get an instant quote and book your event online.',
  },
  {
    path: '/book',
    title: 'Book Your Event',
    description:
      'Tell us your event, date, city and guest count and get an ' +
      'instant catering quote with GST, then reserve your date online.',
  },
  {
    path: '/vendor-register',
    title: 'Vendor Partner Registration',
    description:
      'Caterers, decorators and event suppliers: register as a ' +
      'vendor partner to receive event projects and bid on them.',
  },
  {
    path: '/login',
    title: 'Sign in',
    description: 'Sign in or create an account to see your quotes, bookings, payments and menus in one place.',
  },
  {
    path: '/terms',
    title: 'Terms and Conditions',
    description:
      'The terms for booking catering and events: deposit, guest counts, date changes, payments and disputes.',
  },
  {
    path: '/refund-policy',
    title: 'Return and Refund Policy',
    description:
      'Cancellation refunds by how far ahead you cancel, date changes, guest reductions and how refunds are paid.',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'What personal data we collect when you get a quote or book an event, why, how long we keep it and your rights.',
  },
];

/** The full title of a public page as the tab shows it. */
export function publicPageTitle(page: PublicPage, brand: { name: string; tagline: string }): string {
  return page.title ? `${page.title} · ${brand.name}` : `${brand.name} · ${brand.tagline}`;
}

/**
 * Where the build writes a public page's pre-rendered HTML, under the client's build directory
 * (scripts/prerender.ts); the server sends it in place of the empty shell (docs/decisions.md, "Pre-rendered public
 * pages").
 */
export function prerenderedFile(page: PublicPage): string {
  return `prerendered/${page.path === '/' ? 'index' : page.path.slice(1)}.html`;
}
