// The finish of issue 15, tried as a seller would: the same photo dropped twice is named next to the
// photos and the seller removes the copy; after Publish focus is on the line that says what
// happened, not lost to the page; the message that the ad is live goes by itself; a rejected job
// stops needing the seller once the draft is published again and goes live.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sampleDraft } from '../fixtures/drafts';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { pngFile, RED } from '../fixtures/photo-drops';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { call } from './contract-calls';
import { dropFiles } from './drop-files';
import { expect, launchShell, stopShell, test } from './fixtures';

const publication = { ...sampleDraft('x').publication, imprintUuid: null };

async function photoCountOnDisk(page: Page, id: string): Promise<number> {
  const result = await page.evaluate((draftId) => window.api!.invoke('drafts:get', { id: draftId }), id);
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { photos: unknown[] }).photos.length;
}

test('the same photo dropped twice is named, and "Remove the new one" leaves one photo', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'New draft', exact: true }).click();
  const editor = page.getByRole('region', { name: 'Draft editor' });
  const dropZone = editor.getByRole('group', { name: 'Drop photos here' });
  const grid = editor.getByRole('list', { name: /photos?, in order/ });

  await dropFiles(page, dropZone, [pngFile('IMG_1.png', RED)]);
  await expect(grid.locator('img')).toHaveCount(1);
  // Nothing is said about a photo that is new.
  await expect(editor.getByTestId('photo-duplicates')).toHaveCount(0);

  await dropFiles(page, dropZone, [pngFile('IMG_2.png', RED)]);
  const prompt = editor.getByTestId('photo-duplicates');
  await expect(prompt).toContainText('1 new photo looks like one already in this draft');
  await expect(prompt).toContainText('Photo “IMG_2.png” is the same as photo 1 (“IMG_1.png”).');
  // Both are kept until the seller chooses: never dropped silently.
  await expect(grid.locator('img')).toHaveCount(2);
  await expect(prompt).toBeInViewport();

  await prompt.getByRole('button', { name: 'Remove the new photo “IMG_2.png”' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(grid.locator('img')).toHaveCount(1);
  await expect(grid.locator('img')).toHaveAttribute('alt', 'IMG_1.png');
  // Removed through the usual removal: stored once its Undo time is over.
  const id = (await editor.getAttribute('data-draft-id'))!;
  await expect.poll(() => photoCountOnDisk(page, id), { timeout: 20_000 }).toBe(1);
});

test('after Publish focus is on the status line, and the live message goes by itself', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Kommode Kiefer', publication }));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await page.getByRole('button', { name: /Kommode Kiefer/ }).click();
    const editor = page.getByRole('region', { name: 'Draft editor' });
    const publish = editor.getByRole('button', { name: 'Publish', exact: true });
    await publish.focus();
    await page.keyboard.press('Enter');

    const status = editor.getByTestId('publish-status');
    await expect(status).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

    const notice = page.getByTestId('publish-notice');
    await expect(notice).toContainText('“Kommode Kiefer” is live', { timeout: 20_000 });
    // The notice takes its own room: it does not lie over the editor's publish bar.
    const bar = (await status.boundingBox())!;
    const box = (await notice.boundingBox())!;
    expect(box.y >= bar.y + bar.height || box.y + box.height <= bar.y).toBe(true);
    // Nobody points at it or is in it: it goes by itself.
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
    await expect(status).toContainText(/Live as ad \d+/);
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a rejected job needs the seller no more once the draft is published again and goes live', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  // An imprint the service does not know: it takes the publication, then rejects the ad.
  const draft = readyDraft(dataDir, 1, {
    title: 'Schreibtisch Eiche',
    publication: { ...publication, imprintUuid: '99999999-2222-4333-8444-555555555555' },
  });
  writeDraft(dataDir, draft);
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await call(page, 'publish:start', { draftIds: [draft.id] });
    const nav = page.getByRole('navigation').getByRole('button', { name: /Publishing/ });
    await nav.click();
    const card = page.getByRole('article', { name: 'Schreibtisch Eiche' });
    await expect(card.getByTestId('job-state')).toHaveText('Rejected', { timeout: 20_000 });
    await expect(page.getByTestId('nav-needs-you')).toHaveText('1');
    await expect(page.getByRole('button', { name: /Need you \(1\)/ })).toBeVisible();

    // The seller unlinks the draft, takes the account's imprint instead, and publishes it again.
    await call(page, 'drafts:unlink', { id: draft.id });
    const fields = draftFieldsOf(await call(page, 'drafts:get', { id: draft.id }));
    await call(page, 'drafts:save', {
      draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
    });
    await call(page, 'publish:start', { draftIds: [draft.id] });

    const cards = page.getByRole('article', { name: 'Schreibtisch Eiche' });
    await expect(cards).toHaveCount(2);
    await expect(cards.getByTestId('job-state').filter({ hasText: 'Live' })).toHaveCount(1, {
      timeout: 20_000,
    });
    // The rejected job says a later Publish did it, and nothing needs the seller any more.
    const old = page.getByTestId('job-superseded');
    await expect(old).toHaveText('This draft was published again and is live: nothing to do here.');
    await expect(page.getByTestId('nav-needs-you')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Need you', exact: true })).toBeVisible();
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
