// Feeds that run by themselves (issue 25.6): a feed with `everyMinutes` falls due that long after
// its last run, keyed by its slot so one slot is run once; a feed without the seller's yes to its
// first run, or without a schedule, is never due. A fake clock: the times are given.
import { describe, expect, it } from 'vitest';
import type { Feed } from '../../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { feedDueSource, feedSlot } from '../../../src/main/feeds/due-source';

const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const feed = (over: Partial<Feed>): Feed => ({
  id: 'f1',
  name: 'Lager',
  source: { kind: 'file', path: '/shop/lager.csv' },
  accountId: 'sandbox',
  referenceColumn: 'SKU',
  gone: 'pause',
  publish: false,
  maxShare: 0.2,
  approved: true,
  header: ['SKU'],
  createdAt: new Date(T0 - 86_400_000).toISOString(),
  lastRunAt: new Date(T0).toISOString(),
  everyMinutes: 60,
  ...over,
});

describe('feedDueSource', () => {
  it('offers an approved feed once its interval since the last run has passed, keyed by the slot', async () => {
    const ran: string[] = [];
    const source = feedDueSource(
      () => [feed({})],
      {
        run: async (f) => {
          ran.push(f.id);
          return {} as FeedRun;
        },
      },
      async () => undefined,
    );
    expect(await source.due(T0 + 59 * 60_000)).toEqual([]);
    expect(await source.next!(T0)).toBe(T0 + 3_600_000);
    const [task, ...more] = await source.due(T0 + 61 * 60_000);
    expect(more).toEqual([]);
    expect(task).toMatchObject({
      key: 'feed:f1:2026-03-02T09:00:00.000Z',
      kind: 'feed',
      dueAt: T0 + 3_600_000,
      label: 'Lager',
    });
    await task!.run(new AbortController().signal);
    expect(ran).toEqual(['f1']);
  });

  it('never offers a feed whose first run waits for the seller, nor one without a schedule', async () => {
    const later = T0 + 10 * 86_400_000;
    const source = feedDueSource(
      () => [feed({ approved: false, lastRunAt: null }), feed({ id: 'f2', everyMinutes: undefined })],
      { run: async () => ({}) as FeedRun },
      async () => undefined,
    );
    expect(await source.due(later)).toEqual([]);
    expect(await source.next!(later)).toBeUndefined();
    expect(feedSlot(feed({ approved: false }))).toBeUndefined();
  });

  it('counts the next slot from a run that applied nothing (held, or its file unreadable), so it comes again', async () => {
    let stored = feed({});
    const source = feedDueSource(
      () => [stored],
      // A held run: it applies nothing, so it keeps no lastRunAt of its own.
      { run: async () => ({ state: 'held' }) as FeedRun },
      async (_id, at) => {
        stored = { ...stored, lastRunAt: at };
      },
    );
    const first = T0 + 61 * 60_000;
    const [task] = await source.due(first);
    await task!.run(new AbortController().signal);
    expect(await source.due(first + 30 * 60_000)).toEqual([]);
    const [again] = await source.due(first + 61 * 60_000);
    expect(again?.key).toBe(`feed:f1:${new Date(first + 3_600_000).toISOString()}`);
  });
});
