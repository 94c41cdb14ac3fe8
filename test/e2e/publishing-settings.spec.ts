// Settings → Publishing (issue 38.1): drafts at once default to Automatic (as many as the account's
// service takes calls at once, fewer when it asks to slow down), said so in the panel; a number is
// picked by keyboard and kept (through the contract), then Automatic again. axe over the page; EN
// light and DE dark saved as screenshots when PUBLISHING_SHOTS names a folder.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { call } from './contract-calls';
import { routeIpc } from './ipc-route';
import { expect, test } from './fixtures';

const shots = process.env.PUBLISHING_SHOTS;

async function openPanel(page: Page, language: 'en' | 'de', colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.getByRole('navigation')).toBeVisible();
  await call(page, 'settings:set', { language });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: language === 'en' ? 'Settings' : 'Einstellungen' })
    .click();
  const panel = page.getByRole('region', {
    name: language === 'en' ? 'Publishing' : 'Veröffentlichung',
    exact: true,
  });
  await expect(panel).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

async function expectAxeClean(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.passes.length, `axe checked nothing in ${state}`).toBeGreaterThan(10);
  const findings = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${state}: ${v.id} (${v.impact}) at ${n.target.join(' ')}`));
  expect(findings).toEqual([]);
}

test('drafts at once: Automatic by default and said so; a number picked by keyboard is kept; Automatic again', async ({
  page,
  shell,
}) => {
  // While `held` is set, main's answers and events of settings wait for it (a busy main).
  let held: Promise<void> | undefined;
  await routeIpc(page, (channel, result) =>
    held && channel.startsWith('settings:') ? held.then(() => result) : result,
  );
  await page.goto(shell.url);
  const panel = await openPanel(page, 'en', 'light');
  const drafts = panel.getByRole('combobox', { name: 'Drafts published at once' });
  const uploads = panel.getByRole('combobox', { name: 'Photo uploads at once' });
  await expect(drafts).toHaveValue('auto');
  await expect(drafts.locator('option:checked')).toHaveText('Automatic');
  await expect(uploads).toHaveValue('16');
  await expect(
    panel.getByText('Automatic publishes as many drafts at once as the service takes calls'),
  ).toBeVisible();
  await expectAxeClean(page, 'Publishing in English');
  if (shots) await panel.screenshot({ path: `${shots}/publishing-en-light.png` });

  // By keyboard: the first number after Automatic is 1, the next 2, shown at once while main is
  // slow to answer; its answer to the first press, and its event of it, do not put 1 back.
  let answer = () => {};
  held = new Promise<void>((resolve) => (answer = resolve));
  await drafts.focus();
  await page.keyboard.press('ArrowDown');
  await expect(drafts).toHaveValue('1');
  await page.keyboard.press('ArrowDown');
  await expect(drafts).toHaveValue('2');
  held = undefined;
  answer();
  await expect.poll(async () => (await call(page, 'settings:get', undefined)).publishDrafts).toBe(2);
  // The uploads stay as they were shown.
  expect((await call(page, 'settings:get', undefined)).publishUploads).toBe(16);
  await drafts.selectOption('auto');
  await expect.poll(async () => (await call(page, 'settings:get', undefined)).publishDrafts).toBe('auto');

  const german = await openPanel(page, 'de', 'dark');
  const entwuerfe = german.getByRole('combobox', { name: 'Gleichzeitig veröffentlichte Entwürfe' });
  await expect(entwuerfe).toHaveValue('auto');
  await expect(entwuerfe.locator('option:checked')).toHaveText('Automatisch');
  await expect(german.getByText('„Automatisch“ veröffentlicht so viele Entwürfe gleichzeitig')).toBeVisible();
  await expectAxeClean(page, 'Publishing in German');
  if (shots) await german.screenshot({ path: `${shots}/publishing-de-dark.png` });
});
