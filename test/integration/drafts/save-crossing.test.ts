// On a lone desk, a change that reaches a draft while the seller types in the editor (issue 32.1,
// 32.8): a feed's update and a live change, each crossing the editor's save, which still carries
// the fields the editor started from. Both values are kept as a conflict named for what made each
// (this desk's editor, the feed by its name, the live ad); a field only one side changed is no
// conflict. Real app, embedded sandbox, through the router.
import { afterEach, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { addFeed, feedApp, type FeedApp } from '../feeds/helpers';
import { liveApp, type LiveApp } from '../live/helpers';

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

const valuesOf = (draft: Draft, field: string) =>
  draft.shop?.conflicts
    ?.find((c) => c.field === field)
    ?.values.map((v) => ({ value: v.value, desk: v.by.desk, name: v.by.deskName }));

it('a feed’s update crossing the editor’s save: both titles kept, the price the feed set stays', async () => {
  const app: FeedApp = await feedApp();
  closing.push(() => app.close());
  const product = { sku: 'K-1', title: 'Kühlschrank', price: '120', stock: '1' };
  const feed = await addFeed(app, app.write([product]), { publish: false });
  await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(await app.call<FeedRun>('feeds:run', { id: feed.id })).toMatchObject({ state: 'done', failed: 0 });
  const { items } = await app.call<DraftsListResult>('drafts:list', {});
  const opened = await app.call<Draft>('drafts:get', { id: items[0]!.id });

  // The editor has the draft open; the feed's next version arrives before the seller's save.
  app.write([{ ...product, title: 'Kühlschrank A++', price: '99' }]);
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run.entries.map((e) => `${e.action}/${e.outcome}`)).toEqual(['update/done']);
  const fed = await app.call<Draft>('drafts:get', { id: opened.id });
  expect(fed.title).toBe('Kühlschrank A++');
  expect(fed.price.amount).not.toEqual(opened.price.amount);
  const saved = await app.call<Draft>('drafts:save', {
    draft: { ...draftFieldsOf(opened), title: 'Kühlschrank, fast neu' },
    base: draftFieldsOf(opened),
  });

  expect(saved.title).toBe('Kühlschrank, fast neu');
  expect(saved.price.amount).toEqual(fed.price.amount);
  expect(valuesOf(saved, 'title')).toEqual([
    { value: 'Kühlschrank, fast neu', desk: 'app:editor', name: 'der Editor dieses Arbeitsplatzes' },
    { value: 'Kühlschrank A++', desk: 'app:feed', name: 'lager' },
  ]);
  expect(saved.shop?.conflicts?.map((c) => c.field)).toEqual(['title']);
  expect(await app.call<Draft>('drafts:get', { id: opened.id })).toEqual(saved);
  expect(app.temp.log.info).toHaveBeenCalledWith(
    expect.stringContaining('a save met a change made meanwhile in title'),
  );

  // The seller keeps their own title.
  const picked = await app.call<Draft>('drafts:shop-pick', { id: opened.id, field: 'title', index: 0 });
  expect(picked.title).toBe('Kühlschrank, fast neu');
  expect(picked.shop).toBeUndefined();
});

it('a live change crossing the editor’s save: both titles kept; a field only the seller changed is written', async () => {
  const live: LiveApp = await liveApp([1]);
  closing.push(() => live.close());
  const { draftId, listingUuid } = live.published[0]!;
  const opened = await live.call<Draft>('drafts:get', { id: draftId });

  // Changed live (here in Listings) while the editor still shows the draft as opened.
  await live.call('listings:update', { uuid: listingUuid, patch: { title: 'Artikel 1, live geändert' } });
  expect((await live.call<Draft>('drafts:get', { id: draftId })).title).toBe('Artikel 1, live geändert');

  const saved = await live.call<Draft>('drafts:save', {
    draft: { ...draftFieldsOf(opened), title: 'Artikel 1, im Editor', contactPerson: 'Erika' },
    base: draftFieldsOf(opened),
  });
  expect(saved.title).toBe('Artikel 1, im Editor');
  expect(saved.contactPerson).toBe('Erika');
  expect(valuesOf(saved, 'title')).toEqual([
    { value: 'Artikel 1, im Editor', desk: 'app:editor', name: 'der Editor dieses Arbeitsplatzes' },
    { value: 'Artikel 1, live geändert', desk: 'app:live', name: 'eine Änderung der Live-Anzeige' },
  ]);
  expect(saved.shop?.conflicts?.map((c) => c.field)).toEqual(['title']);

  // The seller keeps the live title: the draft agrees with its ad again.
  const index = saved.shop!.conflicts![0]!.values.findIndex((v) => v.by.desk === 'app:live');
  const picked = await live.call<Draft>('drafts:shop-pick', { id: draftId, field: 'title', index });
  expect(picked.title).toBe('Artikel 1, live geändert');
  expect(picked.shop).toBeUndefined();
});
