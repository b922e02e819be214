import type { LucideIcon } from 'lucide-react';
import { Briefcase, Heart, PartyPopper, Salad, Wine } from 'lucide-react';
import type { EventType } from '../../../shared/domain';

export type Service = {
  id: EventType;
  /** The service title; inquiries are named and acknowledged with it (docs/product.md#screens). */
  name: string;
  description: string;
  icon: LucideIcon;
  /** Describes public/images/services/{id}.svg (or the photo that replaces it). */
  imageAlt: string;
};

/** docs/product.md#screens: the five service types; each card books with its id as the eventType. */
export const SERVICES: readonly Service[] = [
  {
    id: 'wedding',
    name: 'Wedding Catering',
    description: 'Feasts for the haldi, sangeet, pheras and reception, planned around every family tradition.',
    icon: Heart,
    imageAlt: 'A festive brass thali framed by marigold garlands and lit diyas',
  },
  {
    id: 'corporate',
    name: 'Corporate Events',
    description: 'Conferences, launches and office celebrations, served on schedule and to your brief.',
    icon: Briefcase,
    imageAlt: 'A buffet line of polished chafing dishes of paneer, rice, dal and vegetables under pendant lamps',
  },
  {
    id: 'private',
    name: 'Private Parties',
    description: 'Birthdays, anniversaries and house parties with menus built around your guests.',
    icon: PartyPopper,
    imageAlt: 'A party table under bunting and string lights with samosas, a two-tier cake and glasses of rose sharbat',
  },
  {
    id: 'gala',
    name: 'Gala Dinners',
    description: 'Plated fine dining and polished service for award nights and formal evenings.',
    icon: Wine,
    imageAlt: 'A plated fine-dining course on a gold charger between candles, stemware and a single rose',
  },
  {
    id: 'grazing',
    name: 'Grazing Tables',
    description: 'Abundant, artfully styled spreads of chaat, fruit, cheese and mithai for easy mingling.',
    icon: Salad,
    imageAlt: 'A long wooden grazing board of fruit, cheese, crackers, samosas, dhokla, chutneys and mithai',
  },
];

export function bookingPathFor(eventType: EventType): string {
  return `/book?eventType=${eventType}`;
}
