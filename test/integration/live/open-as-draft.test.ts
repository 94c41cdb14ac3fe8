// "Open as new draft" and the live edit form's start (issue 15): the full category path comes from
// the linked draft where the service shows only its last segment, and the copy is shown where the
// live publication is now (changed after publishing), not at the account's default location.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { LiveEditSource } from '../../../src/shared/domain/live/live-edit';
import type { ListingView } from '../../../src/shared/ipc/types';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
beforeAll(async () => {
  live = await liveApp([1, 1]);
}, 30_000);
afterAll(async () => live.close());

it('starts the live edit form from the linked draft’s full category path', async () => {
  const { listingUuid, draftId } = live.published[0]!;
  expect((await live.listing(listingUuid)).category).toBe('Kühlschränke');
  const source = await live.call<LiveEditSource & { listing: ListingView }>('listings:edit-source', {
    uuid: listingUuid,
  });
  expect(source).toMatchObject({ category: 'Haushalt/Kühlschränke', linkedDraftId: draftId });
  expect(source.listing.uuid).toBe(listingUuid);
});

it('keeps the full category, every field and the publication’s changed location', async () => {
  const { listingUuid, publicationUuid, draftId } = live.published[1]!;
  const moved = {
    street: 'Neue Allee 7',
    city: 'Hamburg',
    district: 'Altona',
    postalCode: '22765',
    availabilityRadiusInKm: 5,
  };
  await live.call('publications:update', { listingUuid, uuid: publicationUuid, patch: moved });
  const publication = (
    await live.api.call('GET', `/v1/listings/${listingUuid}/publications/${publicationUuid}`)
  ).body as { imprintUuid: string };
  const linked = await live.call<Draft>('drafts:get', { id: draftId });
  const listing = await live.listing(listingUuid);

  const copy = await live.call<Draft>('drafts:from-listing', { uuid: listingUuid });

  expect(copy).toMatchObject({
    title: listing.title,
    category: 'Haushalt/Kühlschränke',
    description: listing.description,
    attributes: { condition: 'like_new', versand: 'ja' },
    adType: 'OFFER',
    price: { type: 'FIXED', amount: '120.5' },
    email: linked.email,
    phoneNumber: linked.phoneNumber,
    contactPerson: linked.contactPerson,
    buyNow: false,
    customReference: null,
    remote: null,
    publication: { ...moved, imprintUuid: publication.imprintUuid },
  });
  expect(copy.publication.street).not.toBe(linked.publication.street);
  expect(copy.photos).toHaveLength(1);
});

it('keeps the full path of a category changed in the live edit form', async () => {
  const { listingUuid } = live.published[0]!;
  await live.call('listings:update', { uuid: listingUuid, patch: { category: 'Haushalt/Kühltruhen' } });
  expect((await live.listing(listingUuid)).category).toBe('Kühltruhen');
  const source = await live.call<LiveEditSource>('listings:edit-source', { uuid: listingUuid });
  expect(source.category).toBe('Haushalt/Kühltruhen');
  const copy = await live.call<Draft>('drafts:from-listing', { uuid: listingUuid });
  expect(copy.category).toBe('Haushalt/Kühltruhen');
});

it('shows the service’s category when the listing was moved to another one elsewhere', async () => {
  const { listingUuid } = live.published[0]!;
  await live.api.call('PUT', `/v1/listings/${listingUuid}`, { body: { category: 'Haushalt/Gefriertruhen' } });
  const copy = await live.call<Draft>('drafts:from-listing', { uuid: listingUuid });
  expect(copy.category).toBe('Gefriertruhen');
});
