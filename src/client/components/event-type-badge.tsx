import { Badge, type BadgeProps } from '@chakra-ui/react';
import { type EventType, enumWords } from '../../shared/domain';

/** docs/product.md#screens (Supplier Dashboard): colours for the five service types, grey for every other type. */
const PALETTES: Partial<Record<EventType, string>> = {
  wedding: 'pink',
  corporate: 'blue',
  gala: 'purple',
  grazing: 'green',
  private: 'orange',
};

export function eventTypePalette(type: string): string {
  return PALETTES[type as EventType] ?? 'gray';
}

/** `pre_wedding` → "PRE WEDDING": underscores shown as spaces, upper case (docs/product.md#screens). */
export function eventTypeBadgeText(type: string): string {
  return enumWords(type).toUpperCase();
}

type EventTypeBadgeProps = Omit<BadgeProps, 'children' | 'colorPalette'> & { type: EventType | string };

/** An event type as a coloured badge. */
export function EventTypeBadge({ type, ...badgeProps }: EventTypeBadgeProps) {
  return (
    <Badge
      colorPalette={eventTypePalette(type)}
      variant="subtle"
      rounded="full"
      px="2.5"
      letterSpacing="wider"
      fontWeight="semibold"
      {...badgeProps}
    >
      {eventTypeBadgeText(type)}
    </Badge>
  );
}
