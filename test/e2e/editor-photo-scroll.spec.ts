// A photo moved with the keyboard stays in sight (issue 26.7): the editor's sticky header never
// covers the photo being carried with the arrow keys, nor the one just moved with its buttons.
// Measured with bounding boxes at common window sizes.
import type { Locator, Page } from '@playwright/test';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { expect, launchShell, stopShell, test } from './fixtures';

/** How much of `target` lies under the sticky header (0 when it is wholly below it). */
async function hiddenUnderHeader(page: Page, target: Locator): Promise<number> {
  const head = (await page.locator('.editor-head').boundingBox())!;
  const box = (await target.boundingBox())!;
  return Math.max(0, head.y + head.height - box.y);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`a photo carried up with the keyboard is not under the sticky header (${size.width}x${size.height})`, async ({
    page,
  }, testInfo) => {
    const dataDir = testInfo.outputPath('data');
    writeDraft(dataDir, readyDraft(dataDir, 1, { title: 'Kommode mit vielen Fotos' }, 14));
    const { shell, child } = await launchShell(dataDir);
    try {
      await page.setViewportSize(size);
      await page.goto(shell.url);
      await page.getByRole('button', { name: /^Kommode mit vielen Fotos/ }).click();
      const editor = page.getByRole('region', { name: 'Draft editor' });
      const handles = editor.locator('.photo-handle');
      await expect(handles).toHaveCount(14);

      // The last photo, carried up row by row to the top of the grid.
      const last = handles.last();
      await last.focus();
      await page.keyboard.press('Space');
      const carried = editor.locator('.photo-tile.is-dragging');
      await expect(carried).toHaveCount(1);
      for (let step = 0; step < 7; step += 1) {
        await page.keyboard.press('ArrowUp');
        await expect
          .poll(() => hiddenUnderHeader(page, carried), { message: `after ArrowUp ${step + 1}` })
          .toBe(0);
      }
      await page.keyboard.press('Space');
      await expect(carried).toHaveCount(0);
      const dropped = page.locator('.photo-handle:focus');
      await expect(dropped).toHaveCount(1);
      await expect.poll(() => hiddenUnderHeader(page, dropped)).toBe(0);

      // Moved with its button, from the keyboard: the photo takes the focus and is in sight below the header.
      const name = (await editor.locator('.photo-tile').nth(3).locator('.photo-name').textContent())!;
      await editor.locator('.photo-tile').nth(3).locator('.photo-action-left').focus();
      await page.keyboard.press('Enter');
      const focused = page.locator(':focus');
      await expect(editor.locator('.photo-tile').nth(2)).toContainText(name);
      await expect(editor.locator('.photo-tile').nth(2).locator(':focus')).toHaveCount(1);
      await expect.poll(() => hiddenUnderHeader(page, focused)).toBe(0);
    } finally {
      await stopShell(child);
    }
  });
}
