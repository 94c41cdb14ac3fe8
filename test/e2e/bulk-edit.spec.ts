// Bulk edits tried as a seller would: three drafts ticked, prices raised by 10 % rounded to ,99, the
// preview read, then applied (the drafts hold the new prices); two live ads ticked, their price set,
// the job's progress and each ad's result shown, and the service has the new prices.
import type { Page } from '@playwright/test';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

async function openDrafts(page: Page) {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Drafts/ })
    .click();
}

test('three drafts: +10 % rounded to ,99, previewed, then saved', async ({ page, shell }) => {
  await page.goto(shell.url);
  const titles = ['Lampe Messing', 'Tisch Eiche', 'Stuhl Buche'];
  const ids: string[] = [];
  for (const [i, title] of titles.entries())
    ids.push(await makeDraft(page, i + 1, { title, reference: `BULK-${i + 1}`, photos: 0 }));
  await openDrafts(page);
  for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).check();

  await page.getByTestId('bulk-change-drafts').click();
  const dialog = page.getByRole('dialog', { name: 'Change 3 drafts' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Price', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Change the price by a percentage' }).check();
  await dialog.getByLabel('Change (%)').fill('10');
  await dialog.getByLabel('Round to').selectOption('99');
  await dialog.getByRole('button', { name: 'Show preview' }).click();

  // The sample price 120,50 € + 10 % = 132,55 €, rounded to ,99: 132,99 €.
  const preview = dialog.getByTestId('bulk-preview');
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '3 of 3 will change; 0 stay the same; 0 left out.',
  );
  for (const title of titles) {
    const row = preview.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('€120.50');
    await expect(row).toContainText('€132.99');
  }
  await dialog.getByRole('button', { name: 'Change 3 drafts' }).click();
  await expect(dialog.getByTestId('bulk-drafts-result')).toHaveText('Saved 3 drafts.');
  for (const id of ids) expect((await call(page, 'drafts:get', { id })).price.amount).toBe(132.99);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bulk-change-drafts')).toBeFocused();
});

test('two live ads: a new price as a job, progress and a result per ad', async ({ page, shell }) => {
  test.setTimeout(120_000);
  await page.goto(shell.url);
  const titles = ['Sofa grau', 'Sessel blau'];
  const draftIds: string[] = [];
  for (const [i, title] of titles.entries())
    draftIds.push(await makeDraft(page, i + 1, { title, reference: `LIVE-B-${i + 1}`, photos: 1 }));
  await call(page, 'publish:start', { draftIds });
  let uuids: string[] = [];
  await expect
    .poll(
      async () => {
        const { jobs } = await call(page, 'publish:list');
        uuids = jobs.flatMap((job) => (job.listingUuid ? [job.listingUuid] : []));
        return jobs.map((job) => job.state);
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toEqual(['published', 'published']);

  await page
    .getByRole('navigation')
    .getByRole('button', { name: /Listings/ })
    .click();
  for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
  await page.getByTestId('bulk-change-listings').click();
  const dialog = page.getByRole('dialog', { name: 'Change 2 live ads' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Set the price to' }).check();
  await dialog.getByLabel('New price (€)').fill('99');
  await dialog.getByLabel('Round to').selectOption('none');
  await dialog.getByRole('button', { name: 'Show preview' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText(
    '2 of 2 will change; 0 stay the same; 0 left out.',
  );
  await expect(dialog.getByTestId('bulk-preview')).toContainText('€99.00');
  await dialog.getByRole('button', { name: 'Change 2 ads' }).click();

  const job = dialog.getByTestId('bulk-job');
  await expect(job.getByTestId('bulk-job-status')).toHaveText('Finished: 2 of 2 ads changed.', {
    timeout: 30_000,
  });
  for (const title of titles)
    await expect(job.getByRole('listitem').filter({ hasText: title })).toContainText('Changed');
  for (const uuid of uuids)
    expect((await call(page, 'listings:edit-source', { uuid })).listing.adPrice.amount).toBe(99);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
