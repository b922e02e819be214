import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverOnlyPackages = [
  'argon2',
  'nodemailer',
  'smtp-server',
  'postgres',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/pglite',
  'fastify',
  '@fastify/*',
  'jose',
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', 'drizzle/meta/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
      // Lines under 120 columns (docs/decisions.md, "Lines under 120 columns"): Prettier wraps code at 120 but leaves
      // strings and comments whole. A test call's first line is the one exception: Prettier keeps `it('…', () => {`
      // on one line whatever the title's length.
      'max-len': ['error', { code: 120, ignorePattern: '^\\s*(it|test|describe|bench)(\\.\\w+)*\\(' }],
    },
  },
  // The client tests are still to be brought under the limit (docs/decisions.md, "Lines under 120 columns").
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Boundaries (style guide): shared is isomorphic; the client sees the server only as types.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '**/server/**'], message: 'src/shared imports nothing from client or server.' },
            { group: ['node:*', ...serverOnlyPackages], message: 'src/shared must run in the browser too.' },
          ],
        },
      ],
    },
  },
  // Layers point one way: the tRPC door lives in trpc/ and the *.router.ts files; services, REST routes, jobs,
  // mail and the seed build on the transport-neutral src/server/context.ts (docs/decisions.md).
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['src/server/trpc/**', 'src/server/**/*.router.ts', 'src/server/app.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/trpc', '**/trpc/**'],
              message: 'Only the tRPC door (trpc/ and *.router.ts) imports from trpc/; use src/server/context.ts.',
            },
            {
              group: ['@trpc/*'],
              allowTypeImports: true,
              message: 'Only the tRPC door (trpc/ and *.router.ts) uses tRPC at run time.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The client imports the server only as types.',
            },
            { group: ['node:*', ...serverOnlyPackages], message: 'Server-only package.' },
          ],
        },
      ],
    },
  },
);
