// Filtering figures of the Drafts view (issue 18.5), for bench/drafts/startup.ts: in the page, a
// status chosen (or a search typed) to the filtered rows painted; in Node, the list's filter function
// over every summary of the seeded index, as main runs it for each list call.
import type { Page } from '@playwright/test';
import { filterDrafts, type DraftFilter } from '../../src/shared/domain/drafts/draft-list';
import { readIndex } from '../../src/main/storage/drafts-index';
import { draftPaths } from '../../src/main/storage/draft-files';

/** The search box's wait after a keystroke (DraftsListFilter's SEARCH_DELAY_MS). */
export const SEARCH_DELAY_MS = 150;

// Notes when the seller's change happened (a capturing listener runs before the app's) and when the
// list first shows rows passing `done` painted (the message after the next frame runs after paint).
const probe = (done: string) => `(() => {
  window.__filterStart = undefined;
  window.__filterPainted = undefined;
  const note = (event) => {
    if (window.__filterStart === undefined) window.__filterStart = performance.now();
  };
  document.addEventListener('change', note, { capture: true, once: true });
  document.addEventListener('input', note, { capture: true, once: true });
  const rows = () => [...document.querySelectorAll('.drafts-row-main')];
  const summary = () => document.querySelector('[data-testid=drafts-summary]').textContent;
  const done = ${done};
  new MutationObserver((_, observer) => {
    if (window.__filterStart === undefined || !done(rows(), summary())) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__filterPainted = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(document.querySelector('.drafts-view'), { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

// The summary says "N of M drafts shown" while a filter is on (the English UI).
const onlyFailed = `(rows, summary) => summary.includes('shown') && rows.length > 0 && rows.every((row) => row.querySelector('.state-failed'))`;
const unfiltered = `(rows, summary) => !summary.includes('shown') && rows.length > 1`;
const oneFound = (title: string) =>
  `(rows, summary) => summary.startsWith('1 of') && rows.length === 1 && rows[0].textContent.includes(${JSON.stringify(title)})`;

async function timed(page: Page, done: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate(probe(done));
  await act();
  await page.waitForFunction(() => (globalThis as { __filterPainted?: number }).__filterPainted, null, {
    timeout: 60_000,
    polling: 20,
  });
  return page.evaluate<number>('window.__filterPainted - window.__filterStart');
}

export interface FilterRuns {
  /** Status "Failed" chosen -> only failed drafts painted. */
  status: number[];
  /** A search typed -> its one draft painted (SEARCH_DELAY_MS of it is the wait for more typing). */
  search: number[];
}

/** Filters the shown list `runs` times each way, putting it back in between. */
export async function measureFiltering(page: Page, runs: number, title: (run: number) => string) {
  const result: FilterRuns = { status: [], search: [] };
  const status = page.locator('.drafts-filter select:has(option[value="failed"])');
  const search = page.locator('.drafts-search');
  for (let run = 0; run < runs; run++) {
    result.status.push(await timed(page, onlyFailed, async () => void (await status.selectOption('failed'))));
    await timed(page, unfiltered, async () => void (await status.selectOption('all')));
    const wanted = title(run);
    result.search.push(await timed(page, oneFound(wanted), () => search.fill(wanted)));
    await timed(page, unfiltered, () => search.fill(''));
  }
  return result;
}

/** Milliseconds the list's filter function takes over the seeded index's summaries, per filter. */
export async function filterFunctionTimes(dataDir: string, runs: number) {
  const index = await readIndex(draftPaths(dataDir).index, () => new Date());
  if (index.state !== 'ok') throw new Error(`The seeded index is ${index.state}`);
  const summaries = [...index.entries.values()];
  const filters: [string, DraftFilter][] = [
    ['no filter, newest first', {}],
    ['search "kuhl weiß"', { query: 'kuhl weiß' }],
    ['status "failed", title A-Z', { status: 'failed', sort: 'title-asc' }],
  ];
  return {
    count: summaries.length,
    times: filters.map(([label, filter]) => {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        filterDrafts(summaries, filter);
        times.push(performance.now() - start);
      }
      return { label, times };
    }),
  };
}
