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

/**
 * `count` dots of radius `size`, evenly round a circle of `radius` (a multiple of four, so one sits at twelve
 * o'clock): the circle's outline cut into `count` equal lengths, each starting with a dash of no length whose
 * round ends draw a dot. One element of a few bytes, where a path with two arcs a dot took two kilobytes of every
 * page.
 */
function DotRing({ count, radius, size }: { count: number; radius: number; size: number }) {
  return (
    <circle
      cx={CENTRE}
      cy={CENTRE}
      r={radius}
      fill="none"
      stroke="var(--mandala-dots)"
      strokeWidth={size * 2}
      strokeLinecap="round"
      pathLength={count}
      strokeDasharray="0 1"
    />
  );
}

/**
 * The petals of each ring, one path each, and each ring of dots one circle: a page shows the motif several times,
 * and one element per petal and dot made it most of the elements the browser styles and lays out before the first
 * paint (docs/decisions.md, "Pre-rendered public pages").
 */
const PETALS = MANDALA_RINGS.map((ring) => ({
  fill: ring.fill,
  d: Array.from({ length: ring.count }, (_, index) => {
    const angle = (360 / ring.count) * index + (ring.offset ?? 0);
    const [cx, cy] = polar(ring.radius, angle);
    return ellipsePath(cx, cy, ring.width / 2, ring.length / 2, angle);
  }).join(''),
}));

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
      <DotRing count={32} radius={91} size={1.6} />
      {PETALS.map((ring) => (
        <path key={ring.fill} fill={ring.fill} d={ring.d} />
      ))}
      <circle cx={CENTRE} cy={CENTRE} r={20} fill="var(--mandala-core)" />
      <circle cx={CENTRE} cy={CENTRE} r={13} fill="none" stroke="var(--mandala-dots)" strokeWidth={1.5} />
      <DotRing count={8} radius={13} size={1.8} />
      <circle cx={CENTRE} cy={CENTRE} r={5} fill="var(--mandala-inner)" />
    </chakra.svg>
  );
}
