// The drafts list at the window sizes sellers use (issue 26.7): a title and every tag of a row
// (status, account, reference, photos, issues) are shown whole, nothing overlaps, and the sort
// select shows its whole choice, in English and in German. Measured with bounding boxes and the
// elements' own widths, not with pixel snapshots.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newDraft } from '../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../fixtures/draft-files';
import { expect, launchShell, stopShell, test } from './fixtures';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];

/** Titles of a usual length, as sellers write them. */
const TITLES = ['Sandkasten aus Holz', '2 Puppenwagen Retro', 'Kinderfahrrad 20 Zoll'];

interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The element's content is wider than its box (cut, e.g. with an ellipsis). */
  cut: boolean;
}

/** Every part of every visible row: the title, then each tag and the date, with its box. */
function rowParts(page: Page): Promise<Box[][]> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const html = element as HTMLElement;
      return {
        text: html.textContent ?? '',
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
        cut: html.scrollWidth > html.clientWidth + 1 || html.scrollHeight > html.clientHeight + 1,
      };
    };
    return [...document.querySelectorAll('.drafts-row-main')].map((row) => {
      const clip = row.querySelector('.drafts-row-meta')!.getBoundingClientRect();
      const parts = [
        row.querySelector('.drafts-row-title')!,
        ...row.querySelectorAll('.drafts-row-meta > *'),
      ].map(box);
      // A tag pushed below the meta line's visible height is hidden as surely as a cut one.
      for (const part of parts.slice(1))
        part.cut ||= part.bottom > clip.bottom + 1 || part.right > clip.right + 1;
      return parts;
    });
  });
}

/** Whether the select named `label` shows its chosen option's whole text. */
function selectFits(page: Page, label: string): Promise<{ text: string; needed: number; room: number }> {
  return page.getByRole('combobox', { name: label }).evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.text ?? '';
    // The room inside the select, less its padding and the drop-down arrow (about 20 px in Chromium).
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return { text, needed: canvas.measureText(text).width, room };
  });
}

const overlap = (a: Box, b: Box) =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

for (const language of ['en', 'de'] as const) {
  test(`drafts list rows show titles and tags whole at common window sizes (${language})`, async ({
    browser,
  }, testInfo) => {
    const dataDir = testInfo.outputPath('data');
    // A ready draft with photos and a reference, one begun (with issues), one without a title.
    writeDraft(dataDir, readyDraft(dataDir, 1, { title: TITLES[0], customReference: 'SK-2024-0117' }, 3));
    writeDraft(dataDir, readyDraft(dataDir, 2, { title: TITLES[1], customReference: 'PW-88' }, 2));
    writeDraft(
      dataDir,
      newDraft({ title: TITLES[2], customReference: 'RAD-7' }, { id: randomUUID(), now: new Date() }),
    );
    writeDraft(dataDir, newDraft({ title: '' }, { id: randomUUID(), now: new Date() }));
    const { shell, child } = await launchShell(dataDir, language === 'de' ? { LANG: 'de_DE.UTF-8' } : {});
    const context = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(shell.url);
      await expect(page.locator('.drafts-row-main')).toHaveCount(4);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect(async () => {
          const rows = await rowParts(page);
          expect(rows).toHaveLength(4);
          for (const parts of rows) {
            const where = `${size.width}x${size.height}: ${parts.map((p) => p.text).join(' | ')}`;
            const title = parts[0]!;
            if (TITLES.includes(title.text)) expect(title.cut, `title cut at ${where}`).toBe(false);
            for (const part of parts.slice(1)) expect(part.cut, `“${part.text}” cut at ${where}`).toBe(false);
            for (const [i, a] of parts.entries())
              for (const b of parts.slice(i + 1))
                expect(overlap(a, b), `“${a.text}” overlaps “${b.text}” at ${where}`).toBe(false);
          }
          const sort = await selectFits(page, language === 'de' ? 'Sortierung' : 'Sort');
          expect(sort.needed, `the sort select cuts “${sort.text}” at ${size.width}`).toBeLessThanOrEqual(
            sort.room,
          );
        }).toPass({ timeout: 10_000 });
      }
    } finally {
      await context.close();
      await stopShell(child);
    }
  });
}
