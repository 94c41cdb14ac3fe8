// A desk that starts while another desk's job publishes one of the shop's drafts (issue 24.5,
// checked from outside): its copy of the draft says "publishing" and it has no job file for it.
// The start's repair must leave that draft alone; sending "ready" up would tell every desk the ad is
// not on its way while the other desk's job runs (and make the shop's copy lie until it ends).
import { afterEach, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { counts } from '../integration/publish/helpers';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; sb?: Sandbox } = { desks: [] };
afterEach(async () => {
  for (const desk of opened.desks.splice(0)) await desk.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

it('leaves a draft that another desk is publishing as "publishing" when this desk starts', async () => {
  // Publications settle slowly: the other desk's job is still tracking when this desk starts.
  const s = await openShop(opened, 4_000);
  const front = await shopDesk(s, 'Laden');
  opened.desks.push(front);
  const [draft] = await front.d.makeDrafts(1, 2);
  await front.engine.start([draft!.id]);
  await vi.waitFor(async () => expect((await front.d.drafts.get(draft!.id)).status).toBe('publishing'));

  // As the sync leaves it on the desk that starts now: the draft as the shop has it, no job file.
  const back = await shopDesk(s, 'Lager', { draftsOf: front.d });
  opened.desks.push(back);
  expect((await back.d.drafts.get(draft!.id)).status).toBe('publishing');
  // Its Publishing view shows the shop's job and the desk that runs it.
  await vi.waitFor(() =>
    expect(back.engine.list().find((job) => job.draftId === draft!.id)).toMatchObject({
      desk: { runner: 'Laden' },
    }),
  );

  await vi.waitFor(async () => expect((await front.d.drafts.get(draft!.id)).status).toBe('published'), {
    timeout: 30_000,
    interval: 200,
  });
  expect(counts(s.sb)).toMatchObject({ listings: 1, media: 2, publications: 1 });
});
