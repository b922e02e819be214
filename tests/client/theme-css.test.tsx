import { afterEach, describe, expect, it } from 'vitest';
import { completeThemeCss } from '../../src/client/lib/theme-css';

const stylesheets = () =>
  Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.getAttribute('href'));

afterEach(() => {
  document.head.querySelectorAll('style[data-theme-stylesheet], link[rel="stylesheet"], #after').forEach((node) => {
    node.remove();
  });
});

describe('the whole theme stylesheet of a pre-rendered page', () => {
  it('is added right after the first paint’s part of it, which names it, and replaces the part once loaded', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<style data-theme-stylesheet="/assets/theme-abc.css">h1{margin:0}</style><style id="after"></style>',
    );
    let done = false;
    const completed = completeThemeCss(document).then(() => (done = true));
    expect(stylesheets()).toEqual(['/assets/theme-abc.css']);
    const part = document.querySelector('style[data-theme-stylesheet]');
    const link = part?.nextElementSibling;
    expect(link?.getAttribute('href')).toBe('/assets/theme-abc.css');
    // The part stays while the stylesheet loads, so the page keeps its look, and the page waits.
    await Promise.resolve();
    expect(part?.isConnected).toBe(true);
    expect(done).toBe(false);
    link?.dispatchEvent(new Event('load'));
    await completed;
    expect(part?.isConnected).toBe(false);
    expect(stylesheets()).toEqual(['/assets/theme-abc.css']);
  });

  it('leaves the part in place when the stylesheet fails to load, or takes too long', async () => {
    document.head.insertAdjacentHTML('beforeend', '<style data-theme-stylesheet="/assets/theme-abc.css"></style>');
    const failed = completeThemeCss(document);
    document.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('error'));
    await failed;
    expect(document.querySelector('style[data-theme-stylesheet]')?.isConnected).toBe(true);
    // The page goes on without it after the wait it allows.
    await completeThemeCss(document, 10);
    expect(document.querySelector('style[data-theme-stylesheet]')?.isConnected).toBe(true);
  });

  it('is not asked for on a page that was not pre-rendered', async () => {
    await completeThemeCss(document);
    expect(stylesheets()).toEqual([]);
  });
});
