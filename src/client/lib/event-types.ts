import type { EventType } from '../../shared/domain';

/** `baby_shower` → "Baby Shower": the event types as people read them (docs/product.md#screens values). */
export function eventTypeLabel(type: EventType | string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
