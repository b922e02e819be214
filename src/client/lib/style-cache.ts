import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * The properties that a browser the app is built for (the build's default target: Chrome and Edge 111, Firefox 114
 * and Safari 16.4 or later) still reads only under the `-webkit-` prefix: Safari for selection, the frosted backdrop,
 * text size, hyphens and broken boxes; Chrome before 120 for masks and clipping a background to text; Chrome for
 * colours in print.
 */
const WEBKIT_ONLY = new Set([
  'user-select',
  'backdrop-filter',
  'text-size-adjust',
  'hyphens',
  'box-decoration-break',
  'background-clip',
  'mask',
  'mask-image',
  'mask-size',
  'mask-position',
  'mask-repeat',
  'mask-origin',
  'mask-clip',
  'mask-composite',
  'print-color-adjust',
]);

/** A declaration of one of those properties is written twice, prefixed first; every other rule as written. */
export const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && WEBKIT_ONLY.has(element.props as string)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * Emotion's style cache for Chakra, on the page and in the build's pre-rendering alike (the class names do not
 * depend on it, so a pre-rendered page hydrates either way). Emotion's default prefixer wrote every flex, transform,
 * animation and keyframes rule three or four times for browsers a decade old; this one writes only the prefixes
 * above (docs/decisions.md, "Smaller public pages").
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [webkitPrefixes] });
}
