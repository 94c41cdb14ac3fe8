// A service without the read of a listing's publications, and a publication request whose answer is
// lost: the job says plainly that the outcome is unknown and how to check, and Retry first asks the
// seller to accept the risk of a second ad, in a dialog that can be answered by keyboard alone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../../src/sandbox';
import { addPublishingAccount } from '../helpers/real-account';
import { call, desk, makeDraft } from './contract-calls';
import { expect, launchShell, stopShell, test } from './fixtures';

const CLIENT = { clientId: 'unknown-seller', clientSecret: 'unknown-secret-7c1d2e' };

test('Retry of a publication of unknown outcome asks first, naming the risk of a second ad', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const remote = await startSandbox({
    clients: [CLIENT],
    validationDelayMs: 100,
    quirks: { publicationsRead: 'off' },
  });
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await addPublishingAccount(desk(page), remote, 'Unknown Shop', CLIENT);
    const draftId = await makeDraft(page, 1, { title: 'Lampe, Messing', reference: 'LAMP-1', photos: 1 });
    // Cut off before it reaches the service: the app cannot know that, and must not guess.
    remote.faults.add({ route: 'POST /v1/listings/:uuid/publications', kind: 'reset', times: 1 });
    await call(page, 'publish:start', { draftIds: [draftId] });

    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Publishing/ })
      .click();
    const card = page.getByRole('article', { name: 'Lampe, Messing' });
    await expect(card.getByTestId('job-state')).toHaveText('Needs you', { timeout: 30_000 });
    await expect(card.getByRole('alert')).toContainText('no way to look it up');
    await expect(card.getByRole('alert')).toContainText('Look on the marketplace whether the ad is online');

    // Retry asks first; Escape keeps the job as it is, and focus goes back to Retry.
    const retry = card.getByRole('button', { name: 'Retry' });
    await retry.click();
    const dialog = page.getByRole('dialog', { name: 'Publish “Lampe, Messing” again?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('publishing again puts a second ad on the marketplace');
    await expect(dialog.getByRole('button', { name: 'Do not publish' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(retry).toBeFocused();
    expect(remote.stats().clients[CLIENT.clientId]!.publications).toBe(0);

    // The seller checked the marketplace (no ad there) and confirms, by keyboard.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Publish again anyway' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('job-state')).toHaveText('Live', { timeout: 30_000 });
    expect(remote.stats().clients[CLIENT.clientId]!.publications).toBe(1);
  } finally {
    await stopShell(child);
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
