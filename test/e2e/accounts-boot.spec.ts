// A change made while the page is still starting (here an account saved after the page read the
// accounts but before its views showed) reaches the page: the stores listen before they first read,
// so the change's event cannot fall in between (the account-remove e2e caught it under load).
import { addRealAccount } from '../helpers/real-account';
import { desk } from './contract-calls';
import { expect, test } from './fixtures';

test('an account saved while the page starts is shown in Settings', async ({ page, shell }) => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => undefined as void;
  const wordsAsked = new Promise<void>((resolve) => (asked = resolve));
  // The words load after the page has read its settings and accounts, before the views show.
  await page.route(/\/assets\/words-en-[^/]*\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto(shell.url, { waitUntil: 'commit' });
  await wordsAsked;
  await addRealAccount(
    desk(page),
    { authUrl: 'http://127.0.0.1:9/auth/token', baseUrl: 'http://127.0.0.1:9/api/v2' },
    { name: 'Shop Süd', client: { clientId: 'shop-sued', clientSecret: 'shop-sued-secret-5678' } },
  );
  release();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByTestId('account-Shop Süd')).toBeVisible();
});
