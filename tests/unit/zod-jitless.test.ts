import { describe, expect, it } from 'vitest';

describe('zod jitless mode set before zod loads', () => {
  it('is the configuration zod uses once it is imported', async () => {
    await import('../../src/client/lib/zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
