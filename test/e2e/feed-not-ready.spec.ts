// A feed's plan says what will fail, and its price rule takes a floor as a share (issue 32.5/32.6),
// in the web shell: a shop's export without a radius column into the Sandbox account (whose
// defaults have none) for a feed that publishes. Before the seller's yes the plan flags each new
// row with what its draft lacks, and a banner says the run would fail them; the feed's price rule
// form takes "70 %" as its floor and previews steps down to it. English light, German dark.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { colourFor, solidPng } from '../fixtures/images';
import { call } from './contract-calls';
import { englishOnPage } from './english-words';
import { expect, launchShell, stopShell, test } from './fixtures';

const HEADER =
  'Artikelnummer;Titel;Beschreibung;Preis;Kategorie;Bild;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil';
const place = 'verkauf@example.de;Hauptstraße 1;10115;Berlin;Mitte';
const ROWS = [
  `SKU-100;Kühlschrank Bosch;Gut erhalten.;349,00;Multimedia_Elektronik/Haushaltsgeraete;kuehlschrank.png;2;${place}`,
  `SKU-200;Fahrrad 28 Zoll;Wenig gefahren.;89,90;Auto_Rad_Boot/Fahrraeder;;1;${place}`,
];

const words = {
  en: {
    banner: '2 new rows would make drafts not ready to publish',
    fail: 'This feed publishes its new ads: these would fail.',
    fridge: 'Not ready to publish. Missing: Radius (km).',
    bike: 'Not ready to publish. Missing: Radius (km), Photos.',
    filter: 'Not ready (2)',
    floor: 'Never below (€ or %)',
    steps: ['€90.00 (step 1)', '€81.00 (step 2)', '€72.90 (step 3)', '€70.00 (step 4)'],
  },
  de: {
    banner: '2 neue Zeilen ergäben Entwürfe, die nicht bereit zum Veröffentlichen sind',
    fail: 'Dieser Feed veröffentlicht seine neuen Anzeigen: Diese würden scheitern.',
    fridge: 'Nicht bereit zum Veröffentlichen. Es fehlt: Umkreis (km).',
    bike: 'Nicht bereit zum Veröffentlichen. Es fehlt: Umkreis (km), Fotos.',
    filter: 'Nicht bereit (2)',
    floor: 'Nie unter (€ oder %)',
    steps: ['90,00 € (Schritt 1)', '81,00 € (Schritt 2)', '72,90 € (Schritt 3)', '70,00 € (Schritt 4)'],
  },
} as const;

const DAY = 86_400_000;

/** What the editor's rule section says of a rule the feed's price started again, and of a price set by hand. */
const editorWords = {
  en: {
    followed: 'the feed set a new price (the rule had left the ad at €108.45)',
    steps: ['€89.10 (step 1)', '€80.19 (step 2)', '€72.17 (step 3)', '€69.30 (step 4)'],
    outside:
      'The price is now €99.00, set outside the rule: at its next turn the rule stops and lowers nothing more. Then set it again to lower from that price.',
  },
  de: {
    followed:
      'Der Feed hat einen neuen Preis gesetzt (die Regel hatte die Anzeige bei 108,45\u00a0€ gelassen)',
    steps: [
      '89,10\u00a0€ (Schritt 1)',
      '80,19\u00a0€ (Schritt 2)',
      '72,17\u00a0€ (Schritt 3)',
      '69,30\u00a0€ (Schritt 4)',
    ],
    outside:
      'Der Preis ist jetzt 99,00\u00a0€, außerhalb der Regel gesetzt: Bei ihrem nächsten Schritt hält die Regel an und senkt nichts mehr. Legen Sie sie danach erneut fest, um von diesem Preis aus zu senken.',
  },
} as const;

/** What the shop's file holds: shown as it is in any language. */
const USER_DATA = ['Kühlschrank Bosch', 'Fahrrad 28 Zoll', 'SKU-', 'Lager Berlin', 'Sandbox'];

for (const look of [
  { language: 'en', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
] as const) {
  test(`a feed's plan flags the new rows that would fail, and its rule takes a share floor (${look.language}, ${look.colorScheme})`, async ({
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const w = words[look.language];
    const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-feed-ready-'));
    const csv = path.join(work, 'bestand.csv');
    writeFileSync(path.join(work, 'kuehlschrank.png'), solidPng(colourFor(3), 60));
    writeFileSync(csv, `${[HEADER, ...ROWS].join('\r\n')}\r\n`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    const { shell, child } = await launchShell(dataDir);
    const context = await browser.newContext({ colorScheme: look.colorScheme });
    const page = await context.newPage();
    try {
      await page.goto(shell.url);
      // The window follows a language set through the contract once it listens: its first view.
      await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible();
      if (look.language === 'de') {
        await call(page, 'settings:set', { language: 'de' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      }
      const { activeId } = await call(page, 'accounts:list');
      const feed = await call(page, 'feeds:save', {
        settings: {
          name: 'Lager Berlin',
          source: { kind: 'file', path: csv },
          accountId: activeId!,
          referenceColumn: 'Artikelnummer',
          stockColumn: 'Bestand',
          gone: 'pause',
          publish: true,
          maxShare: 0.2,
        },
      });
      await page.getByRole('navigation').getByRole('button', { name: /Feeds/ }).click();
      await page.getByRole('button', { name: 'Lager Berlin' }).click();

      // Before the yes: a banner counts the rows that would fail; each names what it lacks.
      const plan = page.getByTestId('feed-plan');
      const banner = plan.getByTestId('feed-not-ready');
      await expect(banner).toContainText(w.banner, { timeout: 20_000 });
      await expect(banner).toContainText(w.fail);
      await expect(plan.getByTestId('feed-yes')).toBeVisible();
      const rows = plan.getByTestId('feed-plan-rows-row');
      await expect(rows).toHaveCount(2);
      await expect(
        rows.filter({ hasText: 'Kühlschrank Bosch' }).getByTestId('feed-plan-rows-flag'),
      ).toHaveText(w.fridge);
      await expect(rows.filter({ hasText: 'Fahrrad 28 Zoll' }).getByTestId('feed-plan-rows-flag')).toHaveText(
        w.bike,
      );
      // The rows that would fail, alone.
      await plan.getByRole('button', { name: w.filter }).click();
      await expect(plan.getByRole('button', { name: w.filter })).toHaveAttribute('aria-pressed', 'true');
      await expect(rows).toHaveCount(2);
      await page.screenshot({ path: info.outputPath(`feed-not-ready-${look.language}.png`), fullPage: true });
      await plan.screenshot({ path: info.outputPath(`feed-not-ready-plan-${look.language}.png`) });
      if (look.language === 'de') expect(await englishOnPage(page, 'feed plan', USER_DATA)).toEqual([]);

      // The feed's price rule with its floor as a share of the start price.
      const rule = page.locator('.feed-price-rule');
      await rule.scrollIntoViewIfNeeded();
      await rule.getByLabel(w.floor).fill('70 %');
      const steps = rule.getByTestId('price-rule-preview').getByRole('listitem');
      await expect(steps).toHaveCount(4);
      for (const [i, text] of w.steps.entries()) await expect(steps.nth(i)).toContainText(text);
      await rule.locator('button[type=submit]').click();
      await expect
        .poll(async () => (await call(page, 'feeds:list')).feeds.find((f) => f.id === feed.id)?.priceRule)
        .toEqual({
          mode: 'percent',
          value: 10,
          everyDays: 7,
          floor: { percent: 70 },
          rounding: 'none',
          maxSteps: null,
        });
      await expect(page.locator('.feed-price-rule').getByRole('status')).toBeVisible();
      await expect(page.locator('.feed-price-rule').getByLabel(w.floor)).toHaveValue('70 %');
      await page
        .locator('.feed-price-rule')
        .screenshot({ path: info.outputPath(`feed-share-floor-${look.language}.png`) });
      if (look.language === 'de') expect(await englishOnPage(page, 'feed rule', USER_DATA)).toEqual([]);
    } finally {
      await context.close();
      await stopShell(child);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  });
}

/** A rule live since a fortnight ago from 120,50 €, its first step done (108,45 €). */
function runningRule(extra: Partial<NonNullable<Draft['priceRule']>> = {}): NonNullable<Draft['priceRule']> {
  const start = new Date(Date.now() - 14 * DAY).toISOString();
  return {
    rule: {
      mode: 'percent',
      value: 10,
      everyDays: 7,
      floor: { percent: 70 },
      rounding: 'none',
      maxSteps: null,
    },
    origin: 'feed',
    setAt: start,
    start: { at: start, cents: 12_050 },
    steps: [{ step: 1, at: new Date(Date.now() - 7 * DAY).toISOString(), from: 12_050, to: 10_845 }],
    ...extra,
  };
}

test('the editor’s rule preview follows the feed’s new price, and says it stops at a price set by hand (en light, de dark)', async ({
  page,
}, info) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const now = new Date().toISOString();
  // The feed set 99 € a moment ago: the rule started again from it.
  const followed = readyDraft(dataDir, 1, {
    title: 'Kühlschrank Bosch',
    price: { type: 'FIXED', amount: '99' },
    priceRule: runningRule({
      start: { at: now, cents: 9_900 },
      steps: [],
      followed: { at: now, from: 10_845 },
    }),
  });
  // The seller typed 99 € over the price draft and ad last agreed on (120,50 €).
  const byHand = readyDraft(dataDir, 2, {
    title: 'Fahrrad 28 Zoll',
    price: { type: 'FIXED', amount: '99' },
    remote: { base: { fields: { price: { type: 'FIXED', amount: 120.5 } }, urls: null } },
    priceRule: runningRule(),
  });
  writeDraft(dataDir, followed);
  writeDraft(dataDir, byHand);
  const { shell, child } = await launchShell(dataDir);
  try {
    // Tall enough for the whole editor in one picture (it scrolls inside the window).
    await page.setViewportSize({ width: 1280, height: 2000 });
    await page.goto(shell.url);
    for (const look of [
      { language: 'en', colorScheme: 'light', editor: 'Draft editor' },
      { language: 'de', colorScheme: 'dark', editor: 'Entwurfseditor' },
    ] as const) {
      if (look.language === 'de') {
        await call(page, 'settings:set', { language: 'de' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
        await page.emulateMedia({ colorScheme: 'dark' });
      }
      const w = editorWords[look.language];
      await page.getByRole('button', { name: /Kühlschrank Bosch/ }).click();
      let section = page.getByRole('region', { name: look.editor }).getByTestId('price-rule');
      await expect(section.getByTestId('price-rule-followed')).toContainText(w.followed);
      const steps = section.getByTestId('price-rule-preview').getByRole('listitem');
      await expect(steps).toHaveCount(4);
      for (const [i, text] of w.steps.entries()) await expect(steps.nth(i)).toContainText(text);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`rule-followed-${look.language}.png`) });

      await page.getByRole('button', { name: /Fahrrad 28 Zoll/ }).click();
      section = page.getByRole('region', { name: look.editor }).getByTestId('price-rule');
      await expect(section.getByTestId('price-rule-set-outside')).toHaveText(w.outside);
      await expect(section.getByTestId('price-rule-preview').getByRole('listitem')).toHaveCount(0);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`rule-set-outside-${look.language}.png`) });
      if (look.language === 'de')
        expect(await englishOnPage(page, 'price rule', ['Kühlschrank Bosch', 'Fahrrad 28 Zoll'])).toEqual([]);
    }
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
