import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  recipes,
  semanticTokens,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagsInputSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { printConfig } from './print-styles';
import { touchTargetConfig } from './touch-targets';

type GlobalCss = typeof globalCss;

/**
 * Chakra's global styles with the custom properties its `*` rule gives every element (the ring and filter
 * utilities' defaults, the global font and border colour) given once to the root instead, where every element
 * inherits the same values. Declared on each element, they made each element carry a set of custom properties of
 * its own, and the style pass before /book's first paint took about two thirds longer (docs/benchmarks.md,
 * "Client"). Only an element that sets one of them itself (the app sets none) passes its value down instead of the
 * default.
 */
function customPropertiesOnTheRoot(css: GlobalCss): GlobalCss {
  const { '*': everyElement = {}, html = {}, ...rest } = css;
  const entries = Object.entries(everyElement as Record<string, unknown>);
  const custom = Object.fromEntries(entries.filter(([name]) => name.startsWith('--')));
  const other = Object.fromEntries(entries.filter(([name]) => !name.startsWith('--')));
  return { '*': other, html: { ...custom, ...(html as Record<string, unknown>) }, ...rest } as GlobalCss;
}

/**
 * Chakra's semantic tokens without their dark-mode values. The product has one look, the light one (`color-scheme:
 * light`, and nothing sets Chakra's `.dark` class), so those values were custom properties no element could ever
 * read: about 6.5 KB in the head of every pre-rendered page (docs/decisions.md, "Smaller public pages").
 */
function lightOnly<T>(tokens: T): T {
  if (typeof tokens !== 'object' || tokens === null || Array.isArray(tokens)) return tokens;
  const kept = Object.entries(tokens).filter(([condition]) => condition !== '_dark');
  return Object.fromEntries(kept.map(([key, value]) => [key, lightOnly(value)])) as T;
}

/*
 * Chakra's default theme, minus the component recipes this app does not use (the full default system
 * put every recipe in the landing page's bundle and took a long time to build at start-up). Tokens, text and
 * layer styles, global CSS and the small plain recipes are all kept, so everything looks exactly as with the
 * default config in its light mode. A component whose slot recipe is not listed here renders unstyled: add its
 * recipe below (tests/client/theme-recipes.test.tsx fails until you do).
 */
const chakraDefaults = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: customPropertiesOnTheRoot(globalCss),
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: lightOnly(semanticTokens),
    textStyles,
    layerStyles,
    animationStyles,
    recipes,
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      datePicker: datePickerSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tagsInput: tagsInputSlotRecipe,
    },
  },
});

/*
 * The brand identity: marigold/saffron for action and celebration, deep aubergine for weight, cream paper for
 * the page. Contrast was checked for WCAG AA: aubergine 950 on saffron 500 is 6.9:1 (solid buttons), brand 700
 * on cream is 5.3:1 (brand-coloured text), muted body text on cream is 6.5:1.
 */
const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: 'brand',
      scrollBehavior: 'smooth',
      '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' },
    },
    body: { bg: 'bg', color: 'fg' },
    '::selection': { bg: 'brand.200', color: 'accent.950' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#FFF8EB' },
          100: { value: '#FEEBC8' },
          200: { value: '#FDD48C' },
          300: { value: '#FBB954' },
          400: { value: '#F99F2A' },
          500: { value: '#EE8512' },
          600: { value: '#D2680B' },
          700: { value: '#AE4D0D' },
          800: { value: '#8C3D12' },
          900: { value: '#733312' },
          950: { value: '#421905' },
        },
        accent: {
          50: { value: '#FBF1F5' },
          100: { value: '#F5DCE6' },
          200: { value: '#EBB8CC' },
          300: { value: '#D98BAA' },
          400: { value: '#C25C84' },
          500: { value: '#A33A65' },
          600: { value: '#862A50' },
          700: { value: '#6B2142' },
          800: { value: '#541A35' },
          900: { value: '#3F1428' },
          950: { value: '#2A0C1A' },
        },
        cream: {
          50: { value: '#FFFBF3' },
          100: { value: '#FBF3E4' },
          200: { value: '#F5E9D3' },
          300: { value: '#EBD9BA' },
        },
        ink: {
          700: { value: '#6B5848' },
          900: { value: '#2A1A12' },
        },
      },
      fonts: {
        heading: {
          value:
            '"Playfair Display", "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, "Times New Roman", serif',
        },
        body: {
          value:
            'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", ' +
            '"Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: '{colors.accent.950}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.200}' },
          subtle: { value: '{colors.brand.100}' },
          emphasized: { value: '{colors.brand.300}' },
          focusRing: { value: '{colors.brand.600}' },
        },
        accent: {
          solid: { value: '{colors.accent.800}' },
          contrast: { value: '{colors.cream.50}' },
          fg: { value: '{colors.accent.700}' },
          // Outline borders: a translucent aubergine reads as a fine rule, where the 200 tint looked pink.
          muted: { value: '#6B214259' },
          subtle: { value: '{colors.accent.100}' },
          emphasized: { value: '{colors.accent.300}' },
          focusRing: { value: '{colors.accent.600}' },
        },
        bg: {
          DEFAULT: { value: '{colors.cream.50}' },
          subtle: { value: '{colors.cream.100}' },
          muted: { value: '{colors.cream.200}' },
          emphasized: { value: '{colors.cream.300}' },
          panel: { value: '{colors.white}' },
        },
        fg: {
          DEFAULT: { value: '{colors.ink.900}' },
          muted: { value: '{colors.ink.700}' },
          // Chakra's red 500 is 3.8:1 on white; field errors are small text and need 4.5:1 (red 700: 6.5:1).
          error: { value: '{colors.red.700}' },
        },
        // White on a solid button, also while hovered (Chakra draws the hover at 90% over the page, a little lighter):
        // on Chakra's green 600 it is 3.3:1 (Approve); green 700 gives 6.8:1, 5.4:1 hovered. Red 600 gives 4.3:1
        // hovered (Erase, Reject); red 700 gives 8.4:1, 7.0:1 hovered.
        green: {
          solid: { value: '{colors.green.700}' },
        },
        red: {
          solid: { value: '{colors.red.700}' },
        },
        border: {
          DEFAULT: { value: '#E8D8BE' },
          muted: { value: '#F0E4CF' },
          emphasized: { value: '#D9C2A0' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraDefaults, config, touchTargetConfig, printConfig);
