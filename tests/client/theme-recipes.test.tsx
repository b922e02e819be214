import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
