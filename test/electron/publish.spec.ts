// A draft in the real Electron app whose photos are given by path (drafts:add-photos, the call the
// preload's bridge carries when the seller drops or picks files), shown through the app:// scheme,
// then published from the editor against the embedded listing service until it is live.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { sampleDraft } from '../fixtures/drafts';
import { colourFor, solidPng } from '../fixtures/images';
import { call } from '../e2e/contract-calls';
import { electronMissing, expect, test } from './fixtures';

test.skip(electronMissing !== undefined, electronMissing);

const title = 'Kinderfahrrad 20 Zoll';

test('a draft with photos given by path goes live on the embedded service, as the seller sees it', async ({
  page,
}, testInfo) => {
  // Two photos written to disk by the test, and a real iPhone photo from the fixtures (HEIC).
  const front = testInfo.outputPath('Vorderseite.png');
  const back = testInfo.outputPath('Rückseite.png');
  writeFileSync(front, solidPng(colourFor(1), 320));
  writeFileSync(back, solidPng(colourFor(2), 280));
  const iphone = path.join(import.meta.dirname, '..', 'fixtures', 'heic', 'iphone-landscape.heic');

  const created = await call(page, 'drafts:create');
  const fields = draftFieldsOf(sampleDraft(created.id, { title, customReference: 'EL-1' }));
  // No imprint of its own: publishing uses (and first creates) the account's default.
  await call(page, 'drafts:save', {
    draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
  });
  const added = await call(page, 'drafts:add-photos', {
    draftId: created.id,
    batchId: 'electron-by-path',
    paths: [front, back, iphone],
  });
  expect(added.refused).toEqual([]);
  expect(added.added).toBe(3);
  expect(added.draft.photos).toHaveLength(3);

  // The draft in the list; its editor shows the three photos, really loaded from app://renderer.
  const navigation = page.getByRole('navigation');
  await navigation.getByRole('button', { name: /Drafts/ }).click();
  await page
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  const grid = editor.getByRole('list', { name: /photos?, in order/ });
  await expect(grid.locator('img')).toHaveCount(3);
  await expect
    .poll(() =>
      grid
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true, true]);

  // Publish from the editor: the message comes by itself, the editor says it is live.
  await editor.getByRole('button', { name: 'Publish', exact: true }).click();
  const notice = page.getByTestId('publish-notice');
  await expect(notice).toContainText(`“${title}” is live`, { timeout: 60_000 });
  await expect(notice).toContainText(/Ad \d+/);
  await expect(editor.getByRole('status').filter({ hasText: /Live as ad \d+/ })).toBeVisible();

  // The Publishing view agrees, and the service has the ad with all three photos.
  await navigation.getByRole('button', { name: /Publishing/ }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByTestId('job-state')).toHaveText('Live');
  await expect(card).toContainText('State on the service: Live');
  const live = await call(page, 'listings:list', { refresh: true });
  const ours = live.listings.filter((listing) => listing.title === title);
  expect(ours).toHaveLength(1);
  expect(ours[0]!.urls).toHaveLength(3);
});
