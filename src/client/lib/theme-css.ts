/** The attribute by which a pre-rendered page's theme `<style>` names the whole stylesheet (scripts/prerender.ts). */
export const THEME_ATTRIBUTE = 'data-theme-stylesheet';

/** How long the page waits for the stylesheet before it goes on without it (the part stays then). */
const WAIT_AT_MOST_MS = 3000;

/**
 * A pre-rendered page's head carries only the part of the theme's global CSS (Chakra's reset, global styles and
 * tokens) that its first paint can use, and names the stylesheet with the whole of it (docs/decisions.md, "The
 * theme's CSS for the first paint"). The app adds that stylesheet as it starts, right after the part; added by
 * script, it does not hold back the page's paint. Once it has loaded it replaces the part, and the browser works out
 * the page's styles again there and then, in that task of its own: the page waits for this before it hydrates, so
 * that pass does not lengthen a hydration task, and everything the app draws afterwards (another page, a dialog, a
 * signed-in menu) finds every token.
 *
 * Resolves when that is done, when the stylesheet failed or took too long (the part stays), and at once on a page
 * without the part.
 */
export function completeThemeCss(document: Document, waitAtMostMs = WAIT_AT_MOST_MS): Promise<void> {
  const firstPaint = document.querySelector<HTMLStyleElement>(`style[${THEME_ATTRIBUTE}]`);
  const href = firstPaint?.getAttribute(THEME_ATTRIBUTE);
  if (!firstPaint || !href) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitAtMostMs);
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    link.addEventListener(
      'load',
      () => {
        // The theme's only copy from now on: the part's rules twice over (every element matches its `*` rules)
        // would make every later style pass longer.
        firstPaint.remove();
        void document.body.offsetHeight;
        settle();
      },
      { once: true },
    );
    link.addEventListener('error', settle, { once: true });
    firstPaint.after(link);
  });
}
