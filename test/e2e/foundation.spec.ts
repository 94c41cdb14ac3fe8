// The frame over the real web shell: app:info through the contract, the token, Host and Origin
// checks, validation errors that leave the app working, language and colour scheme.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { expect, launchShell, stopShell, test } from './fixtures';

function wsOutcome(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve('open');
    });
    socket.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
    socket.on('error', (error) => resolve(`error ${error.message}`));
  });
}

test('the app opens and shows app:info in the About panel', async ({ page, shell }) => {
  await page.goto(shell.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  for (const name of ['Drafts', 'Listings', 'Publishing', 'Settings']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Settings' }).click();
  const about = page.getByTestId('about-panel');
  await expect(about).toBeVisible();
  await expect(page.getByTestId('about-version')).toHaveText('0.1.0');
  await expect(page.getByTestId('about-shell')).toHaveAttribute('data-shell', 'web');
  await expect(page.getByTestId('about-data-dir')).toHaveText(shell.dataDir);
  await expect(page.getByTestId('about-keychain')).toHaveAttribute('data-mode', /^(keychain|session-only)$/);

  // The same facts straight from the contract, as the panel got them.
  const info = await page.evaluate(() => window.api!.invoke('app:info', undefined));
  expect(info).toMatchObject({ ok: true, value: { shell: 'web', version: '0.1.0', dataDir: shell.dataDir } });
});

test('pages and the WebSocket are refused without the launch token', async ({ request, shell }) => {
  const noToken = await request.get(`${shell.origin}/`);
  expect(noToken.status()).toBe(403);
  const wrongToken = await request.get(`${shell.origin}/?token=not-the-token`);
  expect(wrongToken.status()).toBe(403);
  const asset = await request.get(`${shell.origin}/icon.svg`);
  expect(asset.status()).toBe(403);
  const badHost = await request.get(`${shell.url}`, { headers: { Host: `evil.example:${shell.port}` } });
  expect(badHost.status()).toBe(403);
  const withToken = await request.get(shell.url);
  expect(withToken.status()).toBe(200);

  const ws = `ws://127.0.0.1:${shell.port}/ipc`;
  expect(await wsOutcome(ws, { Origin: shell.origin })).toBe('refused 403');
  expect(await wsOutcome(`${ws}?token=wrong`, { Origin: shell.origin })).toBe('refused 403');
  expect(await wsOutcome(`${ws}?token=${shell.token}`, { Origin: shell.origin })).toBe('open');
});

test('a WebSocket from a foreign origin is refused, even with the token', async ({ page, shell }) => {
  const ws = `ws://127.0.0.1:${shell.port}/ipc?token=${shell.token}`;
  expect(await wsOutcome(ws, { Origin: 'http://evil.example' })).toBe('refused 403');
  expect(await wsOutcome(ws, { Origin: 'http://127.0.0.1:1' })).toBe('refused 403');
  expect(await wsOutcome(ws)).toBe('refused 403');

  // A real page on another loopback port, in the real browser, tries the same.
  const foreign = http.createServer((_req, res) => res.end('<!doctype html><title>foreign</title>'));
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
        }),
      ws,
    );
    expect(outcome).toBe('refused');
  } finally {
    foreign.close();
  }
});

test('a malformed contract call gets a validation error and the app keeps working', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('about-panel')).toBeVisible();

  const bad = await page.evaluate(() => window.api!.invoke('settings:set', { language: 'fr' } as never));
  expect(bad.ok).toBe(false);
  if (!bad.ok) {
    expect(bad.error.code).toBe('invalid-input');
    expect(bad.error.message).toContain('settings:set');
  }
  const unknown = await page.evaluate(() =>
    window.api!.invoke('no:such-channel' as never, undefined as never),
  );
  expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });

  // Still working: the UI changes language through the same contract, and the choice persists.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
  const info = await page.evaluate(() => window.api!.invoke('app:info', undefined));
  expect(info.ok).toBe(true);
});

test('German system locale gives German text; the OS colour scheme is followed', async ({
  browser,
}, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  const { shell, child } = await launchShell(dataDir, { LANG: 'de_DE.UTF-8' });
  try {
    const context = await browser.newContext({ colorScheme: 'dark', locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(shell.url);
    await expect(page.getByRole('button', { name: 'Entwürfe' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Noch keine Entwürfe' })).toBeVisible();
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(dark).not.toBe(light);
    await context.close();
  } finally {
    await stopShell(child);
  }
});
