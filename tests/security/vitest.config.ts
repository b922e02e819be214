import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The suites that start the real server and time it or load it (a 10 s shutdown budget, a crash and restart, a
 * minute of load): they run after the others, one file at a time, so the in-process suites do not take the CPU
 * they are timed on.
 */
const RELIABILITY = [
  'tests/security/shutdown.test.ts',
  'tests/security/crash-safety.test.ts',
  'tests/security/load.test.ts',
];

/**
 * Security and reliability suites (`npm run test:security`): the authorization matrix, fuzzing, limits, headers
 * and crash safety. Heavier than the server suites, so they run on their own in CI.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...RELIABILITY],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'reliability', include: RELIABILITY, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
