// A read of the listings that started while a publish job still changed a listing (its photos half
// attached) and was merged only after the job linked the draft (the crash e2e caught it under load):
// such a read is older than the link, so it must not be taken for live changes (issue 23.1).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { LISTING_FIELDS } from '../../../src/shared/domain/live/listing-fields';
import type { LiveBase } from '../../../src/shared/domain/live/live-merge';
import { listingValueOf, type ListingShown } from '../../../src/shared/domain/live/live-values';
import { createLiveSeen, noteLinks, type LiveSeen } from '../../../src/main/live/live-seen';
import type { LiveContext } from '../../../src/main/live/live-context';
import { openDraftsStore, type DraftsStore } from '../../../src/main/storage/drafts-store';
import { fakePhoto, sampleDraft } from '../../fixtures/drafts';
import { tempDir } from '../../unit/helpers/temp-app';

const LISTING = '7d1c7a52-0c55-4f1b-9a43-1f0f6b0f2a11';
const urlOf = (n: number) => `https://media.example/listing/${n}`;
const log = { info: () => undefined, error: () => undefined };

let folder: Awaited<ReturnType<typeof tempDir>>;
let store: DraftsStore;
let seen: LiveSeen;
let draft: Draft;

const listing = (urls: string[]): ListingShown => ({
  uuid: LISTING,
  title: draft.title,
  category: draft.category,
  description: draft.description,
  attributes: { ...draft.attributes },
  adType: draft.adType,
  adPrice: { type: 'FIXED', amount: 120.5 },
  email: draft.email,
  phoneNumber: draft.phoneNumber,
  customReference: draft.customReference,
  contactPerson: draft.contactPerson,
  buyNow: draft.buyNow,
  urls,
});

/** The link the engine makes at the end of a job: both agree on the listing with `urls`. */
const link = (urls: string[]) => {
  const shown = listing(urls);
  const fields = Object.fromEntries(LISTING_FIELDS.map((f) => [f, listingValueOf(shown, f)]));
  const base = { fields, urls } as LiveBase;
  const photoUrls = Object.fromEntries(draft.photos.map((p, i) => [p.id, urls[i]!]));
  return (current: Draft): Draft => ({
    ...current,
    status: 'publishing',
    remote: { listingUuid: LISTING, publicationUuid: 'pub-1', photoUrls, base },
  });
};

beforeEach(async () => {
  folder = await tempDir();
  store = await openDraftsStore(folder.dir, { log });
  const made = await store.create({});
  draft = await store.update(made.id, (d) => ({
    ...sampleDraft(d.id, { createdAt: d.createdAt, updatedAt: d.updatedAt }),
    photos: [fakePhoto(d.id, 1), fakePhoto(d.id, 2)],
  }));
  const ctx = { dataDir: folder.dir, maxEdge: () => 2000, log } as unknown as LiveContext;
  seen = createLiveSeen(ctx, { store, onChange: () => undefined });
});
afterEach(async () => {
  await store.close();
  await folder.remove();
});

it('turns away a read that started before the job linked the draft: the photos stay', async () => {
  // Read while the job had attached one photo of two; merged after the job linked the draft.
  const readAt = performance.now();
  const stale = listing([urlOf(1)]);
  await store.update(draft.id, noteLinks(link([urlOf(1), urlOf(2)]), seen.linked));
  const { draft: after, fromLive } = await seen.merge(draft.id, stale, readAt);
  expect(fromLive).toEqual([]);
  expect(after.photos.map((p) => p.originalName)).toEqual(['IMG_1001.jpg', 'IMG_1002.jpg']);
});

it('still takes a photo removed live from a read that started after the link', async () => {
  await store.update(draft.id, noteLinks(link([urlOf(1), urlOf(2)]), seen.linked));
  const { draft: after } = await seen.merge(draft.id, listing([urlOf(1)]), performance.now());
  expect(after.photos.map((p) => p.originalName)).toEqual(['IMG_1001.jpg']);
});
