// The publishing messages (issue 26.7): a compact stack in the window's bottom-left corner, over the
// sidebar's empty part, that covers neither the view nor the navigation and leaves the view its
// whole height; still a polite live region, so screen readers announce each message.
import type { Locator, Page } from '@playwright/test';
import { call, makeDraft } from './contract-calls';
import { expect, test } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };
const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x + 1 ||
  b.x + b.width <= a.x + 1 ||
  a.y + a.height <= b.y + 1 ||
  b.y + b.height <= a.y + 1;
const box = async (locator: Locator) => (await locator.boundingBox())!;

async function checkTray(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const tray = page.getByRole('region', { name: 'Publishing messages' });
  const notices = tray.getByTestId('publish-notice');
  await expect(notices.first()).toBeVisible();
  const content = await box(page.locator('main#content'));
  const sidebar = await box(page.getByRole('navigation'));
  const lastNav = await box(page.getByRole('navigation').getByRole('button', { name: /Settings/ }));
  // The view keeps the window's whole height: no band under it.
  expect(content.height).toBeGreaterThanOrEqual(size.height - 1);
  for (const notice of await notices.all()) {
    const b = await box(notice);
    expect(apart(b, content), `a notice covers the view at ${size.width}x${size.height}`).toBe(true);
    expect(apart(b, lastNav), `a notice covers the navigation at ${size.width}x${size.height}`).toBe(true);
    expect(b.x + b.width).toBeLessThanOrEqual(sidebar.x + sidebar.width + 1);
  }
  // In the bottom corner: the newest message's bottom near the window's bottom.
  const last = await box(notices.last());
  expect(last.y + last.height).toBeGreaterThan(size.height - 40);
}

test('publishing messages stack in a corner, cover nothing and are announced', async ({ page, shell }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(shell.url);
  const tray = page.getByRole('region', { name: 'Publishing messages' });
  await expect(tray).toHaveAttribute('aria-live', 'polite');
  const ids = [
    await makeDraft(page, 1, { title: 'Kommode Kiefer', reference: 'K-1', photos: 1 }),
    await makeDraft(page, 2, { title: 'Regal Buche', reference: 'R-2', photos: 1 }),
  ];
  await call(page, 'publish:start', { draftIds: ids });
  const notices = tray.getByTestId('publish-notice');
  await expect(notices).toHaveCount(2, { timeout: 30_000 });
  // Held by the pointer over the tray, so that they stay while measured.
  await notices.first().hover();
  await checkTray(page, { width: 1280, height: 800 });
  await checkTray(page, { width: 1024, height: 768 });
  await expect(notices.filter({ hasText: 'Kommode Kiefer' })).toContainText('is live');
});
