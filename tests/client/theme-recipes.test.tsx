import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/client/theme';
import { askedRecipes, missingRecipes } from './recipes';
import { renderApp } from './render';

/*
 * The trimmed Chakra system (src/client/theme.ts) styles what the pages render: each recipe a rendered component
 * asks for is there. Every client test checks this after it runs (tests/client/setup.ts); this one shows the
 * check sees the lookups, on /book, whose package chooser is built from Chakra's RadioCard.
 */
describe('the Chakra system', () => {
  it('has the recipe of every component /book renders, the package chooser included', async () => {
    renderApp({ path: '/book' });
    await screen.findByRole('heading', { name: 'Event Details' });
    await screen.findByRole('radio', { name: /Premium/ });
    expect([...askedRecipes()]).toEqual(expect.arrayContaining(['radioCard', 'button', 'heading']));
    expect(missingRecipes()).toEqual([]);
  });

  it('has the light look only: its tokens carry no dark-mode values', () => {
    // The token CSS by selector, as the head of a pre-rendered page carries it.
    const css = JSON.stringify(system.getTokenCss());
    // Chakra's semantic tokens are all there, with their light values.
    expect(css).toContain('"--chakra-colors-teal-fg":"var(--chakra-colors-teal-700)"');
    expect(css).toContain('"--chakra-colors-bg-panel":');
    expect(css).not.toContain('.dark');
    expect(css).not.toContain('"--chakra-colors-teal-subtle":"var(--chakra-colors-teal-900)"');
  });

  it('keeps a solid button’s text at 4.5:1 or more, hovered too, in every palette the app draws them in', () => {
    const solid = system.getRecipe('button').variants?.variant?.solid as { _hover?: { bg?: string } } | undefined;
    // Hovered, Chakra draws the button's colour at this share over what is behind it (white, the panels).
    const hoverShare = Number(/^colorPalette\.solid\/(\d+)$/.exec(solid?._hover?.bg ?? '')?.[1]) / 100;
    expect(hoverShare).toBeGreaterThan(0);
    for (const palette of ['brand', 'accent', 'red', 'green', 'gray']) {
      const background = colourOf(`${palette}.solid`);
      const text = colourOf(`${palette}.contrast`);
      expect({ palette, ratio: contrast(text, background) >= 4.5 }).toEqual({ palette, ratio: true });
      const hovered = over(background, hoverShare, '#FFFFFF');
      expect({ palette, hovered: contrast(text, hovered) >= 4.5 }).toEqual({ palette, hovered: true });
    }
  });

  it('declares its custom properties once on the root, not on every element', () => {
    // The system's global styles by selector (`&` stands for the place each is nested in).
    const layer = (system.getGlobalCss() as Record<string, Record<string, Record<string, unknown>>>)['@layer base']!;
    const rules = new Map(Object.entries(layer).map(([selector, style]) => [selector.replaceAll('&', ''), style]));
    const declared = (selector: string) => Object.keys(rules.get(selector) ?? {}).filter((n) => n.startsWith('--'));
    const everyElement = [...rules.keys()].filter((selector) => selector.split(',').some((s) => s.trim() === '*'));
    expect(everyElement.length).toBeGreaterThan(0);
    expect(everyElement.flatMap(declared)).toEqual([]);
    expect(rules.get('*')).toMatchObject({ fontFeatureSettings: '"cv11"' });
    // The defaults the ring and filter utilities and the reset read are still there, for every element to inherit.
    expect(declared('html')).toEqual(
      expect.arrayContaining(['--ring-color', '--ring-offset-width', '--brightness', '--global-color-border']),
    );
  });
});

/** A colour token's value as `#RRGGBB`, following the references of semantic tokens (their light value). */
function colourOf(name: string): string {
  const token = system.tokens.getByName(`colors.${name}`);
  const conditions = token?.extensions.conditions as Record<string, string> | undefined;
  const value = String(conditions?.base ?? conditions?._light ?? token?.value);
  const reference = /^\{colors\.(.+)\}$/.exec(value);
  if (reference) return colourOf(reference[1]!);
  if (value === 'white') return '#FFFFFF';
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`colors.${name} is ${value}`);
  return value;
}

function channels(hex: string): number[] {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
}

/** `colour` drawn at `share` opacity over `behind`. */
function over(colour: string, share: number, behind: string): string {
  const under = channels(behind);
  const mixed = channels(colour).map((value, i) => Math.round(share * value + (1 - share) * under[i]!));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = channels(hex).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}
