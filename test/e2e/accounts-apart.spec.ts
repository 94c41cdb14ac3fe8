// Accounts kept apart (issue 15.1), tried as a new seller with two accounts would: the built-in
// Sandbox and "Möbelhaus Schmidt" on a second embedded service. Drafts under each show their
// account; the list shows the selected account's drafts, with "All accounts" as a choice; with
// Möbelhaus selected, publishing a Sandbox draft puts it on the Sandbox service only (checked on
// both services); a draft moves to the other account only when asked, after being told what
// changes, and one linked to a live ad says why it stays.
import type { Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

const CLIENT = { clientId: 'moebelhaus-schmidt', clientSecret: 'moebel-secret-51c7a0' };
const SHOP = 'Möbelhaus Schmidt';

async function addAccount(page: Page, urls: { authUrl: string; baseUrl: string }) {
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add account' }).click();
  const form = page.getByRole('form', { name: 'New account' });
  await form.getByLabel('Name').fill(SHOP);
  await form.getByLabel('Token service URL').fill(urls.authUrl);
  await form.getByLabel('Listings service URL').fill(urls.baseUrl);
  await form.getByLabel('Client ID').fill(CLIENT.clientId);
  await form.getByLabel('Client secret').fill(CLIENT.clientSecret);
  await form.getByRole('button', { name: 'Save and test connection' }).click();
  await expect(page.getByTestId(`account-${SHOP}`).getByRole('status')).toContainText('Connected');
  // The desk's first real account becomes the one in use (issue 33.8); this test starts on the Sandbox.
  await expect(page.getByTestId('account-now-in-use')).toBeVisible();
  await page.getByTestId('account-Sandbox').getByRole('button', { name: 'Use this account' }).click();
  await expect(page.getByTestId('account-now-in-use')).toHaveCount(0);
  await page.getByRole('navigation').getByRole('button', { name: 'Drafts' }).click();
}

test('drafts keep their account: the list by account, publishing with the draft’s account, moving', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(90_000);
  const remote = await startSandbox({ clients: [CLIENT], validationDelayMs: 50 });
  try {
    await page.goto(shell.url);
    await addAccount(page, remote);

    // Two drafts under the Sandbox account (selected from the start).
    const sofa = await makeDraft(page, 1, { title: 'Sofa grau', reference: 'SOFA-1', photos: 1 });
    await makeDraft(page, 2, { title: 'Stehlampe', reference: 'LAMPE-1', photos: 1 });
    const list = page.getByRole('list', { name: /^\d+ drafts?$/ });
    const row = (title: string) => list.getByRole('listitem').filter({ hasText: title });
    await expect(row('Sofa grau')).toContainText('Sandbox');

    // Choosing Möbelhaus in the list selects it: its list is empty, then holds its own new draft.
    const scope = page.getByRole('combobox', { name: /^Account/ });
    await scope.selectOption({ label: SHOP });
    await expect(page.getByText(`${SHOP} has no drafts yet.`)).toBeVisible();
    await makeDraft(page, 3, { title: 'Kommode Eiche', reference: 'KOMMODE-1', photos: 1 });
    await expect(row('Kommode Eiche')).toContainText(SHOP);
    await expect(row('Sofa grau')).toHaveCount(0);
    await expect(scope).toHaveValue(/.+/);
    await expect(scope.locator('option:checked')).toHaveText(`${SHOP} (selected)`);

    // All accounts: every draft, each with its own account.
    await scope.selectOption({ label: 'All accounts' });
    await expect(row('Sofa grau')).toContainText('Sandbox');
    await expect(row('Stehlampe')).toContainText('Sandbox');
    await expect(row('Kommode Eiche')).toContainText(SHOP);
    await expect(page.getByTestId('drafts-summary')).toHaveText('3 drafts');

    // With Möbelhaus selected, a Sandbox draft is published with the Sandbox account.
    await row('Sofa grau').getByRole('button').click();
    const editor = page.getByRole('region', { name: 'Draft editor' });
    await expect(editor.getByTestId('editor-account')).toContainText('Account: Sandbox');
    await page.screenshot({ path: testInfo.outputPath('accounts-apart-list-editor-en.png') });
    await editor.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByTestId('editor-status')).toHaveText('Published', { timeout: 30_000 });
    const published = await call(page, 'drafts:get', { id: sofa });
    expect(published.accountId).toBe('sandbox');
    // Möbelhaus's service never heard of it; the Sandbox service has it (read over HTTP by the app).
    expect(remote.stats().clients[CLIENT.clientId]?.listings ?? 0).toBe(0);
    expect((await call(page, 'accounts:list')).activeId).not.toBe('sandbox');
    await call(page, 'accounts:select', { id: 'sandbox' });
    const onSandbox = await call(page, 'listings:list', { refresh: true });
    expect(onSandbox.listings.map((listing) => listing.customReference)).toEqual(['SOFA-1']);
    expect(onSandbox.listings[0]!.uuid).toBe(published.remote?.listingUuid);

    // The published draft cannot move, and the dialog says why; nothing is moved.
    await row('Sofa grau').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Move to account…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Move 1 draft to another account' });
    await expect(dialog.getByTestId('move-plan')).toContainText(
      '“Sofa grau” stays with Sandbox: it is linked to a live ad there',
    );
    await expect(dialog.getByRole('button', { name: 'Move 0 drafts' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Move to account…' })).toBeFocused();

    // Moving a draft from its editor: the seller reads what changes, then confirms.
    await row('Stehlampe').getByRole('button').click();
    await expect(editor.getByTestId('editor-account')).toContainText('Account: Sandbox');
    await editor.getByRole('button', { name: 'Move to another account…' }).click();
    dialog = page.getByRole('dialog', { name: 'Move 1 draft to another account' });
    await expect(dialog.getByLabel('Move to')).toHaveValue(
      (await call(page, 'accounts:list')).accounts.find((a) => a.name === SHOP)!.id,
    );
    await expect(dialog.getByTestId('move-plan')).toContainText(`1 draft will belong to ${SHOP}`);
    await page.screenshot({ path: testInfo.outputPath('accounts-apart-move-en.png') });
    await dialog.getByRole('button', { name: 'Move 1 draft' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(editor.getByTestId('editor-account')).toContainText(`Account: ${SHOP}`);
    await expect(row('Stehlampe')).toContainText(SHOP);
    await expect(editor.getByRole('button', { name: 'Move to another account…' })).toBeFocused();

    // Back to the selected account's drafts (Sandbox now): only the Sofa is left there.
    await scope.selectOption({ label: 'Sandbox (selected)' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(row('Sofa grau')).toBeVisible();
    await expect(page.getByTestId('drafts-summary')).toHaveText('1 of 3 drafts shown');

    // German and dark, for the eye (the screenshots are looked at, not compared).
    await call(page, 'settings:set', { language: 'de' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('combobox', { name: /^Konto/ }).selectOption({ label: 'Alle Konten' });
    await page.getByRole('listitem').filter({ hasText: 'Stehlampe' }).getByRole('button').click();
    await expect(page.getByTestId('editor-account')).toContainText(`Konto: ${SHOP}`);
    await page.screenshot({ path: testInfo.outputPath('accounts-apart-de-dark.png') });
    await page.getByRole('button', { name: 'In ein anderes Konto verschieben …' }).click();
    await expect(page.getByRole('dialog').getByTestId('move-plan')).toContainText(
      '1 Entwurf gehört dann zu Sandbox',
    );
    await page.screenshot({ path: testInfo.outputPath('accounts-apart-move-de-dark.png') });
  } finally {
    await remote.close();
  }
});
