// The listings cache written after a burst of changes (a feed's run remembering each ad it updated):
// every caller is answered once its state or a newer one is on disk, and the file ends with the newest.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCacheWrites } from '../../../src/main/listings/cache-writes';
import type { ListingsState } from '../../../src/shared/ipc/types';
import { tempDir } from '../helpers/temp-app';

const temp = tempDir('listing-desk-cache-writes-');
afterEach(() => temp.remove());

const state = (n: number): ListingsState =>
  ({
    accountId: 'a',
    listings: [],
    fetchedAt: `2026-11-27T08:00:${String(n).padStart(2, '0')}.000Z`,
  }) as ListingsState;

describe('cache writes', () => {
  it('ends a burst with the newest state on disk, each caller answered after it is written', async () => {
    const file = path.join(temp.dir, 'a.json');
    const log = { error: vi.fn() };
    const writes = createCacheWrites(() => file, log);
    const read = async () => (JSON.parse(await readFile(file, 'utf8')) as { fetchedAt: string }).fetchedAt;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await writes.write('a', state(i + 1));
        // What is on disk when this caller is answered: its own state or a newer one.
        return (await read()) >= state(i + 1).fetchedAt!;
      }),
    );
    expect(answers.every(Boolean)).toBe(true);
    await writes.settled();
    expect(await read()).toBe(state(20).fetchedAt);
    expect(log.error).not.toHaveBeenCalled();
  });
});
