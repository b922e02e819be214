/**
 * The first script of a pre-rendered public page (docs/decisions.md, "Pre-rendered public pages"). The page is
 * painted from its HTML first; the app's code (the shell's own entry, named by this script's `data-app-entry`, which
 * scripts/prerender.ts writes) is fetched and started only after that paint, so the text a visitor came for never
 * waits for the code.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = script?.dataset.appEntry;

/** After the browser has painted the page once: the frame after the next one has begun (or a moment, if hidden). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

if (entry) void afterFirstPaint().then(() => import(/* @vite-ignore */ entry));
