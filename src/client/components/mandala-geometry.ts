/**
 * The petals of the brand's marigold (MandalaMotif), in a 200 × 200 box: shared with the link preview picture
 * (scripts/og-image.ts) so both draw the same artwork. `fill` names the CSS variable that tints each ring.
 */
export type Ring = { count: number; radius: number; length: number; width: number; fill: string; offset?: number };

export const MANDALA_RINGS: Ring[] = [
  { count: 16, radius: 78, length: 20, width: 8, fill: 'var(--mandala-outer)' },
  { count: 12, radius: 56, length: 22, width: 11, fill: 'var(--mandala-middle)', offset: 15 },
  { count: 8, radius: 33, length: 20, width: 12, fill: 'var(--mandala-inner)' },
];
