import type { LucideIcon } from 'lucide-react';
import { Briefcase, Heart, PartyPopper, Salad, Wine } from 'lucide-react';
import type { EventType } from '../../../shared/domain';

export type Service = { id: EventType; name: string; description: string; icon: LucideIcon };

/** Spec section 9: the five service types; each card books with its id as the eventType. */
export const SERVICES: readonly Service[] = [
  {
    id: 'wedding',
    name: 'Wedding Catering',
    description: 'Feasts for the haldi, sangeet, pheras and reception, planned around every family tradition.',
    icon: Heart,
  },
  {
    id: 'corporate',
    name: 'Corporate Events',
    description: 'Conferences, launches and office celebrations, served on schedule and to your brief.',
    icon: Briefcase,
  },
  {
    id: 'private',
    name: 'Private Parties',
    description: 'Birthdays, anniversaries and house parties with menus built around your guests.',
    icon: PartyPopper,
  },
  {
    id: 'gala',
    name: 'Gala Dinners',
    description: 'Plated fine dining and polished service for award nights and formal evenings.',
    icon: Wine,
  },
  {
    id: 'grazing',
    name: 'Grazing Tables',
    description: 'Abundant, artfully styled spreads of chaat, fruit, cheese and mithai for easy mingling.',
    icon: Salad,
  },
];

export function bookingPathFor(eventType: EventType): string {
  return `/book?eventType=${eventType}`;
}
