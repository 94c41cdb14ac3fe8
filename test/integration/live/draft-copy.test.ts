// Any live listing opened as a new draft: the listing's fields, the price as the editor holds it,
// its photos fetched from the service in order, no link and no reference (it is a copy).
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftLiveDiff } from '../../../src/shared/domain/live/live';
import { fromDataPath } from '../../../src/main/storage/draft-files';
import { colourFor } from '../../fixtures/images';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
beforeAll(async () => {
  live = await liveApp([2]);
}, 30_000);
afterAll(async () => live.close());

it('copies a listing into a new, unlinked draft with its photos in order', async () => {
  const { listingUuid, draftId } = live.published[0]!;
  const listing = await live.listing(listingUuid);
  const changed: string[][] = [];
  live.temp.app.events.subscribe((event, payload) => {
    if (event === 'drafts:changed') changed.push((payload as { ids: string[] }).ids);
  });

  const copy = await live.call<Draft>('drafts:from-listing', { uuid: listingUuid });

  expect(copy.id).not.toBe(draftId);
  expect(copy).toMatchObject({
    accountId: 'sandbox',
    title: listing.title,
    // The service shows the last segment; the linked draft has the full path (issue 15).
    category: 'Haushalt/Kühlschränke',
    description: listing.description,
    attributes: listing.attributes,
    adType: listing.adType,
    price: { type: 'FIXED', amount: '120.5' },
    email: listing.email,
    phoneNumber: listing.phoneNumber,
    contactPerson: listing.contactPerson,
    buyNow: listing.buyNow,
    customReference: null,
    remote: null,
  });
  expect(copy.photos).toHaveLength(listing.urls.length);
  const means = await Promise.all(
    copy.photos.map(async (photo) =>
      (await sharp(fromDataPath(live.temp.dataDir, photo.file)).stats()).channels
        .slice(0, 3)
        .map((c) => Math.round(c.mean)),
    ),
  );
  expect(means).toEqual([colourFor(10), colourFor(11)]);
  expect(changed.flat()).toContain(copy.id);
  expect(await live.call<DraftLiveDiff>('drafts:live-diff', { id: copy.id })).toMatchObject({
    state: 'unlinked',
  });
  // The original stays as it was.
  expect((await live.call<Draft>('drafts:get', { id: draftId })).remote?.listingUuid).toBe(listingUuid);
});

it('says "listing-not-found" for a listing the service does not have, and makes no draft', async () => {
  const before = (await live.call<{ total: number }>('drafts:list')).total;
  const error = await live.fail('drafts:from-listing', { uuid: '00000000-0000-4000-8000-000000000000' });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'listing-not-found' } });
  expect((await live.call<{ total: number }>('drafts:list')).total).toBe(before);
});

it('makes no draft when a photo cannot be fetched', async () => {
  const before = (await live.call<{ total: number }>('drafts:list')).total;
  live.sb.faults.add({ route: 'GET /media/:mediaUuid', kind: 'status', status: 500, times: 1 });
  const error = await live.fail('drafts:from-listing', { uuid: live.published[0]!.listingUuid });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'http', status: 500 } });
  // In the test app's language (German, its system's).
  expect(error.message).toBe(
    'Foto 1 der Anzeige konnte nicht geladen werden (Status 500). Versuchen Sie es später noch einmal.',
  );
  expect((await live.call<{ total: number }>('drafts:list')).total).toBe(before);
});
