// The settings the window shows are main's newest word: a change heard while the window starts
// (here the language, set while main's answer about itself is slow) is not put back by the older
// settings read at the start (CI once saw the Activity view stay English after German was set).
import { routeIpc } from './ipc-route';
import { expect, test } from './fixtures';

test('a language set while the window starts is the one it shows once started', async ({ page, shell }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = () => {};
  const settingsRead = new Promise<void>((resolve) => (answered = resolve));
  await routeIpc(page, (channel, result) => {
    if (channel === 'settings:get') answered();
    return channel === 'app:info' ? held.then(() => result) : result;
  });
  await page.goto(shell.url);
  // The window has read the settings (English), and waits for main's answer about itself.
  await settingsRead;
  // Set from outside (as another window or the command line would), before the window has started.
  const set = await page.evaluate(() => window.api!.invoke('settings:set', { language: 'de' }));
  expect(set.ok).toBe(true);
  release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Einstellungen' })).toBeVisible();
});
