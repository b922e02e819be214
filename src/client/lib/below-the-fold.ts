import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A section below the first screen: the browser skips its style, layout and paint until it comes near the
 * viewport (`content-visibility: auto`), so the first screen is drawn and hydrated without them. The section stays
 * in the document, the accessibility tree and find-in-page. Until it is first drawn its content takes the height
 * given here (measured at each width, without the section's own padding); `auto` then keeps its real height
 * (docs/decisions.md, "Sections drawn when near the screen").
 */
export function belowTheFold(heights: { base: string; md: string; lg: string }): SystemStyleObject {
  return {
    contentVisibility: 'auto',
    containIntrinsicSize: {
      base: `auto ${heights.base}`,
      md: `auto ${heights.md}`,
      lg: `auto ${heights.lg}`,
    },
  };
}
