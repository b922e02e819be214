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
