import { describe, expect, it } from 'vitest';
import { firstPaintCss } from '../../scripts/first-paint-css';

const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('the theme CSS a pre-rendered page keeps for its first paint', () => {
  it('keeps a rule an element of the page can match in some state, and drops one none can', () => {
    const css =
      'h1{margin:0}h3{margin:0}table{border-collapse:collapse}a:hover{color:red}input::placeholder{opacity:1}';
    expect(firstPaintCss(css, page('<h1>Title</h1><a href="/">Home</a><input>'))).toBe(
      'h1{margin:0}a:hover{color:red}input::placeholder{opacity:1}',
    );
  });

  it('reads a colon inside an attribute selector, or escaped, as part of the selector', () => {
    const css = '[data-time="10:30"]{color:red}[data-time="11:30"]{color:blue}.md\\:wide{width:100%}';
    expect(firstPaintCss(css, page('<p data-time="10:30" class="md:wide">x</p>'))).toBe(
      '[data-time="10:30"]{color:red}.md\\:wide{width:100%}',
    );
  });

  it('keeps only the selectors of a list that can match', () => {
    expect(firstPaintCss('h1,h2,h3,sub{margin:0}', page('<h1>a</h1><h3>b</h3>'))).toBe('h1,h3{margin:0}');
  });

  it('keeps what it cannot judge: functional pseudo-classes, the root, a pseudo-element alone', () => {
    const css = '[hidden]:where(:not([hidden=until-found])){display:none}:root{color:red}::selection{color:blue}';
    expect(firstPaintCss(css, page('<p>x</p>'))).toBe(css);
  });

  it('drops the custom properties nothing on the page reads, and then those only they read', () => {
    const css =
      ':where(html){--used:1px;--unused:2px;--read-by-used:3px;--read-by-unused:4px;--used2:var(--read-by-used)}' +
      ':where(html){--only-unused:var(--read-by-unused)}';
    const html = page('<p style="width:var(--used2)">x</p>', '<style>p{margin:var(--used)}</style>');
    expect(firstPaintCss(css, html)).toBe(':where(html){--used:1px;--read-by-used:3px;--used2:var(--read-by-used)}');
  });

  it('reads a token whose escaped name has a dot or a slash as the whole name', () => {
    const css = ':where(html){--spacing-1:1px;--spacing-1\\.5:2px;--sizes-1\\/3:33%}';
    const html = page('<p>x</p>', '<style>p{gap:var(--spacing-1\\.5);width:var(--sizes-1\\/3)}</style>');
    expect(firstPaintCss(css, html)).toBe(':where(html){--spacing-1\\.5:2px;--sizes-1\\/3:33%}');
  });

  it('keeps keyframes a kept declaration or the page names, also through a custom property', () => {
    const css =
      '@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}@keyframes fade{to{opacity:0}}' +
      '@keyframes slide{to{translate:1px}}:where(html){--anim-pulse:pulse 2s infinite}';
    const html = page(
      '<p style="animation:slide 1s">x</p>',
      '<style>p{animation:var(--anim-pulse)}b{animation-name:spin}</style>',
    );
    expect(firstPaintCss(css, html)).toBe(
      '@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}' +
        '@keyframes slide{to{translate:1px}}:where(html){--anim-pulse:pulse 2s infinite}',
    );
  });

  it('leaves printing to the whole stylesheet', () => {
    const css = '@page{margin:1cm}@media print{p{color:black}}@media (min-width:48rem){p{margin:0}}';
    expect(firstPaintCss(css, page('<p>x</p>'))).toBe('@media (min-width:48rem){p{margin:0}}');
  });

  it('drops a block left empty, and keeps the layer order statement', () => {
    const css = '@layer reset,base;@layer reset{h3{margin:0}}@media screen{table{color:black}}@layer base{p{margin:0}}';
    expect(firstPaintCss(css, page('<p>x</p>'))).toBe('@layer reset,base;@layer base{p{margin:0}}');
  });
});
