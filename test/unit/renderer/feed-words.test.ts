// The Feeds view's words (issue 25.2/25.3): every action, reason and hold the feed engine can send
// reads as a sentence in English and German with its figures in it, never as a bare key; a changed
// row names what changed, a header change the columns gone and new.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedView } from '../../../src/shared/domain/feeds/feed';
import {
  feedActions,
  feedReasons,
  type FeedHold,
  type FeedRunEntry,
} from '../../../src/shared/domain/feeds/feed-run';
import { resources } from '../../../src/renderer/i18n/resources';
import { feedWords, runCounts } from '../../../src/renderer/views/feeds/feed-words';

const languages = ['en', 'de'] as const;
const words = {} as Record<(typeof languages)[number], ReturnType<typeof feedWords>>;

beforeAll(async () => {
  for (const language of languages) {
    const instance = i18next.createInstance();
    await instance.init({
      resources: { [language]: { translation: resources[language] } },
      lng: language,
      interpolation: { escapeValue: false },
    });
    words[language] = feedWords(instance.t as TFunction, language, { language, timeZone: 'Europe/Berlin' });
  }
});

const bare = (text: string) => /feeds\.|{{|}}/.test(text);

const feed = (patch: Partial<FeedView>): FeedView => ({
  id: 'feed-1',
  name: 'Lager',
  source: { kind: 'file', path: '/home/shop/bestand.csv' },
  accountId: 'acc-1',
  referenceColumn: 'SKU',
  gone: 'pause',
  publish: false,
  maxShare: 0.2,
  approved: true,
  header: null,
  createdAt: '2026-11-27T07:00:00.000Z',
  lastRunAt: null,
  hasPassword: false,
  may: { edit: true, run: true, approveHeld: true, keyMissing: false },
  lastRun: null,
  ...patch,
});

describe.each(languages)('feed words in %s', (language) => {
  it.each(feedActions)('action %s has a word', (action) => {
    expect(bare(words[language].action(action))).toBe(false);
  });

  it.each(feedReasons)('reason %s is a sentence', (reason) => {
    const text = words[language].why({
      reference: 'SKU-1',
      action: 'update',
      reason,
      title: 'Sofa',
      stock: '0',
    });
    expect(bare(text)).toBe(false);
    expect(text.length).toBeGreaterThan(8);
    if (reason === 'sold-out') expect(text).toContain('0');
  });

  it('a changed row names each change with its before and after', () => {
    const text = words[language].why({
      reference: 'SKU-1',
      action: 'update',
      reason: 'row-changed',
      title: 'Sofa',
      changes: [{ field: 'price.amount', before: 149, after: 139 }],
    });
    expect(text).toMatch(/149[.,]00.*139[.,]00/);
  });

  it.each<FeedHold>([
    { reason: 'empty' },
    { reason: 'cut-off', row: 812, cells: 3, columns: 14 },
    { reason: 'header-changed', before: ['SKU', 'Preis', 'Bestand'], after: ['SKU', 'Preis', 'Menge'] },
    { reason: 'header-changed', before: ['SKU', 'Preis'], after: ['Preis', 'SKU'] },
    { reason: 'too-many-gone', count: 41, of: 120, maxShare: 0.2 },
    { reason: 'too-many-new', count: 37, of: 130, maxShare: 0.2 },
    { reason: 'variants-switched', from: 'group', to: 'each', gone: 9, created: 31, of: 40, maxShare: 0.2 },
  ])('hold $reason is said with its figures', (hold) => {
    const text = words[language].hold(hold);
    expect(bare(text)).toBe(false);
    // Data row 812 is the sheet's row 813 (its header is row 1).
    if (hold.reason === 'cut-off') expect(text).toMatch(/813.*3.*14/);
    if (hold.reason === 'header-changed' && hold.after.includes('Menge'))
      expect(text).toMatch(/Bestand.*Menge/);
    if (hold.reason === 'too-many-gone') expect(text).toMatch(/41.*120.*20 %/);
    if (hold.reason === 'too-many-new') expect(text).toMatch(/37.*130.*20 %/);
    if (hold.reason === 'variants-switched') expect(text).toMatch(/9.*31.*20 %/);
  });

  it('says what a sample field became, and a photo a run left out', () => {
    const w = words[language];
    for (const became of ['title', 'description', 'price', 'category', 'photos', 'reference', 'stock'])
      expect(bare(w.became({ became }))).toBe(false);
    expect(w.became({ became: 'attribute:color' })).toContain('color');
    expect(w.became({ became: 'left-out' })).not.toBe('left-out');
    expect(w.format('google-rss')).toContain('RSS');
    const why = w.why({
      reference: 'A',
      action: 'create',
      reason: 'new-row',
      title: 'A',
      missedPhotos: [{ ref: 'https://shop.example/a.jpg', name: 'a.jpg', message: 'not found' }],
    });
    expect(why).toContain('a.jpg');
    expect(why).toContain('not found');
  });

  it('says the schedule, the next run and the last outcome', () => {
    const w = words[language];
    expect(w.schedule(feed({}))).not.toMatch(/\d/);
    expect(w.schedule(feed({ everyMinutes: 30 }))).toContain('30');
    // A first run waits for the seller, scheduled or not.
    const waiting = feed({ approved: false, everyMinutes: 30 });
    expect(w.outcome(waiting, false).kind).toBe('waiting');
    expect(w.nextRun(waiting)).not.toBe(w.nextRun(feed({ everyMinutes: 30 })));
    const lastRunAt = '2026-11-27T07:00:00.000Z';
    expect(w.nextRun(feed({ everyMinutes: 30, lastRunAt }))).toBe(w.time('2026-11-27T07:30:00.000Z'));
    const summary = {
      id: 'run-1',
      feedId: 'feed-1',
      startedAt: lastRunAt,
      finishedAt: lastRunAt,
      state: 'done' as const,
      trigger: 'seller' as const,
      counts: { create: 2, update: 0, pause: 0, resume: 0, end: 0, unchanged: 0, refused: 0 },
      failed: 1,
      held: [],
    };
    expect(w.outcome(feed({ lastRun: summary }), false).kind).toBe('failed');
    expect(w.outcome(feed({ lastRun: { ...summary, failed: 0 } }), false).kind).toBe('done');
    expect(w.outcome(feed({ lastRun: { ...summary, failed: 0 } }), true).kind).toBe('running');
    for (const kind of ['done', 'failed', 'held', 'running', 'waiting', 'never'] as const)
      expect(resources[language].feeds.outcome[kind], kind).toBeTruthy();
  });
});

describe('a new row whose draft would not be ready (issue 32.5)', () => {
  const entry = {
    reference: 'SKU-1',
    action: 'create' as const,
    reason: 'new-row' as const,
    title: 'Kühlschrank',
    notReady: [
      { field: 'publication.availabilityRadiusInKm', code: 'required' as const },
      { field: 'photos', code: 'no-photos' as const },
    ],
  };

  it('is flagged with the fields it lacks, in English and German', () => {
    expect(words.en.notReady(entry)).toBe('Not ready to publish. Missing: Radius (km), Photos.');
    expect(words.de.notReady(entry)).toBe('Nicht bereit zum Veröffentlichen. Es fehlt: Umkreis (km), Fotos.');
  });

  it('is not flagged when ready', () => {
    const { notReady: _issues, ...ready } = entry;
    expect(words.en.notReady(ready)).toBeUndefined();
    expect(words.en.notReady({ ...entry, notReady: [] })).toBeUndefined();
  });
});

describe('a run’s counts', () => {
  it('count what was done: a failed, pending or held ad is not counted as changed; unchanged rows as counted', () => {
    const entry = (action: FeedRunEntry['action'], outcome: FeedRunEntry['outcome']): FeedRunEntry => ({
      reference: `SKU-${action}-${outcome}`,
      action,
      reason: 'same',
      title: 'x',
      outcome,
    });
    expect(
      runCounts({
        entries: [
          entry('update', 'done'),
          entry('update', 'failed'),
          entry('pause', 'pending'),
          entry('end', 'held'),
          entry('create', 'done'),
          entry('refused', 'done'),
        ],
        // The run's plan: the ads left unchanged are counted here only.
        counts: { create: 1, update: 2, pause: 1, resume: 0, end: 1, unchanged: 40, refused: 1 },
      }),
    ).toEqual({ create: 1, update: 1, pause: 0, resume: 0, end: 0, unchanged: 40, refused: 1, wait: 0 });
  });
});
