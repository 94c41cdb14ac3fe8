// Search, filters and sort of the listings view over 1,000+ cached listings: what each filter lets
// through, the orders, ties kept in the service's order, and the state groups of listings with
// several ads.
import { describe, expect, it } from 'vitest';
import type { ListingExtras } from '../../../src/shared/ipc/types';
import {
  applyInventoryQuery,
  categoriesOf,
  defaultInventoryQuery,
  stateGroups,
  type InventoryQuery,
} from '../../../src/renderer/views/listings/inventory/inventory-filter';
import { relativeAgo } from '../../../src/renderer/views/listings/inventory/relative-time';
import { sampleListing } from '../../fixtures/listings';

const STATES = [null, 'PUBLISHED', 'PENDING_VALIDATION', 'REJECTED', 'PAUSED', 'ODD_STATE'] as const;
const CATEGORIES = ['Möbel/Sofas', 'Möbel/Regale', 'Kinder/Kinderwagen', 'Elektronik'];

const listings = Array.from({ length: 1200 }, (_, i) =>
  sampleListing({
    uuid: `l-${i}`,
    title: i % 3 === 0 ? `Sofa ${i}` : `Regal ${i}`,
    customReference: `REF-${i}`,
    category: CATEGORIES[i % 4]!,
    adPrice: { type: 'FIXED', amount: (i * 7919) % 1000 },
    urls: i % 5 === 0 ? [] : ['http://media.test/media/a'],
  }),
);
const extras: Record<string, ListingExtras> = Object.fromEntries(
  listings.map((l, i) => {
    const state = STATES[i % STATES.length]!;
    return [
      l.uuid,
      {
        publications:
          state === null
            ? []
            : [{ uuid: `p-${i}`, requestedState: 'PUBLISHED', actualState: state, adId: i }],
        // Two fetches: the first 1,000 seen together, the last 200 later.
        seenAt: i < 1000 ? '2026-11-01T10:00:00.000Z' : '2026-11-02T10:00:00.000Z',
        changedAt: i === 5 ? '2026-11-03T10:00:00.000Z' : '2026-11-01T10:00:00.000Z',
      },
    ];
  }),
);
const run = (patch: Partial<InventoryQuery>) =>
  applyInventoryQuery(listings, extras, { ...defaultInventoryQuery, ...patch }, 'de');

describe('applyInventoryQuery', () => {
  it('searches title and reference, case-insensitively', () => {
    expect(run({ text: 'SOFA' })).toHaveLength(400);
    expect(run({ text: 'ref-1199' }).map((l) => l.uuid)).toEqual(['l-1199']);
    expect(run({ text: '  ' })).toHaveLength(1200);
  });

  it('filters by publication state, photos and category', () => {
    expect(run({ state: 'live' })).toHaveLength(200);
    expect(run({ state: 'none' })).toHaveLength(200);
    expect(run({ state: 'other' }).every((l) => Number(l.uuid.slice(2)) % 6 === 5)).toBe(true);
    expect(run({ photos: 'without' })).toHaveLength(240);
    expect(run({ photos: 'with' })).toHaveLength(960);
    expect(run({ category: 'Möbel/Regale' })).toHaveLength(300);
    const combined = run({ state: 'live', photos: 'without', category: 'Möbel/Regale', text: 'regal' });
    for (const l of combined) {
      expect(l.category).toBe('Möbel/Regale');
      expect(l.urls).toEqual([]);
      expect(extras[l.uuid]!.publications[0]!.actualState).toBe('PUBLISHED');
    }
    expect(combined.length).toBeGreaterThan(0);
  });

  it('sorts by first seen (later in one fetch counts as newer), change, title and price', () => {
    expect(
      run({ sort: 'newest' })
        .slice(0, 2)
        .map((l) => l.uuid),
    ).toEqual(['l-1199', 'l-1198']);
    expect(
      run({})
        .slice(0, 2)
        .map((l) => l.uuid),
    ).toEqual(['l-0', 'l-1']);
    expect(run({ sort: 'changed' })[0]!.uuid).toBe('l-5');
    const titles = run({ sort: 'title' }).map((l) => l.title);
    expect(titles.slice(0, 3)).toEqual(['Regal 1', 'Regal 2', 'Regal 4']);
    const prices = run({ sort: 'priceUp' }).map((l) => l.adPrice.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = run({ sort: 'priceDown' }).map((l) => l.adPrice.amount);
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('gives each category once, and every state group of a listing with several ads', () => {
    expect(categoriesOf(listings, 'de')).toEqual([
      'Elektronik',
      'Kinder/Kinderwagen',
      'Möbel/Regale',
      'Möbel/Sofas',
    ]);
    const two: ListingExtras = {
      seenAt: '',
      changedAt: '',
      publications: [
        { uuid: 'a', requestedState: 'PUBLISHED', actualState: 'PUBLISHED', adId: 1 },
        { uuid: 'b', requestedState: 'PUBLISHED', actualState: null, adId: null },
      ],
    };
    expect([...stateGroups(two)].sort()).toEqual(['live', 'other']);
    expect([...stateGroups(undefined)]).toEqual(['none']);
  });
});

describe('relativeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says minutes, hours and days in the UI language, and nothing under 45 s', () => {
    expect(relativeAgo(now - 30_000, now, 'en')).toBeNull();
    expect(relativeAgo(now - 120_000, now, 'en')).toBe('2 minutes ago');
    expect(relativeAgo(now - 120_000, now, 'de')).toBe('vor 2 Minuten');
    expect(relativeAgo(now - 3 * 3600_000, now, 'de')).toBe('vor 3 Stunden');
    expect(relativeAgo(now - 3 * 86_400_000, now, 'en')).toBe('3 days ago');
  });
});
