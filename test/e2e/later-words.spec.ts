// The words of the parts loaded on demand come in a chunk of their own per language
// (later-words-<language>): a view opened before they arrive waits for them, showing that it is
// loading, never a raw key; and a language switch loads both sets of the new language first.
import { expect, launchShell, stopShell, test } from './fixtures';

test('a view opened before its words arrive waits for them; the other language brings its own', async ({
  browser,
}, testInfo) => {
  const { shell, child } = await launchShell(testInfo.outputPath('data'), { LANG: 'de_DE.UTF-8' });
  const context = await browser.newContext({ colorScheme: 'dark', locale: 'de-DE' });
  try {
    const page = await context.newPage();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    // The later words are held back (as on a slow disk) until the view has been asked for.
    await page.route(/\/assets\/later-words-[a-z]{2}-[^/]*\.js$/, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto(shell.url);
    await expect(page.getByRole('heading', { name: 'Noch keine Entwürfe' })).toBeVisible();
    await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Wird geladen…' })).toBeAttached();
    await expect.poll(() => asked.some((file) => file.includes('later-words-de-'))).toBe(true);
    expect(asked.some((file) => file.includes('later-words-en-'))).toBe(false);
    await expect(page.getByText(/\b(settings|accounts|shop|imprints|about)\.\w/)).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-de-dark.png'), fullPage: true });

    // English chosen in Settings: its first and later words both load before the switch.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(asked.some((file) => file.includes('later-words-en-'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Listings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('listings-en-light.png'), fullPage: true });
  } finally {
    await context.close();
    await stopShell(child);
  }
});
