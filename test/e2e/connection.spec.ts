// Hostile frames against the real web shell in Chromium: a page's socket sending a message over
// the limit is closed with 1009, the process and the app's own socket go on; when the app's
// socket does close, the seller is told at once and offered a reload.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../src/shared/ipc/socket-messages';
import { expect, launchShell, stopShell, test } from './fixtures';

test('a message over the limit closes only its own socket; the app and the process go on', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  const closeCode = await page.evaluate(
    ({ port, token, bytes }) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ipc?token=${token}`);
        socket.addEventListener('open', () => socket.send('x'.repeat(bytes + 1)));
        socket.addEventListener('close', (event) => resolve(event.code));
      }),
    { port: shell.port, token: shell.token, bytes: MAX_SOCKET_MESSAGE_BYTES },
  );
  expect(closeCode).toBe(1009);
  // The app's own socket still answers, and nothing tells the seller of a lost connection.
  const info = await page.evaluate(() => window.api!.invoke('app:info', undefined));
  expect(info).toMatchObject({ ok: true, value: { shell: 'web' } });
  await expect(page.getByTestId('connection-lost')).toHaveCount(0);
  expect(shell.stderr()).toContain('Max payload size exceeded');
});

test('when the web shell stops, the page says so at once and offers a reload', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
  const { shell, child } = await launchShell(dataDir);
  try {
    await page.goto(shell.url);
    await expect(page.getByRole('navigation')).toBeVisible();
    await stopShell(child);
    const banner = page.getByTestId('connection-lost');
    await expect(banner).toContainText('No connection to Listing Desk');
    await expect(banner).toContainText('restart it and open the new address');
    await expect(banner.getByRole('button', { name: 'Reload page' })).toBeVisible();
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
