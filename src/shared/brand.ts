/**
 * The business identity shown across the product (docs/product.md#screens). These are the defaults; the server
 * overrides any of them from env (BRAND_NAME, LEGAL_NAME, ...) and serves the result to the client.
 */
export type Brand = {
  name: string;
  legalName: string;
  tagline: string;
  phone: string;
  whatsappNumber: string;
  email: string;
  upiId: string;
  address: string;
  city: string;
  gstin: string | null;
  /** FSSAI food business licence number (14 digits), printed on GST documents and in the footer. */
  fssai: string | null;
  /**
   * Where the business is on a map (BUSINESS_GEO), which search engines read from the home page's JSON-LD; null
   * until the business publishes one: none is made up.
   */
  geo: { latitude: number; longitude: number } | null;
};

export const DEFAULT_BRAND: Brand = {
  name: 'Annapurna Events',
  legalName: 'Annapurna Hospitality Private Limited',
  tagline: 'Catering and celebrations, crafted in Indore',
  phone: '+91 98260 12345',
  whatsappNumber: '919826012345',
  email: 'hello@annapurna-events.in',
  upiId: 'annapurnaevents@upi',
  address: '12, Race Course Road, Indore, Madhya Pradesh 452003',
  city: 'Indore',
  gstin: null,
  fssai: null,
  geo: null,
};

/**
 * When the office answers (docs/product.md#screens, the footer and the legal pages: Monday to Saturday, 10:00 to
 * 19:00 India time), as schema.org reads opening hours.
 */
export const BUSINESS_HOURS = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  opens: '10:00',
  closes: '19:00',
} as const;

/**
 * The office hours as the pages say them, from BUSINESS_HOURS (a run of consecutive days): `short` for the footer
 * and notes ("Monday–Saturday, 10:00–19:00 IST"), `long` inside a sentence ("Monday to Saturday, 10:00 to 19:00
 * IST").
 */
export function businessHoursText(style: 'short' | 'long' = 'short'): string {
  const { days, opens, closes } = BUSINESS_HOURS;
  const to = style === 'short' ? '–' : ' to ';
  return `${days[0]}${to}${days[days.length - 1]}, ${opens}${to}${closes} IST`;
}
