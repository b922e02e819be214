import type { EventType } from './domain';

/**
 * docs/product.md#screens: the five service types the landing page offers, each booked with its id as the
 * eventType. Shared so the page's cards and the business description search engines read (docs/product.md,
 * "Link previews and search") name the same services.
 */
export type ServiceType = {
  id: EventType;
  /** The service title; inquiries are named and acknowledged with it. */
  name: string;
  description: string;
};

export const SERVICE_TYPES: readonly ServiceType[] = [
  {
    id: 'wedding',
    name: 'Wedding Catering',
    description: 'Feasts for the haldi, sangeet, pheras and reception, planned around every family tradition.',
  },
  {
    id: 'corporate',
    name: 'Corporate Events',
    description: 'Conferences, launches and office celebrations, served on schedule and to your brief.',
  },
  {
    id: 'private',
    name: 'Private Parties',
    description: 'Birthdays, anniversaries and house parties with menus built around your guests.',
  },
  {
    id: 'gala',
    name: 'Gala Dinners',
    description: 'Plated fine dining and polished service for award nights and formal evenings.',
  },
  {
    id: 'grazing',
    name: 'Grazing Tables',
    description: 'Abundant, artfully styled spreads of chaat, fruit, cheese and mithai for easy mingling.',
  },
];
