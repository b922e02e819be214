import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real server, driven through Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each poll waits for the page to reach a state; on a busy machine the client can take seconds to get there.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
