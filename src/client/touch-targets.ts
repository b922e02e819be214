import { defineConfig, defineSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import {
  datePickerSlotRecipe,
  nativeSelectSlotRecipe,
  tabsSlotRecipe,
  tagsInputSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Phones (below Chakra's `md`, 768 px) and any touch screen. Chakra's compact sizes (buttons of 32–40 px, 36 px
 * selects, 40 px tabs and calendar days) suit a mouse; under a finger every control gets at least 44 × 44 px
 * (WCAG 2.5.5, Apple's and Material's guidance). Desktop layouts keep their sizes.
 */
export const TOUCH_MEDIA = '@media (max-width: 47.999em), (pointer: coarse)';

const TARGET = '2.75rem'; // 44 px

/**
 * For a link that stands on its own (footer, table of contents, a contact line, an e-mail in a details list):
 * a 44 px tall box on touch screens. Links inside running text stay inline.
 */
export const touchTarget: SystemStyleObject = {
  [TOUCH_MEDIA]: { minHeight: TARGET, display: 'inline-flex', alignItems: 'center' },
};

/** The recipe parts that draw tappable controls, made 44 px on touch screens. */
export const touchTargetConfig = defineConfig({
  theme: {
    recipes: {
      // Button, IconButton, CloseButton and every `Button asChild` link.
      button: { base: { [TOUCH_MEDIA]: { minHeight: TARGET, minWidth: TARGET } } },
      // A plain Input at its default size (the admin's search boxes, date ranges and payment form).
      input: { base: { [TOUCH_MEDIA]: { minHeight: TARGET } } },
    },
    slotRecipes: {
      // The slot lists are Chakra's own; only the base styles below are added to its recipes.
      tabs: defineSlotRecipe({
        slots: tabsSlotRecipe.slots,
        base: { trigger: { [TOUCH_MEDIA]: { minHeight: TARGET } } },
      }),
      nativeSelect: defineSlotRecipe({
        slots: nativeSelectSlotRecipe.slots,
        base: { field: { [TOUCH_MEDIA]: { minHeight: TARGET } } },
      }),
      tagsInput: defineSlotRecipe({
        slots: tagsInputSlotRecipe.slots,
        base: { control: { [TOUCH_MEDIA]: { minHeight: TARGET } } },
      }),
      datePicker: defineSlotRecipe({
        slots: datePickerSlotRecipe.slots,
        base: {
          view: { [TOUCH_MEDIA]: { '--table-cell-size': TARGET, '--datepicker-nav-trigger-size': TARGET } },
          viewTrigger: { [TOUCH_MEDIA]: { minHeight: TARGET } },
        },
      }),
    },
  },
});
