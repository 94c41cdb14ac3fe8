// The command line's side of issue 35 (a child process per command, as a scheduler runs it): a
// recognized export (Google's tab-separated product data) is added without --reference, an address
// too; `feed edit` changes only the options given (variants, details, private addresses, the share)
// and refuses bad values in words. What `feed plan` prints of a plan's format and sample is
// checked on the words themselves (the planner fills them on main).
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FeedView } from '../../../src/shared/domain/feeds/feed';
import type { FeedPlan } from '../../../src/shared/domain/feeds/feed-run';
import { holdText, readAs } from '../../../src/main/cli/feeds/feed-run';
import { wordsIn } from '../../../src/main/i18n';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { HEADER } from './helpers';
import { tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from '../cli/run-cli';

const [data, src] = tempDirsForFile('listing-desk-feed-cli-', 'listing-desk-feed-cli-src-');
afterAll(() => {
  data.remove();
  src.remove();
});

const TSV =
  'id\ttitle\tprice\tavailability\timage_link\tlink\n' +
  'TS-1\tShirt Basic\t19.99 EUR\tin_stock\thttps://shop.example/ts-1.jpg\thttps://shop.example/p/ts-1\n';

const feeds = async () =>
  (
    JSON.parse((await cli(['feed', 'list', '--json', '--data-dir', data.dir])).stdout) as {
      feeds: FeedView[];
    }
  ).feeds;

it('adds a recognized export and an address without a reference column, and edits only what is given', async () => {
  const file = put(src.dir, 'google.tsv', TSV);
  const added = await cli(['feed', 'add', 'Shirts', file, '--data-dir', data.dir]);
  expect(added.stderr).not.toContain('reference');
  expect(added.code).toBe(0);
  expect(added.stdout).toContain(
    "reference column the export's own id, stock column the export's availability (for a recognized export)",
  );
  const url = await cli([
    'feed',
    'add',
    'Remote',
    'https://shop.example/export/google.xml',
    '--data-dir',
    data.dir,
  ]);
  expect(url.code).toBe(0);
  let [remote, shirts] = await feeds();
  expect(shirts).toMatchObject({ name: 'Shirts', source: { kind: 'file', path: path.resolve(file) } });
  expect(shirts!.referenceColumn).toBeUndefined();
  expect(shirts!.stockColumn).toBeUndefined();
  expect(remote!.referenceColumn).toBeUndefined();

  const edited = await cli([
    'feed',
    'edit',
    'Shirts',
    '--variants',
    'each',
    '--details',
    'description',
    '--allow-private-addresses',
    '--max-share',
    '35%',
    '--data-dir',
    data.dir,
  ]);
  expect(edited.code).toBe(0);
  expect(edited.stdout).toContain('one ad per variant; details into the description; held above 35 %');
  [remote, shirts] = await feeds();
  expect(shirts).toMatchObject({
    variants: 'each',
    productDetails: 'description',
    allowPrivateAddresses: true,
    maxShare: 0.35,
    gone: 'pause',
    publish: false,
  });
  // The other feed is untouched; an edit that names nothing, or a bad value, is refused.
  expect(remote!.variants).toBeUndefined();
  const nothing = await cli(['feed', 'edit', 'Shirts', '--data-dir', data.dir]);
  expect(nothing.code).toBe(2);
  expect(nothing.stderr).toContain('feed edit NAME changes the options given');
  const bad = await cli(['feed', 'edit', 'Shirts', '--variants', 'some', '--data-dir', data.dir]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--variants takes group');
  const share = await cli(['feed', 'add', 'X', file, '--max-share', '120', '--data-dir', data.dir]);
  expect(share.stderr).toContain('--max-share takes a percentage from 0 to 100');
}, 120_000);

it('adds a Google feed saved as a local XML file, recognized by its content, and plans it', async () => {
  const xml = put(
    src.dir,
    'export.xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title>' +
      '<item><g:id>X-1</g:id><title>Stehlampe</title><description>&lt;p&gt;Aus Messing.&lt;/p&gt;</description>' +
      '<g:price>49.90 EUR</g:price><g:availability>in_stock</g:availability><g:condition>new</g:condition>' +
      '<g:image_link>https://shop.example/x-1.jpg</g:image_link><link>https://shop.example/p/x-1</link></item>' +
      '</channel></rss>\n',
  );
  const added = await cli(['feed', 'add', 'Local XML', xml, '--data-dir', data.dir]);
  expect(added.stderr).not.toContain('not a file Listing Desk imports');
  expect(added.code).toBe(0);
  expect(added.stdout).toContain("reference column the export's own id");
  const plan = await cli(['feed', 'plan', 'Local XML', '--json', '--data-dir', data.dir]);
  expect(plan.code, plan.stderr).toBe(0);
  const planned = JSON.parse(plan.stdout) as FeedPlan;
  expect(planned.format).toBe('google-rss');
  expect(planned.entries.map((entry) => [entry.reference, entry.title])).toEqual([['X-1', 'Stehlampe']]);
}, 60_000);

it('says on stderr which photo a run left out, and runs clean with it the next time', async () => {
  putPhoto(src.dir, 'K-1.png', 1);
  const csv = put(
    src.dir,
    'lager.csv',
    `${HEADER}\nK-1;Kühlschrank;Aus dem Lager.;Multimedia_Elektronik/Haushaltsgeraete;99;2;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;K-1.png|https://127.0.0.1:9/media/gone.jpg\n`,
  );
  expect(
    (
      await cli([
        'feed',
        'add',
        'Lager',
        csv,
        '--reference',
        'SKU',
        '--stock',
        'Bestand',
        '--data-dir',
        data.dir,
      ])
    ).code,
  ).toBe(0);
  const run = await cli(['feed', 'run', 'Lager', '--data-dir', data.dir]);
  expect(run.code).toBe(0);
  expect(run.stderr).toContain('K-1: applied without the photo gone.jpg:');
  const again = await cli(['feed', 'plan', 'Lager', '--data-dir', data.dir]);
  expect(again.stdout).toContain('as in the file');
  expect(again.stdout).not.toContain('the row changed');
}, 120_000);

describe('feed plan’s words', () => {
  const t = wordsIn('en', 'cli');
  it('prints the format, a switch of variants and the sample item', () => {
    const plan = {
      format: 'idealo-csv',
      variantsSwitched: { from: 'group', to: 'each' },
      sample: [
        { field: 'sku', written: 'A-1', became: 'reference', value: 'A-1' },
        { field: 'delivery', written: 'nicht lieferbar', became: 'stock', value: '' },
        { field: 'brand', written: 'Nordfaser', became: 'attribute:marke', value: 'Nordfaser' },
        { field: 'url', written: 'https://shop.example/a-1', became: 'left-out', value: '' },
      ],
    } as Pick<FeedPlan, 'format' | 'sample' | 'variantsSwitched'> as FeedPlan;
    expect(readAs(t, plan)).toEqual([
      'Read as: idealo CSV export',
      'The feed switched from one ad per product (variants together) to one ad per variant: its ads are made anew, the ads made before are paused or ended.',
      'What the first item became (field, as written → became):',
      '  sku       A-1  → reference: A-1',
      '  delivery  nicht lieferbar  → stock',
      '  brand     Nordfaser  → attribute marke: Nordfaser',
      '  url       https://shop.example/a-1  → left out',
    ]);
    expect(readAs(t, {} as FeedPlan)).toEqual([]);
  });

  it('words the new holds', () => {
    expect(holdText(t, { reason: 'too-many-new', count: 30, of: 40, maxShare: 0.2 })).toMatch(
      /^30 of the feed's 40 ads would be new at once, more than 20 %\./,
    );
    expect(
      holdText(t, {
        reason: 'variants-switched',
        from: 'group',
        to: 'each',
        gone: 4,
        created: 12,
        of: 16,
        maxShare: 0.2,
      }),
    ).toMatch(
      /^The feed now makes one ad per variant instead of one ad per product \(variants together\): 4 ads/,
    );
    expect(wordsIn('de', 'cli')('feed.hold.too-many-new', { count: 3, of: 9, share: 20 })).toMatch(
      /^3 der 9 Anzeigen des Feeds wären auf einmal neu/,
    );
  });
});
