// The feed's plan and safety valve as pure functions, against hostile rows: duplicate and blank
// references, stock written as "0", "", "n/a" or "0,0", prices with a decimal comma, reordered
// columns, and ads known only on the service (a lost local record must never make a second ad).
import { describe, expect, it } from 'vitest';
import { newDraft, type Draft, type DraftInit } from '../../../src/shared/domain/drafts/draft';
import type { FeedItem } from '../../../src/shared/domain/feeds/feed';
import type { PriceRule } from '../../../src/shared/domain/price-rules/price-rule';
import { newPriceRuleRecord } from '../../../src/shared/domain/price-rules/price-rule-record';
import { planFeedRun, type FeedWorld } from '../../../src/shared/domain/feeds/feed-plan';
import type { FeedPlanEntry } from '../../../src/shared/domain/feeds/feed-run';
import {
  mappingFor,
  readFeedRows,
  readStock,
  type FeedColumns,
} from '../../../src/shared/domain/feeds/feed-rows';
import { feedValve, type ValveInput } from '../../../src/shared/domain/feeds/feed-valve';
import { guessMapping } from '../../../src/shared/domain/tables/import-mapping';
import type { ListingView } from '../../../src/shared/ipc/types';

const HEADER = ['SKU', 'Titel', 'Preis', 'Bestand'];
const columns: FeedColumns = {
  mapping: guessMapping(HEADER),
  mappedHeader: null,
  referenceColumn: 'SKU',
  stockColumn: 'Bestand',
};

const rows = (cells: string[][], header = HEADER, cols = columns) => readFeedRows(header, cells, cols);

let n = 0;
const draftOf = (init: Partial<DraftInit>, extra: Partial<Draft> = {}): Draft => ({
  ...newDraft(
    { accountId: 'sandbox', ...init },
    { id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, now: new Date(0) },
  ),
  ...extra,
});

const listingOf = (
  reference: string,
  title: string,
  amount: number,
  uuid = `L-${reference}`,
): ListingView => ({
  uuid,
  title,
  description: '',
  category: 'Haushalt',
  attributes: {},
  adType: 'OFFER',
  adPrice: { type: 'FIXED', amount },
  userId: 'u',
  email: 'shop@example.de',
  customReference: reference,
  urls: [],
});

const world = (over: Partial<FeedWorld> = {}): FeedWorld => ({
  feed: { gone: 'pause' },
  items: [],
  drafts: [],
  listings: [],
  initOf: (row) => ({ accountId: 'sandbox', ...row.fields }),
  photoName: (name) => name,
  ...over,
});

const brief = (entries: FeedPlanEntry[]) => entries.map((e) => `${e.reference}: ${e.action} (${e.reason})`);

describe('readStock', () => {
  it.each([
    ['0', 'out'],
    ['0,0', 'out'],
    ['-1', 'out'],
    ['2', 'in'],
    ['0,5', 'in'],
    ['1.000', 'in'],
    ['', 'unknown'],
    ['n/a', 'unknown'],
    ['  ', 'unknown'],
    ['ja', 'in'],
    ['nein', 'out'],
    ['ausverkauft', 'out'],
    ['Auf Lager', 'in'],
  ])('%j is %s', (text, reading) => expect(readStock(text)).toBe(reading));
});

describe('readFeedRows', () => {
  it('reads a reordered file the same way, by its headers', () => {
    const made = { ...columns, mappedHeader: HEADER };
    const reordered = ['Bestand', 'Preis', 'SKU', 'Titel'];
    expect(mappingFor(reordered, made)).toEqual([null, 'price', 'reference', 'title']);
    const [a] = rows([['A-1', 'Lampe', '1.299,00', '0']]);
    const [b] = rows([['0', '1.299,00', 'A-1', 'Lampe']], reordered, made);
    expect(b).toEqual(a);
    expect(a).toMatchObject({
      reference: 'A-1',
      stock: 'out',
      stockText: '0',
      fields: { title: 'Lampe', price: { amount: 1299 } },
    });
  });

  it('takes the reference from the feed’s column only, and leaves the stock column out of the ad', () => {
    const header = ['Artikelnummer', 'ID', 'Titel', 'Bestand'];
    const mapping = mappingFor(header, { ...columns, mapping: guessMapping(header), referenceColumn: 'id' });
    expect(mapping).toEqual([null, 'reference', 'title', null]);
  });
});

describe('planFeedRun', () => {
  it('refuses rows without a reference and every row of a reference given twice, and leaves their ad alone', () => {
    const items: FeedItem[] = [{ reference: 'D', listingUuid: 'L-D', state: 'active' }];
    const plan = planFeedRun(
      rows([
        ['', 'Ohne', '10', '1'],
        ['D', 'Doppelt 1', '10', '1'],
        ['D', 'Doppelt 2', '12', '1'],
        ['E', '', '10', '1'],
      ]),
      world({ items, listings: [listingOf('D', 'Doppelt 1', 10)] }),
    );
    expect(brief(plan)).toEqual([
      'null: refused (no-reference)',
      'D: refused (reference-twice)',
      'D: refused (reference-twice)',
      'E: refused (bad-row)',
    ]);
    expect(plan[3]!.problems).toEqual([{ code: 'missing-title', severity: 'error', field: 'title' }]);
  });

  it('pauses a sold-out ad, leaves one of unknown stock as it is, and makes a draft of a new sold-out row', () => {
    const items: FeedItem[] = ['A', 'B', 'C'].map((reference) => ({
      reference,
      listingUuid: `L-${reference}`,
      state: 'active',
    }));
    const listings = [listingOf('A', 'A', 10), listingOf('B', 'B', 10), listingOf('C', 'C', 10)];
    const plan = planFeedRun(
      rows([
        ['A', 'A', '10', '0,0'],
        ['B', 'B', '10', 'n/a'],
        ['C', 'C', '10', ''],
        ['N', 'Neu', '10', '0'],
      ]),
      world({ items, listings }),
    );
    expect(brief(plan)).toEqual([
      'A: pause (sold-out)',
      'B: unchanged (same)',
      'C: unchanged (same)',
      'N: create (new-sold-out)',
    ]);
  });

  it('reads a decimal comma as the same price, and a changed one as an update of the ad', () => {
    const items: FeedItem[] = [
      { reference: 'A', listingUuid: 'L-A', state: 'active' },
      { reference: 'B', listingUuid: 'L-B', state: 'active' },
    ];
    const plan = planFeedRun(
      rows([
        ['A', 'A', '12,50', '1'],
        ['B', 'B', '9,99', '1'],
      ]),
      world({
        items,
        listings: [listingOf('A', 'A', 12.5), listingOf('B', 'B', 10)],
      }),
    );
    expect(brief(plan)).toEqual(['A: unchanged (same)', 'B: update (row-changed)']);
    expect(plan[1]!.livePatch).toEqual({ price: { type: 'FIXED', amount: 9.99 } });
  });

  it('leaves a price a running price rule lowered from the file’s price; a new price in the file is an update', () => {
    const rule: PriceRule = {
      mode: 'percent',
      value: 10,
      everyDays: 7,
      floor: 90,
      rounding: 'none',
      maxSteps: null,
    };
    const at = '2026-03-02T09:00:00.000Z';
    const priceRule = {
      ...newPriceRuleRecord(rule, 'feed', new Date(at)),
      start: { at, cents: 12050 },
      steps: [{ step: 1, at, from: 12050, to: 10845 }],
    };
    const draft = draftOf(
      { title: 'A', customReference: 'A', price: { type: 'FIXED', amount: '108,45' } },
      { priceRule },
    );
    const items: FeedItem[] = [{ reference: 'A', draftId: draft.id, listingUuid: 'L-A', state: 'active' }];
    const seen = world({ items, drafts: [draft], listings: [listingOf('A', 'A', 108.45)] });
    expect(brief(planFeedRun(rows([['A', 'A', '120,50', '1']]), seen))).toEqual(['A: unchanged (same)']);
    const changed = planFeedRun(rows([['A', 'A', '99', '1']]), seen);
    expect(brief(changed)).toEqual(['A: update (row-changed)']);
    expect(changed[0]!.livePatch).toEqual({ price: { type: 'FIXED', amount: 99 } });
    // A rule the seller stopped leaves the price to the file again.
    const stopped = draftOf(
      { title: 'A', customReference: 'A', price: { type: 'FIXED', amount: '108,45' } },
      { priceRule: { ...priceRule, stopped: { at, cents: null } } },
    );
    const plain = world({
      items: [{ ...items[0]!, draftId: stopped.id }],
      drafts: [stopped],
      listings: seen.listings,
    });
    expect(brief(planFeedRun(rows([['A', 'A', '120,50', '1']]), plain))).toEqual(['A: update (row-changed)']);
  });

  it('finds an ad by its reference on the service when the local record is lost: no second ad', () => {
    const plan = planFeedRun(
      rows([
        ['A', 'A', '10', '1'],
        ['B', 'B', '10', '1'],
      ]),
      world({
        listings: [listingOf('A', 'A', 10, 'uuid-a')],
      }),
    );
    expect(brief(plan)).toEqual(['A: unchanged (same)', 'B: create (new-row)']);
    expect(plan[0]).toMatchObject({ listingUuid: 'uuid-a' });
  });

  it('finds a draft of the account by its reference, and updates it', () => {
    const draft = draftOf({ title: 'Alt', customReference: 'A', price: { type: 'FIXED', amount: 10 } });
    const plan = planFeedRun(rows([['A', 'Neu', '10', '1']]), world({ drafts: [draft] }));
    expect(brief(plan)).toEqual(['A: update (row-changed)']);
    expect(plan[0]).toMatchObject({
      draftId: draft.id,
      changes: [{ field: 'title', before: 'Alt', after: 'Neu' }],
    });
    expect(plan[0]!.liveChanges).toBeUndefined();
  });

  it('resumes an ad the feed paused once its row is in stock again; a gone row pauses or ends', () => {
    const items: FeedItem[] = [
      { reference: 'A', listingUuid: 'L-A', state: 'paused' },
      { reference: 'B', listingUuid: 'L-B', state: 'active' },
      { reference: 'C', listingUuid: 'L-C', state: 'paused' },
      { reference: 'D', listingUuid: 'L-D', state: 'ended' },
      { reference: 'E', draftId: 'never-published', state: 'active' },
    ];
    const listings = ['A', 'B', 'C'].map((r) => listingOf(r, r, 10));
    const input = rows([['A', 'A', '10', '4']]);
    expect(brief(planFeedRun(input, world({ items, listings })))).toEqual([
      'A: resume (back-in-stock)',
      'B: pause (row-gone)',
      'C: unchanged (still-gone)',
      'E: unchanged (not-online)',
    ]);
    expect(brief(planFeedRun(input, world({ items, listings, feed: { gone: 'end' } })))).toEqual([
      'A: resume (back-in-stock)',
      'B: end (row-gone)',
      'C: end (row-gone)',
      'E: unchanged (not-online)',
    ]);
  });
});

describe('feedValve', () => {
  const input = (over: Partial<ValveInput> = {}): ValveInput => ({
    header: HEADER,
    headerBefore: HEADER,
    rows: 10,
    lastRow: { row: 10, cells: 4 },
    referenceColumn: 'SKU',
    stockColumn: 'Bestand',
    maxShare: 0.2,
    ...over,
  });
  const online = (actions: FeedPlanEntry['action'][]) =>
    actions.map((action, i): FeedPlanEntry => ({
      reference: `R${i}`,
      action,
      reason: 'same',
      title: '',
      listingUuid: `L${i}`,
    }));

  it('lets a sound file through', () => {
    expect(feedValve(online(['pause', 'unchanged', 'unchanged', 'unchanged', 'unchanged']), input())).toEqual(
      [],
    );
  });

  it('holds an empty file', () => {
    expect(feedValve([], input({ rows: 0 }))).toEqual([{ reason: 'empty' }]);
  });

  it('holds a file cut off inside its last row', () => {
    expect(feedValve([], input({ lastRow: { row: 7, cells: 2 } }))).toEqual([
      { reason: 'cut-off', row: 7, cells: 2, columns: 4 },
    ]);
  });

  it('holds a changed header, but not a reordered one', () => {
    expect(feedValve([], input({ header: ['Bestand', 'sku', 'Preis', 'Titel'] }))).toEqual([]);
    expect(
      feedValve([], input({ header: ['SKU', 'Name', 'Preis', 'Bestand'], lastRow: { row: 10, cells: 4 } })),
    ).toEqual([{ reason: 'header-changed', before: HEADER, after: ['SKU', 'Name', 'Preis', 'Bestand'] }]);
    expect(
      feedValve([], input({ headerBefore: null, header: ['Artikel', 'Titel', 'Preis', 'Bestand'] })),
    ).toEqual([
      { reason: 'header-changed', before: ['SKU'], after: ['Artikel', 'Titel', 'Preis', 'Bestand'] },
    ]);
  });

  it('holds more than the share of the feed’s ads going at once (a few always may)', () => {
    const ten = (going: number) =>
      online([...Array(going).fill('pause'), ...Array(10 - going).fill('unchanged')]);
    expect(feedValve(ten(2), input())).toEqual([]);
    expect(feedValve(online(['end', 'end', 'unchanged']), input())).toEqual([]);
    expect(feedValve(ten(3), input())).toEqual([
      { reason: 'too-many-gone', count: 3, of: 10, maxShare: 0.2 },
    ]);
    expect(feedValve(ten(3), input({ maxShare: 0.5 }))).toEqual([]);
  });
});
