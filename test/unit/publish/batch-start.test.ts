// A batch of Publish (engine-parts/batch-start.ts): made side by side, taken on in the batch's order,
// a failure of one making thrown after the others were taken on, a failure of taking one on undoing
// the jobs made after it.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BATCH_WIDTH, startBatch } from '../../../src/main/publish/engine-parts/batch-start';

const ids = Array.from({ length: BATCH_WIDTH + 12 }, (_, i) => `d${i}`);

describe('startBatch', () => {
  it('makes several at once and takes them on in the order of the batch', async () => {
    let running = 0;
    let most = 0;
    const taken: string[] = [];
    const results = await startBatch(
      ids,
      async (id) => {
        running += 1;
        most = Math.max(most, running);
        // Later drafts finish first: the order of taking must not follow them.
        await sleep(ids.length - Number(id.slice(1)));
        running -= 1;
        return id;
      },
      async (id) => {
        taken.push(id);
        return `job-${id}`;
      },
      async () => undefined,
    );
    expect(taken).toEqual(ids);
    expect(results).toEqual(ids.map((id) => `job-${id}`));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(BATCH_WIDTH);
  });

  it('takes on every job that was made before it throws the failure of one', async () => {
    const taken: string[] = [];
    await expect(
      startBatch(
        ids,
        async (id) => {
          if (id === 'd3') throw new Error('disk full');
          return id;
        },
        async (id) => void taken.push(id),
        async () => undefined,
      ),
    ).rejects.toThrow('disk full');
    expect(taken).toEqual(ids.filter((id) => id !== 'd3'));
  });

  it('undoes the jobs made after one that could not be taken on', async () => {
    const taken: string[] = [];
    const undone: string[] = [];
    await expect(
      startBatch(
        ids,
        async (id) => id,
        async (id) => {
          if (id === 'd5') throw new Error('shop out of reach');
          taken.push(id);
        },
        async (id) => void undone.push(id),
      ),
    ).rejects.toThrow('shop out of reach');
    expect(taken).toEqual(ids.slice(0, 5));
    expect(undone).toEqual(ids.slice(6));
  });
});
