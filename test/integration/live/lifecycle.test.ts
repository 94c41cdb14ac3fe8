// An ad's whole life through the router: deleting a live ad as sold (its draft is kept as 'ended'
// and publishing it again makes a new listing), a plain delete (the draft becomes a draft again),
// pausing and resuming a publication, and a service that offers neither, said in those words.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUIRKS } from '../../../src/sandbox';
import type { ActivityEntry } from '../../../src/shared/domain/activity';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { ListingDeleteResult } from '../../../src/shared/domain/live/lifecycle';
import type { PublicationView } from '../../../src/shared/domain/live/live';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import type { ListingsState } from '../../../src/shared/ipc/types';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
beforeAll(async () => {
  live = await liveApp([1, 1, 1]);
}, 40_000);
afterAll(async () => live.close());

const draft = (id: string) => live.call<Draft>('drafts:get', { id });
const logged = () => live.temp.log.info.mock.calls.map(([message]) => message);

describe('listings:delete', () => {
  it('sold: gone on the service, off the list, its draft ended; publishing it again makes a new ad', async () => {
    const [first] = live.published;
    const { listingUuid, draftId } = first!;
    const { title } = await draft(draftId);
    const result = await live.call<ListingDeleteResult>('listings:delete', { uuid: listingUuid, sold: true });
    const ends = await live.call<{ entries: ActivityEntry[] }>('activity:list', { kinds: ['end'] });
    expect(ends.entries).toMatchObject([
      { ad: listingUuid, changed: { outcome: 'deleted', sold: true, drafts: 1 } },
    ]);
    expect(result).toEqual({
      uuid: listingUuid,
      outcome: 'deleted',
      sold: true,
      drafts: [{ id: draftId, title, outcome: 'ended' }],
    });
    expect((await live.api.call('GET', `/v1/listings/${listingUuid}`)).status).toBe(404);
    const { listings } = await live.call<ListingsState>('listings:list');
    expect(listings.map((l) => l.uuid)).not.toContain(listingUuid);
    const ended = await draft(draftId);
    expect(ended).toMatchObject({ status: 'ended', remote: null, title });
    expect(ended.photos).toHaveLength(1);
    const { activeId: account } = await live.call<{ activeId: string }>('accounts:list');
    expect(logged()).toContainEqual(
      expect.stringMatching(new RegExp(`${listingUuid}.*${account}.*deleted.*sold`)),
    );

    await live.call('publish:start', { draftIds: [draftId] });
    await vi.waitFor(
      async () => {
        const { jobs } = await live.call<PublishState>('publish:list');
        const latest = jobs.filter((job) => job.draftId === draftId).at(-1)!;
        expect(latest.state).toBe('published');
        expect(latest.listingUuid).not.toBe(listingUuid);
      },
      { timeout: 20_000, interval: 100 },
    );
    await vi.waitFor(async () => expect((await draft(draftId)).status).toBe('published'));
    const again = await draft(draftId);
    expect(again.remote?.listingUuid).toBeTruthy();
    expect(again.remote?.listingUuid).not.toBe(listingUuid);
    expect((await live.api.call('GET', `/v1/listings/${again.remote!.listingUuid!}`)).status).toBe(200);
  });

  it('a plain delete unlinks the draft and keeps it as a draft', async () => {
    const second = live.published[1]!;
    const { title } = await draft(second.draftId);
    const result = await live.call<ListingDeleteResult>('listings:delete', { uuid: second.listingUuid });
    expect(result).toMatchObject({
      outcome: 'deleted',
      sold: false,
      drafts: [{ id: second.draftId, outcome: 'unlinked' }],
    });
    expect(await draft(second.draftId)).toMatchObject({ status: 'ready', remote: null, title });
  });

  it.each([404, 405, 501] as const)(
    'a service without delete (%i): "not offered", nothing changes',
    async (status) => {
      const third = live.published[2]!;
      live.sb.setQuirks({ listingDelete: status });
      try {
        const error = await live.fail('listings:delete', { uuid: third.listingUuid, sold: true });
        expect(error).toMatchObject({
          code: 'service',
          message: 'This service does not offer deleting ads.',
          details: { problem: 'not-offered', operation: 'deleteListing', status },
        });
      } finally {
        live.sb.setQuirks(DEFAULT_QUIRKS);
      }
      expect((await live.api.call('GET', `/v1/listings/${third.listingUuid}`)).status).toBe(200);
      expect(await draft(third.draftId)).toMatchObject({ status: 'published' });
    },
  );
});

describe('publications:set-state', () => {
  it('pauses and resumes; the state read back follows', async () => {
    const third = live.published[2]!;
    const input = { listingUuid: third.listingUuid, uuid: third.publicationUuid };
    const paused = await live.call<PublicationView>('publications:set-state', { ...input, state: 'PAUSED' });
    expect(paused).toMatchObject({ requestedState: 'PAUSED', actualState: 'PAUSED' });
    const resumed = await live.call<PublicationView>('publications:set-state', {
      ...input,
      state: 'RESUMED',
    });
    expect(resumed).toMatchObject({
      requestedState: 'PUBLISHED',
      actualState: 'PUBLISHED',
      adId: paused.adId,
    });
    expect(logged()).toContainEqual(
      expect.stringContaining(`PAUSED asked for publication ${third.publicationUuid}`),
    );
    // Issue 37.5: both are in this desktop's activity log, newest first.
    const { entries } = await live.call<{ entries: ActivityEntry[] }>('activity:list', {
      ad: third.listingUuid,
    });
    expect(entries.map((entry) => [entry.kind, entry.changed.state])).toEqual([
      ['resume', 'RESUMED'],
      ['pause', 'PAUSED'],
    ]);
  });

  it('a service without it: "not offered"; an unknown state is refused at the contract', async () => {
    const third = live.published[2]!;
    const input = { listingUuid: third.listingUuid, uuid: third.publicationUuid };
    live.sb.setQuirks({ publicationStateChange: 405 });
    try {
      const error = await live.fail('publications:set-state', { ...input, state: 'PAUSED' });
      expect(error).toMatchObject({
        code: 'service',
        message: 'This service does not offer pausing or resuming ads.',
        details: { problem: 'not-offered', operation: 'setPublicationState' },
      });
    } finally {
      live.sb.setQuirks(DEFAULT_QUIRKS);
    }
    expect((await live.fail('publications:set-state', { ...input, state: 'SOLD' })).code).toBe(
      'invalid-input',
    );
  });
});
