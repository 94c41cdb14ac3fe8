// The Feeds view's form (issue 25): what it sends to `feeds:save` is what the contract takes (checked
// with the contract's own schema), a password travels only when typed for an address, and the
// reference and stock columns are found in a shop's header.
import { describe, expect, it } from 'vitest';
import type { FeedView } from '../../../src/shared/domain/feeds/feed';
import type { ImportInspectResult } from '../../../src/shared/domain/tables/import';
import { contract } from '../../../src/shared/ipc/contract';
import {
  guessedColumns,
  initialValues,
  problemsOf,
  recognizedFormat,
  saveInput,
  type FeedFormValues,
} from '../../../src/renderer/views/feeds/use-feed-form';

const filled = (patch: Partial<FeedFormValues> = {}): FeedFormValues => ({
  ...initialValues(undefined, 'acc-1'),
  name: 'Lager Berlin',
  path: '/home/shop/export/bestand.csv',
  referenceColumn: 'Artikelnummer',
  ...patch,
});

const inspected = (header: string[], mapping: ImportInspectResult['mapping']): ImportInspectResult => ({
  kind: 'csv',
  path: '/home/shop/export/bestand.csv',
  sheets: [],
  sheet: null,
  header,
  mapping,
  mappingRemembered: false,
  rowCount: 2,
  sample: [],
});

const feedsSave = contract['feeds:save'].input;

describe('the feed form', () => {
  it('sends a file feed the contract takes, without a password or a mapping nobody changed', () => {
    const input = saveInput(
      filled({ stockColumn: 'Bestand', scheduled: true, everyMinutes: '30' }),
      undefined,
    );
    expect(feedsSave.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({
      settings: {
        name: 'Lager Berlin',
        source: { kind: 'file', path: '/home/shop/export/bestand.csv' },
        accountId: 'acc-1',
        referenceColumn: 'Artikelnummer',
        stockColumn: 'Bestand',
        gone: 'pause',
        publish: false,
        everyMinutes: 30,
        maxShare: 0.2,
      },
    });
    expect(input.settings).not.toHaveProperty('mapping');
    // A file has no password: one kept from a former address is forgotten, never sent.
    expect(input.password).toBeNull();
  });

  it('sends a typed password for an address, keeps the kept one when left empty, forgets it when asked', () => {
    const url = { kind: 'url' as const, url: 'https://shop.example.de/export.csv', user: 'lager' };
    const typed = saveInput(filled({ ...url, password: 's3cret pass' }), 'feed-1');
    expect(feedsSave.safeParse(typed).success).toBe(true);
    expect(typed).toMatchObject({
      id: 'feed-1',
      password: 's3cret pass',
      settings: { source: { kind: 'url', url: url.url, user: 'lager' } },
    });
    expect(saveInput(filled(url), 'feed-1')).not.toHaveProperty('password');
    expect(
      saveInput(filled({ ...url, password: 'typed', forgetPassword: true }), 'feed-1').password,
    ).toBeNull();
  });

  it('names what is missing or out of range before anything is sent', () => {
    expect(problemsOf(filled())).toEqual([]);
    expect(problemsOf(filled({ name: '  ', path: '', referenceColumn: ' ' }))).toEqual([
      'name',
      'path',
      'reference',
    ]);
    expect(problemsOf(filled({ kind: 'url', url: 'http://shop.example.de/x.csv' }))).toEqual(['url']);
    expect(problemsOf(filled({ kind: 'url', url: 'https://' }))).toEqual(['url']);
    for (const every of ['4', '2.5', '', 'abc', '43201'])
      expect(problemsOf(filled({ scheduled: true, everyMinutes: every })), every).toEqual(['every']);
    expect(problemsOf(filled({ scheduled: false, everyMinutes: 'abc' }))).toEqual([]);
    for (const share of ['-1', '101', 'x'])
      expect(problemsOf(filled({ maxPercent: share })), share).toEqual(['share']);
  });

  it('lets the reference stay empty for a recognized export or an address, and sends the export’s choices (issue 35)', () => {
    const google = inspected(
      ['id', 'title', 'price', 'availability', 'image_link'],
      [null, 'title', 'price', null, null],
    );
    const recognized = recognizedFormat(google);
    expect(recognized).toBe('google-tsv');
    expect(recognizedFormat(inspected(['SKU', 'Titel'], ['reference', 'title']))).toBeNull();
    expect(problemsOf(filled({ referenceColumn: '' }), recognized)).toEqual([]);
    expect(problemsOf(filled({ referenceColumn: '' }))).toEqual(['reference']);
    expect(
      problemsOf(filled({ kind: 'url', url: 'https://shop.example/feed.xml', referenceColumn: '' })),
    ).toEqual([]);
    // Nothing guessed for a recognized export: its own id is the reference.
    expect(guessedColumns(filled({ referenceColumn: '' }), google)).toEqual({
      referenceColumn: '',
      stockColumn: '',
    });
    const input = saveInput(
      filled({
        referenceColumn: '',
        variants: 'each',
        productDetails: 'description',
        allowPrivateAddresses: true,
      }),
      undefined,
    );
    expect(feedsSave.safeParse(input).success).toBe(true);
    expect(input.settings).toMatchObject({
      variants: 'each',
      productDetails: 'description',
      allowPrivateAddresses: true,
    });
    expect(input.settings.referenceColumn).toBeUndefined();
    // The defaults are not written.
    const plain = saveInput(filled(), undefined).settings;
    expect([plain.variants, plain.productDetails, plain.allowPrivateAddresses]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('finds the SKU and stock columns of a shop’s header, the mapped reference first, never over a choice', () => {
    const empty = filled({ referenceColumn: '' });
    expect(
      guessedColumns(
        empty,
        inspected(['Titel', 'Artikelnummer', 'Preis', 'Bestand'], ['title', null, 'price', null]),
      ),
    ).toEqual({ referenceColumn: 'Artikelnummer', stockColumn: 'Bestand' });
    expect(
      guessedColumns(empty, inspected(['ID', 'Name', 'SKU', 'qty'], [null, 'title', 'reference', null])),
    ).toEqual({ referenceColumn: 'SKU', stockColumn: 'qty' });
    expect(guessedColumns(empty, inspected(['Titel', 'Preis'], ['title', 'price']))).toEqual({
      referenceColumn: '',
      stockColumn: '',
    });
    expect(
      guessedColumns(
        filled({ referenceColumn: 'Nr', stockColumn: 'Lager' }),
        inspected(['Nr', 'SKU', 'Bestand', 'Lager'], [null, 'reference', null, null]),
      ),
    ).toEqual({ referenceColumn: 'Nr', stockColumn: 'Lager' });
  });

  it('starts from a feed’s settings, its password never shown', () => {
    const feed = {
      id: 'feed-1',
      name: 'Lager',
      source: { kind: 'url', url: 'https://shop.example.de/export.csv', user: 'lager' },
      accountId: 'acc-2',
      referenceColumn: 'SKU',
      gone: 'end',
      publish: true,
      everyMinutes: 15,
      maxShare: 0.35,
      approved: true,
      header: null,
      createdAt: '2026-11-27T07:00:00.000Z',
      lastRunAt: null,
      hasPassword: true,
      may: { edit: true, run: true, approveHeld: true, keyMissing: false },
      lastRun: null,
    } satisfies FeedView;
    expect(initialValues(feed, 'acc-1')).toMatchObject({
      kind: 'url',
      url: 'https://shop.example.de/export.csv',
      user: 'lager',
      password: '',
      accountId: 'acc-2',
      gone: 'end',
      publish: true,
      scheduled: true,
      everyMinutes: '15',
      maxPercent: '35',
    });
  });

  it('keeps the feed’s price rule (set on its page) when the form saves (issue 25.5)', () => {
    const priceRule = {
      mode: 'amount',
      value: 5,
      everyDays: 7,
      floor: 20,
      rounding: 'none',
      maxSteps: null,
    } as const;
    expect(initialValues(undefined, 'acc-1').priceRule).toBeNull();
    const input = saveInput(filled({ priceRule }), 'feed-1');
    expect(input.settings.priceRule).toEqual(priceRule);
    expect(feedsSave.safeParse(input).success).toBe(true);
    expect(saveInput(filled(), 'feed-1').settings).not.toHaveProperty('priceRule');
  });
});
