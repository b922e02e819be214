import type { LucideIcon } from 'lucide-react';
import { Briefcase, Heart, PartyPopper, Salad, Wine } from 'lucide-react';
import type { EventType } from '../../../shared/domain';
import { SERVICE_TYPES } from '../../../shared/services';

export type Service = {
  id: EventType;
  /** The service title; inquiries are named and acknowledged with it (docs/product.md#screens). */
  name: string;
  description: string;
  icon: LucideIcon;
  /** Describes public/images/services/{id}.webp (or the photo that replaces it). */
  imageAlt: string;
};

/** Describes public/images/services/{id}.webp (or the photo that replaces it), per service. */
const SERVICE_VISUALS: Record<string, { icon: LucideIcon; imageAlt: string }> = {
  wedding: {
    icon: Heart,
    imageAlt: 'A festive brass thali framed by marigold garlands and lit diyas',
  },
  corporate: {
    icon: Briefcase,
    imageAlt: 'A buffet line of polished chafing dishes of paneer, rice, dal and vegetables under pendant lamps',
  },
  private: {
    icon: PartyPopper,
    imageAlt: 'A party table under bunting and string lights with samosas, a two-tier cake and glasses of rose sharbat',
  },
  gala: {
    icon: Wine,
    imageAlt: 'A plated fine-dining course on a gold charger between candles, stemware and a single rose',
  },
  grazing: {
    icon: Salad,
    imageAlt: 'A long wooden grazing board of fruit, cheese, crackers, samosas, dhokla, chutneys and mithai',
  },
};

/**
 * docs/product.md#screens: the five service types (src/shared/services.ts); each card books with its id as the
 * eventType.
 */
export const SERVICES: readonly Service[] = SERVICE_TYPES.map((service) => ({
  ...service,
  ...SERVICE_VISUALS[service.id]!,
}));

export function bookingPathFor(eventType: EventType): string {
  return `/book?eventType=${eventType}`;
}
