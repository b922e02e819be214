import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../tests/e2e/browser';
import { MANDALA_RINGS } from '../src/client/components/mandala-geometry';
import { DEFAULT_BRAND } from '../src/shared/brand';
import { SERVICE_TYPES } from '../src/shared/services';

/**
 * `npm run og-image`: draws the link preview picture (public/og-image.png, 1200 × 630) from the brand artwork, the
 * marigold of MandalaMotif in the theme's colours, with the brand name, tagline and the five services, and
 * pictures it with Chromium (docs/decisions.md, "Link preview picture"). The PNG is committed, so the build needs no
 * browser; run this again after changing the artwork, BRAND_NAME or the services. Reads BRAND_NAME like the server.
 */
const root = join(import.meta.dirname, '..');
const out = join(root, 'public', 'og-image.png');
const WIDTH = 1200;
const HEIGHT = 630;

// The theme's colours (src/client/theme.ts) as MandalaMotif tints the marigold.
const COLOURS = {
  cream: '#FFFBF3',
  cream200: '#F5E9D3',
  accent800: '#541A35',
  accent900: '#3F1428',
  ink700: '#6B5848',
  brand200: '#FDD48C',
  brand300: '#FBB954',
  brand400: '#F99F2A',
  brand500: '#EE8512',
  accent700: '#6B2142',
};

const VARIABLES: Record<string, string> = {
  'var(--mandala-outer)': COLOURS.brand400,
  'var(--mandala-middle)': COLOURS.brand300,
  'var(--mandala-inner)': COLOURS.brand500,
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The marigold of MandalaMotif (src/client/components/mandala-motif.tsx) as plain SVG. */
function mandalaSvg(): string {
  const dots = (count: number, radius: number, size: number) =>
    Array.from({ length: count }, (_, index) => {
      const angle = ((2 * Math.PI) / count) * index;
      return (
        `<circle cx="${100 + radius * Math.sin(angle)}" ` +
        `cy="${100 - radius * Math.cos(angle)}" r="${size}" fill="${COLOURS.brand200}"/>`
      );
    }).join('');
  const petals = MANDALA_RINGS.map((ring) =>
    Array.from({ length: ring.count }, (_, index) => {
      const angle = (360 / ring.count) * index + (ring.offset ?? 0);
      return (
        `<ellipse cx="100" cy="${100 - ring.radius}" rx="${ring.width / 2}" ry="${ring.length / 2}" ` +
        `fill="${VARIABLES[ring.fill]}" transform="rotate(${angle} 100 100)"/>`
      );
    }).join(''),
  ).join('');
  const { accent700, brand200, brand300, brand500 } = COLOURS;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="100%" height="100%">
    <circle cx="100" cy="100" r="96" fill="none" stroke="${brand300}" stroke-width="1.2" stroke-dasharray="2 5"/>
    ${dots(32, 91, 1.6)}${petals}
    <circle cx="100" cy="100" r="20" fill="${accent700}"/>
    <circle cx="100" cy="100" r="13" fill="none" stroke="${brand200}" stroke-width="1.5"/>
    ${dots(8, 13, 1.8)}
    <circle cx="100" cy="100" r="5" fill="${brand500}"/>
  </svg>`;
}

function page(): string {
  const name = process.env.BRAND_NAME?.trim() || DEFAULT_BRAND.name;
  const services = SERVICE_TYPES.map((service) => escapeHtml(service.name)).join(' · ');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; background: ${COLOURS.cream}; }
    body { display: flex; align-items: center; font-family: system-ui, "Noto Sans", "DejaVu Sans", Arial, sans-serif; }
    .art { position: absolute; right: -150px; top: 15px; width: 600px; height: 600px; }
    .band { position: absolute; left: 0; right: 0; bottom: 0; height: 18px; background: ${COLOURS.accent800}; }
    .text { position: relative; margin-left: 80px; width: 680px; }
    h1 { margin: 0; font-family: "Playfair Display", Georgia, "DejaVu Serif", serif; font-size: 84px; line-height: 1.05;
         color: ${COLOURS.accent900}; letter-spacing: -1px; }
    .tagline { margin-top: 24px; font-size: 30px; line-height: 1.3; color: ${COLOURS.accent800}; }
    .services { margin-top: 40px; padding-top: 24px; border-top: 3px solid ${COLOURS.cream200}; font-size: 24px;
                line-height: 1.5; color: ${COLOURS.ink700}; }
  </style></head><body>
    <div class="art">${mandalaSvg()}</div>
    <div class="text">
      <h1>${escapeHtml(name)}</h1>
      <div class="tagline">${escapeHtml(DEFAULT_BRAND.tagline)}</div>
      <div class="services">${services}</div>
    </div>
    <div class="band"></div>
  </body></html>`;
}

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  await tab.setContent(page());
  writeFileSync(out, await tab.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } }));
  console.log(`Wrote ${out}`);
} finally {
  await browser.close();
}
