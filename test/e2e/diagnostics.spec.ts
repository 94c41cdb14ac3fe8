// Logs and diagnostics as the seller meets them: a view that fails to render shows the error panel
// (the other views go on, Reload brings the view back, main's log has the error), and Settings →
// About → "Save diagnostics…" writes one file with the logs and versions and no secret or token.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, WebSocketRoute } from '@playwright/test';
import { addRealAccount } from '../helpers/real-account';
import { call, desk } from './contract-calls';
import { routeIpc } from './ipc-route';
import { expect, test } from './fixtures';

/** Where the web shell writes its log (src/main/log/log-files.ts). */
const logFile = (dataDir: string) => path.join(dataDir, 'logs', 'listing-desk.log');

const SECRET = 'e2e-client-secret-never-logged-5150';

/** Switches view through the sidebar. */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('button', { name, exact: true }).click();

/** Opens the app with its WebSocket routed through the test; `reply` may change an answer. */
async function openRouted(
  page: Page,
  url: string,
  reply: (channel: string, result: unknown) => unknown,
): Promise<() => WebSocketRoute> {
  const route = await routeIpc(page, reply);
  await page.goto(url);
  return route;
}

test('a view that fails to render shows the error panel; other views work; Reload brings it back', async ({
  page,
  shell,
}) => {
  let good: unknown;
  let broken = false;
  // The first listings answer is damaged so that the Listings view throws while rendering.
  const route = await openRouted(page, shell.url, (channel, result) => {
    if (channel !== 'listings:list' || broken) return result;
    broken = true;
    good = (result as { value: unknown }).value;
    // A listing without its fields: the store takes it (it has a uuid), its row cannot render it.
    return {
      ok: true,
      value: { ...(good as object), listings: [{ uuid: 'broken-listing', title: 'Broken' }] },
    };
  });
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible();
  await nav(page, 'Listings');
  const panel = page.getByTestId('view-error');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('This view ran into a problem');
  await expect(panel.getByRole('button', { name: 'Reload view' })).toBeVisible();
  await page.screenshot({ path: '/tmp/view-error-en-light.png' });
  // The frame stays: the sidebar still switches to a view that works.
  await nav(page, 'Publishing');
  await expect(page.getByRole('heading', { name: 'Publishing', level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await nav(page, 'Listings');
  await expect(panel).toBeVisible();
  // The store gets good data again (as a fresh event would bring it); Reload re-mounts the view.
  route().send(JSON.stringify({ event: 'listings:changed', payload: good }));
  await panel.getByRole('button', { name: 'Reload view' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Listings', level: 1 })).toBeVisible();
  // Main's log has the render error, with the view.
  const logged = () =>
    readFileSync(logFile(shell.dataDir), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'The listings view failed to render');
  await expect.poll(logged).toMatchObject({
    level: 'error',
    view: 'listings',
    err: { message: expect.stringContaining('Cannot read properties of undefined') },
  });
});

test('Save diagnostics writes logs, app info and versions into one file without a secret', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible();
  // An account with a secret; testing it fails (the service does not know it), which is logged.
  const sandbox = (await call(page, 'accounts:list')).accounts.find((a) => a.kind === 'sandbox')!;
  const account = await addRealAccount(desk(page), sandbox, {
    name: 'Shop',
    client: { clientId: 'unknown-client', clientSecret: SECRET },
  });
  await call(page, 'accounts:test', { id: account.id });

  await nav(page, 'Settings');
  await page.getByTestId('save-diagnostics').click();
  const saved = page.getByTestId('diagnostics-saved');
  await expect(saved).toContainText('Saved to:');
  const file = (await saved.locator('code').textContent())!;
  expect(file).toMatch(/[/\\]diagnostics[/\\]listing-desk-diagnostics-[\dTZ-]+\.txt$/);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('## app:info');
  expect(text).toContain('"shell": "web"');
  expect(text).toMatch(/"node": "\d+\.\d+\.\d+"/);
  expect(text).toMatch(/"userAgent": ".*Chrom/);
  expect(text).toContain('## Log listing-desk.log');
  expect(text).toContain('starting (web shell)');
  for (const secret of [SECRET, shell.token]) {
    expect(text).not.toContain(secret);
    expect(readFileSync(logFile(shell.dataDir), 'utf8')).not.toContain(secret);
    expect(shell.stderr()).not.toContain(secret);
  }
  expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  await page.getByTestId('about-panel').screenshot({ path: '/tmp/about-en-light.png' });
});
