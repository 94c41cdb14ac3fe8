// Tolerant reads of GET /v1/listings: an item the schema does not accept is named (with its uuid when
// it has one) and hides no other listing; Test connection's read and reconciliation work with what
// could be read. Real sandbox with the 'odd' list quirk, the real app's router, the real engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ODD_LISTING_UUID } from '../../../src/sandbox/render';
import type { ListingsState } from '../../../src/shared/ipc/types';
import { splitListings } from '../../../src/shared/service';
import { liveApp, type LiveApp } from '../live/helpers';
import { clientOf, counts, expectPublished, sandboxAccounts, useScenes } from '../publish/helpers';

describe('the listings list, read item by item', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await liveApp([1, 1]);
  }, 30_000);
  afterAll(async () => live.close());

  it('shows every listing it can read and names the ones it cannot', async () => {
    live.sb.setQuirks({ listItems: 'odd' });
    const state = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(state.problem).toBeUndefined();
    expect(state.listings.map((l) => l.uuid).sort()).toEqual(live.published.map((p) => p.listingUuid).sort());
    expect(state.unreadable).toEqual([
      {
        index: 2,
        uuid: ODD_LISTING_UUID,
        title: null,
        customReference: 'odd-1',
        problem: expect.stringMatching(/^category: .*; title: .* more\)$/),
        fields: [
          'category',
          'title',
          'description',
          'attributes',
          'adType',
          'adPrice',
          'userId',
          'email',
          'urls',
        ],
      },
      {
        index: 3,
        uuid: null,
        title: 'Listing without identifier',
        customReference: null,
        problem: expect.any(String),
        fields: expect.arrayContaining(['uuid', 'category', 'adPrice']),
      },
    ]);
    // The log names them too.
    const warned = live.temp.log.warn.mock.calls.map(([message]) => message);
    expect(warned).toContainEqual(
      expect.stringContaining(
        `Listing ${ODD_LISTING_UUID} of the service's list could not be read: category`,
      ),
    );
    expect(warned).toContainEqual(expect.stringContaining('Listing #4 (no uuid)'));
    // Back to a well-formed list: nothing is named any more.
    live.sb.setQuirks({ listItems: 'normal' });
    const clean = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(clean.unreadable).toEqual([]);
    expect(clean.listings).toHaveLength(2);
  });

  it('keeps fields the spec does not show, and reads a list of nothing but odd items', () => {
    const listing = {
      uuid: 'u1',
      category: 'Kinderwagen',
      title: 'T',
      description: 'D',
      attributes: {},
      adType: 'OFFER',
      adPrice: { type: 'FIXED', amount: 1 },
      userId: 'c',
      email: 'e@example.org',
      urls: [],
      shownSince: '2026-01-01',
    };
    const read = splitListings([listing, null, 'text', { ...listing, uuid: 7 }]);
    expect(read.listings).toEqual([listing]);
    expect(read.unreadable.map((item) => [item.index, item.uuid])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
  });
});

describe('reconciliation with odd items in the list', () => {
  const scenes = useScenes();
  it('adopts the listing whose create answer was lost, by its reference, among odd items', async () => {
    const { sb, d, openEngine } = await scenes.open({ quirks: { listItems: 'odd' } });
    const [draft] = await d.makeDrafts(1, 1);
    const client = clientOf(sb);
    // Test connection's read: the list answers, the odd items do not fail it.
    await expect(client.listListings()).resolves.toEqual([]);
    sb.faults.add({ route: 'POST /v1/listings', kind: 'reset', when: 'after', times: 1 });
    const engine = await openEngine(sandboxAccounts(() => client));
    await engine.start([draft!.id]);
    await engine.settled();
    expect(engine.list().map((job) => [job.state, job.error?.problem])).toEqual([['published', undefined]]);
    expect(counts(sb).listings).toBe(1);
    await expectPublished(sb, d, [draft!]);
  });

  it('stops and asks when the listing it looks for may be among the items it cannot read', async () => {
    const { sb, d, openEngine } = await scenes.open({ quirks: { listItems: 'odd' } });
    const [draft] = await d.makeDrafts(1, 1);
    // The draft's reference is the one an unreadable item of the list carries.
    await d.drafts.update(draft!.id, (current) => ({ ...current, customReference: 'odd-1' }));
    const client = clientOf(sb);
    // A 502 from a proxy before the service saw it: the outcome is unknown, nothing readable turns up.
    sb.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 502, times: 1 });
    const engine = await openEngine(sandboxAccounts(() => client));
    await engine.start([draft!.id]);
    await engine.settled();
    const [job] = engine.list();
    expect(job).toMatchObject({ state: 'failed', error: { problem: 'listing-ambiguous' } });
    expect(job!.error!.detail).toMatch(/konnte aus der Liste des Dienstes nicht gelesen werden/);
    // Nothing was sent again: no listing was made.
    expect(counts(sb).listings).toBe(0);
  });
});
