import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/client/theme';

/*
 * The app's Chakra system carries only the recipes the app uses (src/client/theme.ts, issue 7). A component whose
 * recipe is missing renders unstyled without any error, so this test reads every Chakra component the client
 * imports, finds the recipe keys its implementation looks up (following the Chakra components it is built from),
 * and checks that the system has each one Chakra's default theme has (some keys, such as Text's, have none).
 */
const CLIENT = join(import.meta.dirname, '..', '..', 'src', 'client');
const COMPONENTS = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist', 'esm', 'components');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Value imports from '@chakra-ui/react' anywhere in the client. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(CLIENT)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!.trim();
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Recipe keys a component directory uses, following its imports of other component directories. */
function recipeKeys(dir: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(dir)) return keys;
  seen.add(dir);
  let files: string[];
  try {
    files = readdirSync(join(COMPONENTS, dir)).filter((f) => f.endsWith('.js'));
  } catch {
    return keys; // layout primitives (Box, Stack…) have no directory of their own
  }
  for (const file of files) {
    const code = readFileSync(join(COMPONENTS, dir, file), 'utf8');
    for (const m of code.matchAll(/key: "([A-Za-z]+)"/g)) keys.add(m[1]!);
    for (const m of code.matchAll(/from '\.\.\/([a-z-]+)\//g)) for (const key of recipeKeys(m[1]!, seen)) keys.add(key);
  }
  return keys;
}

describe('Chakra theme', () => {
  it('has a recipe for every component the client uses', () => {
    const missing: string[] = [];
    for (const name of importedChakraNames()) {
      for (const key of recipeKeys(kebab(name))) {
        const inDefaults = Boolean(defaultConfig.theme?.recipes?.[key] ?? defaultConfig.theme?.slotRecipes?.[key]);
        if (inDefaults && !system.getRecipe(key) && !system.getSlotRecipe(key)) missing.push(`${name} needs "${key}"`);
      }
    }
    expect(missing).toEqual([]);
    // The scan itself works: it finds the recipes of components the app is known to use.
    expect(recipeKeys('radio-card')).toEqual(new Set(['radioCard', 'radiomark']));
  });
});
