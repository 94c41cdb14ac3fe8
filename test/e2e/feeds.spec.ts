// A stock feed's first run from the app (issue 25.2/25.3), as a seller would do it: a shop's CSV in a
// folder of its own becomes a feed through the Feeds view, its plan is shown (what each ad would
// become, and why) and waits for the seller's yes; the run's progress and report follow, and the
// history keeps it. Again in German (dark). A cut-off file holds the next run: the seller reads why,
// and nothing reaches the service (its counters).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { colourFor, solidPng } from '../fixtures/images';
import { addPublishingAccount } from '../helpers/real-account';
import { call, desk } from './contract-calls';
import { englishOnPage } from './english-words';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'feed-seller', clientSecret: 'feed-secret-41c7e2' };
const HEADER =
  'Artikelnummer;Titel;Beschreibung;Preis;Kategorie;Zustand;Bilder;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis';
const place = 'verkauf@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';
const ROWS = [
  `SKU-100;Kühlschrank Bosch;Gut erhalten.;349,00;Haushalt/Kühlschränke;gebraucht;kuehlschrank.png;2;${place}`,
  `SKU-200;Fahrrad 28 Zoll;Wenig gefahren.;89,90;Fahrräder/Herrenräder;gebraucht;fahrrad.png;1;${place}`,
  `SKU-300;Stehlampe Messing;Funktioniert einwandfrei.;20,00;Haushalt/Lampen;wie neu;lampe.png;4;${place}`,
];

interface Shop {
  work: string;
  csv: string;
  photos: string;
}

/** The shop's export folder: its CSV (as a shop system writes it) and the photos it names. */
function shopFolder(): Shop {
  const work = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-feed-'));
  const csv = path.join(work, 'export', 'bestand.csv');
  const photos = path.join(work, 'fotos');
  mkdirSync(path.dirname(csv), { recursive: true });
  mkdirSync(photos, { recursive: true });
  ['kuehlschrank.png', 'fahrrad.png', 'lampe.png'].forEach((name, i) =>
    writeFileSync(path.join(photos, name), solidPng(colourFor(i + 5), 50 + i * 9)),
  );
  writeFileSync(csv, `${[HEADER, ...ROWS].join('\r\n')}\r\n`);
  return { work, csv, photos };
}

/** Requests that change something on the service (everything but reads and tokens). */
function writes(remote: Sandbox): number {
  let count = 0;
  for (const [route, byStatus] of Object.entries(remote.stats().requests)) {
    if (/^(GET|HEAD) /.test(route) || route.includes('token')) continue;
    for (const n of Object.values(byStatus)) count += n;
  }
  return count;
}

/** An account of the external sandbox, selected, with its imprint (the feed publishes with it). */
async function shopAccount(page: Page, remote: Sandbox): Promise<void> {
  await addPublishingAccount(desk(page), remote, 'Feed Shop', CLIENT);
}

const words = {
  en: {
    nav: /Feeds/,
    add: 'Add a feed…',
    addTitle: 'Add a feed',
    name: 'Name',
    path: 'File (CSV or Excel)',
    read: 'Read the columns',
    reference: 'Reference column (SKU)',
    stock: 'Stock column (optional)',
    photos: 'Photo folder (optional)',
    account: 'Account',
    publish: 'Publish new rows at once (otherwise they become drafts)',
    save: 'Save and read the file',
    firstHeading: 'The first run: check it before it happens',
    threeNew: '3 new',
    threeWait: '3 need a category',
    needsCategory: 'Needs a category',
    unmappedHeading: '3 shop categories without a category of the marketplace',
    guessesFor: (name: string) => `Suggestions for ${name}`,
    newRow: 'A new row in the file.',
    yes: 'Yes, run this plan',
    created: '3 created',
    done: 'Done',
    readAgain: 'Read the file again',
    held: 'This run is held: nothing will be applied.',
    cutOff: 'The file looks cut off: row 4 has 4 of 14 cells.',
    heldOutcome: 'Held',
    allFeeds: '← All feeds',
    title: 'Stock feeds',
  },
  de: {
    nav: /Feeds/,
    add: 'Feed hinzufügen …',
    addTitle: 'Feed hinzufügen',
    name: 'Name',
    path: 'Datei (CSV oder Excel)',
    read: 'Spalten lesen',
    reference: 'Referenzspalte (Artikelnummer)',
    stock: 'Bestandsspalte (optional)',
    photos: 'Fotoordner (optional)',
    account: 'Konto',
    publish: 'Neue Zeilen sofort veröffentlichen (sonst werden sie Entwürfe)',
    save: 'Speichern und Datei lesen',
    firstHeading: 'Der erste Lauf: prüfen Sie ihn, bevor er geschieht',
    threeNew: '3 neu',
    threeWait: '3 brauchen eine Kategorie',
    needsCategory: 'Braucht Kategorie',
    unmappedHeading: '3 Shop-Kategorien ohne Kategorie des Marktplatzes',
    guessesFor: (name: string) => `Vorschläge für ${name}`,
    newRow: 'Eine neue Zeile in der Datei.',
    yes: 'Ja, diesen Plan ausführen',
    created: '3 erstellt',
    done: 'Erledigt',
    readAgain: 'Datei neu lesen',
    held: 'Dieser Lauf ist angehalten: Nichts wird übernommen.',
    cutOff: 'Die Datei wirkt abgeschnitten: Zeile 4 hat 4 von 14 Zellen.',
    heldOutcome: 'Angehalten',
    allFeeds: '← Alle Feeds',
    title: 'Bestands-Feeds',
  },
} as const;

/** What the seller typed or the shop's file holds: shown as it is in any language. */
const USER_DATA = [
  'Kühlschrank Bosch',
  'Fahrrad 28 Zoll',
  'Stehlampe Messing',
  'Feed Shop',
  'SKU-',
  'bestand.csv',
];

async function firstRun(page: Page, shop: Shop, remote: Sandbox, language: 'en' | 'de', info: TestInfo) {
  const w = words[language];
  await page.getByRole('navigation').getByRole('button', { name: w.nav }).click();
  await page.getByRole('button', { name: w.add }).click();
  await expect(page.getByRole('heading', { name: w.addTitle })).toBeFocused();
  await page.getByLabel(w.name, { exact: true }).fill('Lager Berlin');
  await page.getByLabel(w.path).fill(shop.csv);
  await page.getByRole('button', { name: w.read }).click();
  // The SKU and stock columns are found by their German names in the file's header.
  await expect(page.getByLabel(w.reference)).toHaveValue('Artikelnummer');
  await expect(page.getByLabel(w.stock)).toHaveValue('Bestand');
  await page.getByLabel(w.photos).fill(shop.photos);
  await expect(page.getByLabel(w.account, { exact: true })).toHaveValue(/.+/);
  await page.getByLabel(w.publish).check();
  // The whole form in one picture (the view scrolls inside the window).
  await page.setViewportSize({ width: 1280, height: 1900 });
  await page.screenshot({ path: info.outputPath(`feeds-form-${language}.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
  if (language === 'de') expect(await englishOnPage(page, 'feed form', USER_DATA)).toEqual([]);
  await page.getByRole('button', { name: w.save }).click();

  // The plan of the first run: counts on top, each ad and why; it waits for the yes.
  await expect(page.getByRole('heading', { name: 'Lager Berlin' })).toBeFocused();
  const plan = page.getByTestId('feed-plan');
  await expect(plan.getByRole('heading', { name: w.firstHeading })).toBeVisible({ timeout: 20_000 });
  // The shop's categories have no category of the marketplace yet (issue 34.3): every new row waits,
  // and the plan lists each shop category once, with its rows and the catalog's best guesses.
  await expect(plan.getByTestId('feed-plan-counts')).toHaveText(w.threeWait);
  const unmapped = plan.getByTestId('feed-unmapped');
  await expect(unmapped.getByRole('heading', { name: w.unmappedHeading })).toBeVisible();
  await expect(unmapped.locator('.unmapped-row')).toHaveCount(3);
  await expect(plan.getByTestId('feed-plan-rows-row').filter({ hasText: 'Kühlschrank Bosch' })).toContainText(
    w.needsCategory,
  );
  await page.screenshot({ path: info.outputPath(`feeds-unmapped-${language}.png`), fullPage: true });
  await unmapped.screenshot({ path: info.outputPath(`feeds-unmapped-list-${language}.png`) });
  await plan
    .getByTestId('feed-plan-rows')
    .screenshot({ path: info.outputPath(`feeds-unmapped-rows-${language}.png`) });
  const axe = await new AxeBuilder({ page }).include('[data-testid="feed-plan"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  if (language === 'de') expect(await englishOnPage(page, 'feed plan, unmapped', USER_DATA)).toEqual([]);
  // The best guess of each, mapped with one press (by keyboard for one): the plan is read again at once.
  const shopCategories = ['Fahrräder > Herrenräder', 'Haushalt > Kühlschränke', 'Haushalt > Lampen'];
  for (const [i, name] of shopCategories.entries()) {
    const best = unmapped
      .getByRole('group', { name: w.guessesFor(name) })
      .getByRole('button')
      .first();
    if (i === 0) {
      await best.focus();
      await page.keyboard.press('Enter');
    } else await best.click();
    await expect(unmapped.locator('.unmapped-row')).toHaveCount(2 - i);
  }
  expect((await call(page, 'categories:mappings')).mappings.map((m) => [m.shopCategory, m.path])).toEqual([
    ['Fahrräder > Herrenräder', 'Auto_Rad_Boot/Fahrraeder'],
    ['Haushalt > Kühlschränke', 'Multimedia_Elektronik/Haushaltsgeraete'],
    ['Haushalt > Lampen', 'Haus_Garten/Lampen_Licht'],
  ]);
  await expect(plan.getByTestId('feed-plan-counts')).toHaveText(w.threeNew);
  const rows = plan.getByTestId('feed-plan-rows-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Kühlschrank Bosch' })).toContainText('SKU-100');
  await expect(rows.filter({ hasText: 'Kühlschrank Bosch' })).toContainText(w.newRow);
  expect(remote.stats().clients[CLIENT.clientId]?.listings ?? 0).toBe(0);
  await page.screenshot({ path: info.outputPath(`feeds-plan-${language}.png`), fullPage: true });

  // The yes: the run goes, its report follows and the history keeps it.
  await plan.getByRole('button', { name: w.yes }).click();
  const history = page.getByTestId('feed-history');
  const run = history.getByTestId('feed-run').first();
  await expect(run.getByTestId('feed-run-counts')).toHaveText(w.created, { timeout: 90_000 });
  await expect(run.locator('.feed-outcome')).toHaveText(w.done);
  await expect(run.getByTestId('feed-run-rows-row')).toHaveCount(3);
  await run.screenshot({ path: info.outputPath(`feeds-report-${language}.png`) });
  // The new rows go live through the publish engine: wait until it is done, so that nothing of the
  // first run is still on its way when the next file is read.
  await expect
    .poll(async () => (await call(page, 'publish:list')).jobs.map((job) => job.state), { timeout: 60_000 })
    .toEqual(['published', 'published', 'published']);
  expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 3, publications: 3 });
  const { listings } = await call(page, 'listings:list', { refresh: true });
  expect(listings.map((listing) => listing.customReference).sort()).toEqual([
    'SKU-100',
    'SKU-200',
    'SKU-300',
  ]);
  // In the marketplace's words: the mapped kind, the Zustand column as the category's condition.
  expect(listings.find((listing) => listing.customReference === 'SKU-100')?.attributes).toEqual({
    art: 'kuehlschraenke_gefriergeraete',
    condition: 'ok',
  });
  expect(listings.find((listing) => listing.customReference === 'SKU-300')?.attributes).toEqual({
    condition: 'like_new',
  });
  // Nothing is left to do: the file and the ads agree, and no yes is asked again.
  await expect(plan.getByTestId('feed-yes')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath(`feeds-run-${language}.png`), fullPage: true });
}

for (const look of [
  { language: 'en', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
] as const) {
  test(`a feed's first run from the app: plan, yes, run and report (${look.language}, ${look.colorScheme})`, async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
    const shop = shopFolder();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    const { shell, child } = await launchShell(dataDir);
    const context = await browser.newContext({ colorScheme: look.colorScheme });
    const page = await context.newPage();
    try {
      await page.goto(shell.url);
      await shopAccount(page, remote);
      if (look.language === 'de') {
        await call(page, 'settings:set', { language: 'de' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      }
      await firstRun(page, shop, remote, look.language, info);
      if (look.language === 'de') expect(await englishOnPage(page, 'feed report', USER_DATA)).toEqual([]);

      // The shop's next export is cut off mid-row: the run is held, and the seller reads why.
      const w = words[look.language];
      writeFileSync(
        shop.csv,
        `${[HEADER, ...ROWS.slice(0, 2), 'SKU-300;Stehlampe;Funktioniert;20'].join('\r\n')}`,
      );
      const before = writes(remote);
      await page.getByTestId('feed-plan').getByRole('button', { name: w.readAgain }).click();
      const held = page.getByTestId('feed-held');
      await expect(held).toContainText(w.held);
      await expect(held).toContainText(w.cutOff);
      await expect(page.getByTestId('feed-plan').getByRole('button', { name: w.yes })).toHaveCount(0);
      // Nothing reached the service: no write, every ad still there and live.
      expect(writes(remote)).toBe(before);
      expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 3, publications: 3 });

      // Run all the same (as the schedule or `feed run` would): the run is held, its report in the
      // history says why, and still nothing reached the service.
      const run = await call(page, 'feeds:run', { id: (await call(page, 'feeds:list')).feeds[0]!.id });
      expect(run.state).toBe('held');
      const newest = page.getByTestId('feed-history').getByTestId('feed-run').first();
      await expect(newest.locator('.feed-outcome')).toHaveText(w.heldOutcome);
      await expect(newest.getByTestId('feed-run-held')).toContainText(w.cutOff);
      expect(writes(remote)).toBe(before);
      expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 3, publications: 3 });
      await page.screenshot({ path: info.outputPath(`feeds-held-${look.language}.png`), fullPage: true });
      await newest.screenshot({ path: info.outputPath(`feeds-held-run-${look.language}.png`) });
      await expect(page.getByTestId('nav-feeds-need-you')).toHaveText('1');
      if (look.language === 'de') expect(await englishOnPage(page, 'held run', USER_DATA)).toEqual([]);

      // The feed's price rule (issue 25.5): set on its page with the price rule form and its
      // preview; the drafts it makes from now on get it.
      const feedId = (await call(page, 'feeds:list')).feeds[0]!.id;
      const rule = page.locator('.feed-price-rule');
      await rule.scrollIntoViewIfNeeded();
      await rule.locator(`#feed-price-rule-${feedId}-floor`).fill('50');
      await expect(rule.getByTestId('price-rule-preview').locator('li')).toHaveCount(5);
      await rule.locator('button[type=submit]').click();
      await expect
        .poll(async () => (await call(page, 'feeds:list')).feeds[0]!.priceRule)
        .toEqual({ mode: 'percent', value: 10, everyDays: 7, floor: 50, rounding: 'none', maxSteps: null });
      await expect(page.locator('.feed-price-rule').getByRole('status')).toBeVisible();
      await page
        .locator('.feed-price-rule')
        .screenshot({ path: info.outputPath(`feeds-price-rule-${look.language}.png`) });
      if (look.language === 'de') expect(await englishOnPage(page, 'feed price rule', USER_DATA)).toEqual([]);

      // The list of feeds says the same in short: the last run and its outcome.
      await page.getByRole('button', { name: w.allFeeds }).click();
      await expect(page.getByRole('heading', { name: w.title })).toBeFocused();
      const row = page.getByTestId('feed-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Lager Berlin');
      await expect(row).toContainText('bestand.csv');
      await expect(row).toContainText('Feed Shop');
      await expect(row.locator('.feed-outcome')).toHaveText(w.heldOutcome);
      await page.screenshot({ path: info.outputPath(`feeds-list-${look.language}.png`), fullPage: true });
      if (look.language === 'de') expect(await englishOnPage(page, 'feeds list', USER_DATA)).toEqual([]);
    } finally {
      await context.close();
      await stopShell(child);
      await remote.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(shop.work, { recursive: true, force: true });
    }
  });
}

test('later runs apply by themselves with progress; a failed ad says why and Retry does it', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 100 });
  const shop = shopFolder();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await shopAccount(page, remote);
    // The shop's categories mapped, the feed and its first run, as `categories map`, `feed add` and
    // `feed run` would make them.
    for (const [shopCategory, path] of [
      ['Haushalt > Kühlschränke', 'Multimedia_Elektronik/Haushaltsgeraete'],
      ['Fahrräder', 'Auto_Rad_Boot/Fahrraeder'],
      ['Haushalt > Lampen', 'Haus_Garten/Lampen_Licht'],
    ] as const)
      await call(page, 'categories:map', { shopCategory, path });
    const { activeId } = await call(page, 'accounts:list');
    const feed = await call(page, 'feeds:save', {
      settings: {
        name: 'Lager Berlin',
        source: { kind: 'file', path: shop.csv },
        accountId: activeId!,
        photoFolder: shop.photos,
        referenceColumn: 'Artikelnummer',
        stockColumn: 'Bestand',
        gone: 'pause',
        publish: true,
        maxShare: 0.5,
      },
    });
    expect((await call(page, 'feeds:run', { id: feed.id })).state).toBe('done');
    await expect
      .poll(async () => (await call(page, 'publish:list')).jobs.map((job) => job.state), { timeout: 60_000 })
      .toEqual(['published', 'published', 'published']);

    // The shop lowers the fridge's price and sells the last bike.
    const [fridge, bike, lamp] = ROWS as [string, string, string];
    writeFileSync(
      shop.csv,
      [HEADER, fridge.replace('349,00', '299,00'), bike.replace(';1;verkauf', ';0;verkauf'), lamp].join(
        '\r\n',
      ),
    );
    await page.getByRole('navigation').getByRole('button', { name: /Feeds/ }).click();
    await page.getByRole('button', { name: 'Lager Berlin' }).click();
    const plan = page.getByTestId('feed-plan');
    await expect(plan.getByRole('heading', { name: 'What the next run would do' })).toBeVisible();
    await expect(plan.getByTestId('feed-plan-counts').locator('li')).toHaveText([
      '1 to change',
      '1 to pause',
      '1 unchanged',
    ]);
    const rows = plan.getByTestId('feed-plan-rows-row');
    await expect(rows.filter({ hasText: 'Kühlschrank Bosch' })).toContainText('Price: 349.00 → 299.00');
    await expect(rows.filter({ hasText: 'Fahrrad 28 Zoll' })).toContainText('Out of stock (stock: 0).');
    // No yes is asked for a later run: the seller may start it now.
    await expect(plan.getByTestId('feed-yes')).toHaveCount(0);

    // The service refuses the fridge's update; the bike's pause is slow, so the run's progress shows.
    const refuse = remote.faults.add({ route: 'PUT /v1/listings/:uuid', kind: 'status', status: 403 });
    remote.faults.add({
      route: 'PUT /v1/listings/:uuid/publications/:publicationUuid/state',
      kind: 'delay',
      ms: 3000,
      times: 1,
    });
    await plan.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByTestId('feed-progress')).toContainText('of 2 ads done');
    const run = page.getByTestId('feed-history').getByTestId('feed-run').first();
    await expect(run.locator('.feed-outcome')).toHaveText('Some ads failed', { timeout: 60_000 });
    await expect(page.getByTestId('feed-progress')).toHaveCount(0);
    // Counted as what was done: the refused change is not counted as changed.
    await expect(run.getByTestId('feed-run-counts').locator('li')).toHaveText([
      '1 paused',
      '1 unchanged',
      '1 failed',
    ]);
    const failed = run.getByTestId('feed-run-rows-row').filter({ hasText: 'Kühlschrank Bosch' });
    await expect(failed).toContainText('Failed');
    await expect(failed).toContainText('Change failed:');
    await expect(run.getByTestId('feed-run-rows-row').filter({ hasText: 'Fahrrad 28 Zoll' })).toContainText(
      'Paused',
    );
    await run.screenshot({ path: info.outputPath('feeds-failed-run-en.png') });
    // Wherever the seller is, the navigation says a feed needs them.
    await expect(page.getByTestId('nav-feeds-need-you')).toHaveAccessibleName('1 feed needs you');

    // The seller fixes the cause and retries that ad: it is done, once.
    refuse();
    const puts = () => remote.stats().requests['PUT /v1/listings/:uuid']?.['200'] ?? 0;
    await failed.getByRole('button', { name: 'Retry “Kühlschrank Bosch”' }).click();
    await expect(run.locator('.feed-outcome')).toHaveText('Done', { timeout: 60_000 });
    await expect(run.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    await expect(run.getByTestId('feed-run-counts').locator('li')).toHaveText([
      '1 changed',
      '1 paused',
      '1 unchanged',
    ]);
    expect(puts()).toBe(1);
    await expect(page.getByTestId('nav-feeds-need-you')).toHaveCount(0);
    const { listings } = await call(page, 'listings:list', { refresh: true });
    expect(listings.find((listing) => listing.customReference === 'SKU-100')?.adPrice.amount).toBe(299);
  } finally {
    await stopShell(child);
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(shop.work, { recursive: true, force: true });
  }
});
