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
};
