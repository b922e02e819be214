import { defineConfig } from '@chakra-ui/react';

/** What only works on a screen: navigation, footer, buttons and button links, dialogs, popovers, toasts. */
const SCREEN_ONLY = [
  'nav',
  'footer',
  'button',
  '.chakra-button',
  '[data-scope="dialog"]',
  '[data-scope="drawer"]',
  '[data-scope="popover"]',
  '[data-scope="date-picker"][data-part="positioner"]',
  '[data-live-announcer]',
  '[data-toast-id]',
].join(', ');

/**
 * Printing (a booking's details and the quote print cleanly on A4). Paper gets black text on white, no
 * shadows or coloured panels, and none of the screen-only parts above. Links print as their text (nothing adds
 * the address after them). Cards, sections and list rows are kept whole on a sheet. A page leaves out its own
 * screen-only parts with Chakra's `_print` style prop.
 */
export const printConfig = defineConfig({
  globalCss: {
    '@page': { margin: '14mm 12mm' },
    'html, body': { _print: { background: '#fff !important', color: '#000 !important' } },
    '*, *::before, *::after': {
      _print: {
        color: '#000 !important',
        background: 'transparent !important',
        boxShadow: 'none !important',
        textShadow: 'none !important',
        borderColor: '#b3b3b3 !important',
      },
    },
    [SCREEN_ONLY]: { _print: { display: 'none !important' } },
    // A part marked to print alone (a day's run sheet) leaves everything around it off the paper.
    'body:has([data-print-alone]) *:not(:has([data-print-alone])):not([data-print-alone]):not([data-print-alone] *)': {
      _print: { display: 'none !important' },
    },
    a: { _print: { textDecoration: 'none !important' } },
    'section, article, li, dl > div, tr': { _print: { breakInside: 'avoid' } },
    'h1, h2, h3': { _print: { breakAfter: 'avoid' } },
  },
});
