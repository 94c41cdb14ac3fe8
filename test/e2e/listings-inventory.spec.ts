// The live inventory, tried as a seller would (issue 15): three drafts published while the Listings
// view is open appear there, live, without Refresh; a shop of 1,000 listings on a service is
// searched, filtered (ad state, photos, category) and sorted with the counts shown; listings are
// ticked one by one, by Shift range and all at once; the "Open on the marketplace" link appears
// once the account has an address pattern (set in Settings, checked there) and not before.
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { colourFor, solidPng } from '../fixtures/images';
import { addPublishingAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { call, desk, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const CLIENT = { clientId: 'inventory-shop', clientSecret: 'inventory-secret-5c2e91' };
const CATEGORIES = ['Möbel/Sofas', 'Möbel/Regale', 'Kinder/Kinderwagen', 'Elektronik'];
const COUNT = 1000;
/** Listings 0..39 have a photo; 0..24 of them are live; 40..49 (no photo) were rejected. */
const WITH_PHOTO = 40;
const LIVE = 25;
const REJECTED = 10;

const titleOf = (i: number) => (i % 10 === 0 ? `Eichenregal ${i}` : `Artikel ${i}`);
const priceOf = (i: number) => ((i * 7919) % 1000) + 1;

/** 1,000 listings straight through the service's HTTP API, a few at a time. */
async function seedShop(remote: Sandbox): Promise<void> {
  const api = await Api.login(remote, CLIENT);
  const imprint = await api.imprint();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < COUNT; i = next++) {
      const uuid = await api.listing({
        title: titleOf(i),
        customReference: `INV-${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        price: { type: 'FIXED', amount: priceOf(i) },
      });
      if (i < WITH_PHOTO) await api.addImage(uuid, new Uint8Array(solidPng(colourFor(i))));
      if (i < LIVE || (i >= WITH_PHOTO && i < WITH_PHOTO + REJECTED)) {
        const res = await api.call('POST', `/v1/listings/${uuid}/publications`, {
          body: {
            availabilityRadiusInKm: 10,
            street: 'Hauptstr. 1',
            city: 'Berlin',
            postalCode: '10115',
            imprintUuid: imprint,
          },
        });
        if (res.status !== 201) throw new Error(`publication: ${res.status} ${res.text}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

const nav = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('three drafts published while Listings is open appear there, live, without Refresh', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await nav(page, 'Listings').click();
  await expect(page.getByText('No listings yet')).toBeVisible();

  const drafts = [];
  for (let n = 1; n <= 3; n += 1)
    drafts.push(await makeDraft(page, n, { title: `Kommode ${n}`, reference: `K-${n}`, photos: 1 }));
  await call(page, 'publish:start', { draftIds: drafts });

  const list = page.getByRole('list', { name: '3 listings' });
  await expect(list).toBeVisible({ timeout: 20_000 });
  for (let n = 1; n <= 3; n += 1) {
    const row = page.getByTestId('listing-row').filter({ hasText: `Kommode ${n}` });
    // The state the publish toast announces, on the row: never a pending one left over.
    await expect(row.getByTestId('publication-state')).toHaveText('Live', { timeout: 20_000 });
  }
  await expect(page.getByTestId('listings-summary')).toContainText('3 listings on Sandbox');
  await expect(page.getByTestId('listings-updated')).toContainText('Last updated');
  // The built-in account has no marketplace address: no link.
  await expect(page.getByTestId('marketplace-link')).toHaveCount(0);
});

test('1,000 listings: search, filters, sort, selection, and the marketplace link once a pattern is set', async ({
  page,
  shell,
}) => {
  test.setTimeout(120_000);
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 10 });
  try {
    await seedShop(remote);
    await page.goto(shell.url);
    await addPublishingAccount(desk(page), remote, 'Möbelhaus', CLIENT);
    await nav(page, 'Listings').click();
    await expect(page.getByTestId('listings-summary')).toContainText('1000 listings on Möbelhaus', {
      timeout: 30_000,
    });
    const shown = page.getByTestId('listings-shown');
    await expect(shown).toHaveText('1000 listings');

    // Search: title and reference.
    const search = page.getByRole('searchbox', { name: 'Search listings' });
    await search.fill('eichenregal');
    await expect(shown).toHaveText('100 of 1000 listings shown');
    await search.fill('INV-999');
    await expect(shown).toHaveText('1 of 1000 listings shown');
    await expect(page.getByTestId('listing-row')).toHaveText(/Artikel 999/);
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(shown).toHaveText('1000 listings');

    // Filters: ad state, photos, category, and together.
    const state = page.getByLabel('Ad state');
    await state.selectOption({ label: 'Live' });
    await expect(shown).toHaveText(`${LIVE} of 1000 listings shown`);
    await expect(page.getByTestId('publication-state').first()).toHaveText('Live');
    await state.selectOption({ label: 'Rejected' });
    await expect(shown).toHaveText(`${REJECTED} of 1000 listings shown`);
    await state.selectOption({ label: 'Not published' });
    await expect(shown).toHaveText(`${COUNT - LIVE - REJECTED} of 1000 listings shown`);
    await state.selectOption({ label: 'All' });
    await page.getByLabel('Photos').selectOption({ label: 'With photos' });
    await expect(shown).toHaveText(`${WITH_PHOTO} of 1000 listings shown`);
    await page.getByLabel('Photos').selectOption({ label: 'All' });
    // The service answers with the category's last segment, as the spec's sample does.
    await page.getByLabel('Category').selectOption({ label: 'Sofas' });
    await expect(shown).toHaveText('250 of 1000 listings shown');
    await state.selectOption({ label: 'Live' });
    // Live ones among 0..24 with i % 4 === 0: 0, 4, ..., 24.
    await expect(shown).toHaveText('7 of 1000 listings shown');

    // Sort: highest price first, then title.
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.getByLabel('Sort').selectOption({ label: 'Price, highest first' });
    const top = [...Array(COUNT).keys()].sort((a, b) => priceOf(b) - priceOf(a) || a - b)[0]!;
    await expect(page.getByTestId('listing-row').first()).toContainText(titleOf(top));
    await page.getByLabel('Sort').selectOption({ label: 'Title A–Z' });
    await expect(page.getByTestId('listing-row').first()).toContainText('Artikel 1');

    // Selection: one, a Shift range, all shown; the bar counts them.
    await search.fill('eichenregal');
    await expect(shown).toHaveText('100 of 1000 listings shown');
    const ticks = page.getByRole('checkbox', { name: /^Select “/ });
    await ticks.nth(0).click();
    await expect(page.getByTestId('listings-selected-count')).toHaveText('1 listing selected');
    await ticks.nth(3).click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('listings-selected-count')).toHaveText('4 listings selected');
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await expect(page.getByTestId('listings-selected-count')).toHaveText('100 listings selected');
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByTestId('listings-selected-count')).toHaveCount(0);

    // No address pattern yet: live rows have no link.
    await search.fill('');
    await state.selectOption({ label: 'Live' });
    await expect(shown).toHaveText(`${LIVE} of 1000 listings shown`);
    await expect(page.getByTestId('marketplace-link')).toHaveCount(0);

    // Settings: an http address is refused in words, an https one with {adId} is kept.
    await nav(page, 'Settings').click();
    await page.getByTestId('account-Möbelhaus').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit account' });
    const pattern = form.getByLabel('Address of an ad on the marketplace');
    await pattern.fill('http://markt.example/anzeige/{adId}');
    await form.getByRole('button', { name: 'Save and test connection' }).click();
    await expect(form.getByText('Only https:// addresses can be used.')).toBeVisible();
    await pattern.fill('https://markt.example/anzeige/{adId}');
    await form.getByRole('button', { name: 'Save and test connection' }).click();
    await expect(form).toHaveCount(0);

    await nav(page, 'Listings').click();
    await expect(shown).toHaveText(`${LIVE} of 1000 listings shown`);
    const link = page.getByTestId('marketplace-link').first();
    await expect(link).toHaveText('Marketplace ↗');
    await expect(link).toHaveAccessibleName(/^Open “.+” on the marketplace \(ad \d+\)$/);
    await expect(link).toHaveAttribute('href', /^https:\/\/markt\.example\/anzeige\/\d+$/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Only live ads have an ad id: rejected ones get no link.
    await state.selectOption({ label: 'Rejected' });
    await expect(shown).toHaveText(`${REJECTED} of 1000 listings shown`);
    await expect(page.getByTestId('marketplace-link')).toHaveCount(0);
  } finally {
    await remote.close();
  }
});

test('a listing added elsewhere appears when the window regains focus, and at the interval', async ({
  page,
  shell,
}) => {
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 10 });
  try {
    const api = await Api.login(remote, CLIENT);
    await api.listing({ title: 'Erster Stuhl' });
    // The page's clock runs on by itself; the test jumps it forward instead of waiting minutes.
    await page.clock.install();
    await page.goto(shell.url);
    await addPublishingAccount(desk(page), remote, 'Möbelhaus', CLIENT);
    await nav(page, 'Listings').click();
    const summary = page.getByTestId('listings-summary');
    await expect(summary).toContainText('1 listing on Möbelhaus');
    // The list's age is counted on the page's clock from here (main's clock runs apart from it).
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();

    // Added on the service meanwhile (another tool, another computer).
    await api.listing({ title: 'Zweiter Stuhl' });
    // Back to the window a minute later (over the half minute, with room for the clocks' drift).
    await page.clock.fastForward('01:00');
    await expect(summary).toContainText('Last updated');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(summary).toContainText('2 listings on Möbelhaus');

    await api.listing({ title: 'Dritter Stuhl' });
    // Its age is looked at every minute: within seven (two looks past five minutes, however the
    // minutes fall on a busy machine), the five-minute-old list is fetched again.
    await page.clock.runFor('07:00');
    await expect(summary).toContainText('3 listings on Möbelhaus');
  } finally {
    await remote.close();
  }
});

test('an ad open in the detail while in review shows Live there once it goes live, without Read again', async ({
  page,
  shell,
}) => {
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 2500 });
  try {
    await page.goto(shell.url);
    await addPublishingAccount(desk(page), remote, 'Möbelhaus', CLIENT);
    await nav(page, 'Listings').click();
    await expect(page.getByText('No listings yet')).toBeVisible();
    const draft = await makeDraft(page, 1, { title: 'Vitrine', reference: 'V-1', photos: 1 });
    await call(page, 'publish:start', { draftIds: [draft] });

    const row = page.getByTestId('listing-row').filter({ hasText: 'Vitrine' });
    await expect(row.getByTestId('publication-state')).toHaveText('In review', { timeout: 20_000 });
    await row.getByRole('button', { name: /^Vitrine/ }).click();
    const detail = page.getByTestId('publication');
    await expect(detail).toContainText('State on the service: In review');
    await expect(row.getByTestId('publication-state')).toHaveText('Live', { timeout: 20_000 });
    await expect(detail).toContainText('State on the service: Live');
  } finally {
    await remote.close();
  }
});
