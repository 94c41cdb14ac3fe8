// A part of the UI loaded on demand (src/renderer/lazy/lazy-part.ts): fetched once however often
// it is asked for, and fetched again after a failed load instead of keeping the failure.
import { describe, expect, it } from 'vitest';
import { lazyPart } from '../../../src/renderer/lazy/lazy-part';

const Part = () => null;

describe('lazyPart', () => {
  it('loads its module once for any number of preloads', async () => {
    let loads = 0;
    const part = lazyPart(
      async () => {
        loads += 1;
        return { Part };
      },
      (module) => module.Part,
    );
    expect(loads).toBe(0);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(loads).toBe(1);
  });

  it('tries again after a load that failed', async () => {
    let loads = 0;
    const part = lazyPart(
      async () => {
        loads += 1;
        if (loads === 1) throw new Error('chunk not readable');
        return { Part };
      },
      (module) => module.Part,
    );
    await expect(part.preload()).rejects.toThrow('chunk not readable');
    await expect(part.preload()).resolves.toEqual({ Part });
    expect(loads).toBe(2);
  });
});
