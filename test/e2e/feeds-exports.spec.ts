// A shop's product export in the Feeds view (issue 35), in English light and German dark: the form
// recognizes a Google product data header (the reference column optional, no mapping to make) and
// offers the export's choices (variants, details, private addresses), saved as chosen and reached by
// keyboard; the plan panel shows the format it read, a switch of variants and one sample item field
// by field. The plan's format and sample are filled into the answer here (the planner fills them on
// main once the formats are read), the rest of the plan is the app's own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { FeedPlan, FeedView } from '../../src/shared/domain/feeds';
import { call } from './contract-calls';
import { englishOnPage } from './english-words';
import { routeIpc } from './ipc-route';
import { expect, test } from './fixtures';

const SHOTS = '/tmp/shots-s35c';

const TSV = [
  'id\ttitle\tdescription\tprice\tavailability\timage_link\tlink\tcondition\tbrand\tgtin\titem_group_id\tcolor\tsize',
  'TS-100-M\tShirt Basic – M – Blau\t<p>Baumwolle, <b>fair</b> hergestellt.</p>\t19.99 EUR\tin_stock\thttps://shop.example/img/ts-100-m.jpg\thttps://shop.example/p/ts-100\tnew\tNordfaser\t4006381333931\tTS-100\tBlau\tM',
  'TS-100-L\tShirt Basic – L – Blau\t<p>Baumwolle, <b>fair</b> hergestellt.</p>\t19.99 EUR\tout_of_stock\thttps://shop.example/img/ts-100-l.jpg\thttps://shop.example/p/ts-100\tnew\tNordfaser\t4006381333948\tTS-100\tBlau\tL',
];

/** The plan as the planner will fill it for this file (issue 35.6). */
const filled: Pick<FeedPlan, 'format' | 'sample' | 'variantsSwitched' | 'held'> = {
  format: 'google-tsv',
  variantsSwitched: { from: 'group', to: 'each' },
  held: [
    { reason: 'variants-switched', from: 'group', to: 'each', gone: 4, created: 12, of: 16, maxShare: 0.2 },
  ],
  sample: [
    { field: 'id', written: 'TS-100-M', became: 'reference', value: 'TS-100-M' },
    { field: 'title', written: 'Shirt Basic – M – Blau', became: 'title', value: 'Shirt Basic – M – Blau' },
    {
      field: 'description',
      written: '<p>Baumwolle, <b>fair</b> hergestellt.</p>',
      became: 'description',
      value: 'Baumwolle, fair hergestellt.',
    },
    { field: 'price', written: '19.99 EUR', became: 'price', value: '19,99' },
    { field: 'availability', written: 'in_stock', became: 'stock', value: 'in' },
    {
      field: 'image_link',
      written: 'https://shop.example/img/ts-100-m.jpg',
      became: 'photos',
      value: 'ts-100-m.jpg',
    },
    { field: 'condition', written: 'new', became: 'attribute:condition', value: 'new' },
    { field: 'brand', written: 'Nordfaser', became: 'description', value: 'Marke: Nordfaser' },
    { field: 'link', written: 'https://shop.example/p/ts-100', became: 'left-out', value: '' },
  ],
};

const words = {
  en: {
    add: 'Add a feed…',
    read: 'Read the columns',
    path: 'File (CSV or Excel)',
    reference: 'Reference column (optional)',
    recognized: 'Recognized as Google product data (tab-separated)',
    group: /^One ad per product/,
    each: 'One ad per variant',
    description: 'Into the description',
    privateAddresses: /may be on this network/,
    save: 'Save and read the file',
    format: 'Recognized: Google product data (tab-separated).',
    switched: 'You switched this feed from “one ad per product (variants together)” to “one ad per variant”',
    held: 'The feed is now set to “one ad per variant” instead of “one ad per product (variants together)”: 4 ads would be paused or ended and 12 made anew',
    sample: 'What the first item became',
    attribute: 'Attribute condition',
    leftOut: 'Left out',
    inStock: 'Stockin stock',
  },
  de: {
    add: 'Feed hinzufügen …',
    read: 'Spalten lesen',
    path: 'Datei (CSV oder Excel)',
    reference: 'Referenzspalte (optional)',
    recognized: 'Erkannt als Google-Produktdaten (tabulatorgetrennt)',
    group: /^Eine Anzeige je Produkt/,
    each: 'Eine Anzeige je Variante',
    description: 'In die Beschreibung',
    privateAddresses: /darf in diesem Netz liegen/,
    save: 'Speichern und Datei lesen',
    format: 'Erkannt: Google-Produktdaten (tabulatorgetrennt).',
    switched:
      'Sie haben diesen Feed von „eine Anzeige je Produkt (Varianten zusammen)“ auf „eine Anzeige je Variante“ umgestellt',
    held: 'Der Feed ist jetzt auf „eine Anzeige je Variante“ statt „eine Anzeige je Produkt (Varianten zusammen)“ gestellt: 4 Anzeigen würden pausiert oder beendet und 12 neu angelegt',
    sample: 'Was aus dem ersten Artikel wurde',
    attribute: 'Merkmal condition',
    leftOut: 'Weggelassen',
    inStock: 'Bestandvorrätig',
  },
} as const;

/** What the file holds or the seller typed: shown as written in any language. */
const USER_DATA = [
  'Shirt',
  'Baumwolle',
  'Nordfaser',
  'shop.example',
  'EUR',
  'in_stock',
  'new',
  'TS-100',
  'produkte.tsv',
  // The file's own column names (Google's), offered as reference columns and named in the sample.
  'description',
  'title',
  'price',
];

/** Opens the app with the feeds:plan answers filled as the planner fills them for a recognized export. */
async function openFilled(page: Page, url: string): Promise<void> {
  await routeIpc(page, (channel, result) => {
    const answer = result as { ok: boolean; value?: FeedPlan } | undefined;
    if (channel !== 'feeds:plan' || !answer?.ok || !answer.value) return result;
    return { ok: true, value: { ...answer.value, ...filled } };
  });
  await page.goto(url);
}

for (const look of [
  { language: 'en', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
] as const) {
  test(`a product export: the form's choices and the plan's format and sample (${look.language}, ${look.colorScheme})`, async ({
    page,
    shell,
  }, info) => {
    test.setTimeout(120_000);
    const w = words[look.language];
    const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-exports-'));
    mkdirSync(SHOTS, { recursive: true });
    try {
      const tsv = path.join(work, 'produkte.tsv');
      writeFileSync(tsv, `${TSV.join('\n')}\n`);
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await openFilled(page, shell.url);
      await expect(page.getByRole('navigation').getByRole('button', { name: /Feeds/ })).toBeVisible();
      if (look.language === 'de') {
        await call(page, 'settings:set', { language: 'de' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      }
      await page.getByRole('navigation').getByRole('button', { name: /Feeds/ }).click();
      await page.getByRole('button', { name: w.add }).click();
      await page.getByLabel('Name', { exact: true }).fill('Shirts');
      await page.getByLabel(w.path).fill(tsv);
      await page.getByRole('button', { name: w.read }).click();

      // Recognized by its header: the reference is the export's own id, no mapping is asked for.
      await expect(page.getByTestId('feed-recognized')).toContainText(w.recognized);
      await expect(page.getByLabel(w.reference)).toHaveValue('');
      await expect(page.locator('.feed-mapping')).toHaveCount(0);
      // The choices by keyboard: the arrow moves the variants choice, Space ticks the box.
      const group = page.getByRole('radio', { name: w.group });
      await expect(group).toBeChecked();
      await group.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: w.each })).toBeChecked();
      await page.getByRole('radio', { name: w.description }).check();
      await page.getByRole('checkbox', { name: w.privateAddresses }).focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('checkbox', { name: w.privateAddresses })).toBeChecked();
      const axeForm = await new AxeBuilder({ page }).include('.feed-form').analyze();
      expect(axeForm.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      if (look.language === 'de') expect(await englishOnPage(page, 'export form', USER_DATA)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 2000 });
      for (const file of [
        info.outputPath(`form-${look.language}.png`),
        `${SHOTS}/form-${look.language}-${look.colorScheme}.png`,
      ])
        await page.screenshot({ path: file });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Saved as chosen, without a reference column.
      await page.getByRole('button', { name: w.save }).click();
      const plan = page.getByTestId('feed-plan');
      await expect(plan.getByTestId('feed-format')).toContainText(w.format, { timeout: 20_000 });
      const { feeds } = await call(page, 'feeds:list');
      const saved = feeds[0] as FeedView;
      expect(saved).toMatchObject({
        variants: 'each',
        productDetails: 'description',
        allowPrivateAddresses: true,
      });
      expect(saved.referenceColumn).toBeUndefined();

      // The plan: the switch of variants shown and held, the sample field by field.
      await expect(plan.getByTestId('feed-variants-switched')).toContainText(w.switched);
      await expect(plan.getByTestId('feed-held')).toContainText(w.held);
      const sample = plan.getByTestId('feed-sample');
      await expect(sample.getByRole('heading', { name: w.sample })).toBeVisible();
      await expect(sample.locator('tbody tr')).toHaveCount(filled.sample!.length);
      await expect(sample.locator('tr[data-became="attribute:condition"]')).toContainText(w.attribute);
      await expect(sample.locator('tr[data-became="left-out"]')).toContainText(w.leftOut);
      // The stock as read, in words (not the code 'in').
      await expect(sample.locator('tr[data-became="stock"] td').last()).toHaveText(w.inStock);
      await expect(sample.locator('tr[data-became="description"]').first()).toContainText(
        '<p>Baumwolle, <b>fair</b> hergestellt.</p>',
      );
      const axePlan = await new AxeBuilder({ page }).include('[data-testid="feed-plan"]').analyze();
      expect(axePlan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      if (look.language === 'de') expect(await englishOnPage(page, 'export plan', USER_DATA)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 1600 });
      for (const file of [
        info.outputPath(`plan-${look.language}.png`),
        `${SHOTS}/plan-${look.language}-${look.colorScheme}.png`,
      ])
        await plan.screenshot({ path: file });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

const XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title>' +
  '<item><g:id>X-1</g:id><title>Stehlampe</title><description>&lt;p&gt;Aus Messing.&lt;/p&gt;</description>' +
  '<g:price>49.90 EUR</g:price><g:availability>in_stock</g:availability><g:condition>new</g:condition>' +
  '<g:image_link>https://shop.example/x-1.jpg</g:image_link><link>https://shop.example/p/x-1</link></item></channel></rss>\n';

for (const look of [
  {
    language: 'en',
    colorScheme: 'light',
    recognized: 'Recognized as Google product data (RSS XML)',
  },
  {
    language: 'de',
    colorScheme: 'dark',
    recognized: 'Erkannt als Google-Produktdaten (RSS-XML)',
  },
] as const) {
  test(`a Google feed saved as an XML file is recognized in the form by its content (${look.language}, ${look.colorScheme})`, async ({
    page,
    shell,
  }, info) => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-exports-xml-'));
    mkdirSync(SHOTS, { recursive: true });
    try {
      const xml = path.join(work, 'google.xml');
      writeFileSync(xml, XML);
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await page.goto(shell.url);
      await expect(page.getByRole('navigation').getByRole('button', { name: /Feeds/ })).toBeVisible();
      if (look.language === 'de') {
        await call(page, 'settings:set', { language: 'de' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      }
      await page.getByRole('navigation').getByRole('button', { name: /Feeds/ }).click();
      await page.getByRole('button', { name: words[look.language].add }).click();
      await page.getByLabel('Name', { exact: true }).fill('Lampen');
      await page.getByLabel(words[look.language].path).fill(xml);
      await page.getByRole('button', { name: words[look.language].read }).click();
      // No columns to read: the format is said, nothing failed, no reference asked for.
      await expect(page.getByTestId('feed-recognized')).toContainText(look.recognized);
      await expect(page.getByTestId('feed-read-failed')).toHaveCount(0);
      await expect(page.getByLabel(words[look.language].reference)).toHaveValue('');
      const axeForm = await new AxeBuilder({ page }).include('.feed-form').analyze();
      expect(axeForm.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      for (const file of [
        info.outputPath(`form-xml-${look.language}.png`),
        `${SHOTS}/form-xml-${look.language}-${look.colorScheme}.png`,
      ])
        await page.screenshot({ path: file });
      await page.getByRole('button', { name: words[look.language].save }).click();
      // Saved without a reference column; the plan reads the file as the feed it is.
      const plan = page.getByTestId('feed-plan');
      await expect(plan.getByTestId('feed-format')).toContainText(look.recognized.replace(/^\S+ \S+ /, ''), {
        timeout: 20_000,
      });
      const { feeds } = await call(page, 'feeds:list');
      expect((feeds[0] as FeedView).referenceColumn).toBeUndefined();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}
