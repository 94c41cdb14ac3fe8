// A feed's plan says what will fail (issue 32.5): each new row whose draft (the account's defaults,
// the feed's template, the row) would not be ready to publish is flagged with the fields it lacks,
// by the drafts' own validation, named in English and German; rows that would be ready, and
// updates, carry no flag.
import { describe, expect, it } from 'vitest';
import { newDraft, type DraftInit } from '../../../src/shared/domain/drafts/draft';
import { draftIssuesSummary } from '../../../src/shared/domain/drafts/draft-messages';
import { planFeedRun, type FeedWorld } from '../../../src/shared/domain/feeds/feed-plan';
import { countNotReady } from '../../../src/shared/domain/feeds/feed-run';
import type { FeedRow } from '../../../src/shared/domain/feeds/feed-rows';

/** The account's defaults as a seller sets them, without a radius. */
const defaults: DraftInit = {
  accountId: 'sandbox',
  email: 'shop@example.de',
  publication: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', district: 'Mitte' },
};

const row = (reference: string, over: Partial<FeedRow> = {}): FeedRow => ({
  index: 1,
  reference,
  stock: 'in',
  fields: {
    title: `Kühlschrank ${reference}`,
    description: 'Aus dem Lager.',
    category: 'Haushalt/Kühlschränke',
    price: { amount: 120.5 },
    customReference: reference,
  },
  photoNames: [`${reference}.jpg`],
  problems: [],
  ...over,
});

/** A world whose new drafts start from `start` under the row, as main's draftInitOf makes them. */
const world = (start: DraftInit, over: Partial<FeedWorld> = {}): FeedWorld => ({
  feed: { gone: 'pause' },
  items: [],
  drafts: [],
  listings: [],
  initOf: (r) => ({
    ...start,
    ...r.fields,
    price: { ...start.price, ...r.fields.price },
    publication: { ...start.publication, ...r.fields.publication },
  }),
  photoName: (name) => name,
  ...over,
});

describe('a feed plan’s new rows not ready to publish', () => {
  it('flags each new row of an account without a radius, naming the radius', () => {
    const plan = planFeedRun([row('K-1'), row('K-2', { index: 2 })], world(defaults));
    expect(plan.map((e) => e.action)).toEqual(['create', 'create']);
    for (const entry of plan)
      expect(entry.notReady).toEqual([{ field: 'publication.availabilityRadiusInKm', code: 'required' }]);
    expect(countNotReady(plan)).toBe(2);
    expect(draftIssuesSummary(plan[0]!.notReady!, 'en')).toBe('Missing: Radius (km).');
    expect(draftIssuesSummary(plan[0]!.notReady!, 'de')).toBe('Es fehlt: Umkreis (km).');
  });

  it('flags nothing once the defaults (or the template under the row) give a radius', () => {
    const ready = world({
      ...defaults,
      publication: { ...defaults.publication, availabilityRadiusInKm: 25 },
    });
    const plan = planFeedRun([row('K-1')], ready);
    expect(plan[0]).toMatchObject({ action: 'create', reason: 'new-row' });
    expect(plan[0]!.notReady).toBeUndefined();
    expect(countNotReady(plan)).toBe(0);
  });

  it('names every field the drafts’ rules find wanting: missing ones by name, others with why', () => {
    const plan = planFeedRun(
      [
        row('K-1', {
          photoNames: [],
          fields: {
            title: 'Kühlschrank',
            category: 'Haushalt/Kühlschränke',
            price: { amount: -5 },
            publication: { postalCode: '1011' },
            customReference: 'K-1',
          },
        }),
      ],
      world(defaults),
    );
    expect(plan[0]!.notReady!.map((i) => `${i.field} ${i.code}`)).toEqual([
      'description required',
      'price.amount price-negative',
      'publication.postalCode postal-code-invalid',
      'publication.availabilityRadiusInKm required',
      'photos no-photos',
    ]);
    const en = draftIssuesSummary(plan[0]!.notReady!, 'en');
    expect(en).toMatch(/^Missing: Description, Radius \(km\), Photos\. Price: .+ Postal code: .+/);
    expect(draftIssuesSummary(plan[0]!.notReady!, 'de')).toMatch(
      /^Es fehlt: Beschreibung, Umkreis \(km\), Fotos\. Preis: .+ Postleitzahl: .+/,
    );
  });

  it('leaves updates and refused rows unflagged: only the drafts a run would make are checked', () => {
    const existing = newDraft(
      { accountId: 'sandbox', title: 'Alt', customReference: 'K-3' },
      { id: '00000000-0000-4000-8000-000000000003', now: new Date(0) },
    );
    const plan = planFeedRun(
      [row('K-1'), row('', { index: 2, reference: null }), row('K-3', { index: 3 })],
      world({ accountId: 'sandbox' }, { drafts: [existing] }),
    );
    expect(plan.map((e) => `${e.reference}:${e.action}:${e.notReady ? 'flagged' : '-'}`)).toEqual([
      'K-1:create:flagged',
      'null:refused:-',
      'K-3:update:-',
    ]);
  });
});
