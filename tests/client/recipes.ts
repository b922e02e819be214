import { defaultConfig } from '@chakra-ui/react';
import { system } from '../../src/client/theme';

/*
 * The app's Chakra system carries only the recipes the app uses (src/client/theme.ts). A component whose recipe is
 * missing renders unstyled without any error, so every client test records which recipes the components it renders
 * ask the system for, and fails (tests/client/setup.ts) when one of them is a recipe of Chakra's default theme that
 * the app's system lacks.
 */
const asked = new Set<string>();

for (const method of ['getRecipeFn', 'getSlotRecipeFn'] as const) {
  const original = system[method].bind(system) as (key: string) => unknown;
  (system as unknown as Record<string, (key: string) => unknown>)[method] = (key: string) => {
    asked.add(key);
    return original(key);
  };
}

/** Every recipe key the components rendered so far asked for. */
export function askedRecipes(): ReadonlySet<string> {
  return asked;
}

/** Recipes asked for that Chakra's default theme has and the app's system does not. */
export function missingRecipes(): string[] {
  const defaults = defaultConfig.theme;
  return [...asked].filter(
    (key) =>
      Boolean(defaults?.recipes?.[key] ?? defaults?.slotRecipes?.[key]) &&
      !system.getRecipe(key) &&
      !system.getSlotRecipe(key),
  );
}
