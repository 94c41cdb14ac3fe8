// Removing an account (and forgetting its secret) asks in the app's own dialog, not the browser's
// confirm box (issue 26.7): Cancel keeps the account and gives focus back to the button, Remove
// removes it.
import { addRealAccount } from '../helpers/real-account';
import { call, desk } from './contract-calls';
import { expect, test } from './fixtures';

test('removing an account asks in the app’s dialog; Cancel keeps it, Remove removes it', async ({
  page,
  shell,
}) => {
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(shell.url);
  await addRealAccount(
    desk(page),
    { authUrl: 'http://127.0.0.1:9/auth/token', baseUrl: 'http://127.0.0.1:9/api/v2' },
    { name: 'Shop Nord', client: { clientId: 'shop-nord', clientSecret: 'shop-nord-secret-1234' } },
  );
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = page.getByTestId('account-Shop Nord');

  await row.getByRole('button', { name: 'Forget secret' }).click();
  const forget = page.getByRole('dialog', {
    name: 'Remove the client secret of “Shop Nord” from the keychain?',
  });
  await expect(forget).toBeVisible();
  await forget.getByRole('button', { name: 'Forget secret' }).click();
  await expect(forget).toBeHidden();
  await expect(row.getByText('No client secret stored')).toBeVisible();

  const remove = row.getByRole('button', { name: 'Remove' });
  await remove.click();
  const asking = page.getByRole('dialog', { name: 'Remove the account “Shop Nord”?' });
  await expect(asking).toBeVisible();
  await expect(asking).toContainText('Its listings on the service are not affected.');
  // The safe choice has focus, so a stray Enter does not remove anything.
  await expect(asking.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toBeHidden();
  await expect(row).toBeVisible();
  await expect(remove).toBeFocused();

  await remove.click();
  await asking.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  expect((await call(page, 'accounts:list')).accounts.map((a) => a.name)).not.toContain('Shop Nord');
  expect(browserDialogs).toEqual([]);
});
