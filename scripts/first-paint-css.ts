/**
 * The part of the theme's global CSS (Chakra's reset, global styles and tokens) that a pre-rendered page's first
 * paint can use, for its head; the whole of it is a stylesheet the page's code adds as it starts (scripts/prerender.ts,
 * docs/decisions.md, "The theme's CSS for the first paint").
 *
 * Until its code runs, a pre-rendered page is fixed markup: only the elements in it can be styled, and only the
 * custom properties and keyframes its styles name can be read. What is left out:
 * - a rule none of whose selectors can match an element of the page, in any state;
 * - a custom property no style, inline style or kept custom property of the page reads with `var()`;
 * - keyframes no kept declaration or inline style names;
 * - the rules for printing (`@media print`, `@page`): a page printed before its code has added the whole
 *   stylesheet, a moment after the first paint, prints without them.
 */
import { JSDOM } from 'jsdom';
import postcss, { type AtRule, type Container, type Rule } from 'postcss';

/**
 * Whether `selector` can match an element of `document` in some state. Pseudo-classes and pseudo-elements only
 * narrow a selector, so it is asked without them; a selector with a functional pseudo-class (`:not(…)`, `:where(…)`),
 * one the parser does not know, or one that is a pseudo-class alone (`:root`) is kept.
 */
function canMatch(selector: string, document: Document): boolean {
  if (selector.includes('(')) return true;
  const bare = withoutPseudos(selector).trim();
  if (bare === '' || /[>+~]$/.test(bare)) return true;
  try {
    return document.querySelector(bare) !== null;
  } catch {
    return true;
  }
}

/** `selector` without its pseudo-classes and pseudo-elements; a colon inside `[…]` or escaped is kept. */
function withoutPseudos(selector: string): string {
  let bare = '';
  let inAttribute = false;
  for (let at = 0; at < selector.length; at++) {
    const char = selector[at]!;
    if (char === '\\') {
      bare += selector.slice(at, at + 2);
      at++;
    } else if (inAttribute || char !== ':') {
      if (char === '[') inAttribute = true;
      if (char === ']') inAttribute = false;
      bare += char;
    } else {
      while (selector[at + 1] === ':' || /[\w-]/.test(selector[at + 1] ?? '')) at++;
    }
  }
  return bare;
}

function insideKeyframes(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === 'atrule' && (parent as AtRule).name.endsWith('keyframes');
}

/** A `var()` reference and the property it reads, as written (a token's name escapes its `.` and `/`: `1\\.5`). */
const VAR_REFERENCE = /var\(\s*(--(?:[\w-]|\\.)+)/g;

/** A name as a whole word in `text` (a custom property's or keyframes' name may contain hyphens). */
function namesWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text);
}

/** Removes the blocks left empty, innermost first; true when one went. */
function removeEmptyBlocks(root: Container): boolean {
  let removed = false;
  root.walk((node) => {
    if ((node.type === 'rule' || node.type === 'atrule') && node.nodes !== undefined && node.nodes.length === 0) {
      node.remove();
      removed = true;
    }
  });
  return removed;
}

/**
 * `themeCss` without what the page in `html` (its whole document, with every other style it carries) cannot use
 * before its code starts.
 */
export function firstPaintCss(themeCss: string, html: string): string {
  const document = new JSDOM(html).window.document;
  const root = postcss.parse(themeCss);

  root.walkAtRules((atRule) => {
    if (atRule.name === 'page' || (atRule.name === 'media' && atRule.params.trim() === 'print')) atRule.remove();
  });
  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    const kept = rule.selectors.filter((selector) => canMatch(selector, document));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });

  // Dropping one custom property can leave another unread (`--a: var(--b)`): repeat until nothing more goes.
  for (let changed = true; changed;) {
    changed = false;
    const text = `${root.toString()}\n${html}`;
    const read = new Set(Array.from(text.matchAll(VAR_REFERENCE), (match) => match[1]));
    root.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--') && !read.has(declaration.prop)) {
        declaration.remove();
        changed = true;
      }
    });
    const values: string[] = [];
    root.walkDecls((declaration) => void values.push(declaration.value));
    const named = `${values.join('\n')}\n${html}`;
    root.walkAtRules(/keyframes$/, (keyframes) => {
      if (!namesWord(named, keyframes.params)) {
        keyframes.remove();
        changed = true;
      }
    });
    if (removeEmptyBlocks(root)) changed = true;
  }
  return root.toString();
}
