import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedFor, collapsed } from '../../src/server/lib/collapse';

/** A load that counts its calls and settles when told to. */
function controlledLoad() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(() => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })));
  return { load, pending };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('collapsed', () => {
  it('gives callers that arrive while a load runs its answer, and starts a new load after it settles', async () => {
    const { load, pending } = controlledLoad();
    const read = collapsed(load);
    const key = {};
    const first = [read(key), read(key), read(key)];
    expect(load).toHaveBeenCalledTimes(1);
    pending[0]!.resolve(1);
    expect(await Promise.all(first)).toEqual([1, 1, 1]);
    const next = read(key);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(2);
    expect(await next).toBe(2);
  });

  it('keeps keys apart', () => {
    const { load } = controlledLoad();
    const read = collapsed(load);
    void read({});
    void read({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('cachedFor', () => {
  it('reuses an answer while it is fresh and loads again once it is not', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const { load, pending } = controlledLoad();
    const read = cachedFor(5_000, load);
    const key = {};
    const first = read(key);
    pending[0]!.resolve(1);
    expect(await first).toBe(1);
    vi.setSystemTime(1_004_999);
    expect(await read(key)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_005_001);
    const second = read(key);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(2);
    expect(await second).toBe(2);
  });

  it('does not keep a failure: the next caller loads again', async () => {
    const { load, pending } = controlledLoad();
    const read = cachedFor(60_000, load);
    const key = {};
    const failed = read(key);
    pending[0]!.reject(new Error('database down'));
    await expect(failed).rejects.toThrow('database down');
    const retry = read(key);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(3);
    expect(await retry).toBe(3);
  });
});
