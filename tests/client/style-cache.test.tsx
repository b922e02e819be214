import { Box, ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, ClassNames, keyframes } from '@emotion/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStyleCache } from '../../src/client/lib/style-cache';
import { system } from '../../src/client/theme';

/** The CSS the app's style cache wrote for what was rendered inside it, every sheet included. */
function writtenCss(ui: React.ReactNode): string {
  const cache = createStyleCache();
  const { unmount } = render(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{ui}</ChakraProvider>
    </CacheProvider>,
  );
  const css = cache.sheet.tags.map((tag) => tag.textContent ?? '').join('');
  unmount();
  return css;
}

const blink = keyframes`from { opacity: 0; } to { opacity: 1; }`;

describe('the style cache', () => {
  it('writes flex, transform, animation and keyframes rules once, unprefixed', () => {
    const css = writtenCss(
      <>
        <ClassNames>
          {({ css }) => (
            <p
              className={css`
                animation: ${blink} 1s;
              `}
            >
              Blinks
            </p>
          )}
        </ClassNames>
        <Box display="flex" alignItems="center" flexDirection="column" transform="translateX(2px)" appearance="none">
          Flex
        </Box>
      </>,
    );
    expect(css).toContain('display:flex;');
    expect(css).toContain('align-items:center;');
    expect(css).toContain('transform:translateX(2px);');
    expect(css).toContain('appearance:none;');
    expect(css).toContain('@keyframes');
    expect(css).not.toMatch(/-webkit-box|-ms-flex|-webkit-flex|-webkit-align-items|-moz-|-ms-|@-webkit-keyframes/);
    expect(css).not.toMatch(/-webkit-(transform|appearance|animation)/);
  });

  it('keeps the prefix where a supported browser still needs it', () => {
    const css = writtenCss(
      <Box userSelect="none" backdropFilter="blur(4px)" css={{ hyphens: 'auto', maskImage: 'none' }}>
        Frosted
      </Box>,
    );
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
    expect(css).toContain('-webkit-hyphens:auto;hyphens:auto;');
    expect(css).toContain('-webkit-mask-image:none;mask-image:none;');
  });
});
