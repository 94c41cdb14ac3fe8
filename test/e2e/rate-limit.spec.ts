// Issue 36.2: while the service asks the account to slow down, the Publishing view says so with the
// time the calls go on, in English and German. The web shell's Sandbox allows one write every
// 10 s (a burst of 2), so publishing a batch soon meets a 429 with a Retry-After of seconds.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sampleDraft } from '../fixtures/drafts';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { expect, launchShell, stopShell, test } from './fixtures';

const publication = { ...sampleDraft('x').publication, imprintUuid: null };

async function call(page: Page, channel: string, input?: unknown): Promise<unknown> {
  const result = await page.evaluate(
    ([c, i]) => window.api!.invoke(c as never, i as never),
    [channel, input],
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

for (const look of [
  {
    language: 'en',
    colorScheme: 'light',
    words: /Sandbox: the service asks us to slow down, going on at \d{1,2}:\d\d:\d\d/,
  },
  {
    language: 'de',
    colorScheme: 'dark',
    words: /Sandbox: Der Dienst bittet um weniger Anfragen, es geht um \d{1,2}:\d\d:\d\d weiter/,
  },
] as const) {
  test(`the Publishing view says when the service asks to slow down (${look.language}, ${look.colorScheme})`, async ({
    page,
  }, testInfo) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-'));
    for (let n = 1; n <= 3; n += 1)
      writeDraft(dataDir, readyDraft(dataDir, n, { title: `Lampe ${n}`, publication }, 1));
    const { shell, child } = await launchShell(dataDir, {
      LISTING_DESK_SANDBOX_RATE_LIMIT: 'writes=0.1,burst=2',
    });
    try {
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await page.goto(shell.url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await call(page, 'settings:set', { language: look.language });
      await expect(page.locator('html')).toHaveAttribute('lang', look.language);
      const { items } = (await call(page, 'drafts:list', {})) as { items: { id: string }[] };
      await call(page, 'publish:start', { draftIds: items.map((item) => item.id) });
      await page
        .getByRole('navigation')
        .getByRole('button', { name: look.language === 'en' ? /Publishing/ : /Veröffentlich/ })
        .click();
      const line = page.getByTestId('pace-slow-down');
      await expect(line).toHaveText(look.words, { timeout: 20_000 });
      await expect(line).toHaveAttribute('role', 'status');
      await page.screenshot({ path: `/tmp/shots-rate/publishing-${look.language}-${look.colorScheme}.png` });
      await page.screenshot({
        path: testInfo.outputPath(`publishing-${look.language}-${look.colorScheme}.png`),
      });
    } finally {
      await stopShell(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
