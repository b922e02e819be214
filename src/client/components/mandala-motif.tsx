import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { MANDALA_RINGS } from './mandala-geometry';

const CENTRE = 100;

/** A coordinate with two decimals: the same text in the build's HTML and in the browser's render. */
const at = (value: number) => Math.round(value * 100) / 100;

/** A point `distance` from the centre, `degrees` clockwise from twelve o'clock. */
function polar(distance: number, degrees: number): [number, number] {
  const radians = (degrees * Math.PI) / 180;
  return [CENTRE + distance * Math.sin(radians), CENTRE - distance * Math.cos(radians)];
}

/** An ellipse centred at (cx, cy), its rx axis turned by `degrees`, as two half arcs of a path. */
function ellipsePath(cx: number, cy: number, rx: number, ry: number, degrees: number): string {
  const radians = (degrees * Math.PI) / 180;
  const dx = rx * Math.cos(radians);
  const dy = rx * Math.sin(radians);
  const arc = (x: number, y: number) => `A${at(rx)} ${at(ry)} ${at(degrees)} 1 1 ${at(x)} ${at(y)}`;
  return `M${at(cx + dx)} ${at(cy + dy)}${arc(cx - dx, cy - dy)}${arc(cx + dx, cy + dy)}Z`;
}

/** `count` dots of radius `size`, evenly round a circle of `radius`. */
function dotsPath(count: number, radius: number, size: number): string {
  return Array.from({ length: count }, (_, index) => {
    const [x, y] = polar(radius, (360 / count) * index);
    return ellipsePath(x, y, size, size, 0);
  }).join('');
}

/**
 * The petals of each ring and the two rings of dots, one path each: a page shows the motif several times, and one
 * element per petal and dot made it most of the elements the browser styles and lays out before the first paint
 * (docs/decisions.md, "Pre-rendered public pages").
 */
const PETALS = MANDALA_RINGS.map((ring) => ({
  fill: ring.fill,
  d: Array.from({ length: ring.count }, (_, index) => {
    const angle = (360 / ring.count) * index + (ring.offset ?? 0);
    const [cx, cy] = polar(ring.radius, angle);
    return ellipsePath(cx, cy, ring.width / 2, ring.length / 2, angle);
  }).join(''),
}));
const OUTER_DOTS = dotsPath(32, 91, 1.6);
const INNER_DOTS = dotsPath(8, 13, 1.8);

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
        cx={CENTRE}
        cy={CENTRE}
        r={96}
        fill="none"
        stroke="var(--mandala-ring)"
        strokeWidth={1.2}
        strokeDasharray="2 5"
      />
      <path fill="var(--mandala-dots)" d={OUTER_DOTS} />
      {PETALS.map((ring) => (
        <path key={ring.fill} fill={ring.fill} d={ring.d} />
      ))}
      <circle cx={CENTRE} cy={CENTRE} r={20} fill="var(--mandala-core)" />
      <circle cx={CENTRE} cy={CENTRE} r={13} fill="none" stroke="var(--mandala-dots)" strokeWidth={1.5} />
      <path fill="var(--mandala-dots)" d={INNER_DOTS} />
      <circle cx={CENTRE} cy={CENTRE} r={5} fill="var(--mandala-inner)" />
    </chakra.svg>
  );
}
