// A feed's schedule set or changed (here or, through the team, on another desk) reaches the running
// automation at once: the runner, asleep with nothing due, wakes on the feed's change and waits for
// the feed's next slot, rather than finding it only at its longest wait (five minutes of its clock,
// hours of a sped-up one). Seen in the soak benchmark (issue 38.3).
import { afterEach, expect, it, vi } from 'vitest';
import type { FeedView } from '../../../src/shared/domain/feeds';
import { addFeed, feedApp, type FeedApp } from '../feeds/helpers';
import { fakeClock } from '../../unit/helpers/fake-clock';

const apps: FeedApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

it('a feed given a schedule after its first run is waited for at once by the runner', async () => {
  const clock = fakeClock(Date.now());
  const app = await feedApp({}, { automation: { clock } });
  apps.push(app);
  const file = app.write([{ sku: 'L-1', title: 'Stehlampe', price: '19,90', stock: '3' }]);
  const settings = {
    name: 'lager',
    source: { kind: 'file', path: file },
    accountId: 'sandbox',
    referenceColumn: 'SKU',
    stockColumn: 'Bestand',
    publish: false,
  };
  const feed = await addFeed(app, file, { publish: false });
  // The first run (a draft, not published) is the seller's yes; nothing runs by itself yet.
  expect(await app.call('feeds:run', { id: feed.id })).toMatchObject({ state: 'done' });
  await vi.waitFor(() => expect(clock.pending()).toHaveLength(1));
  const asleep = clock.pending()[0]!;

  const saved = await app.call<FeedView>('feeds:save', {
    id: feed.id,
    settings: { ...settings, everyMinutes: 60 },
  });
  expect(saved.approved).toBe(true);
  const slot = Date.parse(saved.lastRunAt ?? saved.createdAt) + 60 * 60_000;
  expect(slot).toBeLessThan(asleep);
  await vi.waitFor(() => expect(clock.pending()).toEqual([slot]));
});
