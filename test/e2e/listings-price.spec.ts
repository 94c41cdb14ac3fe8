// Prices in Listings carry their currency, written as the app's language writes it (issue 26.7):
// "€120.50" in English, "120,50 €" in German, in the row and in the detail.
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

test('a live ad’s price shows its currency in Listings, in English and in German', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  // The sample draft's price is "120,50" (euros, as the editor reads it).
  const id = await makeDraft(page, 1, { title: 'Kommode Eiche', reference: 'K-1', photos: 1 });
  await call(page, 'publish:start', { draftIds: [id] });
  await page.getByRole('button', { name: 'Listings', exact: true }).click();
  const row = page.getByTestId('listing-row').filter({ hasText: 'Kommode Eiche' });
  await expect(row.getByTestId('publication-state')).toHaveText(/Live/, { timeout: 20_000 });
  await expect(row.locator('.price')).toHaveText('€120.50');
  await row.getByRole('button').first().click();
  await expect(page.locator('.price.big')).toContainText('€120.50');

  await call(page, 'settings:set', { language: 'de' });
  await expect(row.locator('.price')).toHaveText('120,50\u00a0€');
  await expect(page.locator('.price.big')).toContainText('120,50\u00a0€');
});
