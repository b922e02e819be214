import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { MANDALA_RINGS, type Ring } from './mandala-geometry';

function petals(ring: Ring) {
  return Array.from({ length: ring.count }, (_, index) => {
    const angle = (360 / ring.count) * index + (ring.offset ?? 0);
    return (
      <ellipse
        key={angle}
        cx={100}
        cy={100 - ring.radius}
        rx={ring.width / 2}
        ry={ring.length / 2}
        fill={ring.fill}
        transform={`rotate(${angle} 100 100)`}
      />
    );
  });
}

function dots(count: number, radius: number, size: number) {
  return Array.from({ length: count }, (_, index) => {
    const angle = ((2 * Math.PI) / count) * index;
    return (
      <circle
        key={index}
        cx={100 + radius * Math.sin(angle)}
        cy={100 - radius * Math.cos(angle)}
        r={size}
        fill="var(--mandala-dots)"
      />
    );
  });
}

/**
 * A rangoli-style marigold drawn in SVG: the brand's decorative motif, used instead of photographs so the pages
 * carry no external or stock images. Colours come from CSS variables so each placement can tint it.
 */
export function MandalaMotif({ css, ...props }: HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg
      viewBox="0 0 200 200"
      aria-hidden="true"
      focusable="false"
      css={{
        '--mandala-outer': 'colors.brand.400',
        '--mandala-middle': 'colors.brand.300',
        '--mandala-inner': 'colors.brand.500',
        '--mandala-dots': 'colors.brand.200',
        '--mandala-ring': 'colors.brand.300',
        '--mandala-core': 'colors.accent.700',
        ...css,
      }}
      {...props}
    >
      <circle
        cx={100}
        cy={100}
        r={96}
        fill="none"
        stroke="var(--mandala-ring)"
        strokeWidth={1.2}
        strokeDasharray="2 5"
      />
      {dots(32, 91, 1.6)}
      {MANDALA_RINGS.map(petals)}
      <circle cx={100} cy={100} r={20} fill="var(--mandala-core)" />
      <circle cx={100} cy={100} r={13} fill="none" stroke="var(--mandala-dots)" strokeWidth={1.5} />
      {dots(8, 13, 1.8)}
      <circle cx={100} cy={100} r={5} fill="var(--mandala-inner)" />
    </chakra.svg>
  );
}
