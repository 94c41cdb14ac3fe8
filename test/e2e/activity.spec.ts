// The Activity view (issue 37.5) on a lone desktop: its log (JSON lines in the data folder, written
// here before the shell starts) listed newest first as a virtual list, filtered by kind, desk,
// account, ad and time, exported as CSV; reached and used by keyboard; axe clean in English light
// and German dark; screenshots of both for a look (/tmp/shots-h37l/).
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { ActivityEntry, ActivityKind } from '../../src/shared/domain/activity';
import { expect, launchShell, stopShell, test } from './fixtures';

const SHOTS = '/tmp/shots-h37l';
const desk = { id: 'this-desktop', name: 'Werkbank' };
const KINDS: ActivityKind[] = ['publish', 'pause', 'end', 'price-step', 'account-change', 'live-change'];

/** `count` rows, one a minute back from now, written as the lone desktop's log writes them. */
function seed(dataDir: string, count: number): ActivityEntry[] {
  const folder = path.join(dataDir, 'activity');
  mkdirSync(folder, { recursive: true });
  const rows: ActivityEntry[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const at = new Date(Date.now() - (i + 1) * 60_000);
    const kind = KINDS[i % KINDS.length]!;
    const entry: ActivityEntry = {
      id: `row-${i}`,
      kind,
      desk,
      asking: null,
      approving: null,
      running: desk,
      account: 'sandbox',
      ad: `ad-${i}`,
      draft: null,
      job: null,
      changed: kind === 'publish' ? { outcome: 'published', title: `Sofa ${i}` } : { title: `Lampe ${i}` },
      // The first row was made offline an hour before it was recorded.
      madeAt: (i === 0 ? new Date(at.getTime() - 3_600_000) : at).toISOString(),
      recordedAt: at.toISOString(),
    };
    const month = entry.recordedAt.slice(0, 7);
    appendFileSync(path.join(folder, `${month}.jsonl`), `${JSON.stringify(entry)}\n`);
    rows.push(entry);
  }
  return rows;
}

test('the Activity view lists, filters and exports the log, by keyboard, axe clean', async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-e2e-activity-'));
  seed(dataDir, 300);
  const { shell, child } = await launchShell(dataDir);
  try {
    for (const look of [
      { language: 'en', colorScheme: 'light' },
      { language: 'de', colorScheme: 'dark' },
    ] as const) {
      const context = await browser.newContext({ colorScheme: look.colorScheme, acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(shell.url);
      await page.evaluate((language) => window.api!.invoke('settings:set', { language }), look.language);
      await expect(page.locator('html')).toHaveAttribute('lang', look.language);
      const words =
        look.language === 'en'
          ? {
              nav: 'Activity',
              count: '300 entries',
              kind: 'Kind',
              pause: 'Pause',
              fifty: '50 entries',
              exp: 'Export as CSV',
              desk: 'Desk',
              none: 'Nothing recorded that matches these filters.',
            }
          : {
              nav: 'Aktivität',
              count: '300 Einträge',
              kind: 'Art',
              pause: 'Pausieren',
              fifty: '50 Einträge',
              exp: 'Als CSV exportieren',
              desk: 'Arbeitsplatz',
              none: 'Nichts erfasst, das zu diesen Filtern passt.',
            };

      // By keyboard: Tab to the navigation's Activity and Enter.
      const nav = page.getByRole('button', { name: words.nav, exact: true });
      await expect(nav).toBeVisible();
      await nav.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: words.nav })).toBeFocused();
      await expect(page.getByTestId('activity-count')).toHaveText(words.count);
      const rows = page.getByTestId('activity-row');
      // The newest row was made offline an hour before it was recorded, and says so.
      await expect(rows.first()).toContainText(look.language === 'en' ? 'recorded later' : 'später erfasst');
      // A virtual list: far fewer rows in the page than in the log.
      expect(await rows.count()).toBeLessThan(60);
      // The list scrolls by keyboard to the oldest row.
      const list = page.getByRole('region', {
        name: look.language === 'en' ? 'Activity, newest first' : 'Aktivität, neueste zuerst',
      });
      await list.focus();
      // End again while the rows measured move the list's end on.
      await expect(async () => {
        await page.keyboard.press('End');
        await expect(page.getByText('title: Lampe 299')).toBeVisible({ timeout: 500 });
      }).toPass();
      await page.keyboard.press('Home');
      await expect(page.getByText('title: Sofa 0', { exact: false }).first()).toBeVisible();

      await page.screenshot({
        path: `${SHOTS}/activity-${look.language}-${look.colorScheme}.png`,
        fullPage: true,
      });
      const axe = await new AxeBuilder({ page }).analyze();
      const serious = axe.violations.filter(
        (v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'heading-order',
      );
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // Filters: kind by keyboard (focus the select, choose), then a desk that did nothing.
      await page.getByLabel(words.kind, { exact: true }).selectOption({ label: words.pause });
      await expect(page.getByTestId('activity-count')).toHaveText(words.fifty);
      await expect(rows.first()).toHaveAttribute('data-kind', 'pause');
      await page.getByLabel(words.desk, { exact: true }).fill('Theke');
      await expect(page.getByText(words.none)).toBeVisible();
      await page.getByLabel(words.desk, { exact: true }).fill('werkbank');
      await expect(page.getByTestId('activity-count')).toHaveText(words.fifty);
      await page.screenshot({
        path: `${SHOTS}/activity-${look.language}-${look.colorScheme}-filtered.png`,
        fullPage: true,
      });

      // Export as CSV: the rows as filtered, with a header in the seller's language.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: words.exp }).click();
      const file = await (await downloading).path();
      const csv = readFileSync(file, 'utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines).toHaveLength(51);
      expect(lines[0]).toContain(look.language === 'en' ? 'Recorded,Made,Kind' : 'Erfasst,Gemacht,Art');
      expect(lines[1]).toContain(words.pause);
      await context.close();
    }
  } finally {
    await stopShell(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
